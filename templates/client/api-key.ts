// Runtime template of the pet store contract toolchain: copied verbatim into generated/runtime/. Edit it in templates/, never in generated/.
/**
 * Where the API key goes: a header, a query parameter or a cookie, as the spec's `apiKey`
 * security scheme says. The key is a string, or a function called before each attempt (rotation).
 */
import type { ApiKeyLocation } from "./descriptor.js";

/** The API key, or a function (sync or async) returning the current one, called per attempt. */
export type ApiKeyOption = string | (() => string | Promise<string>);

/** The key as a query pair (`name=value`, encoded). */
export function apiKeyQueryPair(location: ApiKeyLocation, key: string): string {
  return `${encodeURIComponent(location.name)}=${encodeURIComponent(key)}`;
}

/**
 * Adds the key to a headers object (lower-case names) when it travels in a header or a cookie.
 * Mutates `headers`; a query key is added to the URL by the caller ({@link withQueryKey}).
 */
export function setApiKeyHeader(
  headers: Record<string, string>,
  location: ApiKeyLocation,
  key: string,
): void {
  if (location.in === "header") headers[location.name.toLowerCase()] = key;
  else if (location.in === "cookie") {
    const cookie = `${location.name}=${encodeURIComponent(key)}`;
    const existing = headers["cookie"];
    headers["cookie"] = existing === undefined ? cookie : `${existing}; ${cookie}`;
  }
}

/** Appends the key to a URL when it travels in the query; returns the URL unchanged otherwise. */
export function withQueryKey(url: string, location: ApiKeyLocation, key: string): string {
  if (location.in !== "query") return url;
  return `${url}${url.includes("?") ? "&" : "?"}${apiKeyQueryPair(location, key)}`;
}

/**
 * Calls a key function and checks what it returns.
 *
 * @throws TypeError when it returns (or resolves with) something else than a non-empty string
 */
export async function resolveApiKey(option: () => string | Promise<string>): Promise<string> {
  const key: unknown = await option();
  if (typeof key !== "string" || key === "") {
    throw new TypeError(
      `The apiKey function returned ${key === "" ? "an empty string" : typeof key}; it must return (or resolve with) the API key as a non-empty string`,
    );
  }
  return key;
}
