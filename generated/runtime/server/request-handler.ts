// Runtime template of the pet store contract toolchain: copied verbatim into generated/runtime/. Edit it in templates/, never in generated/.
/**
 * The spec-driven web request handler: `(request: Request) => Promise<Response>`.
 *
 * Per request, in this order:
 * 0. with the `cors` option, a CORS preflight to a known path is answered (cors.ts);
 * 1. the credentials the request carries for the spec's security schemes are read and handed to
 *    `authenticate` (auth-gate.ts);
 * 2. rate limiting (when the spec has `x-rate-limits`): a limited or banned key gets a 429 at once;
 * 3. a request target over `maxUrlLength` → 414; routing (`basePath` stripped first): 404
 *    `not_found`, 405 `method_not_allowed` + `Allow` (`HEAD` is served by the `GET` operation),
 *    501 `not_implemented` for a method no operation can have on an unknown path
 *    (request-target.ts);
 * 4. an operation whose security requirements the request does not meet: 401 `unauthorized` +
 *    `WWW-Authenticate`, or 403 `forbidden` for missing OAuth 2 scopes; an operation past its
 *    `x-sunset` date: 410 `gone` (sunset.ts);
 * 5. parameters (coerced and validated), then the body (413/415/400): 400 `validation_failed`;
 * 6. the handler: a thrown `NotImplementedError` or a missing handler → 501 `not_implemented`; any
 *    other throw → 500 `internal` with a generic message, reported through `onError`. With an
 *    `Idempotency-Key` on an operation that declares it, the idempotency stage (idempotency.ts)
 *    runs the handler once per key and replays its answer. A store that cannot answer and fails
 *    closed (`StoreUnavailableError`, any step) → 503 `service_unavailable` with `Retry-After`;
 * 7. with `validateResponses`, an undeclared status or a body that breaks the spec → 500 and a
 *    log line through `onError` naming the operation, the status and the rule;
 * 8. the body is serialized (JSON unless the declared media type says otherwise; none for
 *    204/304); every response carries `X-RateLimit-*` (when rate limiting is on, i.e. from step 2
 *    on), and every response of a deprecated operation `Deprecation`/`Sunset` (a 429 answered
 *    before routing is routed just for that); with `cors`, the CORS headers; a `HEAD` response
 *    loses its body but keeps the `Content-Length` the `GET` would have.
 *
 * Authenticated requests are rate limited per caller (the SHA-256 of `AuthResult.id`, or of the
 * API key or credentials, never the secret itself). Requests without credentials or with unknown ones are rate limited on the first plan per client address
 * (client-address.ts), so that invented keys share one counter; without a known address they
 * share one `anonymous` id.
 *
 * Requests that node's parser refuses before any handler runs are answered through
 * {@link TRANSPORT_REJECTION} (node-rejections.ts, transport-rejection.ts), counted against the
 * client address.
 */
import type { CredentialSource } from "./auth-credentials.js";
import { createSecurityGate, type Identity } from "./auth-gate.js";
import { DEFAULT_MAX_BODY_BYTES, readOperationBody } from "./body.js";
import { clientRateId } from "./client-address.js";
import { createCorsStage } from "./cors.js";
import type { ApiDescriptor } from "./descriptor.js";
import { binaryMediaType } from "./binary-response.js";
import { createErrorFormat } from "./error-format.js";
import {
  ConfigurationError,
  ContractViolationError,
  NotImplementedError,
  RequestError,
  StoreUnavailableError,
  type RuntimeErrorCode,
} from "./errors.js";
import {
  BodyCapturingSource,
  createIdempotencyStage,
  IDEMPOTENCY_KEY_HEADER,
} from "./idempotency.js";
import type {
  ErrorContext,
  Handler,
  HandlerMap,
  HandlerRequest,
  HandlerResponse,
  ServerOptions,
} from "./handler-api.js";
import {
  collectParameters,
  noParameters,
  prepareOperation,
  type ParameterValues,
  type PreparedOperation,
} from "./operation-table.js";
import { resolveRateLimitPlans } from "./rate-limit-plans.js";
import {
  createMemoryRateLimitStore,
  type RateLimitOutcome,
  type RateLimits,
} from "./rate-limiter.js";
import { WebRequestSource, type RequestSource } from "./request-source.js";
import {
  DEFAULT_MAX_URL_LENGTH,
  isImplementedMethod,
  targetTooLongMessage,
  unimplementedMethodMessage,
} from "./request-target.js";
import { createRouter } from "./router.js";
import { createSunsetGate } from "./sunset.js";
import {
  findResponseDescriptor,
  mergeHandlerHeaders,
  RAW_REQUEST_HANDLER,
  serializeBody,
  toWebResponse,
  TRANSPORT_REJECTION,
  type ResponseHeaders,
  type RuntimeRequestHandler,
  type RuntimeResponse,
} from "./runtime-response.js";
import { createTransportRejectionHandler } from "./transport-rejection.js";
import { withBody } from "./request-body-copy.js";
import { stripBodyForHead } from "./head.js";
import { checkResponseHeaders } from "./response-headers.js";
import { validationMessage } from "./validation-message.js";

