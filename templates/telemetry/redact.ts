// Runtime template of the pet store contract toolchain: copied verbatim into generated/runtime/. Edit it in templates/, never in generated/.
/**
 * What telemetry must never record, derived from the spec: the names of the headers, query
 * parameters and cookies that carry credentials (every `apiKey` scheme's, `Authorization`,
 * `Proxy-Authorization`, `Cookie`, `Set-Cookie`) and of the parameters whose schema is
 * `format: password`. Their values are replaced by `REDACTED` (the semantic conventions' word)
 * in `url.query`, `url.full` and captured headers; bodies are never recorded.
 */
import type { TelemetryAttributes } from "./otel-api.js";

export const REDACTED = "REDACTED";

/** The `user:password@` of an absolute URL. */
const USERINFO = /^([a-z][a-z0-9+.-]*:\/\/)[^/?#@]*@/i;

export interface SensitiveNames {
  /** Lower-case header names. */
  readonly headers: ReadonlySet<string>;
  /** Query parameter names, as the spec spells them. */
  readonly query: ReadonlySet<string>;
}

/** A credential location or a `format: password` parameter. */
export interface SensitiveLocation {
  readonly in: "header" | "query" | "cookie" | "path";
  readonly name: string;
}

/** The names to redact for these locations (cookies: the whole `Cookie` header is redacted). */
export function sensitiveNames(locations: Iterable<SensitiveLocation>): SensitiveNames {
  const headers = new Set(["authorization", "proxy-authorization", "cookie", "set-cookie"]);
  const query = new Set<string>();
  for (const location of locations) {
    if (location.in === "header") headers.add(location.name.toLowerCase());
    else if (location.in === "query") query.add(location.name);
  }
  return { headers, query };
}

function decodeName(raw: string): string {
  try {
    return decodeURIComponent(raw.replace(/\+/g, " "));
  } catch {
    return raw; // a malformed escape: compared as written
  }
}

/** A query string (without `?`) whose sensitive parameters' values are `marker`. */
export function redactQuery(query: string, names: SensitiveNames, marker = REDACTED): string {
  if (query === "" || names.query.size === 0) return query;
  return query
    .split("&")
    .map((pair) => {
      const raw = pair.split("=", 1)[0]!;
      return names.query.has(decodeName(raw)) ? `${raw}=${marker}` : pair;
    })
    .join("&");
}

/** A URL whose sensitive query values are `marker` (and without user:password, if any). */
export function redactUrl(url: string, names: SensitiveNames, marker = REDACTED): string {
  const safe = url.replace(USERINFO, (_, scheme: string) => `${scheme}${marker}:${marker}@`);
  const question = safe.indexOf("?");
  if (question === -1) return safe;
  const hash = safe.indexOf("#", question);
  const end = hash === -1 ? safe.length : hash;
  const query = redactQuery(safe.slice(question + 1, end), names, marker);
  return `${safe.slice(0, question + 1)}${query}${safe.slice(end)}`;
}

/**
 * `http.request.header.<name>` / `http.response.header.<name>` attributes for the headers asked
 * for (lower-cased), a sensitive one as `REDACTED`.
 */
export function headerAttributes(
  prefix: "http.request.header." | "http.response.header.",
  wanted: readonly string[],
  get: (name: string) => string | null | undefined,
  names: SensitiveNames,
): TelemetryAttributes {
  const attributes: TelemetryAttributes = {};
  for (const name of wanted) {
    const value = get(name);
    if (value === null || value === undefined) continue;
    attributes[`${prefix}${name}`] = [names.headers.has(name) ? REDACTED : value];
  }
  return attributes;
}
