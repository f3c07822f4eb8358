// Runtime template of the pet store contract toolchain: copied verbatim into generated/runtime/. Edit it in templates/, never in generated/.
/**
 * The client runtime behind every generated operation method: builds the URL and init, calls the
 * injected `fetch(url, init)` directly (no `Request` object), retries as the policy says, and
 * parses the response.
 */
import type { ApiKeyLocation, ClientOperationDescriptor } from "./descriptor.js";
import { DeprecationTracker, warnDeprecation, type DeprecationNotice } from "./deprecation.js";
import { parseRateLimit, parseRetryAfter, type RateLimitInfo } from "./rate-limit.js";
import {
  isIdempotentMethod,
  resolveRetryPolicy,
  retryDelay,
  sleep,
  type RetryPolicy,
} from "./retry.js";
import { RateLimitThrottle, RetryAfterGate } from "./throttle.js";
import { parseErrorJson, readNonJsonBody, RuntimeResult, type ClientResult } from "./result.js";
import type { OperationRequest, OperationResult } from "./types.js";
import { buildPath, compilePath, isJsonMediaType, serializeQuery } from "./url.js";

export type { ClientResult } from "./result.js";

/** Options of a client. */
export interface ClientOptions {
  /** The server's base URL, e.g. `https://api.example.com/v1` (a trailing slash is ignored). */
  baseUrl: string;
  /** The API key, sent on secured operations as the spec's security scheme says. */
  apiKey?: string;
  /** The `fetch` to use; by default `globalThis.fetch`, looked up at each call. */
  fetch?: typeof fetch;
  /** Headers sent on every request. */
  headers?: Record<string, string>;
  /** The retry policy (partial: the rest is defaulted), or `false` to never retry. */
  retry?: Partial<RetryPolicy> | false;
  /**
   * Opt-in: when the server reported `X-RateLimit-Remaining: 0`, the next calls wait until
   * `X-RateLimit-Reset` instead of provoking a 429 (at most `maxRetryAfterMs`; abortable).
   */
  throttle?: boolean;
  /** Receives deprecation notices, once per operation; by default one `console.warn` each. */
  onDeprecation?: (notice: DeprecationNotice) => void;
  /** Source of the backoff jitter, in `[0, 1)`; `Math.random` by default. */
  random?: () => number;
  /** The clock, in epoch milliseconds; `Date.now` by default. */
  now?: () => number;
}

/** What `call` takes, untyped (the generated methods narrow it with {@link OperationRequest}). */
export interface CallInit {
  path?: Record<string, string | number | boolean>;
  query?: Record<string, unknown>;
  header?: Record<string, unknown>;
  cookie?: Record<string, unknown>;
  body?: unknown;
  signal?: AbortSignal;
  headers?: Record<string, string>;
}

/** `CallInit` when `Op` is not given, else the operation's typed request. */
export type CallRequest<Op> = unknown extends Op ? CallInit : OperationRequest<Op>;
/** `ClientResult` when `Op` is not given, else the operation's typed result. */
export type CallResult<Op> = unknown extends Op ? ClientResult : OperationResult<Op>;

/** The runtime a generated client delegates to. */
export interface ClientRuntime {
  /**
   * Performs one operation.
   *
   * Resolves with `{ data, error, response, rateLimit }`: `data` is the parsed body of a 2XX
   * response, `error` the parsed body of any other. Once the retries are spent (or when a
   * `Retry-After` is longer than `maxRetryAfterMs`), the last 429 or 5xx response is returned
   * as such a normal error result, not thrown: the caller inspects `error`/`response.status`.
   * After any 429 with a `Retry-After`, every call of the client waits until it has elapsed
   * (when it is at most `maxRetryAfterMs`), so the key is not pushed toward a ban.
   * Rejects when `fetch` throws (a network error, after any retries; the last error is
   * rethrown), with `signal.reason` when the signal aborts (also during a retry or throttle
   * wait), when a path parameter is missing, or when a 2XX JSON body does not parse.
   *
   * @param op the operation's descriptor (generated)
   * @param init parameters, body, signal and extra headers
   * @typeParam Op the openapi-typescript `operations[...]` type, to type `init` and the result
   */
  call<Op = unknown>(
    op: ClientOperationDescriptor,
    init?: CallRequest<Op>,
  ): Promise<CallResult<Op>>;
}

