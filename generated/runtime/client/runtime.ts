// Runtime template of the pet store contract toolchain: copied verbatim into generated/runtime/. Edit it in templates/, never in generated/.
/**
 * The client runtime behind every generated operation method: resolves the client's options once,
 * compiles each operation on first use, and hands each call to the attempt loop
 * (`call-operation.ts`). Without middleware, a call is a straight `fetch(url, init)` (no
 * `Request` object).
 */
import { resolveApiKey, type ApiKeyOption } from "./api-key.js";
import {
  legacySecurity,
  operationAuth,
  withRequirements,
  type AuthOption,
  type ClientSecurity,
  type MissingAuth,
} from "./auth.js";
import type { CallInit, CompiledOperation } from "./build-request.js";
import {
  callOperation,
  type AttachedMiddleware,
  type ClientContext,
  type ResponseValidationContext,
} from "./call-operation.js";
import type { ApiKeyLocation, ClientOperationDescriptor } from "./descriptor.js";
import { DeprecationTracker, warnDeprecation, type DeprecationNotice } from "./deprecation.js";
import type { ClientMiddlewareApi, MiddlewareStack } from "./middleware.js";
import { attachMiddleware } from "./middleware-send.js";
import { RateLimitScheduler } from "./rate-limit-scheduler.js";
import { sharedScheduler } from "./shared-rate-limits.js";
import {
  CLIENT_IDENTITY,
  baseOrigin,
  credentialFingerprint,
  type ClientIdentity,
} from "./client-identity.js";
import { credentialNames, type CredentialNames, type CrossOriginRedirect } from "./redirect.js";
import type { ClientTelemetryPlugin } from "./telemetry.js";
import {
  createObserver,
  type ClientLogger,
  type LogLevel,
  type Observer,
  type RateLimitWaitEvent,
  type RetryEvent,
} from "./observe.js";
import { withPages } from "./paginate.js";
import type { ClientResult } from "./result.js";
import { isIdempotentMethod, resolveRetryPolicy, type RetryPolicy } from "./retry.js";
import type { OperationRequest, OperationResult } from "./types.js";
import type { RouteKeys } from "./route-keys.js";
import { compilePath, splitLiteralQuery } from "./url.js";
import { missingCodec } from "./missing-codec.js";
import { ALL_CODECS, type ClientCodecs } from "./codecs.js";
import { acceptHeader } from "./media-type.js";
import type { ClientOperationTransforms, ClientTransformsOf } from "./client-transforms.js";

export type { ClientResult } from "./result.js";
export type { CallInit } from "./build-request.js";
export type { ResponseValidationContext } from "./call-operation.js";

/**
 * The default {@link ClientOptions.maxConcurrent}: 4 requests in flight per client. Small enough
 * that a burst sent before any answer (when the key's remaining quota is not known yet) stays
 * under typical ban thresholds even if the key is already exhausted (the reference contract bans
 * after 5 requests sent while limited), and below the 6 connections per origin of browsers.
 */
export const DEFAULT_MAX_CONCURRENT = 4;

/**
 * One request at a time once the server reports at most `4 × maxConcurrent` requests left (16 by
 * default): processes on one key share no memory, and each then overshoots the quota by at most
 * one request before its first 429 holds it (see docs/client.md for the bound).
 */
export const LOW_WATER_FACTOR = 4;

/** The identity of a client's options: origin and credential fingerprint (never a secret). */
export function clientIdentityOf(options: ClientOptions, security: ClientSecurity): ClientIdentity {
  const auth = withApiKey(options, security.apiKeyScheme ?? "apiKey", options.apiKey);
  return {
    origin: baseOrigin(options.baseUrl),
    key: credentialFingerprint({ ...auth, ...credentialHeaders(options.headers, security) }),
  };
}

/** `auth` with the `apiKey` shorthand (`key`) under `scheme`, unless `auth` names that scheme. */
function withApiKey(
  options: ClientOptions,
  scheme: string | undefined,
  key: ApiKeyOption | undefined,
): AuthOption {
  return key === undefined || scheme === undefined || options.auth?.[scheme] !== undefined
    ? (options.auth ?? {})
    : { ...options.auth, [scheme]: key };
}

/**
 * The credentials a client sends as plain `headers` (an API-key header of the spec's schemes,
 * `Authorization`, `Cookie`), named `header:<name>`: two clients that differ only in such a
 * header are two callers, and must not share one rate-limit state (one caller's 429 would
 * stall the other).
 */
