// Runtime template of the pet store contract toolchain: copied verbatim into generated/runtime/. Edit it in templates/, never in generated/.
/**
 * The attempt loop of one call: take a rate-limit slot, send (straight `fetch(url, init)` without
 * middleware, else a `Request` through the middleware), retry as the policy says, read the result.
 */
import { redactUrl, RequestFailedError } from "./api-error.js";
import { apiErrorFor } from "./api-error-classes.js";
import {
  buildRequest,
  copyHeaders,
  type BuiltRequest,
  type CallInit,
  type CompiledOperation,
  type JsonCodec,
} from "./build-request.js";
import type { ClientOperationDescriptor } from "./descriptor.js";
import type { DeprecationTracker } from "./deprecation.js";
import type { MiddlewareStack } from "./middleware.js";
import { parseRetryAfter } from "./rate-limit.js";
import { markAnsweredLocally, type RateLimitScheduler } from "./rate-limit-scheduler.js";
import { readResult } from "./read-body.js";
import {
  carriesCredentials,
  followRedirects,
  isRedirectResponse,
  redirectFollowing,
  redirectStop,
  type CredentialNames,
  type CrossOriginRedirect,
} from "./redirect.js";
import { RuntimeResult } from "./result.js";
import type { readStreamResult } from "./stream-result.js";
import type { Observer, RetryEvent } from "./observe.js";
import type { CallTelemetry, ClientTelemetry } from "./telemetry.js";
import {
  isRetryableServerStatus,
  resolveRetryPolicy,
  retryDelay,
  sleep,
  type RetryPolicy,
} from "./retry.js";
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
  /**
   * The middleware, once attached (middleware-send.ts: by the whole client's `use`, or
   * `useMiddleware` on a core); without it, every attempt is a straight `fetch(url, init)`.
   */
  middleware?: AttachedMiddleware;
  readonly timeoutMs: number | undefined;
  /** The whole call's deadline in ms (waits, retries, attempts); none by default. */
  readonly deadlineMs: number | undefined;
  readonly throwOnError: boolean;
  readonly validateResponse: ((context: ResponseValidationContext) => void) | undefined;
  readonly now: () => number;
  /** What a credentialed call does on a redirect to another origin (redirect.ts). */
  readonly crossOriginRedirect: CrossOriginRedirect;
  /** `false`: every request is sent with `redirect: "manual"` and a 3XX is the answer. */
  readonly followRedirects: boolean;
  /** The headers and query parameters that carry credentials, from the spec's schemes. */
  readonly credentialNames: CredentialNames;
  /** `onRetry`, `onRateLimitWait` and `logger`; `undefined` when the client has none. */
  readonly observer: Observer | undefined;
  /** Spans and metrics (the `telemetry` option); `undefined` without it. */
  readonly telemetry?: ClientTelemetry | undefined;
  /** Reads a 2XX streamed response (see `stream-result.ts`), when the spec declares streams. */
  readonly readStream?: typeof readStreamResult;
}

/** Frees a response that will not be read (before a retry). */
function discard(response: Response): void {
  const body = response.body;
  if (body !== null && !body.locked) body.cancel().catch(() => undefined);
}

/** The wait before retrying a retry-safe call after a network error or a timeout. */
function retryAfterFailure(
  ctx: ClientContext,
  policy: RetryPolicy,
  method: string,
  attempt: number,
): number | undefined {
  return retryDelay({ attempt, method, status: undefined, idempotent: true }, policy, ctx.random);
}

/** `listPets (GET https://api.test/pets)`, the URL without its query (it may hold a key). */
function describeCall(
  op: ClientOperationDescriptor,
  c: CompiledOperation,
  built: BuiltRequest,
): string {
  return `${op.operationId} (${c.method} ${redactUrl(built.url)})`;
}

function newCallId(): string {
  return Math.random().toString(36).slice(2, 11);
}

