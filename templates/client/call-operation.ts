// Runtime template of the pet store contract toolchain: copied verbatim into generated/runtime/. Edit it in templates/, never in generated/.
/**
 * The attempt loop of one call: take a rate-limit slot, send (straight `fetch(url, init)` without
 * middleware, else a `Request` through the middleware), retry as the policy says, read the result.
 */
import { ApiError, redactUrl, RequestFailedError } from "./api-error.js";
import { resolveApiKey, setApiKeyHeader, withQueryKey, type ApiKeyOption } from "./api-key.js";
import {
  buildRequest,
  copyHeaders,
  type BuiltRequest,
  type CallInit,
  type CompiledOperation,
} from "./build-request.js";
import type { ApiKeyLocation, ClientOperationDescriptor } from "./descriptor.js";
import type { DeprecationTracker } from "./deprecation.js";
import {
  runMiddleware,
  type MiddlewareClientOptions,
  type MiddlewareRequestParams,
  type MiddlewareStack,
} from "./middleware.js";
import { parseRetryAfter } from "./rate-limit.js";
import type { RateLimitScheduler } from "./rate-limit-scheduler.js";
import { readResult } from "./read-body.js";
import type { RuntimeResult } from "./result.js";
import { isRetryableServerStatus, retryDelay, sleep, type RetryPolicy } from "./retry.js";
import { abortable, attemptSignal, timeoutError } from "./timeout.js";

/** What `validateResponse` gets: once per final result, after its body was read. */
export interface ResponseValidationContext {
  readonly operationId: string;
  readonly status: number;
  /** `data` of a 2XX result, else `error`. */
  readonly body: unknown;
  readonly response: Response;
}

/** A client's resolved options and shared state, as every call uses them. */
export interface ClientContext {
  readonly baseUrl: string;
  readonly fetch: typeof fetch | undefined;
  readonly policy: RetryPolicy;
  readonly random: () => number;
  readonly scheduler: RateLimitScheduler;
  readonly deprecations: DeprecationTracker;
  readonly middleware: MiddlewareStack;
  readonly middlewareOptions: () => MiddlewareClientOptions;
  readonly timeoutMs: number | undefined;
  readonly throwOnError: boolean;
  readonly validateResponse: ((context: ResponseValidationContext) => void) | undefined;
  readonly now: () => number;
  /** Where the key goes, when the key is a function (a string key is in the compiled headers). */
  readonly apiKeyLocation: ApiKeyLocation | undefined;
  readonly apiKey: ApiKeyOption | undefined;
}

/** Frees a response that will not be read (before a retry). */
function discard(response: Response): void {
  const body = response.body;
  if (body !== null && !body.locked) body.cancel().catch(() => undefined);
}

/** The wait before retrying a retry-safe call after a network error or a timeout. */
function retryAfterFailure(
  ctx: ClientContext,
  method: string,
  attempt: number,
): number | undefined {
  return retryDelay(
    { attempt, method, status: undefined, idempotent: true },
    ctx.policy,
    ctx.random,
  );
}

/** The call's parameters as openapi-fetch passes them to middleware (only the groups given). */
function middlewareParams(init: CallInit | undefined): MiddlewareRequestParams {
  const params: MiddlewareRequestParams = {};
  if (init === undefined) return params;
  if (init.path !== undefined) params.path = init.path;
  if (init.query !== undefined) params.query = init.query;
  if (init.header !== undefined) params.header = init.header;
  if (init.cookie !== undefined) params.cookie = init.cookie;
  return params;
}

function newCallId(): string {
  return Math.random().toString(36).slice(2, 11);
}

