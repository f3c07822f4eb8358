// Runtime template of the pet store contract toolchain: copied verbatim into generated/runtime/. Edit it in templates/, never in generated/.
/**
 * The spec-driven web request handler: `(request: Request) => Promise<Response>`.
 *
 * A pipeline of stages (core/stages/, run by runner.ts), built once from the options: a feature
 * that is off is not in the list. Per request, in this order:
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
import { createSecurityGate } from "./auth-gate.js";
import { DEFAULT_MAX_BODY_BYTES } from "./body.js";
import { clientRateId } from "./client-address.js";
import { createCorsStage } from "./cors.js";
import type { ApiDescriptor } from "./descriptor.js";
import { ConfigurationError } from "./errors.js";
import { answerFailure } from "./failure.js";
import type { Handler, HandlerMap, ServerOptions } from "./handler-api.js";
import { stripBodyForHead } from "./head.js";
import { createIdempotencyStage } from "./idempotency.js";
import { declaresHeader, prepareOperations } from "./operation-table.js";
import { resolveRateLimitPlans } from "./rate-limit-plans.js";
import { RequestContext } from "./request-context.js";
import { WebRequestSource, type RequestSource } from "./request-source.js";
import { DEFAULT_MAX_URL_LENGTH } from "./request-target.js";
import { createResponder, defaultOnError, normalizeBasePath, type Responder } from "./responder.js";
import { createRouter } from "./router.js";
import {
  RAW_REQUEST_HANDLER,
  toWebResponse,
  TRANSPORT_REJECTION,
  type RuntimeRequestHandler,
  type RuntimeResponse,
} from "./runtime-response.js";
import { createSunsetGate } from "./sunset.js";
import type { TransportRejectionContext } from "./transport-rejection.js";
import { createMemoryRateLimitStore } from "../stores/rate-limiter.js";
import { createAuthenticateStage } from "./stages/authenticate.js";
import { createAuthorizeStage } from "./stages/authorize.js";
import { createBodyStage } from "./stages/body.js";
import { createCorsPreflightStage } from "./stages/cors-preflight.js";
import { createHandlerStage } from "./stages/handler.js";
import { createHeaderRuleStage } from "./stages/header-rule.js";
import { createOnRequestStage } from "./stages/on-request.js";
import { createResponseHook } from "./stages/on-response.js";
import { createIdempotentReplayStage } from "./stages/idempotent-replay.js";
import { createImplementedStage } from "./stages/implemented.js";
import { createLifecycleStage } from "./stages/lifecycle.js";
import { createParametersStage } from "./stages/parameters.js";
import { createRateLimitStage } from "./stages/rate-limit.js";
import { createRouteStage } from "./stages/route.js";
import { isPromiseLike, Pipeline, type Answer, type Stage } from "./stages/runner.js";
import { createSerializeStage } from "./stages/serialize.js";
import { splitTarget } from "./stages/split-target.js";
import { createValidateResponseStage } from "./stages/validate-response.js";
import type { ServerTransforms } from "./stages/transforms.js";

const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

/** The `responseHeaders` option, lower-cased; a clear error for a name that cannot be a header. */
function checkHeaderNames(names: readonly string[]): ReadonlySet<string> {
  if (!Array.isArray(names)) throw new Error("responseHeaders must be a list of header names");
  for (const name of names) {
    if (typeof name !== "string" || !HEADER_NAME.test(name)) {
      throw new Error(
        `responseHeaders: ${JSON.stringify(name)} is not a header name (an RFC 9110 token such as X-Request-Id)`,
      );
    }
  }
  return new Set(names.map((name) => name.toLowerCase()));
}

function untapped<X>(_kind: string, stage: X): X {
  return stage;
}

function wholeNumber(name: string, value: number, min: number): number {
  if (!Number.isSafeInteger(value) || value < min) {
    throw new Error(`${name} must be a whole number ≥ ${min} (got ${String(value)})`);
  }
  return value;
}

/**
 * @param transformSupport what the option `transforms` needs (stages/transforms.ts and the loader
 *   of the generated transforms.ts); `null` when no field of the spec is transformed
 */