const JSON_TYPE = "application/json";

function isPromiseLike<T>(value: T | PromiseLike<T>): value is PromiseLike<T> {
  return typeof (value as { then?: unknown } | null)?.then === "function";
}

function defaultOnError(error: unknown, context: ErrorContext): void {
  const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  console.error(`[server] ${context.operationId ?? "-"} (${context.status ?? 500}) ${message}`);
}

function normalizeBasePath(basePath: string | undefined): string {
  if (basePath === undefined || basePath === "" || basePath === "/") return "";
  const withSlash = basePath.startsWith("/") ? basePath : `/${basePath}`;
  return withSlash.endsWith("/") ? withSlash.slice(0, -1) : withSlash;
}

/** What a handler receives; the web `Request` is built only if the handler reads it. */
class RuntimeHandlerRequest<C> implements HandlerRequest<C> {
  readonly operationId: string;
  readonly path: Readonly<Record<string, unknown>>;
  readonly query: Readonly<Record<string, unknown>>;
  readonly header: Readonly<Record<string, unknown>>;
  readonly cookie: Readonly<Record<string, unknown>>;
  readonly body: unknown;
  readonly caller: C | undefined;
  readonly #source: RequestSource;
  #request: Request | undefined;

  constructor(
    operationId: string,
    parameters: ParameterValues,
    body: unknown,
    caller: C | undefined,
    source: RequestSource,
  ) {
    this.operationId = operationId;
    this.path = parameters.path;
    this.query = parameters.query;
    this.header = parameters.header;
    this.cookie = parameters.cookie;
    this.body = body;
    this.caller = caller;
    this.#source = source;
  }

  get request(): Request {
    const source = this.#source;
    return source instanceof BodyCapturingSource
      ? (this.#request ??= withBody(source.toRequest(), source.bytes))
      : source.toRequest();
  }
}

/**
 * What is known of one request so far, filled in step by step: what the later steps read, and
 * what a failure's answer carries (the rate-limit headers, a deprecated operation's headers).
 * It is also where the security gate reads credentials from.
 */
class RequestState<C> implements CredentialSource {
  readonly source: RequestSource;
  /** Where the path starts in `source.url`; the path ("" until split) and the query string. */
  pathStart = 0;
  pathname = "";
  search = "";
  identity: Identity<C> | undefined = undefined;
  rate: RateLimitOutcome | undefined = undefined;
  /** The caller's limits, once known (for a 503 when the store cannot count). */
  callerLimits: RateLimits | undefined = undefined;
  operation: PreparedOperation | undefined = undefined;
  #searchParams: URLSearchParams | undefined = undefined;

  constructor(source: RequestSource) {
    this.source = source;
  }

