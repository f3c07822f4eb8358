/**
 * The three (four) ways to make the same calls: the generated client (`createPetStoreClient`,
 * default options: retries on; and with the opt-in throttle), openapi-fetch's `createClient<paths>`,
 * and a hand-written `fetch(url, init)`. Every call reads and parses the JSON body and checks it
 * got a 2XX, so all do the same observable work; the generated client and the hand-written call
 * send the same request (the POST with the `Idempotency-Key` the spec declares for createPet;
 * openapi-fetch sends none, as it does not know the spec's headers).
 */
import createClient from "openapi-fetch";
import { createPetStoreClient } from "../../generated/client.js";
import type { paths } from "../../generated/types.js";

export const API_KEY = "bench-enterprise-key";
export const NEW_PET = { name: "Bella", categoryId: 1, status: "available" } as const;

/** The calls measured: a GET with a path parameter, a GET with a query, a POST with a JSON body. */
export const CALLS = ["get-path", "get-query", "post-json"] as const;
export type CallName = (typeof CALLS)[number];

export const CALL_LABELS: Readonly<Record<CallName, string>> = {
  "get-path": "GET /pets/by-id/{petId}",
  "get-query": "GET /pets?status&limit",
  "post-json": "POST /pets (JSON body)",
};

export type Call = () => Promise<unknown>;

export interface Contender {
  readonly name: string;
  readonly calls: Readonly<Record<CallName, Call>>;
}

export const CONTENDER_NAMES = [
  "generated",
  "generated+throttle",
  "openapi-fetch",
  "hand-written",
] as const;

function fail(what: string, status: number): never {
  throw new Error(`${what} answered ${status}`);
}

/** `fetchImpl` undefined: each uses `globalThis.fetch`, as in production. */
export function createContenders(
  baseUrl: string,
  fetchImpl: typeof fetch | undefined,
): Contender[] {
  const generated = (throttle: boolean): Contender => {
    const client = createPetStoreClient({
      baseUrl,
      apiKey: API_KEY,
      ...(fetchImpl === undefined ? {} : { fetch: fetchImpl }),
      ...(throttle ? { throttle: true } : {}),
    });
    return {
      name: throttle ? "generated+throttle" : "generated",
      calls: {
        "get-path": async () => {
          const result = await client.getPetById({ path: { petId: 1 } });
          return result.data ?? fail("getPetById", result.response.status);
        },
        "get-query": async () => {
          const result = await client.listPets({ query: { status: "available", limit: 10 } });
          return result.data ?? fail("listPets", result.response.status);
        },
        "post-json": async () => {
          const result = await client.createPet({ body: NEW_PET });
          return result.data ?? fail("createPet", result.response.status);
        },
      },
    };
  };

  const api = createClient<paths>({
    baseUrl,
    headers: { "X-API-Key": API_KEY },
    ...(fetchImpl === undefined ? {} : { fetch: fetchImpl }),
  });
  const openapiFetch: Contender = {
    name: "openapi-fetch",
    calls: {
      "get-path": async () => {
        const result = await api.GET("/pets/by-id/{petId}", { params: { path: { petId: 1 } } });
        return result.data ?? fail("GET", result.response.status);
      },
      "get-query": async () => {
        const result = await api.GET("/pets", {
          params: { query: { status: "available", limit: 10 } },
        });
        return result.data ?? fail("GET", result.response.status);
      },
      "post-json": async () => {
        const result = await api.POST("/pets", { body: NEW_PET });
        return result.data ?? fail("POST", result.response.status);
      },
    },
  };

  const base = baseUrl.replace(/\/+$/, "");
  const doFetch = (url: string, init: RequestInit): Promise<Response> =>
    (fetchImpl ?? globalThis.fetch)(url, init);
  const handWritten: Contender = {
    name: "hand-written",
    calls: {
      "get-path": async () => {
        const petId = 1;
        const response = await doFetch(`${base}/pets/by-id/${encodeURIComponent(petId)}`, {
          method: "GET",
          headers: { "x-api-key": API_KEY },
        });
        if (!response.ok) fail("GET", response.status);
        return response.json();
      },
      "get-query": async () => {
        const status = "available";
        const limit = 10;
        const response = await doFetch(
          `${base}/pets?status=${encodeURIComponent(status)}&limit=${limit}`,
          {
            method: "GET",
            headers: { "x-api-key": API_KEY },
          },
        );
        if (!response.ok) fail("GET", response.status);
        return response.json();
      },
      "post-json": async () => {
        const response = await doFetch(`${base}/pets`, {
          method: "POST",
          // the same request the generated client sends: createPet declares an Idempotency-Key header
          headers: {
            "x-api-key": API_KEY,
            "content-type": "application/json",
            "idempotency-key": crypto.randomUUID(),
          },
          body: JSON.stringify(NEW_PET),
        });
        if (!response.ok) fail("POST", response.status);
        return response.json();
      },
    },
  };

  return [generated(false), generated(true), openapiFetch, handWritten];
}

/** What the fake server and the instant fetch answer, by call. */
export const PET = { id: 1, name: "Rex", categoryId: 1, status: "available" } as const;
export const PET_LIST = [PET, { ...PET, id: 2, name: "Bella" }, { ...PET, id: 3, name: "Max" }];

export interface CannedResponse {
  readonly status: number;
  readonly body: string;
  readonly headers: Readonly<Record<string, string>>;
}

const RATE_HEADERS = {
  "x-ratelimit-limit": "1000000",
  "x-ratelimit-remaining": "999999",
  "x-ratelimit-reset": "1767225660",
};

export const CANNED: Readonly<Record<CallName, CannedResponse>> = {
  "get-path": {
    status: 200,
    body: JSON.stringify(PET),
    headers: { "content-type": "application/json", ...RATE_HEADERS },
  },
  "get-query": {
    status: 200,
    body: JSON.stringify(PET_LIST),
    headers: { "content-type": "application/json", "x-total-count": "3", ...RATE_HEADERS },
  },
  "post-json": {
    status: 201,
    body: JSON.stringify({ ...NEW_PET, id: 4 }),
    headers: { "content-type": "application/json", location: "/pets/by-id/4", ...RATE_HEADERS },
  },
};

/** Which canned answer a request gets (method + path, query ignored). */
export function cannedFor(method: string, url: string): CannedResponse | undefined {
  const path = url.replace(/^[a-z]+:\/\/[^/]+/i, "").split("?")[0];
  if (method === "POST" && path === "/pets") return CANNED["post-json"];
  if (method === "GET" && path === "/pets") return CANNED["get-query"];
  if (method === "GET" && path !== undefined && /^\/pets\/by-id\/[0-9]+$/.test(path))
    return CANNED["get-path"];
  return undefined;
}