function credentialHeaders(
  headers: Readonly<Record<string, string>> | undefined,
  security: ClientSecurity,
): Record<string, string> {
  const found: Record<string, string> = {};
  if (headers === undefined) return found;
  const names = credentialNames(security).headers;
  for (const name in headers) {
    const lower = name.toLowerCase();
    if (names.has(lower)) found[`header:${lower}`] = headers[name]!;
  }
  return found;
}

/** Options of a client. */
export interface ClientOptions {
  /** The server's base URL, e.g. `https://api.example.com/v1` (a trailing slash is ignored). */
  baseUrl: string;
  /**
   * The API key, sent on secured operations as the spec's security scheme says; or a function
   * (sync or async) returning it, called before each attempt (key rotation).
   */
  apiKey?: ApiKeyOption;
  /**
   * Credentials by the spec's security scheme name (a generated client types the names): a
   * string (bearer or OAuth 2 token, API key) or `{ username, password }` (basic), or a function
   * (sync or async) returning it, called before every attempt (token refresh). Each call uses the
   * first of its operation's requirements these meet. See auth.ts.
   */
  auth?: AuthOption;
  /**
   * A call to a secured operation whose requirements the credentials cannot meet: `"reject"`
   * (default) rejects with a `MissingCredentialsError` before sending; `"send"` sends it without
   * credentials. A client with no credentials at all sends every request as is.
   */
  missingAuth?: MissingAuth;
  /** The `fetch` to use; by default `globalThis.fetch`, looked up at each call. */
  fetch?: typeof fetch;
  /** Headers sent on every request. */
  headers?: Record<string, string>;
  /** The retry policy (partial: the rest is defaulted), or `false` to never retry. */
  retry?: Partial<RetryPolicy> | false;
  /**
   * Each attempt's timeout in ms (a retry gets a new one); none by default. A timed-out attempt
   * of a retry-safe call is retried; else the call rejects with a `DOMException` named
   * `TimeoutError`. Per call: `timeoutMs` in the call's options.
   */
  timeoutMs?: number;
  /**
   * The whole call's deadline in ms: rate-limit waits, retries and attempts together; none by
   * default. At the deadline the call rejects with a `DOMException` named `TimeoutError` (a retry
   * whose wait would pass it is not made: the result is returned). Per call: `deadlineMs`.
   */
  deadlineMs?: number;
  /**
   * The most requests of this client in flight at once; the others wait their turn. Default
   * {@link DEFAULT_MAX_CONCURRENT}; `Infinity` for no cap.
   */
  maxConcurrent?: number;
  /**
   * `X-RateLimit-Remaining` handling, on by default: once the server reports 0, calls wait for
   * `X-RateLimit-Reset` instead of provoking a 429, and fewer requests than reported remain are
   * in flight. `false` turns it off (429s and their `Retry-After` are always honoured);
   * `true` is the default (kept for compatibility with clients that opted in).
   */
  throttle?: boolean;
  /**
   * A redirect to another origin of a call that carries credentials (any security scheme's header,
   * query parameter or cookie): `"stop"` (default) does not follow it, and the call's result is a
   * failure whose `error` is a `RedirectNotFollowedError` saying why; `"follow-without-credentials"`
   * follows it with every credential removed. Same-origin redirects are followed; calls without
   * credentials follow redirects as `fetch` does.
   */
  crossOriginRedirect?: CrossOriginRedirect;
  /**
   * `false` to get every 3XX itself (status and `Location`, as a failure result): requests are
   * sent with `redirect: "manual"` and nothing is followed. Default `true`.
   */
  followRedirects?: boolean;
  /**
   * The rate-limit state: `"shared"` (default) with every client of this process on the same
   * origin with the same credentials, settings, `now` and `fetch` options (keyed by origin and a
   * fingerprint of the credentials, never the raw key), `"own"` for this client alone, or a
   * `RateLimitScheduler` to share explicitly.
   */
  rateLimitState?: "shared" | "own" | RateLimitScheduler;
  /**
   * At or below this many requests left (`X-RateLimit-Remaining`), one request at a time, so
   * that processes on one key cannot overshoot together. Default `4 × maxConcurrent` (16);
   * `0` turns it off.
   */
  rateLimitLowWater?: number;
  /** Reject with an `ApiError` instead of resolving with a non-2XX result. Per call too. */
  throwOnError?: boolean;
  /**
   * Called once per final result, after its body was read and before the call resolves; a throw
   * rejects the call (the response-validation entry point plugs in here).
   */
  validateResponse?: (context: ResponseValidationContext) => void;
  /** Receives deprecation notices, once per operation; by default one `console.warn` each. */
  onDeprecation?: (notice: DeprecationNotice) => void;
  /** Called before each retry (attempt, delay, reason). */
  onRetry?: (event: RetryEvent) => void;
  /** Called when a call waits for the rate-limit state (a 429's `Retry-After`, `Remaining: 0`). */
  onRateLimitWait?: (event: RateLimitWaitEvent) => void;
  /**
   * A logger (`console` fits): responses at `debug` (429 and 5xx at `warn`), retries and
   * rate-limit waits at `info`. No credential is logged: credential query parameters are
   * `[redacted]`, headers are never logged.
   */
  logger?: ClientLogger;
  /** The least level logged; `"info"` by default. */
  logLevel?: LogLevel;
  /**
   * OpenTelemetry: `clientTelemetry({ api })` with the `@opentelemetry/api` module (an optional
   * peer, never imported by the package): a CLIENT span per call, retries and rate-limit waits as
   * its events, the trace context sent along, the `http.client.request.duration` histogram.
   */
  telemetry?: ClientTelemetryPlugin;
  /** Source of the backoff jitter, in `[0, 1)`; `Math.random` by default. */
  random?: () => number;
  /** The clock, in epoch milliseconds; `Date.now` by default. */
  now?: () => number;
}

