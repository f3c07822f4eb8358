/**
 * A generated request made concrete: the URL (base URL + path with its parameters + query), the
 * headers (the caller's auth headers unless left out on purpose, header and cookie parameters,
 * `Content-Type`) and the body text. The same value is sent and printed as `curl`.
 */
import type { ParameterModel } from "../generator/model/types.js";
import { parseRouteKeys } from "../templates/server/core/route-keys.js";
import { writeXml } from "../templates/xml/xml-codec.js";
import { isIdempotencyKey, sentKey } from "./idempotency-key.js";
import { parameterText, parameterWireText, queryPairs } from "./parameter-text.js";
import type { GeneratedRequest } from "./request-arbitrary.js";

export interface PreparedRequest {
  readonly operationId: string | undefined;
  readonly method: string;
  readonly url: string;
  /** In sending order; names as written. */
  readonly headers: ReadonlyArray<readonly [string, string]>;
  readonly body: string | undefined;
}

export interface PrepareOptions {
  readonly baseUrl: string;
  /** Headers every request carries (credentials): `[name, value]`. */
  readonly headers: ReadonlyArray<readonly [string, string]>;
  /** Leave `headers` out (the missing-credentials check). */
  readonly withoutCredentials?: boolean;
  /** Send `headers` with values no server issued (the invalid-credentials check). */
  readonly invalidCredentials?: boolean;
  /** The operation's parameters, for their styles (query arrays, deepObject). */
  readonly parameters?: readonly ParameterModel[];
}

/** Joins a base URL (with or without a path prefix) and an absolute path. */
export function joinUrl(baseUrl: string, path: string): string {
  return `${baseUrl.replace(/\/+$/, "")}${path.startsWith("/") ? "" : "/"}${path}`;
}

/** The path template with its parameters filled in (each value percent-encoded). */
export function fillPath(template: string, values: Readonly<Record<string, unknown>>): string {
  return template.replace(/\{([^{}]+)\}/g, (whole, name: string) =>
    name in values ? encodeURIComponent(parameterText(values[name])) : whole,
  );
}

/** A credential of the same shape that no server issued: the scheme (`Bearer `) kept, the secret replaced. */
export function invalidCredential(value: string): string {
  const scheme = /^(\w+ )/.exec(value)?.[1] ?? "";
  return `${scheme}invalid-credential-0000000000`;
}

export function prepareRequest(
  request: GeneratedRequest,
  options: PrepareOptions,
): PreparedRequest {
  const byName = new Map(
    (options.parameters ?? []).map((parameter) => [`${parameter.in}:${parameter.name}`, parameter]),
  );
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(request.parameters.query)) {
    const parameter =
      byName.get(`query:${name}`) ??
      ({ name, in: "query", style: undefined, explode: true } as unknown as ParameterModel);
    for (const [key, text] of queryPairs(parameter, value)) search.append(key, text);
  }
  // a fragment's route keys (`/#Action=X`, `/{Bucket}#tagging`) go where the server routes by them
  const hash = request.path.indexOf("#");
  const headerNames = new Set(
    (options.parameters ?? []).flatMap((p) => (p.in === "header" ? [p.name.toLowerCase()] : [])),
  );
  const keys = parseRouteKeys(hash === -1 ? "" : request.path.slice(hash + 1), (name) =>
    headerNames.has(name.toLowerCase()),
  );
  for (const key of keys) {
    if (key.header || (key.value === undefined && search.has(key.name))) continue;
    if (key.value !== undefined) search.delete(key.name);
    search.append(key.name, key.value ?? "");
  }
  const query = search.toString();
  const path = hash === -1 ? request.path : request.path.slice(0, hash);
  const url =
    joinUrl(options.baseUrl, fillPath(path, request.parameters.path)) +
    (query === "" ? "" : `?${query}`);
  const headers: Array<[string, string]> =
    options.withoutCredentials === true
      ? []
      : options.headers.map(([name, value]) => [
          name,
          options.invalidCredentials === true ? invalidCredential(value) : value,
        ]);
  const wire = (location: "header" | "cookie", name: string, value: unknown): string =>
    parameterWireText(byName.get(`${location}:${name}`) ?? {}, value);
  const fixed = new Set(keys.flatMap((key) => (key.header && key.value ? [key.name] : [])));
  for (const key of keys) {
    const given = Object.keys(request.parameters.header).some((n) => n.toLowerCase() === key.name);
    if (key.header && (key.value !== undefined || !given))
      headers.push([key.name, key.value ?? ""]);
  }
  for (const [name, value] of Object.entries(request.parameters.header)) {
    if (fixed.has(name.toLowerCase())) continue;
    const text = wire("header", name, value);
    headers.push([name, isIdempotencyKey({ in: "header", name }) ? sentKey(text) : text]);
  }
  const cookies = Object.entries(request.parameters.cookie).map(
    ([name, value]) => `${name}=${wire("cookie", name, value)}`,
  );
  if (cookies.length > 0) headers.push(["Cookie", cookies.join("; ")]);
  let body: string | undefined;
  if (request.body !== undefined) {
    const { mediaType, value } = request.body;
    if (request.body.xml !== undefined) body = writeXml(value, request.body.xml);
    else if (/json/i.test(mediaType) || mediaType === "*/*") body = JSON.stringify(value);
    else if (/x-www-form-urlencoded/i.test(mediaType)) {
      const form = new URLSearchParams();
      for (const [key, item] of Object.entries(
        value !== null && typeof value === "object" ? value : {},
      ))
        form.append(key, parameterText(item));
      body = form.toString();
    } else body = typeof value === "string" ? value : JSON.stringify(value);
    headers.push(["Content-Type", mediaType === "*/*" ? "application/json" : mediaType]);
  }
  return { operationId: request.operationId, method: request.method, url, headers, body };
}