export function createRuntimeRequestHandler<C = unknown>(
  api: ApiDescriptor,
  handlers: HandlerMap<C>,
  options: ServerOptions<C> = {},
  transformSupport?: ServerTransforms | null,
): RuntimeRequestHandler {
  const router = createRouter(prepareOperations(api), declaresHeader, api.readers?.routeKeys);
  const handlerFor = new Map<string, Handler<C>>();
  for (const operation of api.operations) {
    // By the generated name (`handlerName`); the raw operationId too, for hand-written maps.
    const handler =
      handlers[operation.handlerName ?? operation.operationId] ?? handlers[operation.operationId];
    if (typeof handler === "function") handlerFor.set(operation.operationId, handler);
  }
  const maxBodyBytes = wholeNumber(
    "maxBodyBytes",
    options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES,
    0,
  );
  const maxUrlLength = wholeNumber(
    "maxUrlLength",
    options.maxUrlLength ?? DEFAULT_MAX_URL_LENGTH,
    1,
  );
  const telemetry = options.telemetry?.bind(api, normalizeBasePath(options.basePath));
  const responder = createResponder(
    api,
    router,
    telemetry === undefined
      ? options
      : { ...options, onError: telemetry.onError(options.onError ?? defaultOnError) },
  );
  // Which stages' outcomes are span events (a build-time step: none without telemetry).
  const tap = telemetry === undefined ? untapped : telemetry.tap;
  const { now, basePath } = responder;
  const security = createSecurityGate<C>(api, options.authenticate);
  const cors = createCorsStage(api, options.cors);
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

  if (options.transforms !== undefined && transformSupport === undefined) {
    throw new Error(
      "The option transforms needs the transform plans of the spec: create the handler with the generated createRequestHandler",
    );
  }
  const transforms =
    options.transforms === undefined || !transformSupport // null: nothing to transform
      ? undefined
      : transformSupport.stages<C>(api, options.transforms, transformSupport.load);

  const allowedHeaders = checkHeaderNames(options.responseHeaders ?? []);
  const onResponse =
    options.onResponse === undefined
      ? undefined
      : createResponseHook<C>(responder, options.onResponse, allowedHeaders);

  // The pipeline, in the order a request meets it (docs/architecture.md has the table).
  const stages: Stage<RequestContext<C>>[] = [splitTarget<C>];
  if (cors !== undefined) stages.push(createCorsPreflightStage<C>(responder, cors));
  if (security.active) stages.push(createAuthenticateStage(security, store !== undefined));
  if (plans !== undefined && store !== undefined) {
    stages.push(tap("rate-limit", createRateLimitStage<C>(responder, plans, store)));
  }
  stages.push(createRouteStage<C>(responder, maxUrlLength));
  if (options.onRequest !== undefined)
    stages.push(createOnRequestStage<C>(responder, options.onRequest));
  if (security.active || api.operations.some((operation) => operation.secured)) {
    stages.push(createAuthorizeStage<C>(responder, security));
  }
  stages.push(createLifecycleStage<C>(responder, sunset));
  if (transforms !== undefined) stages.push(transforms.capture);
  stages.push(tap("parameters", createParametersStage<C>(responder)));
  stages.push(createBodyStage<C>(maxBodyBytes, idempotency !== undefined));
  if (transforms !== undefined) stages.push(transforms.decode);
  stages.push(createImplementedStage<C>(responder, handlerFor));
  if (idempotency !== undefined) {
    stages.push(tap("idempotent-replay", createIdempotentReplayStage<C>(responder, idempotency)));
  }
  stages.push(createHandlerStage<C>(responder, handlers));
  if (transforms !== undefined) stages.push(transforms.encode);
  if (options.responseHeaders !== undefined) {
    stages.push(
      createHeaderRuleStage<C>(responder, allowedHeaders, options.validateResponses === true),
    );
  }
  if (options.validateResponses === true) {
    stages.push(tap("validate-response", createValidateResponseStage<C>(responder)));
  }
  stages.push(createSerializeStage<C>(responder));

  const pipeline = new Pipeline(stages);
  const fail =
    telemetry === undefined
      ? answerFailure
      : (at: Responder, error: unknown, context: RequestContext<C>) => {
          telemetry.failure(error, context);
          return answerFailure(at, error, context);
        };

  /** One request through the stages; whatever one throws or rejects with is answered here. */
  function handle(context: RequestContext<C>): Answer {
    try {
      const response = pipeline.run(context);
      return isPromiseLike(response)
        ? response.then(undefined, (error: unknown) => fail(responder, error, context))
        : response;
    } catch (error) {
      return fail(responder, error, context);
    }
  }

  /**
   * Final steps of every answer: `onResponse`, the CORS headers, no body for HEAD (no extra
   * step without any of them).
   */
  function serve(source: RequestSource): Answer {
    return answer(new RequestContext<C>(source));
  }

  function answer(context: RequestContext<C>): Answer {
    const response = handle(context);
    if (onResponse === undefined && cors === undefined && context.source.method !== "HEAD") {
      return response;
    }
    return isPromiseLike(response)
      ? response.then((done) => decorate(context, done))
      : decorate(context, response);
  }

  function decorate(context: RequestContext<C>, response: RuntimeResponse): RuntimeResponse {
    const { source } = context;
    if (onResponse !== undefined) onResponse(context, response);
    if (cors !== undefined) cors.decorate(response.headers, source.header("origin"));
    return source.method === "HEAD" ? stripBodyForHead(response) : response;
  }

  /** What answers requests node's parser refused (the Node adapter: transport-rejection.ts). */
  const rejectTransport: TransportRejectionContext = {
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
      const routePath = responder.stripBasePath(pathname);
      return routePath === undefined ? [] : router.allowed(routePath);
    },
    routeOf: responder.routeOf,
    errorResponse: responder.errorResponse,
  };

  // With telemetry, each request runs in its span (telemetry.ts); without, nothing of it runs.
  const entry =
    telemetry === undefined ? serve : (source: RequestSource) => telemetry.serve(source, answer);
  const webHandler = async (request: Request): Promise<Response> =>
    toWebResponse(await entry(new WebRequestSource(request, options.clientAddress)));
  return Object.assign(webHandler, {
    [RAW_REQUEST_HANDLER]: entry,
    [TRANSPORT_REJECTION]: rejectTransport,
  });
}