/** The request of one attempt: with a function API key, the key is added here. */
async function attemptRequest(
  ctx: ClientContext,
  op: ClientOperationDescriptor,
  url: string,
  headers: Record<string, string>,
): Promise<{ url: string; headers: Record<string, string> }> {
  const option = ctx.apiKey;
  const location = ctx.apiKeyLocation;
  if (typeof option !== "function" || location === undefined || !op.secured)
    return { url, headers };
  const key = await resolveApiKey(option);
  const withKey = copyHeaders(headers);
  setApiKeyHeader(withKey, location, key);
  return { url: withQueryKey(url, location, key), headers: withKey };
}

/** Validates, then throws an `ApiError` for a non-2XX result when asked to. */
function finish(
  ctx: ClientContext,
  op: ClientOperationDescriptor,
  init: CallInit | undefined,
  result: RuntimeResult,
): RuntimeResult {
  if (ctx.validateResponse !== undefined) {
    ctx.validateResponse({
      operationId: op.operationId,
      status: result.status,
      body: result.ok ? result.data : result.error,
      response: result.response,
    });
  }
  if (!result.ok && (init?.throwOnError ?? ctx.throwOnError))
    throw new ApiError(op.operationId, result);
  return result;
}

/** What one attempt gave: a response (`sent: false` when a middleware answered), or a failure. */
type AttemptOutcome =
  | { readonly response: Response; readonly sent: boolean; readonly url: string }
  | {
      readonly response?: undefined;
      readonly error: unknown;
      readonly replaced: boolean;
      readonly url: string;
    };

/** `fetch(url, init)`, its failure returned (raced against the signal when asked to). */
async function fetchOnce(
  fetchImpl: typeof fetch,
  url: string,
  init: RequestInit,
  raceAbort: boolean,
): Promise<AttemptOutcome> {
  try {
    const pending = fetchImpl(url, init);
    return {
      response: await (raceAbort ? abortable(pending, init.signal ?? undefined) : pending),
      sent: true,
      url,
    };
  } catch (error) {
    return { error, replaced: false, url };
  }
}

/**
 * Sends one attempt: straight `fetch(url, init)` without middleware (no `Request` object), else
 * a `Request` through the middleware. A `fetch` failure is returned; what a middleware hook or
 * the `apiKey` function throws is thrown.
 */
async function sendAttempt(
  ctx: ClientContext,
  c: CompiledOperation,
  op: ClientOperationDescriptor,
  init: CallInit | undefined,
  built: BuiltRequest,
  abort: AbortSignal | undefined,
  raceAbort: boolean,
  id: string,
): Promise<AttemptOutcome> {
  const { url, headers } = await attemptRequest(ctx, op, built.url, built.headers);
  const fetchImpl = ctx.fetch ?? globalThis.fetch;
  const requestInit: RequestInit = { method: c.method, headers, body: built.body, signal: abort };
  const middleware = ctx.middleware.list;
  if (middleware.length === 0) return fetchOnce(fetchImpl, url, requestInit, raceAbort);
  if (built.body instanceof ReadableStream) (requestInit as { duplex?: string }).duplex = "half";
  const outcome = await runMiddleware(
    middleware,
    { schemaPath: op.path, params: middlewareParams(init), id, options: ctx.middlewareOptions() },
    new Request(url, requestInit),
    (request) => abortable(fetchImpl(request), abort),
  );
  return outcome.response === undefined
    ? { error: outcome.error, replaced: outcome.replaced, url }
    : { response: outcome.response, sent: outcome.sent, url };
}

/**
 * Performs one call (see `ClientRuntime.call` for the contract).
 */