/** `CallInit` when `Op` is not given, else the operation's typed request. */
export type CallRequest<Op> = unknown extends Op ? CallInit : OperationRequest<Op>;
/** `ClientResult` when `Op` is not given, else the operation's typed result. */
export type CallResult<Op> = unknown extends Op ? ClientResult : OperationResult<Op>;

/**
 * A runtime without middleware methods (what a core holds, core.ts): middleware is attached only
 * when asked, so a bundle that never adds any does not carry it.
 */
export interface CoreRuntime {
  /**
   * Performs one operation.
   *
   * Resolves with `{ data, error, status, ok, response, rateLimit }`: `data` is the parsed body
   * of a 2XX response; `error` is defined on every other (the parsed JSON body, else an
   * `UnexpectedResponseBody`). Once the retries are spent (or when a `Retry-After` is longer
   * than `maxRetryAfterMs`), the last 429 or 5xx response is returned as such a result, not
   * thrown (unless `throwOnError`: then an `ApiError`). All calls of a client share one
   * rate-limit state (see `RateLimitScheduler`), so the key is not pushed toward a ban.
   * Rejects with a `RequestFailedError` (the `fetch` error as `cause`) when `fetch` throws on the
   * last attempt, with a `TimeoutError` `DOMException` when the last attempt timed out, with
   * `signal.reason` at once when the signal aborts (also during a wait), when a path parameter
   * is missing, when a 2XX JSON body does not parse, or with what `validateResponse`, a
   * middleware hook or a credential function throws, and with a `MissingCredentialsError` (nothing
   * sent) when the client's credentials meet none of the operation's security requirements.
   *
   * @param op the operation's descriptor (generated)
   * @param init parameters, body, signal and extra headers
   * @typeParam Op the openapi-typescript `operations[...]` type, to type `init` and the result
   */
  call<Op = unknown>(
    op: ClientOperationDescriptor,
    init?: CallRequest<Op>,
  ): Promise<CallResult<Op>>;
  /** Who the client is: the origin and a credential fingerprint (never a secret). */
  readonly identity?: ClientIdentity;
  /**
   * The middleware list, attaching `attach`'s middleware first if none is (middleware-send.ts's
   * `attachMiddleware`; the runtime keeps the first it is given).
   */
  middleware(attach: (ctx: ClientContext) => AttachedMiddleware): MiddlewareStack;
}

/** The runtime a generated client delegates to: a {@link CoreRuntime} with `use` and `eject`. */
export interface ClientRuntime extends CoreRuntime, ClientMiddlewareApi {}

/**
 * Creates the runtime a generated client delegates to.
 *
 * @param options the client's options (base URL, API key, fetch, retry, timeout, …)
 * @param apiKey where the spec's `apiKey` security scheme puts the key; secured operations
 *   (`op.secured`) get `options.apiKey` there
 */
export function createClientRuntime(
  options: ClientOptions,
  apiKey?: ApiKeyLocation,
): ClientRuntime {
  return createClientRuntimeWith(options, apiKey, ALL_CODECS);
}

