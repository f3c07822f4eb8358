// Runtime template of the pet store contract toolchain: copied verbatim into generated/runtime/. Edit it in templates/, never in generated/.
/**
 * What every stage shares: the options read once, the router, and the ways to answer (an error
 * in the API's error format with the headers every response carries, a 500 reported through
 * `onError`). Built once per handler by createRuntimeRequestHandler (request-handler.ts).
 */
import type { ErrorContext, ServerOptions } from "./handler-api.js";
import type { ApiDescriptor } from "./descriptor.js";
import { createErrorFormat } from "./error-format.js";
import type { RuntimeErrorCode } from "./errors.js";
import type { PreparedOperation } from "./operation-table.js";
import type { RequestSource } from "./request-source.js";
import type { Router } from "./router.js";
import type { ResponseHeaders, RuntimeResponse } from "./runtime-response.js";
import type { RateLimitOutcome } from "../stores/rate-limiter.js";

export interface Responder {
  readonly router: Router<PreparedOperation>;
  readonly basePath: string;
  readonly now: () => number;
  /** `onError`, never throwing. */
  report(error: unknown, context: ErrorContext): void;
  /** The headers every answer starts with: `X-RateLimit-*`, a deprecated operation's. */
  startHeaders(
    rate: RateLimitOutcome | undefined,
    operation: PreparedOperation | undefined,
  ): ResponseHeaders;
  errorResponse(
    status: number,
    code: RuntimeErrorCode,
    message: string,
    rate: RateLimitOutcome | undefined,
    operation: PreparedOperation | undefined,
  ): RuntimeResponse;
  /** Reports `error` and answers 500 `internal` with a generic message. */
  internalError(
    error: unknown,
    context: ErrorContext,
    rate: RateLimitOutcome | undefined,
    operation: PreparedOperation | undefined,
  ): RuntimeResponse;
  /** The path to route (`basePath` removed), or undefined when outside `basePath`. */
  stripBasePath(pathname: string): string | undefined;
  /**
   * The operation a request is for, when known: for answers given before routing (429, 500),
   * which still carry a deprecated operation's `Deprecation`/`Sunset`.
   */
  routeOf(method: string, pathname: string): PreparedOperation | undefined;
  /** The client's address, or undefined (an adapter that fails to tell is reported). */
  addressOf(source: RequestSource): string | undefined;
}

/** What `onError` does when the option is unset: one line on stderr. */
export function defaultOnError(error: unknown, context: ErrorContext): void {
  const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  console.error(`[server] ${context.operationId ?? "-"} (${context.status ?? 500}) ${message}`);
}

export function normalizeBasePath(basePath: string | undefined): string {
  if (basePath === undefined || basePath === "" || basePath === "/") return "";
  const withSlash = basePath.startsWith("/") ? basePath : `/${basePath}`;
  return withSlash.endsWith("/") ? withSlash.slice(0, -1) : withSlash;
}

export function createResponder<C>(
  api: ApiDescriptor,
  router: Router<PreparedOperation>,
  options: ServerOptions<C>,
): Responder {
  const now = options.now ?? Date.now;
  const onError = options.onError ?? defaultOnError;
  const basePath = normalizeBasePath(options.basePath);

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

  function stripBasePath(pathname: string): string | undefined {
    if (basePath === "") return pathname;
    const rest = pathname.length === basePath.length ? "/" : pathname.slice(basePath.length);
    return pathname.startsWith(basePath) && rest.charCodeAt(0) === 47 ? rest : undefined;
  }

  return {
    router,
    basePath,
    now,
    report,
    startHeaders,
    errorResponse,
    internalError(error, context, rate, operation) {
      report(error, context);
      return errorResponse(500, "internal", "Internal server error", rate, operation);
    },
    stripBasePath,
    routeOf(method, pathname) {
      const routePath = stripBasePath(pathname);
      if (routePath === undefined) return undefined;
      const match = router.match(method, routePath);
      return match.kind === "found" ? match.operation : undefined;
    },
    addressOf(source) {
      try {
        return source.remoteAddress;
      } catch (error) {
        report(error, { status: 500 });
        return undefined;
      }
    },
  };
}