  /** The query, parsed on first use. */
  searchParams(): URLSearchParams {
    return (this.#searchParams ??= new URLSearchParams(this.search));
  }

  header(name: string): string | null {
    return this.source.header(name);
  }

  query(name: string): string | null {
    return this.searchParams().get(name);
  }
}

/** What the handler of a routed request is called with (step 6). */
interface HandlerCall {
  readonly operation: PreparedOperation;
  readonly parameters: ParameterValues;
  /** Where the handler's `request` reads the body from (a copy of its bytes when one was read). */
  readonly reader: RequestSource;
  readonly capture: BodyCapturingSource | undefined;
  readonly idempotencyKey: string | undefined;
  /** The path without `basePath`. */
  readonly routePath: string | undefined;
}

export function createRuntimeRequestHandler<C = unknown>(
  api: ApiDescriptor,
  handlers: HandlerMap<C>,
  options: ServerOptions<C> = {},
): RuntimeRequestHandler {
  const router = createRouter(api.operations.map(prepareOperation));
  const handlerFor = new Map<string, Handler<C>>();
  for (const operation of api.operations) {
    // By the generated name (`handlerName`); the raw operationId too, for hand-written maps.
    const handler =
      handlers[operation.handlerName ?? operation.operationId] ?? handlers[operation.operationId];
    if (typeof handler === "function") handlerFor.set(operation.operationId, handler);
  }

  const now = options.now ?? Date.now;
  const onError = options.onError ?? defaultOnError;
  const maxBodyBytes = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  if (!Number.isSafeInteger(maxBodyBytes) || maxBodyBytes < 0) {
    throw new Error(`maxBodyBytes must be a whole number ≥ 0 (got ${String(maxBodyBytes)})`);
  }
  const validateResponses = options.validateResponses === true;
  const security = createSecurityGate<C>(api, options.authenticate);
  const basePath = normalizeBasePath(options.basePath);
  const maxUrlLength = options.maxUrlLength ?? DEFAULT_MAX_URL_LENGTH;
  if (!Number.isSafeInteger(maxUrlLength) || maxUrlLength < 1) {
    throw new Error(`maxUrlLength must be a whole number ≥ 1 (got ${String(maxUrlLength)})`);
  }
  const cors = createCorsStage(api, options.cors);
  const clientAddress = options.clientAddress;

  const plans =
    api.rateLimits === undefined
      ? undefined
      : resolveRateLimitPlans(api.rateLimits, options.planLimits);
  const store =
    plans === undefined ? undefined : (options.rateLimitStore ?? createMemoryRateLimitStore());
  const idempotency =
    options.idempotency === false
      ? undefined
      : createIdempotencyStage({ ...options, idempotency: options.idempotency, now });
  const sunset = createSunsetGate(api.operations, {
    now,
    serveAfterSunset: options.serveAfterSunset,
    basePath,
  });

  function report(error: unknown, context: ErrorContext): void {
    try {
      onError(error, context);
    } catch {
      // A failing error hook must not turn one failure into two.
    }
  }
  const formatError = createErrorFormat(api, options.formatError, (error) =>
    report(error, { status: 500 }),
  );

  // Limit and reset change rarely: their strings are kept.
  let lastLimit = -1;
  let lastLimitText = "";
  let lastReset = -1;
  let lastResetText = "";

  function startHeaders(
    rate: RateLimitOutcome | undefined,
    operation: PreparedOperation | undefined,
  ): ResponseHeaders {
    const headers: ResponseHeaders = {};
    if (rate !== undefined) {
      if (rate.limit !== lastLimit) lastLimitText = String((lastLimit = rate.limit));
      if (rate.reset !== lastReset) lastResetText = String((lastReset = rate.reset));
      headers["x-ratelimit-limit"] = lastLimitText;
      headers["x-ratelimit-remaining"] = String(rate.remaining);
      headers["x-ratelimit-reset"] = lastResetText;
    }
    if (operation !== undefined) {
      for (const [name, value] of operation.fixedHeaders) headers[name] = value;
    }
    return headers;
  }

  function errorResponse(
    status: number,
    code: RuntimeErrorCode,
    message: string,
    rate: RateLimitOutcome | undefined,
    operation: PreparedOperation | undefined,
  ): RuntimeResponse {
    const headers = startHeaders(rate, operation);
    const formatted = formatError(status, code, message, operation);
    headers["content-type"] = formatted.contentType;
    return { status, headers, body: formatted.body };
  }

  function internalError(
    error: unknown,
    context: ErrorContext,
    rate: RateLimitOutcome | undefined,
    operation: PreparedOperation | undefined,
  ): RuntimeResponse {
    report(error, context);
    return errorResponse(500, "internal", "Internal server error", rate, operation);
  }

  /** The path to route (`basePath` removed), or undefined when outside `basePath`. */
  function stripBasePath(pathname: string): string | undefined {
    if (basePath === "") return pathname;
    const rest = pathname.length === basePath.length ? "/" : pathname.slice(basePath.length);
    return pathname.startsWith(basePath) && rest.charCodeAt(0) === 47 ? rest : undefined;
  }

  /**
   * The operation a request is for, when known: for answers given before routing (429, 500),
   * which still carry a deprecated operation's `Deprecation`/`Sunset`.
   */
  function routeOf(method: string, pathname: string): PreparedOperation | undefined {
    const routePath = stripBasePath(pathname);
    if (routePath === undefined) return undefined;
    const match = router.match(method, routePath);
    return match.kind === "found" ? match.operation : undefined;
  }

  function notFound(method: string, pathname: string, rate: RateLimitOutcome | undefined) {
    const shown = pathname.length > 200 ? `${pathname.slice(0, 200)}…` : pathname;
    const message = `No operation matches ${method} ${shown}`;
    return errorResponse(404, "not_found", message, rate, undefined);
  }

  /**
   * Serves one request: synchronous until a step needs to wait (an async authenticator or
   * store, a body to read, an async handler), so that a request that waits for nothing costs no
   * promise chain and no suspended frame. Whatever a step throws or rejects with is answered by
   * {@link failure} with what is known of the request at that point.
   */
  function handle(source: RequestSource): RuntimeResponse | Promise<RuntimeResponse> {
    const state = new RequestState<C>(source);
    try {
      const response = start(state);
      return isPromiseLike(response)
        ? Promise.resolve(response).then(undefined, (error: unknown) => failure(error, state))
        : response;
    } catch (error) {
      return failure(error, state);
    }
  }

  /** Steps 0 and 1: the target split, a CORS preflight, the caller. */
  function start(state: RequestState<C>): RuntimeResponse | Promise<RuntimeResponse> {
    const { source } = state;
    // Split the URL without building a URL object.
    const url = source.url;
    let pathStart = 0;
    if (url.charCodeAt(0) !== 47 /* / */) {
      const authority = url.indexOf("//");
      pathStart = url.indexOf("/", authority === -1 ? 0 : authority + 2);
      if (pathStart === -1) pathStart = url.length;
    }
    const questionMark = url.indexOf("?", pathStart);
    const pathname =
      questionMark === -1 ? url.slice(pathStart) : url.slice(pathStart, questionMark);
    state.pathStart = pathStart;
    state.pathname = pathname === "" ? "/" : pathname;
    state.search = questionMark === -1 ? "" : url.slice(questionMark + 1);

    // 0. CORS preflight.
    if (cors !== undefined && source.method === "OPTIONS") {
      const routePath = stripBasePath(state.pathname);
      const preflight =
        routePath === undefined
          ? undefined
          : cors.preflight(source.method, (name) => source.header(name), router.allowed(routePath));
      if (preflight !== undefined) return preflight;
    }

    // 1. Credentials and caller (auth-gate.ts).
    if (!security.active) return limit(state);
    const identity = security.identify(state, store !== undefined);
    if (isPromiseLike(identity)) {
      return identity.then((known) => {
        state.identity = known;
        return limit(state);
      });
    }
    state.identity = identity;
    return limit(state);
  }

  /** Step 2: rate limits. */
  function limit(state: RequestState<C>): RuntimeResponse | Promise<RuntimeResponse> {
    if (plans === undefined || store === undefined) return route(state);
    const { identity } = state;
    const auth = identity?.auth;
    const limits = plans.limitsOf(auth === undefined ? plans.anonymousPlan : auth.plan);
    if (limits instanceof ConfigurationError) {
      const deprecated = routeOf(state.source.method, state.pathname);
      return internalError(limits, { status: 500 }, undefined, deprecated);
    }
    state.callerLimits = limits;
    const rateId = identity?.rateId ?? clientRateId(addressOf(state.source));
    const hit = store.hit(rateId, { now: now(), limits, ban: plans.ban });
    return isPromiseLike(hit)
      ? Promise.resolve(hit).then((rate) => limited(state, rate))
      : limited(state, hit);
  }

  function limited(
    state: RequestState<C>,
    rate: RateLimitOutcome,
  ): RuntimeResponse | Promise<RuntimeResponse> {
    state.rate = rate;
    if (rate.status === "allowed") return route(state);
    const banned = rate.status === "banned";
    const response = errorResponse(
      429,
      banned ? "key_banned" : "rate_limited",
      banned
        ? `API key banned for sending requests while rate limited; retry in ${rate.retryAfter} s`
        : `Rate limit of ${rate.limit} requests per ${rate.window} exceeded; retry in ${rate.retryAfter} s`,
      rate,
      routeOf(state.source.method, state.pathname),
    );
    response.headers["retry-after"] = String(rate.retryAfter);
    return response;
  }

  /** Steps 3 to 5: target length, routing, auth, sunset, parameters, body. */
  function route(state: RequestState<C>): RuntimeResponse | Promise<RuntimeResponse> {
    const { source, rate, identity } = state;
    const method = source.method;
    const tooLong = targetTooLongMessage(source.url.length - state.pathStart, maxUrlLength);
    if (tooLong !== undefined) {
      const deprecated = routeOf(method, state.pathname);
      return errorResponse(414, "uri_too_long", tooLong, rate, deprecated);
    }
    const routePath = stripBasePath(state.pathname);
    const match =
      routePath === undefined ? undefined : router.match(method, routePath, state.search);
    if (match === undefined || match.kind === "not-found") {
      if (!isImplementedMethod(method)) {
        const message = unimplementedMethodMessage(method);
        return errorResponse(501, "not_implemented", message, rate, undefined);
      }
      return notFound(method, routePath ?? state.pathname, rate);
    }
    if (match.kind === "bad-path") {
      return errorResponse(400, "validation_failed", match.message, rate, match.operation);
    }
    if (match.kind === "method-not-allowed") {
      const allow = match.allow.join(", ");
      const message = `Method ${method} is not allowed here; allowed: ${allow}`;
      const response = errorResponse(405, "method_not_allowed", message, rate, undefined);
      response.headers["allow"] = allow;
      return response;
    }
    const operation = match.operation;
    state.operation = operation;

    // 4. Auth.
    const auth = identity?.auth;
    const refusal =
      identity === undefined
        ? undefined
        : security.check(operation.operationId, identity.presented, auth);
    if (refusal !== undefined || (operation.secured && identity === undefined)) {
      const response = errorResponse(
        refusal?.status ?? 401,
        refusal?.code ?? "unauthorized",
        refusal?.message ?? "This operation requires credentials the API does not declare",
        rate,
        operation,
      );
      if (refusal?.challenge !== undefined)
        response.headers["www-authenticate"] = refusal.challenge;
      return response;
    }
    const gone = sunset.check(operation.operationId, match.params);
    if (gone !== undefined) {
      const response = errorResponse(410, "gone", gone.message, rate, operation);
      if (gone.link !== undefined) response.headers["link"] = gone.link;
      return response;
    }

    // 5. Parameters and body.
    let parameters: ParameterValues;
    if (operation.hasParameters) {
      parameters = collectParameters(
        operation,
        source,
        match.params,
        () => state.searchParams(),
        state.search,
        match.rawParams,
      );
      const validate = operation.validateParameters;
      if (!validate(parameters)) {
        const message = validationMessage("", validate.errors);
        return errorResponse(400, "validation_failed", message, rate, operation);
      }
    } else {
      parameters = noParameters(match.params);
    }
    const idempotencyKey =
      idempotency !== undefined && operation.idempotent
        ? source.header(IDEMPOTENCY_KEY_HEADER) || undefined
        : undefined;
    const capture = idempotencyKey === undefined ? undefined : new BodyCapturingSource(source);
    // The bytes are kept so that the handler's `request` can still be read (`formData()`...).
    const reader =
      capture ?? (operation.body === undefined ? source : new BodyCapturingSource(source));
    const call: HandlerCall = { operation, parameters, reader, capture, idempotencyKey, routePath };
    if (operation.body === undefined) return run(state, call, undefined);
    return readOperationBody(reader, operation.body, maxBodyBytes).then((body) =>
      run(state, call, body),
    );
  }

  /** Step 6: the handler, through the idempotency stage when the request carries a key. */
  function run(
    state: RequestState<C>,
    call: HandlerCall,
    body: unknown,
  ): RuntimeResponse | Promise<RuntimeResponse> {
    const { operation, capture, idempotencyKey } = call;
    const { source, rate, identity } = state;
    const handler = handlerFor.get(operation.operationId);
    if (handler === undefined) {
      const message = `Operation ${operation.operationId} is not implemented`;
      return errorResponse(501, "not_implemented", message, rate, operation);
    }
    const request = new RuntimeHandlerRequest<C>(
      operation.operationId,
      call.parameters,
      body,
      identity?.auth?.caller,
      call.reader,
    );
    if (idempotency !== undefined && capture !== undefined && idempotencyKey !== undefined) {
      const context = { operationId: operation.operationId, status: 500 };
      const idempotent = {
        key: idempotencyKey,
        apiKey:
          identity === undefined || identity.presented.count === 0
            ? undefined
            : identity.presented.secret,
        method: source.method,
        path: call.routePath ?? state.pathname,
        query: state.search,
        body: capture.bytes,
        startHeaders: () => startHeaders(rate, operation),
        refuse: (status: number, code: RuntimeErrorCode, message: string) =>
          errorResponse(status, code, message, rate, operation),
        report: (error: unknown) => report(error, context),
      };
      return idempotency.run(idempotent, async () => {
        const pending = handler.call(handlers, request);
        return respond(operation, isPromiseLike(pending) ? await pending : pending, rate);
      });
    }
    const pending = handler.call(handlers, request);
    return isPromiseLike(pending)
      ? Promise.resolve(pending).then((result) => respond(operation, result, rate))
      : respond(operation, pending, rate);
  }

  /** The answer to a step that threw or rejected: a 4XX it asked for, 501, 503 or 500. */
  function failure(error: unknown, state: RequestState<C>): RuntimeResponse {
    const { rate, operation, callerLimits, source } = state;
    if (error instanceof RequestError) {
      const response = errorResponse(error.status, error.code, error.message, rate, operation);
      if (error.headers !== undefined) Object.assign(response.headers, error.headers);
      return response;
    }
    if (error instanceof NotImplementedError) {
      return errorResponse(501, "not_implemented", error.message, rate, operation);
    }
    if (error instanceof StoreUnavailableError) {
      // The counts are unknown while the store is down: the headers say that nothing can
      // succeed before Retry-After (Remaining 0, Reset then), as during a ban.
      const retryAfter = error.retryAfterSeconds;
      const unknown: RateLimitOutcome | undefined =
        rate ??
        (callerLimits === undefined
          ? undefined
          : {
              status: "limited",
              window: "minute",
              limit: callerLimits.perMinute,
              remaining: 0,
              reset: Math.ceil(now() / 1000) + retryAfter,
              retryAfter,
            });
      const message = `Service temporarily unavailable; retry in ${retryAfter} s`;
      const routed =
        operation ?? (state.pathname === "" ? undefined : routeOf(source.method, state.pathname));
      const response = errorResponse(503, "service_unavailable", message, unknown, routed);
      response.headers["retry-after"] = String(retryAfter);
      return response;
    }
    const context =
      operation === undefined
        ? { status: 500 }
        : { operationId: operation.operationId, status: 500 };
    return internalError(error, context, rate, operation);
  }

  /** Steps 7 and 8: check and serialize a handler's response. */
  function respond(
    operation: PreparedOperation,
    result: HandlerResponse,
    rate: RateLimitOutcome | undefined,
  ): RuntimeResponse {
    const operationId = operation.operationId;
    const status = (result as Partial<HandlerResponse> | null | undefined)?.status;
    if (typeof status !== "number" || !Number.isInteger(status) || status < 200 || status > 599) {
      const message = `${operationId} returned no valid response status (got ${String(status)})`;
      const error = new ContractViolationError(operationId, Number(status) || 0, message);
      return internalError(error, { operationId, status: 500 }, rate, operation);
    }
    let declared = operation.responseByStatus.get(status);
    if (declared === undefined) {
      declared = findResponseDescriptor(operation.responses, status) ?? null;
      operation.responseByStatus.set(status, declared);
    }
    const value = status === 204 || status === 304 ? undefined : result.body;
    const binaryType = binaryMediaType(declared, value);

    if (validateResponses) {
      let violation: string | undefined;
      if (declared === null) {
        violation = `${operationId} answered ${status}, a status the spec does not declare for it`;
      } else if (declared.validate !== undefined && binaryType === undefined) {
        if (!declared.validate(value)) {
          const rule = validationMessage("response body", declared.validate.errors);
          violation = `${operationId} answered ${status} with a body that breaks the spec: ${rule}`;
        }
      } else if (value !== undefined && declared.mediaType === undefined) {
        violation = `${operationId} answered ${status} with a body, but the spec declares none for it`;
      }
      if (violation !== undefined) {
        const error = new ContractViolationError(operationId, status, violation);
        return internalError(error, { operationId, status }, rate, operation);
      }
    }

    const headers = startHeaders(rate, operation);
    if (result.headers !== undefined) {
      mergeHandlerHeaders(headers, result.headers, rate !== undefined);
    }
    if (validateResponses && declared?.headers !== undefined) {
      const rule = checkResponseHeaders(declared.headers, headers);
      if (rule !== undefined) {
        const message = `${operationId} answered ${status} with ${rule}`;
        const error = new ContractViolationError(operationId, status, message);
        return internalError(error, { operationId, status }, rate, operation);
      }
    }
    if (value === undefined) return { status, headers, body: null };
    const given = headers["content-type"];
    const contentType =
      typeof given === "string" ? given : (binaryType ?? declared?.mediaType ?? JSON_TYPE);
    headers["content-type"] = contentType;
    return { status, headers, body: serializeBody(value, contentType) };
  }

  function addressOf(source: RequestSource): string | undefined {
    try {
      return source.remoteAddress;
    } catch (error) {
      report(error, { status: 500 });
      return undefined;
    }
  }

  /** Final decoration of every response: CORS headers, no body for HEAD (no extra step without). */
  function serve(source: RequestSource): RuntimeResponse | Promise<RuntimeResponse> {
    const response = handle(source);
    if (cors === undefined && source.method !== "HEAD") return response;
    return isPromiseLike(response)
      ? Promise.resolve(response).then((done) => decorate(source, done))
      : decorate(source, response);
  }

  function decorate(source: RequestSource, response: RuntimeResponse): RuntimeResponse {
    if (cors !== undefined) cors.decorate(response.headers, source.header("origin"));
    return source.method === "HEAD" ? stripBodyForHead(response) : response;
  }

  /** Requests node's parser refused (transport-rejection.ts), counted per client address. */
  const rejectTransport = createTransportRejectionHandler({
    async countAnonymous(remoteAddress) {
      if (plans === undefined || store === undefined) return undefined;
      const limits = plans.limitsOf(plans.anonymousPlan);
      if (limits instanceof ConfigurationError) return undefined;
      try {
        const hit = store.hit(clientRateId(remoteAddress), { now: now(), limits, ban: plans.ban });
        return isPromiseLike(hit) ? await hit : hit;
      } catch {
        return undefined; // The store is down: the rejection is answered without counts.
      }
    },
    allowed(pathname) {
      const routePath = stripBasePath(pathname);
      return routePath === undefined ? [] : router.allowed(routePath);
    },
    routeOf,
    errorResponse,
  });

  const webHandler = async (request: Request): Promise<Response> =>
    toWebResponse(await serve(new WebRequestSource(request, clientAddress)));
  return Object.assign(webHandler, {
    [RAW_REQUEST_HANDLER]: serve,
    [TRANSPORT_REJECTION]: rejectTransport,
  });
}