/**
 * {@link createClientRuntime} with only the optional serializers given (a generated client passes
 * those its spec needs, so a bundler drops the others).
 *
 * @param codecs the serializers of styled queries, non-JSON bodies and cookie parameters, when
 *   the spec has them
 * @param security the spec's security schemes (`SECURITY_SCHEMES`); by default the lone `apiKey`
 * A call that needs a serializer `codecs` lacks rejects, naming it, and sends nothing.
 */
export function createClientRuntimeWith(
  options: ClientOptions,
  apiKey: ApiKeyLocation | undefined,
  codecs: ClientCodecs,
  security: ClientSecurity = legacySecurity(apiKey),
): ClientRuntime {
  return withMiddlewareMethods(
    createRuntimeWithFeatures(options, security, { codecs, observe: createObserver }),
  );
}

/** A runtime with `use` and `eject` (they attach middleware-send.ts to it). */
export function withMiddlewareMethods(runtime: CoreRuntime): ClientRuntime {
  return {
    ...runtime,
    use: (...list) => runtime.middleware(attachMiddleware).use(...list),
    eject: (...list) => runtime.middleware(attachMiddleware).eject(...list),
  };
}

/**
 * What a runtime can do beyond its core, each a module a bundler keeps only when it is passed
 * here (or referenced from an operation's descriptor: `op.codecs`).
 */
export interface RuntimeFeatures {
  /** Serializers for every operation (an operation's own `codecs` come first). */
  readonly codecs: ClientCodecs;
  /**
   * `onRetry`, `onRateLimitWait`, `logger` (observe.ts). Without it, a client given one of those
   * options throws a `TypeError` naming it (it would otherwise be ignored in silence).
   */
  readonly observe?: typeof createObserver;
}

/**
 * The runtime with only the features given: {@link createClientRuntimeWith} passes all of them;
 * the core of the per-operation functions (core.ts) passes none, so that a bundle calling one
 * operation holds only what that operation's descriptor references.
 */
