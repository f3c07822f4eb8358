// Runtime template of the pet store contract toolchain: copied verbatim into generated/runtime/. Edit it in templates/, never in generated/.
/**
 * The options of the raw (plain openapi-fetch) client, and the middleware that puts its API key
 * on each request. This module does not import openapi-fetch: the middleware has openapi-fetch's
 * shape (see `middleware.ts`).
 */
import { resolveApiKey, setApiKeyHeader, withQueryKey, type ApiKeyOption } from "./api-key.js";
import type { ApiKeyLocation } from "./descriptor.js";
import type { Middleware } from "./middleware.js";

/**
 * Options of the raw client: only what it honours (no retries, rate-limit handling, timeouts or
 * deprecation notices; add those as openapi-fetch middleware with `client.use`).
 */
export interface RawClientOptions {
  /** The server's base URL, e.g. `https://api.example.com/v1`. */
  baseUrl: string;
  /**
   * The API key, put where the spec's security scheme says on every request; or a function
   * (sync or async) returning it, called per request (key rotation).
   */
  apiKey?: ApiKeyOption;
  /** The `fetch` to use; by default `globalThis.fetch`. */
  fetch?: typeof fetch;
  /** Headers sent on every request. */
  headers?: Record<string, string>;
}

/** A middleware setting the API key (header, query parameter or cookie) on every request. */
export function apiKeyMiddleware(location: ApiKeyLocation, apiKey: ApiKeyOption): Middleware {
  return {
    async onRequest({ request }) {
      const key = typeof apiKey === "function" ? await resolveApiKey(apiKey) : apiKey;
      if (location.in === "header") {
        request.headers.set(location.name, key);
        return request;
      }
      if (location.in === "query")
        return new Request(withQueryKey(request.url, location, key), request);
      const headers: Record<string, string> = {};
      const cookie = request.headers.get("cookie");
      if (cookie !== null) headers["cookie"] = cookie;
      setApiKeyHeader(headers, location, key);
      request.headers.set("cookie", headers["cookie"]!);
      return request;
    },
  };
}