/** The request of one attempt: credentials from functions are resolved here, every attempt. */
async function attemptRequest(
  c: CompiledOperation,
  url: string,
  headers: Record<string, string>,
): Promise<{ url: string; headers: Record<string, string> }> {
  if (c.auth.kind !== "dynamic") return { url, headers };
  const applied = await c.auth.resolve();
  if (applied === undefined) return { url, headers };
  const withAuth = copyHeaders(headers);
  for (const name in applied.headers) {
    const value = applied.headers[name]!;
    // a cookie credential joins the cookie parameters
    withAuth[name] =
      name === "cookie" && withAuth[name] !== undefined ? `${withAuth[name]}; ${value}` : value;
  }
  if (applied.query === "") return { url, headers: withAuth };
  return { url: `${url}${url.includes("?") ? "&" : "?"}${applied.query}`, headers: withAuth };
}

/** Middleware attached to a runtime (middleware-send.ts makes it). */
export interface AttachedMiddleware {
  /** The list `use` and `eject` change. */
  readonly stack: MiddlewareStack;
  /**
   * Sends one attempt through the middleware, as a `Request`. A `fetch` failure is returned;
   * what a middleware hook throws is thrown.
   */
  send(
    op: ClientOperationDescriptor,
    init: CallInit | undefined,
    id: string,
    requestInit: RequestInit,
    url: string,
    replay: { readonly body: BodyInit | undefined; readonly replayable: boolean },
  ): Promise<AttemptOutcome>;
  /**
   * Shows a response the client made itself (a held 429) to the `onResponse` hooks, with the
   * request it stands for.
   */
  answered(
    op: ClientOperationDescriptor,
    init: CallInit | undefined,
    id: string,
    request: { readonly url: string; readonly method: string; readonly headers: HeadersInit },
    response: Response,
  ): Promise<Response>;
}

/**
 * Validates, then throws an `ApiError` for a non-2XX result when asked to. A JSON body the
 * transforms decoded (`json`) is validated in its wire form (`Date`s as ISO 8601 strings, `bigint`s
 * as numbers), which is what the schema describes.
 */
function finish(
  ctx: ClientContext,
  op: ClientOperationDescriptor,
  init: CallInit | undefined,
  result: RuntimeResult,
  json?: JsonCodec,
): RuntimeResult {
  if (ctx.validateResponse !== undefined) {
    const body = result.ok ? result.data : result.error;
    ctx.validateResponse({
      operationId: op.operationId,
      status: result.status,
      body: json?.wire === undefined ? body : json.wire(body, result.response),
      response: result.response,
    });
  }
  if (!result.ok && (init?.throwOnError ?? ctx.throwOnError))
    throw apiErrorFor(op.operationId, result);
  return result;
}

/** What one attempt gave: a response (`sent: false` when a middleware answered), or a failure. */
export type AttemptOutcome =
  | { readonly response: Response; readonly sent: boolean; readonly url: string }
  | {
      readonly response?: undefined;
      readonly error: unknown;
      readonly replaced: boolean;
      readonly url: string;
    };

/**
 * Performs one call (see `ClientRuntime.call` for the contract), within its deadline when it has
 * one (`deadlineMs`: waits, retries and attempts together).
 */
export function callOperation(
  ctx: ClientContext,
  c: CompiledOperation,
  op: ClientOperationDescriptor,
  init: CallInit | undefined,
): Promise<RuntimeResult> {
  const telemetry = ctx.telemetry;
  if (telemetry === undefined) return callWithin(ctx, c, op, init, undefined);
  return telemetry.call(op.operationId, c.method, ctx.baseUrl + op.path, (call) =>
    callWithin(ctx, c, op, init, call),
  );
}

/** A call within its deadline, if any; `call`: its span, with telemetry. */
function callWithin(
  ctx: ClientContext,
  c: CompiledOperation,
  op: ClientOperationDescriptor,
  init: CallInit | undefined,
  call: CallTelemetry | undefined,
): Promise<RuntimeResult> {
  const deadlineMs = init?.deadlineMs ?? ctx.deadlineMs;
  if (deadlineMs === undefined) return callAttempts(ctx, c, op, init, undefined, call);
  const what = `${op.operationId} (${c.method} ${redactUrl(ctx.baseUrl + op.path)}, deadlineMs)`;
  const deadline = attemptSignal(init?.signal, deadlineMs, what);
  const end = Date.now() + deadlineMs;
  return callAttempts(ctx, c, op, { ...init, signal: deadline.signal }, end, call).finally(() =>
    deadline.dispose(),
  );
}