export function createRuntimeWithFeatures(
  options: ClientOptions,
  security: ClientSecurity,
  features: RuntimeFeatures,
): CoreRuntime {
  const codecs = features.codecs;
  const resolved = resolveBaseUrl(options.baseUrl);
  const baseUrl = resolved.url.replace(/\/+$/, "");
  const policy = resolveRetryPolicy(options.retry);
  const now = options.now ?? ((): number => Date.now());
  const identity = clientIdentityOf(options, security);
  const maxConcurrent = options.maxConcurrent ?? DEFAULT_MAX_CONCURRENT;
  const schedulerOptions = {
    now,
    maxWaitMs: policy.maxRetryAfterMs,
    maxConcurrent,
    budget: options.throttle !== false,
    probeFirst: options.rateLimitLowWater !== 0,
    lowWater:
      options.rateLimitLowWater ??
      (Number.isFinite(maxConcurrent) ? LOW_WATER_FACTOR * maxConcurrent : 0),
  };
  const state = options.rateLimitState ?? "shared";
  const names = credentialNames(security);
  const observer = observerOf(options, names, features.observe);
  const ctx: ClientContext = {
    baseUrl,
    fetch: options.fetch,
    policy,
    random: options.random ?? Math.random,
    now,
    scheduler:
      state === "shared"
        ? sharedScheduler(identity, schedulerOptions, options.now, options.fetch)
        : state === "own"
          ? new RateLimitScheduler(schedulerOptions)
          : state,
    deprecations: new DeprecationTracker(options.onDeprecation ?? warnDeprecation),
    timeoutMs: options.timeoutMs,
    deadlineMs: options.deadlineMs,
    throwOnError: options.throwOnError === true,
    validateResponse: options.validateResponse,
    crossOriginRedirect: options.crossOriginRedirect ?? "stop",
    followRedirects: options.followRedirects !== false,
    credentialNames: names,
    observer,
    telemetry: options.telemetry?.bind(names, observer),
    readStream: codecs.streams,
  };

  const baseHeaders: Record<string, string> = {};
  if (options.headers !== undefined) {
    for (const name in options.headers) baseHeaders[name.toLowerCase()] = options.headers[name]!;
  }
  // the `apiKey` shorthand fills the spec's API-key scheme, unless `auth` names it
  const key = options.apiKey;
  const credentials = withApiKey(
    options,
    security.apiKeyScheme,
    typeof key === "function" ? () => resolveApiKey(key) : key,
  );
  const missingAuth = options.missingAuth ?? "reject";
  // operations with the same fixed credentials share one headers object
  const authHeaders = new Map<string, Record<string, string>>();
  const headersWith = (extra: Readonly<Record<string, string>>): Record<string, string> => {
    const names = Object.keys(extra);
    if (names.length === 0) return baseHeaders;
    const id = JSON.stringify(extra);
    let headers = authHeaders.get(id);
    if (headers === undefined) {
      headers = { ...baseHeaders };
      for (const name of names) {
        const value = extra[name]!;
        headers[name] =
          name === "cookie" && headers[name] !== undefined ? `${headers[name]}; ${value}` : value;
      }
      authHeaders.set(id, headers);
    }
    return headers;
  };

  const compiled = new WeakMap<ClientOperationDescriptor, CompiledOperation>();
  const compile = (
    op: ClientOperationDescriptor,
    transforms?: ClientOperationTransforms,
  ): CompiledOperation => {
    // the operation's own serializers (a per-operation descriptor), else the client's
    const own = op.codecs;
    const codec = <K extends keyof ClientCodecs>(name: K): ClientCodecs[K] =>
      own?.[name] ?? codecs[name];
    // the codec, else a thrower naming it (the call rejects, nothing sent)
    const need = <K extends keyof ClientCodecs>(name: K, what: string) =>
      codec(name) ?? missingCodec(op, what);
    const keyHeader = op.idempotencyKeyHeader?.toLowerCase();
    const styles = op.queryStyles;
    // the optional modules this operation needs (route keys, JSON parameters, idempotency keys)
    const keys: RouteKeys = op.path.includes("#")
      ? need("routeKeys", "route keys")(op.path, op.routeHeaders)
      : { path: op.path, headers: NO_HEADERS, fixedHeaders: [] };
    const [path, literalQuery] = splitLiteralQuery(keys.path);
    const auth = operationAuth(
      withRequirements(op, security),
      security,
      credentials,
      missingAuth,
      need("basicAuth", "basic credentials"),
      codec("httpAuth"),
    );
    const accept = baseHeaders.accept === undefined ? acceptHeader(op.successMedia) : undefined;
    const result: CompiledOperation = {
      method: op.method.toUpperCase(),
      retrySafe: isIdempotentMethod(op.method) || keyHeader !== undefined,
      head: op.method === "head",
      pathParts: compilePath(path),
      staticUrl: baseUrl + path,
      literalQuery,
      ...(keys.query === undefined ? {} : { routeQuery: keys.query }),
      ...(keys.fixedHeaders.length > 0 ? { fixedHeaders: keys.fixedHeaders } : {}),
      stylePath: need("styledPath", "styled path"),
      serializeQuery:
        styles === undefined
          ? need("query", "query parameter")
          : (query) => need("styledQuery", "styled query")(query, styles),
      setHeaders: need("headerParams", "header parameter"),
      setCookies: need("cookies", "cookie parameter"),
      writeBody: need("body", "request body"),
      otherBody: codec("otherBody"),
      headers: headersWith({
        // what the client reads, unless the client's `headers` say otherwise
        ...(accept === undefined ? {} : { accept }),
        ...(auth.kind === "static" ? { ...keys.headers, ...auth.applied.headers } : keys.headers),
      }),
      apiKeyQuery: auth.kind === "static" ? auth.applied.query : "",
      auth,
      idempotencyKeyHeader: keyHeader,
      newKey: keyHeader === undefined ? undefined : need("idempotencyKey", "idempotency key"),
      jsonText:
        op.jsonParameters === undefined ? sameValues : need("jsonParameters", "JSON parameter"),
      readStream: codec("streams"),
      ...(transforms === undefined ? {} : { json: transforms.codec }),
    };
    compiled.set(op, result);
    return result;
  };

  const relative = resolved.error;
  // the option `transforms`: its codec is loaded on the first call, once (client-transforms.ts)
  const loadTransforms = codecs.transforms;
  let transforms: Promise<ClientTransformsOf> | undefined;
  const transformsOf =
    loadTransforms === undefined ? undefined : () => (transforms ??= loadTransforms());
  const send = (
    op: ClientOperationDescriptor,
    init: CallInit | undefined,
    own?: ClientOperationTransforms,
  ): Promise<ClientResult> => {
    let c = compiled.get(op);
    if (c === undefined) {
      try {
        c = compile(op, own);
      } catch (error) {
        // e.g. a codec the runtime lacks for fixed basic credentials: a rejection, nothing sent
        return Promise.reject(error);
      }
    }
    return callOperation(ctx, c, op, init);
  };
  const call = (op: ClientOperationDescriptor, init?: CallInit): Promise<ClientResult> => {
    if (relative !== undefined) return Promise.reject(relative);
    if (transformsOf === undefined) return send(op, init);
    return transformsOf().then((of) => {
      const own = of(op);
      return send(op, own.request(init), own);
    });
  };

  return {
    identity,
    call: call as CoreRuntime["call"],
    middleware: (attach) => (ctx.middleware ??= attach(ctx)).stack,
  };
}

