/**
 * The smoke contract table: one list of requests with the status, headers and body shape each
 * must get, run in order over HTTP against a fresh smoke handler (smoke-app.ts) on every runtime
 * and inside every framework. Rows may capture a value of a response body for later rows (the id
 * of the pet the table creates).
 */
import { SMOKE_KEYS, TIGHT_LIMITS } from "./smoke-app.js";

/** A JSON value of one type, or exactly this value. */
export type ValueShape =
  | string
  | number
  | boolean
  | null
  | { readonly type: "string" | "number" | "boolean" | "array" | "object" };

export type BodyShape =
  /** The spec's `Error` body with this `code` (and `status` equal to the response's). */
  | { readonly error: string }
  /** A JSON array, with at least `minLength` items. */
  | { readonly array: true; readonly minLength?: number }
  /** A JSON object holding at least these fields. */
  | { readonly fields: Readonly<Record<string, ValueShape>> };

/** A header's expected value: exactly this string, matching this pattern, present, or absent. */
export type HeaderShape = string | RegExp | "<present>" | "<absent>";

export interface SmokeRow {
  /** What the row proves, shown when it fails. */
  readonly name: string;
  readonly method: string;
  /** The path under the base URL; `{name}` is replaced with a captured value. */
  readonly path: string;
  readonly headers?: Readonly<Record<string, string>>;
  /** Sent as is (a string) or as JSON. */
  readonly body?: string | object;
  readonly status: number;
  readonly responseHeaders?: Readonly<Record<string, HeaderShape>>;
  readonly responseBody?: BodyShape;
  /** Captures `body[field]` under `name` for later rows' paths. */
  readonly capture?: { readonly name: string; readonly field: string };
}

const free = { "x-api-key": SMOKE_KEYS.free };
const tight = { "x-api-key": SMOKE_KEYS.tight };
const json = { ...free, "content-type": "application/json" };
const rateLimited = {
  "x-ratelimit-limit": /^[0-9]+$/,
  "x-ratelimit-remaining": /^[0-9]+$/,
  "x-ratelimit-reset": /^[0-9]+$/,
} as const;

export const SMOKE_TABLE: readonly SmokeRow[] = [
  {
    name: "auth: no API key is a 401 with the Error body",
    method: "GET",
    path: "/pets",
    status: 401,
    responseHeaders: { "content-type": /^application\/json/ },
    responseBody: { error: "unauthorized" },
  },
  {
    name: "auth: an unknown API key is a 401",
    method: "GET",
    path: "/pets",
    headers: { "x-api-key": "not-a-key" },
    status: 401,
    responseBody: { error: "unauthorized" },
  },
  {
    name: "a listed operation answers 200 with rate-limit headers",
    method: "GET",
    path: "/pets",
    headers: free,
    status: 200,
    responseHeaders: { ...rateLimited, "x-ratelimit-limit": "60" },
    responseBody: { array: true, minLength: 1 },
  },
  {
    name: "HEAD is served by GET: the headers without a body",
    method: "HEAD",
    path: "/pets",
    headers: free,
    status: 200,
    responseHeaders: { ...rateLimited, "content-type": /^application\/json/ },
  },
  {
    name: "validation: a body of the wrong type is a 400 validation_failed",
    method: "POST",
    path: "/pets",
    headers: json,
    body: { name: 5, categoryId: 1 },
    status: 400,
    responseBody: { error: "validation_failed" },
  },
  {
    name: "validation: an unknown field is a 400",
    method: "POST",
    path: "/pets",
    headers: json,
    body: { name: "Rex", categoryId: 1, colour: "brown" },
    status: 400,
    responseBody: { error: "validation_failed" },
  },
  {
    name: "validation: malformed JSON is a 400",
    method: "POST",
    path: "/pets",
    headers: json,
    body: '{"name": "Rex",',
    status: 400,
    responseBody: { error: "validation_failed" },
  },
  {
    name: "validation: a body of a media type the operation does not take is a 415",
    method: "POST",
    path: "/pets",
    headers: { ...free, "content-type": "text/plain" },
    body: "name=Rex",
    status: 415,
    responseBody: { error: "unsupported_media_type" },
  },
  {
    name: "validation: a query parameter out of range is a 400",
    method: "GET",
    path: "/pets?limit=0",
    headers: free,
    status: 400,
    responseBody: { error: "validation_failed" },
  },
  {
    name: "a valid body creates a pet (201, Location relative to the base URL, as the spec says)",
    method: "POST",
    path: "/pets",
    headers: json,
    body: { name: "Rex", categoryId: 1 },
    status: 201,
    responseHeaders: { ...rateLimited, location: /^\/pets\/by-id\/[0-9]+$/ },
    responseBody: { fields: { id: { type: "number" }, name: "Rex", status: "available" } },
    capture: { name: "petId", field: "id" },
  },
  {
    name: "the created pet is read back",
    method: "GET",
    path: "/pets/by-id/{petId}",
    headers: free,
    status: 200,
    responseBody: { fields: { name: "Rex", categoryId: 1 } },
  },
  {
    name: "a 404 for a pet that does not exist",
    method: "GET",
    path: "/pets/by-id/999999",
    headers: free,
    status: 404,
    responseBody: { error: "not_found" },
  },
  {
    name: "a 404 for a path the spec does not have",
    method: "GET",
    path: "/no-such-path",
    headers: free,
    status: 404,
    responseBody: { error: "not_found" },
  },
  {
    name: "deprecation: the deprecated operation carries Deprecation and Sunset",
    method: "GET",
    path: "/pets/{petId}",
    headers: free,
    status: 200,
    responseHeaders: {
      deprecation: "@1767225600",
      sunset: "Wed, 30 Jun 2027 00:00:00 GMT",
    },
    responseBody: { fields: { name: "Rex" } },
  },
  {
    name: "deprecation: its successor carries none",
    method: "GET",
    path: "/pets/by-id/{petId}",
    headers: free,
    status: 200,
    responseHeaders: { deprecation: "<absent>", sunset: "<absent>" },
  },
  {
    name: "experimental: setInventoryStock is served",
    method: "PUT",
    path: "/store/inventory/{petId}",
    headers: json,
    body: { quantity: 0 },
    status: 200,
    responseHeaders: rateLimited,
    responseBody: { fields: { quantity: 0, status: "pending" } },
  },
  {
    name: "rate limit: the tight plan's first request reports 1 left",
    method: "GET",
    path: "/pets",
    headers: tight,
    status: 200,
    responseHeaders: {
      "x-ratelimit-limit": String(TIGHT_LIMITS.perMinute),
      "x-ratelimit-remaining": "1",
    },
  },
  {
    name: "rate limit: the second reports 0 left",
    method: "GET",
    path: "/pets",
    headers: tight,
    status: 200,
    responseHeaders: { "x-ratelimit-remaining": "0" },
  },
  {
    name: "rate limit: the third is a 429 with Retry-After and the Error body",
    method: "GET",
    path: "/pets",
    headers: tight,
    status: 429,
    responseHeaders: { "retry-after": /^[0-9]+$/, "x-ratelimit-remaining": "0" },
    responseBody: { error: "rate_limited" },
  },
  {
    name: "rate limit: another plan's key is not limited by it",
    method: "GET",
    path: "/pets",
    headers: free,
    status: 200,
  },
];