/** The attempts of one call; `deadline` (epoch ms): a retry that would wait past it is not made. */
async function callAttempts(
  ctx: ClientContext,
  c: CompiledOperation,
  op: ClientOperationDescriptor,
  init: CallInit | undefined,
  deadline: number | undefined,
  call: CallTelemetry | undefined,
): Promise<RuntimeResult> {
  // no credential meets the operation's requirements: nothing is sent
  if (c.auth.kind === "missing") throw c.auth.error;
  if (op.deprecated !== undefined) ctx.deprecations.onCall(op);
  const request = buildRequest(ctx.baseUrl, c, op, init);
  // with telemetry, every attempt carries the call's trace context (traceparent)
  const built =
    call === undefined ? request : { ...request, headers: call.inject(request.headers) };
  const observer = call === undefined ? ctx.observer : call.observer;
  const signal = init?.signal;
  const timeoutMs = init?.timeoutMs ?? ctx.timeoutMs;
  const policy =
    init?.retry === undefined ? ctx.policy : resolveRetryPolicy(init.retry, ctx.policy);
  const retrySafe = c.retrySafe && built.replayable;
  const scheduler = ctx.scheduler;
  const fetchImpl = ctx.fetch ?? globalThis.fetch;
  let id: string | undefined; // the call's id for middleware, made on first use
  /** Reports a retry (`onRetry`, the logger, telemetry), then waits for it. */
  const retry = (
    attempt: number,
    url: string,
    event: Omit<RetryEvent, "operationId" | "attempt">,
  ): Promise<void> => {
    observer?.retry({ operationId: op.operationId, attempt: attempt + 1, ...event }, c.method, url);
    return sleep(event.delayMs, signal);
  };

  for (let attempt = 0; ; attempt++) {
    // a custom fetch may ignore the signal: never send once it has aborted
    if (signal !== undefined && signal.aborted) throw signal.reason;
    const held = scheduler.acquire(
      signal,
      observer === undefined
        ? undefined
        : (delayMs) =>
            observer.rateLimitWait({
              operationId: op.operationId,
              delayMs,
              reason: "rate-limit hold",
            }),
    );
    if (held !== undefined) {
      const replayed = await held;
      // held beyond maxRetryAfterMs: the server's last 429, without a request (marked so, and
      // shown to the middleware's onResponse hooks, so that they see what the caller gets)
      if (replayed !== undefined) {
        let answer = replayed;
        const hooks = ctx.middleware;
        if (hooks !== undefined && hooks.stack.list.length !== 0) {
          answer = await hooks.answered(
            op,
            init,
            (id ??= newCallId()),
            { url: built.url, method: c.method, headers: built.headers },
            replayed,
          );
          markAnsweredLocally(answer);
        }
        return finish(ctx, op, init, await readResult(answer, c.head, op, c.json), c.json);
      }
    }
    const timer = timeoutMs === undefined ? undefined : attemptSignal(signal, timeoutMs);
    const abort = timer === undefined ? signal : timer.signal;
    let outcome: AttemptOutcome | undefined;
    let url = built.url;
    let requestHeaders = built.headers;
    const middleware = ctx.middleware?.stack.list.length === 0 ? undefined : ctx.middleware;
    if (c.auth.kind === "dynamic" || middleware !== undefined) {
      try {
        // credentials from functions are resolved per attempt (a refreshed token on a retry)
        ({ url, headers: requestHeaders } = await attemptRequest(c, url, requestHeaders));
        if (middleware !== undefined) {
          outcome = await middleware.send(
            op,
            init,
            (id ??= newCallId()),
            { method: c.method, headers: requestHeaders, body: built.body, signal: abort },
            url,
            built,
          );
        }
      } catch (error) {
        // a middleware hook or a credential function threw (or none met the requirements)
        scheduler.release();
        timer?.dispose();
        throw error;
      }
    }
    if (outcome === undefined) {
      // without middleware: a straight fetch(url, init), inline
      try {
        // a credentialed request follows its redirects here, never to another origin with them
        const credentialed =
          ctx.followRedirects &&
          (c.auth.kind !== "none" || carriesCredentials(requestHeaders, ctx.credentialNames));
        const requestInit: RequestInit = {
          method: c.method,
          headers: requestHeaders,
          body: built.body,
          signal: abort,
        };
        if (credentialed || !ctx.followRedirects) requestInit.redirect = "manual";
        const pending = fetchImpl(url, requestInit);
        let first = await (timer === undefined ? pending : abortable(pending, abort));
        if (credentialed && isRedirectResponse(first)) {
          const request = { url, method: c.method, headers: requestHeaders, body: built.body };
          const following = redirectFollowing(ctx, op.operationId, fetchImpl, abort);
          first = await abortable(
            followRedirects(first, request, built.replayable, following),
            abort,
          );
        }
        outcome = { response: first, sent: true, url };
      } catch (error) {
        outcome = { error, replaced: false, url };
      }
    }
    const response = outcome.response;
    if (response === undefined) {
      scheduler.release();
      timer?.dispose();
      if (signal !== undefined && signal.aborted) throw signal.reason; // the caller's abort: at once
      const delay = retrySafe ? retryAfterFailure(ctx, policy, c.method, attempt) : undefined;
      if (delay !== undefined) {
        const reason = timer?.timedOut === true ? "timeout" : "network";
        await retry(attempt, outcome.url, { delayMs: delay, reason });
        continue;
      }
      if (outcome.replaced) throw outcome.error; // a middleware's own error, as is
      if (timer?.timedOut === true) throw timeoutError(timeoutMs!, describeCall(op, c, built));
      throw new RequestFailedError(
        op.operationId,
        c.method,
        outcome.url,
        attempt + 1,
        outcome.error,
      );
    }
    scheduler.release(outcome.sent ? response : undefined);
    observer?.response(op.operationId, c.method, outcome.url, response.status, attempt + 1);
    const headers = response.headers;
    if (!ctx.deprecations.hasReported(op.operationId)) ctx.deprecations.onResponse(op, headers);
    const status = response.status;
    const stop = status < 400 ? redirectStop(response) : undefined;
    if (stop !== undefined) {
      // a redirect the policy did not follow: a failure that says why
      timer?.dispose();
      discard(response);
      return finish(ctx, op, init, new RuntimeResult(undefined, stop, response, null, op, false));
    }
    if ((status === 429 || (retrySafe && isRetryableServerStatus(status))) && built.replayable) {
      const retryAfterMs = parseRetryAfter(headers.get("retry-after"), ctx.now());
      const delay = retryDelay(
        { attempt, method: c.method, status, retryAfterMs, idempotent: retrySafe },
        policy,
        ctx.random,
      );
      // a wait past the deadline is not made: the result is returned now
      if (delay !== undefined && (deadline === undefined || Date.now() + delay < deadline)) {
        timer?.dispose();
        discard(response);
        await retry(attempt, outcome.url, { delayMs: delay, reason: "status", status });
        continue;
      }
    }
    // a stream: resolved now, read as it arrives (never retried); the timer then covers it whole
    // (the request, for resuming a dropped event stream, in arguments: the streams codec makes
    // its description only when the call asks to resume, so the code is not in other bundles)
    const stream = (c.readStream ?? ctx.readStream)?.(
      response,
      op,
      () => timer?.dispose(),
      describeCall(op, c, built),
      init,
      scheduler,
      fetchImpl,
      c.method,
      outcome.url,
      requestHeaders,
      built.body,
    );
    if (stream !== undefined) return finish(ctx, op, init, stream);
    if (timer === undefined)
      return finish(ctx, op, init, await readResult(response, c.head, op, c.json), c.json);
    let result: RuntimeResult;
    try {
      result = await abortable(readResult(response, c.head, op, c.json), timer.signal);
    } catch (error) {
      if (signal !== undefined && signal.aborted) throw signal.reason;
      if (!timer.timedOut) throw error;
      const delay = retrySafe ? retryAfterFailure(ctx, policy, c.method, attempt) : undefined;
      if (delay === undefined) throw timeoutError(timeoutMs!, describeCall(op, c, built));
      await retry(attempt, outcome.url, { delayMs: delay, reason: "timeout" });
      continue;
    } finally {
      timer.dispose();
    }
    return finish(ctx, op, init, result, c.json);
  }
}
