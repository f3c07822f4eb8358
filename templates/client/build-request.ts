// Runtime template of the pet store contract toolchain: copied verbatim into generated/runtime/. Edit it in templates/, never in generated/.
/**
 * Builds the URL, headers and body of a call, once per call (every attempt sends the same ones,
 * except for an API key returned by a function, added per attempt).
 */
import type { OperationAuth } from "./auth.js";
import type { ClientCodecs } from "./codecs.js";
import type { ClientOperationDescriptor } from "./descriptor.js";
import { buildPath } from "./url.js";
import type { withJsonText } from "./json-parameters.js";
import type { PathParameterStyle } from "./path-style.js";
import type { RetryPolicy } from "./retry.js";
import type { RouteKeys } from "./route-keys.js";
import type { writeBody } from "./body-writer.js";
import type { setHeaderParams } from "./header-params.js";

/** How JSON bodies are read and written: `JSON.parse`/`JSON.stringify` unless the transforms are on. */
export interface JsonCodec {
  /** A response body of `status`, from its text. */
  parse(text: string, status: number): unknown;
  stringify(value: unknown): string;
  /**
   * A decoded body as it came over the wire (`Date`s back to text, …), for `validateResponse`;
   * the transforms' codec has it (client-transforms.ts), so a client without them does not
   * bundle it.
   */
  wire?(body: unknown, response: Response): unknown;
}

/** What the runtime precomputes per operation (cached by descriptor identity). */
export interface CompiledOperation {
  readonly method: string;
  /** Whether a request may be sent twice: an idempotent method, or an idempotency key. */
  readonly retrySafe: boolean;
  readonly head: boolean;
  /** Alternating literal segments and parameter names; `undefined` when the path has none. */
  readonly pathParts: readonly string[] | undefined;
  /** `baseUrl + path` when the path has no parameter. */
  readonly staticUrl: string;
  /** The query serializer (the operation's declared styles bound, if any). */
  readonly serializeQuery: (query: Readonly<Record<string, unknown>>) => string;
  /**
   * Each codec a call may need (codecs.ts), else a thrower naming it: an operation's descriptor
   * references those it declares, so a bundle carries only what its operations use.
   */
  readonly setHeaders: typeof setHeaderParams;
  /** Adds cookie parameters to the headers. */
  readonly setCookies: (headers: Record<string, string>, params: Record<string, unknown>) => void;
  /** Writes the body (body-writer.ts). */
  readonly writeBody: typeof writeBody;
  /** The writer of non-JSON bodies, when the operation or the runtime has it. */
  readonly otherBody?: ClientCodecs["otherBody"];
  /** The serializer of styled path parameters (label, matrix, objects), when the spec has them. */
  readonly stylePath?: (name: string, value: unknown, style?: PathParameterStyle) => string;
  /** The literal query of the path template (`beta=true` of `/responses/{id}?beta=true`), or `""`. */
  readonly literalQuery?: string;
  /** The query with the path template's fragment's query keys (route-keys.ts), when it has some. */
  readonly routeQuery?: RouteKeys["query"];
  /** The header keys with a value of the fragment, already in `headers` (route-keys.ts). */
  readonly fixedHeaders?: RouteKeys["fixedHeaders"];
  /** The shared, never mutated headers of this operation (defaults + fixed credentials). */
  readonly headers: Record<string, string>;
  /** The query pairs (`name=value`) of fixed credentials (API keys in the query), or "". */
  readonly apiKeyQuery: string;
  /** How the operation gets its credentials (auth.ts): fixed ones are in `headers`/`apiKeyQuery`. */
  readonly auth: OperationAuth;
  /** The lower-case name of the operation's idempotency key header, if it declares one. */
  readonly idempotencyKeyHeader: string | undefined;
  /** A fresh idempotency key (the `idempotencyKey` codec), when the operation declares the header. */
  readonly newKey: (() => string) | undefined;
  /**
   * Its JSON parameters of one location (`op.jsonParameters`) as JSON text (the `jsonParameters`
   * codec); the values as given for an operation without any.
   */
  readonly jsonText: typeof withJsonText;
  /** The JSON codec of the transforms (client-transforms.ts), when the client has the option. */
  readonly json?: JsonCodec;
  /** Reads a 2XX streamed response, when the operation (or the client) has the streams codec. */
  readonly readStream?: ClientCodecs["streams"];
}

