// Runtime template of the pet store contract toolchain: copied verbatim into generated/runtime/. Edit it in templates/, never in generated/.
/**
 * OpenTelemetry for the server (the `telemetry` option): one SERVER span per request, named by
 * the operationId once routed (the method alone before), with the HTTP semantic conventions'
 * attributes; the incoming trace context (`traceparent`) continued; the handler run inside the
 * span's context (its own spans are children, with a context manager registered); span events
 * for rate-limit decisions and bans, idempotent replays and validation failures; the
 * `http.server.request.duration` histogram. Enabled by `telemetry: serverTelemetry({ api })`:
 * without it nothing here is in the pipeline, and a bundle that never imports `serverTelemetry`
 * does not contain it. Credentials and `format: password` values never reach an
 * attribute (telemetry/redact.ts).
 */
import {
  methodAttributes,
  resolveTelemetry,
  SPAN_KIND_SERVER,
  SPAN_STATUS_ERROR,
  type OpenTelemetryApi,
  type TelemetryAttributes,
  type TelemetryGetter,
  type TelemetryOptions,
  type TelemetrySpan,
} from "../../telemetry/otel-api.js";
import {
  headerAttributes,
  redactQuery,
  sensitiveNames,
  type SensitiveLocation,
  type SensitiveNames,
} from "../../telemetry/redact.js";
import type { ApiDescriptor } from "./descriptor.js";
import { RequestError } from "./errors.js";
import type { ErrorContext } from "./handler-api.js";
import { RequestContext } from "./request-context.js";
import type { RequestSource } from "./request-source.js";
import type { RuntimeResponse } from "./runtime-response.js";
import {
  isPromiseLike,
  noNext,
  type Answer,
  type Stage,
  type StageResult,
} from "./stages/runner.js";
import { splitTarget } from "./stages/split-target.js";
import { validationMessage } from "./validation-message.js";

export interface ServerTelemetryOptions extends TelemetryOptions {
  /** Request headers recorded as `http.request.header.<name>` (credentials as `REDACTED`). */
  readonly captureRequestHeaders?: readonly string[];
  /** Response headers recorded as `http.response.header.<name>`. */
  readonly captureResponseHeaders?: readonly string[];
}

/** The stages whose outcome becomes a span event. */
export type TappedStage = "rate-limit" | "parameters" | "idempotent-replay" | "validate-response";

/** A request's context with its span (only requests of a handler with telemetry have one). */
export class TracedRequestContext<C> extends RequestContext<C> {
  span: TelemetrySpan | undefined = undefined;
}

const HEADERS: TelemetryGetter<RequestSource> = {
  keys: () => [],
  get: (source, key) => source.header(key.toLowerCase()) ?? undefined,
};

export interface ServerTelemetry {
  /** Adds the span events of a stage's outcome (the stage itself when `kind` has none). */
  tap<C>(kind: TappedStage, stage: Stage<RequestContext<C>>): Stage<RequestContext<C>>;
  /** `onError` that also records the error on the active span. */
  onError(report: (error: unknown, context: ErrorContext) => void): typeof report;
  /** A failure answered by the handler's catch: a refused request becomes an event. */
  failure<C>(error: unknown, context: RequestContext<C>): void;
  /** Runs one request in its span: `answer` is the rest of the handler. */
  serve<C>(source: RequestSource, answer: (context: RequestContext<C>) => Answer): Answer;
}

/** What `serverTelemetry()` returns: the handler binds it to its API and `basePath`. */
export interface ServerTelemetryPlugin {
  bind(api: ApiDescriptor, basePath: string): ServerTelemetry;
}

/**
 * The server's `telemetry` option: `createRequestHandler(handlers, { telemetry:
 * serverTelemetry({ api }) })` with `api` the `@opentelemetry/api` module.
 */
export function serverTelemetry(options: ServerTelemetryOptions): ServerTelemetryPlugin {
  const resolved = resolveTelemetry(options, {
    name: "http.server.request.duration",
    description: "Duration of HTTP server requests.",
  });
  return {
    bind: (api, basePath) =>
      createServerTelemetry(options, resolved, sensitiveNamesOf(api), basePath),
  };
}