/**
 * The base URL as every call uses it: absolute as given; a relative one (`/api/v1`) resolved
 * against `location` in a browser (with or without middleware alike); elsewhere (Node.js, where
 * `fetch` cannot resolve it) an error every call rejects with, before anything is sent. Not
 * thrown here: a module that creates the client during server-side rendering and calls it only in
 * the browser still loads.
 */
export function resolveBaseUrl(baseUrl: string): { url: string; error?: TypeError } {
  if (/^[a-z][a-z\d+.-]*:/i.test(baseUrl)) return { url: baseUrl };
  const base = (globalThis as { location?: { href?: unknown } }).location?.href;
  if (typeof base === "string") {
    try {
      return { url: new URL(baseUrl, base).href };
    } catch {
      // not resolvable either: the error below
    }
  }
  return {
    url: baseUrl,
    error: new TypeError(
      `The client's baseUrl "${baseUrl}" is relative, and there is no page location to resolve it ` +
        'against here: give an absolute URL (e.g. "https://api.example.com/v1") outside a browser',
    ),
  };
}

const NO_HEADERS: Readonly<Record<string, string>> = Object.freeze({});

/** `jsonText` of an operation without JSON parameters: the values as given. */
function sameValues<T>(values: T): T {
  return values;
}

/** The observability options, which need observe.ts (not in the per-operation core). */
const OBSERVED = ["onRetry", "onRateLimitWait", "logger"] as const;

/** The client's observer (`undefined` without the options); a `TypeError` without the feature. */
function observerOf(
  options: ClientOptions,
  names: CredentialNames,
  observe: typeof createObserver | undefined,
): Observer | undefined {
  if (observe !== undefined) return observe(options, names);
  const given = OBSERVED.find((name) => options[name] !== undefined);
  if (given !== undefined)
    throw new TypeError(
      `The client option "${given}" needs the full client: create it with the generated ` +
        "create…Client (its object works with the per-operation functions too), not create…Core",
    );
  return undefined;
}

/**
 * Where a client made by `bindOperations` (and a core, core.ts) keeps its runtime, so that the
 * per-operation functions can call through either (a symbol: an operation method can never be
 * named so). `Symbol.for`, so two copies of the runtime agree.
 */
export const CLIENT_RUNTIME: unique symbol = Symbol.for(
  "openapi-contract-toolchain.client-runtime",
);

/** An untyped operation method, as {@link bindOperations} creates them. */
export type UntypedOperationMethod = (init?: CallInit) => Promise<ClientResult>;

/**
 * Creates one method per descriptor of a table, each calling `runtime.call` with its descriptor,
 * plus the client's `use` and `eject` (middleware).
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
): Record<K, UntypedOperationMethod> & ClientMiddlewareApi {
  const methods = {} as Record<string, UntypedOperationMethod> & ClientMiddlewareApi;
  for (const name of Object.keys(table) as K[]) {
    if (name === "use" || name === "eject") {
      throw new Error(
        `An operation method may not be named "${name}": it is the client's middleware method`,
      );
    }
    const op = table[name];
    const method = (init?: CallInit): Promise<ClientResult> => runtime.call(op, init);
    // a paginated operation's method also pages: `pages()` and `items()` (paginate.ts)
    methods[name] =
      op.pagination === undefined ? method : withPages(method, op.operationId, op.pagination);
  }
  methods.use = runtime.use;
  methods.eject = runtime.eject;
  // a symbol: `Object.keys` and JSON show the methods only, a spread or rest keeps it
  if (runtime.identity !== undefined)
    Object.defineProperty(methods, CLIENT_IDENTITY, { value: runtime.identity, enumerable: true });
  Object.defineProperty(methods, CLIENT_RUNTIME, { value: runtime, enumerable: true });
  return methods as Record<K, UntypedOperationMethod> & ClientMiddlewareApi;
}