/** What `call` takes, untyped (the generated methods narrow it with `OperationRequest`). */
export interface CallInit {
  path?: Record<string, string | number | boolean>;
  query?: Record<string, unknown>;
  header?: Record<string, unknown>;
  cookie?: Record<string, unknown>;
  body?: unknown;
  /** The request body's media type, one the operation declares (its first JSON one by default). */
  contentType?: string;
  signal?: AbortSignal;
  headers?: Record<string, string>;
  /** This call's timeout per attempt, in ms (overrides the client's `timeoutMs`). */
  timeoutMs?: number;
  /** Resume a dropped event stream with `Last-Event-ID` (`true`: up to 3 times). */
  resumeStream?: boolean | { readonly maxRetries?: number };
  /** This call's deadline in ms (overrides the client's `deadlineMs`). */
  deadlineMs?: number;
  /** This call's retry policy over the client's, or `false` (no retry). */
  retry?: Partial<RetryPolicy> | false;
  /** Reject with an `ApiError` instead of resolving with a non-2XX result (overrides the client's). */
  throwOnError?: boolean;
}

/** A call's request, as every attempt sends it. */
export interface BuiltRequest {
  readonly url: string;
  readonly headers: Record<string, string>;
  readonly body: BodyInit | undefined;
  /** `false` for a stream body, which cannot be sent twice. */
  readonly replayable: boolean;
}

/** A fresh copy of a headers object (a for-in copy: several times faster here than a spread). */
export function copyHeaders(source: Record<string, string>): Record<string, string> {
  const copy: Record<string, string> = {};
  for (const name in source) copy[name] = source[name]!;
  return copy;
}

/** Builds the URL (path and query parameters, a string API key in the query). */
export function buildUrl(
  baseUrl: string,
  c: CompiledOperation,
  op: ClientOperationDescriptor,
  init: CallInit | undefined,
): string {
  let url =
    c.pathParts === undefined
      ? c.staticUrl
      : baseUrl +
        buildPath(op, c.pathParts, c.jsonText(init?.path, op.jsonParameters?.path), c.stylePath);
  const params = init?.query;
  const serialize = (values: Readonly<Record<string, unknown>>) =>
    c.serializeQuery(c.jsonText(values, op.jsonParameters?.query)!);
  let query =
    c.routeQuery !== undefined
      ? c.routeQuery(params, serialize)
      : params === undefined
        ? ""
        : serialize(params);
  const literal = c.literalQuery;
  if (literal) query = query === "" ? literal : `${literal}&${query}`;
  if (c.apiKeyQuery !== "") query = query === "" ? c.apiKeyQuery : `${query}&${c.apiKeyQuery}`;
  if (query !== "") url += `?${query}`;
  return url;
}

/**
 * Builds the request of a call: URL, headers (defaults, API key, header and cookie parameters,
 * content type, idempotency key, then the call's `headers`, which override all), body.
 */
export function buildRequest(
  baseUrl: string,
  c: CompiledOperation,
  op: ClientOperationDescriptor,
  init: CallInit | undefined,
): BuiltRequest {
  const url = buildUrl(baseUrl, c, op, init);
  let headers = c.headers;
  let body: BodyInit | undefined;
  let replayable = true;
  const keyHeader = c.idempotencyKeyHeader;
  if (init !== undefined) {
    const headerParams = c.jsonText(init.header, op.jsonParameters?.header);
    const cookieParams = c.jsonText(init.cookie, op.jsonParameters?.cookie);
    const rawBody = init.body;
    const extra = init.headers;
    if (
      headerParams !== undefined ||
      cookieParams !== undefined ||
      rawBody !== undefined ||
      extra !== undefined ||
      keyHeader !== undefined
    ) {
      headers = copyHeaders(headers);
      if (headerParams !== undefined) c.setHeaders(headers, headerParams, op, c.fixedHeaders);
      if (cookieParams !== undefined) c.setCookies(headers, cookieParams);
      if (rawBody !== undefined)
        ({ body, replayable } = c.writeBody(headers, rawBody, init.contentType, op, c));
      if (extra !== undefined) {
        for (const name in extra) headers[name.toLowerCase()] = extra[name]!;
      }
    }
  } else if (keyHeader !== undefined) {
    headers = copyHeaders(headers);
  }
  // one key per call, reused by every retry; the caller's own (a header parameter or header) wins
  if (keyHeader !== undefined && headers[keyHeader] === undefined) headers[keyHeader] = c.newKey!();
  return { url, headers, body, replayable };
}
