// Runtime template of the pet store contract toolchain: copied verbatim into generated/runtime/. Edit it in templates/, never in generated/.
/**
 * CORS (the Fetch standard's CORS protocol) for browsers calling the API from another origin.
 *
 * - A preflight (`OPTIONS` with `Origin` and `Access-Control-Request-Method`) on a path the spec
 *   declares is answered 204 here, before authentication and rate limiting (browsers send it
 *   without credentials): `Access-Control-Allow-Methods` lists the path's methods (`HEAD` with
 *   `GET`), `Access-Control-Allow-Headers` the request headers the API reads (its API key header,
 *   `Content-Type`, every header parameter), `Access-Control-Max-Age` the cache time. Unknown
 *   paths keep their 404 (and an `OPTIONS` without those headers is an ordinary request: 405).
 * - Every other response to an allowed origin carries `Access-Control-Allow-Origin` (the origin, or
 *   `*` when any origin is allowed without credentials), `Access-Control-Allow-Credentials` when
 *   credentials are on, and `Access-Control-Expose-Headers` listing every response header the
 *   spec declares (`X-RateLimit-*`, `Retry-After`, `Deprecation`, `Sunset`, `Location` ...).
 * - A disallowed origin gets no CORS headers at all (the browser then hides the response); the
 *   request is otherwise served, and rate limited, as usual.
 * - Responses carry `Vary: Origin` whenever they depend on it (not for `origins: "*"` without
 *   credentials, whose answer is the same for every origin).
 */
import type { ApiDescriptor } from "./descriptor.js";
import type { ResponseHeaders, RuntimeResponse } from "./runtime-response.js";

export interface CorsOptions {
  /**
   * The origins allowed to call the API (`https://app.example.com`, compared exactly), `"*"` for
   * any origin, or a function deciding per origin.
   */
  readonly origins: readonly string[] | "*" | ((origin: string) => boolean);
  /** Allow credentialed requests (cookies, HTTP auth): `Access-Control-Allow-Credentials: true`. */
  readonly credentials?: boolean;
  /** How long browsers may cache a preflight's answer, in seconds (default 600). */
  readonly maxAgeSeconds?: number;
}

export interface CorsStage {
  /** Answers a preflight to a known path (`allow`: its methods), or undefined when not one. */
  preflight(
    method: string,
    header: (name: string) => string | null,
    allow: readonly string[],
  ): RuntimeResponse | undefined;
  /** Adds the CORS headers of an actual response (in place). */
  decorate(headers: ResponseHeaders, origin: string | null): void;
}

const DEFAULT_MAX_AGE_SECONDS = 600;

function addVary(headers: ResponseHeaders, name: string): void {
  const vary = headers["vary"];
  if (vary === undefined) headers["vary"] = name;
  else if (
    typeof vary === "string" &&
    !vary
      .toLowerCase()
      .split(/\s*,\s*/)
      .includes(name.toLowerCase())
  )
    headers["vary"] = `${vary}, ${name}`;
}

/** The CORS stage, or undefined when `options` is undefined (CORS off: no headers at all). */
export function createCorsStage(
  api: ApiDescriptor,
  options: CorsOptions | undefined,
): CorsStage | undefined {
  if (options === undefined) return undefined;
  const { origins } = options;
  if (origins !== "*" && typeof origins !== "function" && !Array.isArray(origins)) {
    throw new Error(
      'cors.origins must be a list of origins, "*" or a function (origin) => boolean',
    );
  }
  const maxAge = options.maxAgeSeconds ?? DEFAULT_MAX_AGE_SECONDS;
  if (!Number.isSafeInteger(maxAge) || maxAge < 0) {
    throw new Error(`cors.maxAgeSeconds must be a whole number ≥ 0 (got ${String(maxAge)})`);
  }
  const credentials = options.credentials === true;
  const anyOrigin = origins === "*";
  const listed = Array.isArray(origins) ? new Set(origins as readonly string[]) : undefined;
  const isAllowed = (origin: string): boolean =>
    anyOrigin ||
    (listed !== undefined ? listed.has(origin) : (origins as (o: string) => boolean)(origin));
  /** Whether the answer depends on the request's origin. */
  const varies = !anyOrigin || credentials;

  const exposed = new Set<string>();
  const requestHeaders = new Set<string>(["Content-Type"]);
  if (api.apiKey?.in === "header") requestHeaders.add(api.apiKey.name);
  // every security scheme's header; a browser reads the challenges of Authorization schemes
  for (const scheme of Object.values(api.securitySchemes ?? {})) {
    if (scheme.type === "apiKey") {
      if (scheme.in === "header") requestHeaders.add(scheme.name);
    } else if (scheme.type !== "mutualTLS") {
      requestHeaders.add("Authorization");
      exposed.add("WWW-Authenticate");
    }
  }
  for (const operation of api.operations) {
    for (const response of Object.values(operation.responses)) {
      for (const name of Object.keys(response.headers ?? {})) exposed.add(name);
    }
    for (const parameter of operation.parameters) {
      if (parameter.in === "header") requestHeaders.add(parameter.name);
    }
  }
  const exposeHeaders = [...exposed].join(", ");
  const allowHeaders = [...requestHeaders].join(", ");
  const maxAgeText = String(maxAge);

  function allowOrigin(headers: ResponseHeaders, origin: string): void {
    headers["access-control-allow-origin"] = anyOrigin && !credentials ? "*" : origin;
    if (credentials) headers["access-control-allow-credentials"] = "true";
  }

  return {
    preflight(method, header, allow) {
      if (method !== "OPTIONS" || allow.length === 0) return undefined;
      const origin = header("origin");
      const requested = header("access-control-request-method");
      if (origin === null || requested === null) return undefined;
      const headers: ResponseHeaders = {};
      if (varies)
        headers["vary"] = "Origin, Access-Control-Request-Method, Access-Control-Request-Headers";
      if (isAllowed(origin)) {
        allowOrigin(headers, origin);
        headers["access-control-allow-methods"] = allow.join(", ");
        headers["access-control-allow-headers"] = allowHeaders;
        headers["access-control-max-age"] = maxAgeText;
      }
      return { status: 204, headers, body: null };
    },
    decorate(headers, origin) {
      if (varies) addVary(headers, "Origin");
      if (origin === null || !isAllowed(origin)) return;
      allowOrigin(headers, origin);
      if (exposeHeaders !== "") headers["access-control-expose-headers"] = exposeHeaders;
    },
  };
}