/** What the runtime precomputes per operation (cached by descriptor identity). */
interface CompiledOperation {
  readonly method: string;
  readonly idempotent: boolean;
  readonly head: boolean;
  /** Alternating literal segments and parameter names; `undefined` when the path has none. */
  readonly pathParts: readonly string[] | undefined;
  /** `baseUrl + path` when the path has no parameter. */
  readonly staticUrl: string;
  readonly jsonBody: boolean;
  readonly bodyMediaType: string;
  /** The shared, never mutated headers of this operation (defaults + API key when secured). */
  readonly headers: Record<string, string>;
}

function isRawBody(body: unknown): boolean {
  return (
    typeof body === "string" ||
    body instanceof Blob ||
    body instanceof FormData ||
    body instanceof URLSearchParams ||
    body instanceof ArrayBuffer ||
    ArrayBuffer.isView(body) ||
    body instanceof ReadableStream
  );
}

function appendEntries(
  target: { append(name: string, value: string): void },
  body: Record<string, unknown>,
): void {
  for (const name in body) {
    const value = body[name];
    if (value === undefined || value === null) continue;
    for (const item of Array.isArray(value) ? value : [value]) {
      target.append(
        name,
        typeof item === "object" && item !== null ? JSON.stringify(item) : `${item}`,
      );
    }
  }
}

function toFormData(body: Record<string, unknown>): FormData {
  const form = new FormData();
  for (const name in body) {
    const value = body[name];
    if (value === undefined || value === null) continue;
    for (const item of Array.isArray(value) ? value : [value]) {
      if (item instanceof Blob) form.append(name, item);
      else form.append(name, typeof item === "object" ? JSON.stringify(item) : `${item}`);
    }
  }
  return form;
}

/** Encodes a body for a non-JSON media type: raw bodies pass through, plain objects are encoded. */
function encodeOtherBody(body: unknown, mediaType: string): BodyInit {
  if (isRawBody(body)) return body as BodyInit;
  if (typeof body === "object" && body !== null) {
    if (mediaType.startsWith("application/x-www-form-urlencoded")) {
      const params = new URLSearchParams();
      appendEntries(params, body as Record<string, unknown>);
      return params;
    }
    if (mediaType.startsWith("multipart/form-data"))
      return toFormData(body as Record<string, unknown>);
    return JSON.stringify(body);
  }
  return `${body as string | number | boolean | bigint}`;
}

function stringifyHeaderValue(value: unknown): string {
  return Array.isArray(value) ? value.join(",") : `${value as string}`;
}

/** A fresh copy of a headers object (a for-in copy: several times faster here than a spread). */
function copyHeaders(source: Record<string, string>): Record<string, string> {
  const copy: Record<string, string> = {};
  for (const name in source) copy[name] = source[name]!;
  return copy;
}

/** Frees a response that will not be read (before a retry). */
function discard(response: Response): void {
  const body = response.body;
  if (body !== null && !body.locked) body.cancel().catch(() => undefined);
}

/**
 * Creates the runtime a generated client delegates to.
 *
 * @param options the client's options (base URL, API key, fetch, retry, throttle, …)
 * @param apiKey where the spec's `apiKey` security scheme puts the key; secured operations
 *   (`op.secured`) get `options.apiKey` there
 */