function createServerTelemetry(
  options: ServerTelemetryOptions,
  { tracer, duration }: ReturnType<typeof resolveTelemetry>,
  names: SensitiveNames,
  basePath: string,
): ServerTelemetry {
  const api: OpenTelemetryApi = options.api;
  const requestHeaders = (options.captureRequestHeaders ?? []).map((name) => name.toLowerCase());
  const responseHeaders = (options.captureResponseHeaders ?? []).map((name) => name.toLowerCase());

  function spanOf<C>(context: RequestContext<C>) {
    return (context as Partial<TracedRequestContext<C>>).span;
  }

  function event<C>(context: RequestContext<C>, name: string, attributes: TelemetryAttributes) {
    spanOf(context)?.addEvent(name, attributes);
  }

  /** After a stage settled: what its outcome says. */
  function record<C>(kind: TappedStage, context: RequestContext<C>, result: unknown): void {
    const response = result as RuntimeResponse | undefined;
    if (kind === "rate-limit") {
      const rate = context.rate;
      if (rate === undefined) return;
      event(context, "rate_limit.decision", {
        "rate_limit.outcome": rate.status,
        "rate_limit.window": rate.window,
        "rate_limit.limit": rate.limit,
        "rate_limit.remaining": rate.remaining,
        "rate_limit.retry_after": rate.status === "allowed" ? undefined : rate.retryAfter,
      });
      if (rate.status === "banned") {
        event(context, "rate_limit.banned", { "rate_limit.retry_after": rate.retryAfter });
      }
    } else if (kind === "parameters" && response?.status === 400) {
      const errors = context.operation?.validateParameters.errors;
      event(context, "validation.failed", {
        "validation.target": "parameters",
        "validation.message": validationMessage("", errors),
      });
    } else if (
      kind === "idempotent-replay" &&
      response?.headers["idempotent-replayed"] === "true"
    ) {
      event(context, "idempotency.replayed", { "http.response.status_code": response.status });
    } else if (kind === "validate-response" && response !== undefined) {
      event(context, "validation.failed", { "validation.target": "response" });
    }
  }

  function settle<C>(kind: TappedStage, context: RequestContext<C>, result: StageResult) {
    if (!isPromiseLike(result)) {
      record(kind, context, result);
      return result;
    }
    return Promise.resolve(result).then((settled) => {
      record(kind, context, settled);
      return settled;
    });
  }

  function startAttributes<C>(context: RequestContext<C>): TelemetryAttributes {
    const { source } = context;
    splitTarget(context);
    const attributes: TelemetryAttributes = {
      ...methodAttributes(source.method),
      "url.path": context.pathname,
      "url.query": context.search === "" ? undefined : redactQuery(context.search, names),
      "user_agent.original": source.header("user-agent") ?? undefined,
      "client.address": source.remoteAddress,
      ...headerAttributes("http.request.header.", requestHeaders, (n) => source.header(n), names),
    };
    const scheme = /^([a-z][a-z0-9+.-]*):\/\//i.exec(source.url)?.[1];
    if (scheme !== undefined) attributes["url.scheme"] = scheme.toLowerCase();
    const host = /^(\[[^\]]*\]|[^:]+)(?::(\d+))?$/.exec(source.header("host") ?? "");
    if (host !== null) {
      attributes["server.address"] = host[1];
      if (host[2] !== undefined) attributes["server.port"] = Number(host[2]);
    }
    return attributes;
  }

  function end<C>(context: RequestContext<C>, span: TelemetrySpan, response: RuntimeResponse) {
    const operation = context.operation;
    const status = response.status;
    const route = operation === undefined ? undefined : `${basePath}${operation.path}`;
    if (operation !== undefined) span.updateName(operation.operationId);
    const attributes: TelemetryAttributes = {
      "http.route": route,
      "http.response.status_code": status,
      "error.type": status >= 500 ? String(status) : undefined,
    };
    span.setAttributes({
      ...attributes,
      "openapi.operation.id": operation?.operationId,
      ...headerAttributes(
        "http.response.header.",
        responseHeaders,
        (name) => {
          const value = response.headers[name];
          return Array.isArray(value) ? value.join(", ") : value;
        },
        names,
      ),
    });
    if (status >= 500) span.setStatus({ code: SPAN_STATUS_ERROR });
    span.end();
    return attributes;
  }

  return {
    tap<C>(kind: TappedStage, stage: Stage<RequestContext<C>>): Stage<RequestContext<C>> {
      // The runner sees a stage that wraps the rest by its second parameter: keep it.
      return stage.length > 1
        ? (context, next) => settle(kind, context, stage(context, next))
        : (context) => settle(kind, context, stage(context, noNext));
    },
    onError(report) {
      return (error, context) => {
        const span = api.trace.getSpan?.(api.context.active());
        if (span !== undefined && error instanceof Error) span.recordException?.(error);
        report(error, context);
      };
    },
    failure<C>(error: unknown, context: RequestContext<C>) {
      if (error instanceof RequestError && error.code === "validation_failed") {
        event(context, "validation.failed", {
          "validation.target": "body",
          "validation.message": error.message,
        });
      }
    },
    serve<C>(source: RequestSource, answer: (context: RequestContext<C>) => Answer): Answer {
      const started = performance.now();
      const context = new TracedRequestContext<C>(source);
      const parent = api.propagation.extract(api.context.active(), source, HEADERS);
      const attributes = startAttributes(context);
      const method = attributes["http.request.method"];
      const span = tracer.startSpan(
        method === "_OTHER" ? "HTTP" : String(method),
        { kind: SPAN_KIND_SERVER, attributes },
        parent,
      );
      context.span = span;
      const finish = (response: RuntimeResponse): RuntimeResponse => {
        const measured = end(context, span, response);
        duration?.record((performance.now() - started) / 1000, {
          "http.request.method": attributes["http.request.method"],
          "url.scheme": attributes["url.scheme"],
          ...measured,
        });
        return response;
      };
      const result = api.context.with(api.trace.setSpan(parent, span), answer, undefined, context);
      return isPromiseLike(result) ? result.then(finish) : finish(result);
    },
  };
}

/** What telemetry redacts for this API: its credential locations and `format: password` parameters. */
export function sensitiveNamesOf(api: ApiDescriptor): SensitiveNames {
  const locations: SensitiveLocation[] = [];
  if (api.apiKey !== undefined) locations.push(api.apiKey);
  for (const scheme of Object.values(api.securitySchemes ?? {})) {
    if (scheme.type === "apiKey") locations.push(scheme);
  }
  for (const operation of api.operations) {
    for (const parameter of operation.parameters)
      if (parameter.secret === true) locations.push(parameter);
  }
  return sensitiveNames(locations);
}
