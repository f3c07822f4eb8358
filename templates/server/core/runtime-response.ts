// Runtime template of the pet store contract toolchain: copied verbatim into generated/runtime/. Edit it in templates/, never in generated/.
/**
 * Responses inside the runtime, before they become a web `Response` or are written straight to
 * `node:http`: finding the declared response, merging a handler's headers, serializing bodies.
 */
import type { TransportRejectionContext } from "./transport-rejection.js";
import type { ResponseDescriptor } from "./descriptor.js";
import type { HeaderValue, RequestHandler } from "./handler-api.js";
import { isJsonMediaType, mediaTypeEssence } from "./media-type.js";
import type { RuntimeErrorCode } from "./errors.js";
import type { RequestSource } from "./request-source.js";

/** Lower-case names; arrays for headers sent several times (`set-cookie`). */
export type ResponseHeaders = Record<string, string | string[]>;

export type ResponseBody = string | Uint8Array | ReadableStream<Uint8Array> | null;

export interface RuntimeResponse {
  readonly status: number;
  readonly headers: ResponseHeaders;
  readonly body: ResponseBody;
}

/** Synchronous when no step had to wait (the adapter then writes the answer at once). */
export type RawRequestHandler = (
  source: RequestSource,
) => RuntimeResponse | Promise<RuntimeResponse>;

/** The raw handler behind a runtime {@link RequestHandler}, for adapters that skip `Request`. */
export const RAW_REQUEST_HANDLER: unique symbol = Symbol.for("petstore.runtime.rawRequestHandler");

/** A request refused before it could be read (by node's HTTP parser, or without `Host`). */
export interface TransportRejection {
  readonly status: number;
  readonly code: RuntimeErrorCode;
  readonly message: string;
  /** The client's address, to count the request against (see client-address.ts). */
  readonly remoteAddress?: string | undefined;
  /** The method and target as far as they could be read (a known path gets 405 + `Allow`). */
  readonly method?: string | undefined;
  readonly target?: string | undefined;
}

export type TransportRejectionHandler = (rejection: TransportRejection) => Promise<RuntimeResponse>;

/**
 * What a {@link TransportRejection} is answered with (the handler's rate limits, routes and error
 * format): the Node adapter builds the answer from it (transport-rejection.ts), so a bundle that
 * never meets node's parser (a worker) carries none of that code.
 */
export const TRANSPORT_REJECTION: unique symbol = Symbol.for("petstore.runtime.transportRejection");

export interface RuntimeRequestHandler extends RequestHandler {
  readonly [RAW_REQUEST_HANDLER]: RawRequestHandler;
  readonly [TRANSPORT_REJECTION]: TransportRejectionContext;
}

const RANGE_KEYS = ["", "1XX", "2XX", "3XX", "4XX", "5XX"];

/** The response declared for a status: exact, then its range (`4XX`), then `default`. */
export function findResponseDescriptor(
  responses: Readonly<Record<string, ResponseDescriptor>>,
  status: number,
): ResponseDescriptor | undefined {
  const exact = String(status);
  if (Object.hasOwn(responses, exact)) return responses[exact];
  const range = RANGE_KEYS[Math.floor(status / 100)];
  if (range !== undefined && range !== "") {
    if (Object.hasOwn(responses, range)) return responses[range];
    const lower = range.toLowerCase();
    if (Object.hasOwn(responses, lower)) return responses[lower];
  }
  return Object.hasOwn(responses, "default") ? responses["default"] : undefined;
}

/**
 * Adds a handler's headers (names lower-cased). Framing headers stay the runtime's, and so do
 * `X-RateLimit-*` when the runtime sets them.
 */
export function mergeHandlerHeaders(
  into: ResponseHeaders,
  headers: Readonly<Record<string, HeaderValue>>,
  protectRateLimit: boolean,
): void {
  for (const name of Object.keys(headers)) {
    const value = headers[name];
    if (value === undefined) continue;
    const lower = name.toLowerCase();
    if (lower === "content-length" || lower === "transfer-encoding") continue;
    if (protectRateLimit && lower.startsWith("x-ratelimit-")) continue;
    into[lower] = Array.isArray(value)
      ? (value as readonly string[]).map(String)
      : String(value as string | number | boolean);
  }
}

/** JSON for JSON media types; strings, bytes, streams and blobs as they are for other types. */
export function serializeBody(value: unknown, contentType: string): ResponseBody {
  if (isJsonMediaType(mediaTypeEssence(contentType))) return JSON.stringify(value) ?? "null";
  if (typeof value === "string" || value instanceof Uint8Array) return value;
  if (value instanceof ArrayBuffer) return new Uint8Array(value);
  if (value instanceof ReadableStream) return value as ReadableStream<Uint8Array>;
  if (value instanceof Blob) return value.stream();
  return JSON.stringify(value) ?? "null";
}

/** Turns a {@link RuntimeResponse} into a web `Response`. */
export function toWebResponse(response: RuntimeResponse): Response {
  const headers = new Headers();
  for (const name of Object.keys(response.headers)) {
    const value = response.headers[name];
    if (typeof value === "string") headers.set(name, value);
    else if (value !== undefined) for (const item of value) headers.append(name, item);
  }
  return new Response(response.body as BodyInit | null, { status: response.status, headers });
}