export function createClientRuntime(
  options: ClientOptions,
  apiKey?: ApiKeyLocation,
): ClientRuntime {
  const baseUrl = options.baseUrl.replace(/\/+$/, "");
  const customFetch = options.fetch;
  const policy = resolveRetryPolicy(options.retry);
  const maxRetries = policy.maxRetries;
  const random = options.random ?? Math.random;
  const now = options.now ?? ((): number => Date.now());
  const throttle =
    options.throttle === true ? new RateLimitThrottle(now, policy.maxRetryAfterMs) : undefined;
  const gate = new RetryAfterGate(now, policy.maxRetryAfterMs);
  const deprecations = new DeprecationTracker(options.onDeprecation ?? warnDeprecation);

  const baseHeaders: Record<string, string> = {};
  if (options.headers !== undefined) {
    for (const name in options.headers) baseHeaders[name.toLowerCase()] = options.headers[name]!;
  }
  const securedHeaders: Record<string, string> = { ...baseHeaders };
  let apiKeyQuery = "";
  const key = options.apiKey;
  if (apiKey !== undefined && key !== undefined) {
    const name = apiKey.name;
    if (apiKey.in === "header") securedHeaders[name.toLowerCase()] = key;
    else if (apiKey.in === "query")
      apiKeyQuery = `${encodeURIComponent(name)}=${encodeURIComponent(key)}`;
    else {
      const cookie = `${name}=${encodeURIComponent(key)}`;
      const existing = securedHeaders["cookie"];
      securedHeaders["cookie"] = existing === undefined ? cookie : `${existing}; ${cookie}`;
    }
  }

  const compiled = new WeakMap<ClientOperationDescriptor, CompiledOperation>();
  const compile = (op: ClientOperationDescriptor): CompiledOperation => {
    const pathParts = compilePath(op.path);
    const mediaType = op.bodyMediaType ?? "application/json";
    const result: CompiledOperation = {
      method: op.method.toUpperCase(),
      idempotent: isIdempotentMethod(op.method),
      head: op.method === "head",
      pathParts,
      staticUrl: baseUrl + op.path,
      jsonBody: isJsonMediaType(mediaType),
      bodyMediaType: mediaType,
      headers: op.secured ? securedHeaders : baseHeaders,
    };
    compiled.set(op, result);
    return result;
  };

  const call = async (op: ClientOperationDescriptor, init?: CallInit): Promise<ClientResult> => {
    const c = compiled.get(op) ?? compile(op);
    if (op.deprecated !== undefined) deprecations.onCall(op);

    // URL
    let url =
      c.pathParts === undefined ? c.staticUrl : baseUrl + buildPath(op, c.pathParts, init?.path);
    let query = init?.query === undefined ? "" : serializeQuery(init.query, op.queryStyles);
    if (op.secured && apiKeyQuery !== "")
      query = query === "" ? apiKeyQuery : `${query}&${apiKeyQuery}`;
    if (query !== "") url += `?${query}`;

    // Headers and body
    let headers = c.headers;
    let body: BodyInit | undefined;
    let replayable = true;
    if (init !== undefined) {
      const headerParams = init.header;
      const cookieParams = init.cookie;
      const rawBody = init.body;
      const extra = init.headers;
      if (
        headerParams !== undefined ||
        cookieParams !== undefined ||
        rawBody !== undefined ||
        extra !== undefined
      ) {
        headers = copyHeaders(headers);
        if (headerParams !== undefined) {
          for (const name in headerParams) {
            const value = headerParams[name];
            if (value !== undefined && value !== null)
              headers[name.toLowerCase()] = stringifyHeaderValue(value);
          }
        }
        if (cookieParams !== undefined) {
          let cookie = "";
          for (const name in cookieParams) {
            const value = cookieParams[name];
            if (value === undefined || value === null) continue;
            const pair = `${name}=${encodeURIComponent(stringifyHeaderValue(value))}`;
            cookie = cookie === "" ? pair : `${cookie}; ${pair}`;
          }
          if (cookie !== "") {
            const existing = headers["cookie"];
            headers["cookie"] = existing === undefined ? cookie : `${existing}; ${cookie}`;
          }
        }
        if (rawBody !== undefined) {
          if (c.jsonBody) {
            body = JSON.stringify(rawBody);
            headers["content-type"] = c.bodyMediaType;
          } else {
            body = encodeOtherBody(rawBody, c.bodyMediaType);
            if (!(body instanceof FormData)) headers["content-type"] = c.bodyMediaType;
            replayable = !(body instanceof ReadableStream);
          }
        }
        if (extra !== undefined) {
          for (const name in extra) headers[name.toLowerCase()] = extra[name]!;
        }
      }
    }
    const signal = init?.signal;
    const requestInit: RequestInit = { method: c.method, headers, body, signal };
    const fetchImpl = customFetch ?? globalThis.fetch;

    for (let attempt = 0; ; attempt++) {
      // a custom fetch may ignore the signal: never send once it has aborted
      if (signal !== undefined && signal.aborted) throw signal.reason;
      const gateWait = gate.wait(signal);
      if (gateWait !== undefined) await gateWait;
      if (throttle !== undefined) {
        const wait = throttle.wait(signal);
        if (wait !== undefined) await wait;
      }
      let response: Response;
      try {
        response = await fetchImpl(url, requestInit);
      } catch (error) {
        if (signal?.aborted === true || !replayable) throw error;
        const delay = retryDelay({ attempt, method: c.method, status: undefined }, policy, random);
        if (delay === undefined) throw error;
        await sleep(delay, signal);
        continue;
      }
      const status = response.status;
      const responseHeaders = response.headers;
      let rateLimit: RateLimitInfo | undefined | null = null; // parsed lazily unless throttling
      if (throttle !== undefined) throttle.update((rateLimit = parseRateLimit(responseHeaders)));
      if (!deprecations.hasReported(op.operationId)) deprecations.onResponse(op, responseHeaders);
      const ok = status >= 200 && status < 300;
      if (!ok && (status === 429 || (c.idempotent && status >= 500 && status <= 504))) {
        const retryAfterMs = parseRetryAfter(responseHeaders.get("retry-after"), now());
        if (status === 429 && retryAfterMs !== undefined) gate.close(retryAfterMs);
        if (attempt < maxRetries && replayable) {
          const delay = retryDelay(
            { attempt, method: c.method, status, retryAfterMs },
            policy,
            random,
          );
          if (delay !== undefined) {
            discard(response);
            await sleep(delay, signal);
            continue;
          }
        }
      }
      let parsed: unknown;
      if (status !== 204 && status !== 205 && !c.head) {
        const contentType = responseHeaders.get("content-type");
        if (contentType !== null && isJsonMediaType(contentType)) {
          const text = await response.text();
          if (text !== "") parsed = ok ? (JSON.parse(text) as unknown) : parseErrorJson(text);
        } else {
          parsed = await readNonJsonBody(response, contentType);
        }
      }
      return ok
        ? new RuntimeResult(parsed, undefined, response, rateLimit)
        : new RuntimeResult(undefined, parsed, response, rateLimit);
    }
  };

  return { call: call as ClientRuntime["call"] };
}

/** An untyped operation method, as {@link bindOperations} creates them. */
export type UntypedOperationMethod = (init?: CallInit) => Promise<ClientResult>;

/**
 * Creates one method per descriptor of a table, each calling `runtime.call` with its descriptor.
 * A generated client can return this object cast (`as unknown as`) to its interface of
 * `OperationMethod` properties: no per-method type annotation in the implementation, so nothing
 * forces the type-checker to resolve the types of methods that are not used.
 *
 * @param runtime the runtime from {@link createClientRuntime}
 * @param table the generated descriptors, keyed by method name
 */
export function bindOperations<K extends string>(
  runtime: ClientRuntime,
  table: Readonly<Record<K, ClientOperationDescriptor>>,
): Record<K, UntypedOperationMethod> {
  const methods = {} as Record<K, UntypedOperationMethod>;
  for (const name of Object.keys(table) as K[]) {
    const op = table[name];
    methods[name] = (init?: CallInit): Promise<ClientResult> => runtime.call(op, init);
  }
  return methods;
}