export async function callOperation(
  ctx: ClientContext,
  c: CompiledOperation,
  op: ClientOperationDescriptor,
  init: CallInit | undefined,
): Promise<RuntimeResult> {
  if (op.deprecated !== undefined) ctx.deprecations.onCall(op);
  const built = buildRequest(ctx.baseUrl, c, op, init);
  const signal = init?.signal;
  const timeoutMs = init?.timeoutMs ?? ctx.timeoutMs;
  const policy = ctx.policy;
  const retrySafe = c.retrySafe && built.replayable;
  const scheduler = ctx.scheduler;
  const fetchImpl = ctx.fetch ?? globalThis.fetch;
  let id: string | undefined; // the call's id for middleware, made on first use

  for (let attempt = 0; ; attempt++) {
    // a custom fetch may ignore the signal: never send once it has aborted
    if (signal !== undefined && signal.aborted) throw signal.reason;
    const held = scheduler.acquire(signal);
    if (held !== undefined) {
      const replayed = await held;
      // held beyond maxRetryAfterMs: the server's last 429, without a request
      if (replayed !== undefined)
        return finish(ctx, op, init, await readResult(replayed, c.head, op));
    }
    const timer = timeoutMs === undefined ? undefined : attemptSignal(signal, timeoutMs);
    const abort = timer === undefined ? signal : timer.signal;
    let outcome: AttemptOutcome;
    if (typeof ctx.apiKey !== "function" && ctx.middleware.list.length === 0) {
      // the fast path: a straight fetch(url, init), inline
      try {
        const pending = fetchImpl(built.url, {
          method: c.method,
          headers: built.headers,
          body: built.body,
          signal: abort,
        });
        outcome = {
          response: await (timer === undefined ? pending : abortable(pending, abort)),
          sent: true,
          url: built.url,
        };
      } catch (error) {
        outcome = { error, replaced: false, url: built.url };
      }
    } else {
      try {
        outcome = await sendAttempt(
          ctx,
          c,
          op,
          init,
          built,
          abort,
          timer !== undefined,
          (id ??= newCallId()),
        );
      } catch (error) {
        // a middleware hook or the apiKey function threw
        scheduler.release();
        timer?.dispose();
        throw error;
      }
    }
    const response = outcome.response;
    if (response === undefined) {
      scheduler.release();
      timer?.dispose();
      if (signal !== undefined && signal.aborted) throw signal.reason; // the caller's abort: at once
      const delay = retrySafe ? retryAfterFailure(ctx, c.method, attempt) : undefined;
      if (delay !== undefined) {
        await sleep(delay, signal);
        continue;
      }
      if (outcome.replaced) throw outcome.error; // a middleware's own error, as is
      if (timer?.timedOut === true)
        throw timeoutError(timeoutMs!, `${op.operationId} (${c.method} ${redactUrl(built.url)})`);
      throw new RequestFailedError(
        op.operationId,
        c.method,
        outcome.url,
        attempt + 1,
        outcome.error,
      );
    }
    scheduler.release(outcome.sent ? response : undefined);
    const headers = response.headers;
    if (!ctx.deprecations.hasReported(op.operationId)) ctx.deprecations.onResponse(op, headers);
    const status = response.status;
    if ((status === 429 || (retrySafe && isRetryableServerStatus(status))) && built.replayable) {
      const retryAfterMs = parseRetryAfter(headers.get("retry-after"), ctx.now());
      const delay = retryDelay(
        { attempt, method: c.method, status, retryAfterMs, idempotent: retrySafe },
        policy,
        ctx.random,
      );
      if (delay !== undefined) {
        timer?.dispose();
        discard(response);
        await sleep(delay, signal);
        continue;
      }
    }
    if (timer === undefined) return finish(ctx, op, init, await readResult(response, c.head, op));
    let result: RuntimeResult;
    try {
      result = await abortable(readResult(response, c.head, op), timer.signal);
    } catch (error) {
      if (signal !== undefined && signal.aborted) throw signal.reason;
      if (!timer.timedOut) throw error;
      const delay = retrySafe ? retryAfterFailure(ctx, c.method, attempt) : undefined;
      if (delay === undefined)
        throw timeoutError(timeoutMs!, `${op.operationId} (${c.method} ${redactUrl(built.url)})`);
      await sleep(delay, signal);
      continue;
    } finally {
      timer.dispose();
    }
    return finish(ctx, op, init, result);
  }
}
