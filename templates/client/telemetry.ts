// Runtime template of the pet store contract toolchain: copied verbatim into generated/runtime/. Edit it in templates/, never in generated/.
/**
 * OpenTelemetry for the client (the `telemetry` option): one CLIENT span per call, named by the
 * operationId, covering its waits, retries and attempts; the trace context injected into each
 * request (`traceparent`); retries (`http.retry`) and rate-limit waits (`rate_limit.wait`) as
 * span events; `http.request.resend_count` the retries made; the
 * `http.client.request.duration` histogram. Enabled by `telemetry: clientTelemetry({ api })`: a
 * client without it runs none of this, and a bundle that never imports `clientTelemetry` does
 * not contain it.
 * `url.full` has the values of credential query parameters as `REDACTED`; headers and bodies
 * are never recorded.
 */
import {
  methodAttributes,
  resolveTelemetry,
  SPAN_KIND_CLIENT,
  SPAN_STATUS_ERROR,
  type TelemetryAttributes,
  type TelemetryHistogram,
  type TelemetryOptions,
  type TelemetrySpan,
  type TelemetryTracer,
} from "../telemetry/otel-api.js";
import { redactUrl, type SensitiveNames } from "../telemetry/redact.js";
import type { Observer } from "./observe.js";
import type { RuntimeResult } from "./result.js";

/** One call's span, and the observer that records on it (and calls the client's own hooks). */
export interface CallTelemetry {
  readonly observer: Observer;
  /** The request headers with the trace context added (a copy: `headers` may be shared). */
  inject(headers: Record<string, string>): Record<string, string>;
}

/** What `clientTelemetry()` returns: the client binds it to its credential names and hooks. */
export interface ClientTelemetryPlugin {
  bind(names: SensitiveNames, base: Observer | undefined): ClientTelemetry;
}

export interface ClientTelemetry {
  /** Runs a call in its span, ending the span with the result or the failure. */
  call(
    operationId: string,
    method: string,
    url: string,
    run: (call: CallTelemetry) => Promise<RuntimeResult>,
  ): Promise<RuntimeResult>;
}

const SERVER = /^([a-z][a-z0-9+.-]*):\/\/(?:[^/?#@]*@)?(\[[^\]]*\]|[^:/?#]*)(?::(\d+))?/i;
const DEFAULT_PORTS: Readonly<Record<string, number>> = { http: 80, https: 443 };

function urlAttributes(url: string, names: SensitiveNames): TelemetryAttributes {
  const match = SERVER.exec(url);
  const scheme = match?.[1]?.toLowerCase();
  const port = match?.[3] === undefined ? DEFAULT_PORTS[scheme ?? ""] : Number(match[3]);
  return {
    "url.full": redactUrl(url, names),
    "server.address": match?.[2],
    "server.port": port,
  };
}

/**
 * The client's `telemetry` option: `createPetStoreClient({ telemetry: clientTelemetry({ api }) })`
 * with `api` the `@opentelemetry/api` module (`import * as otel from "@opentelemetry/api"`).
 */
export function clientTelemetry(options: TelemetryOptions): ClientTelemetryPlugin {
  const { tracer, duration } = resolveTelemetry(options, {
    name: "http.client.request.duration",
    description: "Duration of HTTP client requests.",
  });
  return { bind: (names, base) => createClientTelemetry(options, names, base, tracer, duration) };
}

function createClientTelemetry(
  options: TelemetryOptions,
  names: SensitiveNames,
  base: Observer | undefined,
  tracer: TelemetryTracer,
  duration: TelemetryHistogram | undefined,
): ClientTelemetry {
  const api = options.api;

  function observe(span: TelemetrySpan, sent: { status?: number; resends: number }): Observer {
    return {
      response(operationId, method, url, status, attempt) {
        sent.status = status;
        sent.resends = attempt - 1;
        span.setAttribute("url.full", redactUrl(url, names));
        base?.response(operationId, method, url, status, attempt);
      },
      retry(event, method, url) {
        span.addEvent("http.retry", {
          "http.retry.attempt": event.attempt,
          "http.retry.delay_ms": event.delayMs,
          "http.retry.reason": event.reason,
          "http.response.status_code": event.status,
        });
        base?.retry(event, method, url);
      },
      rateLimitWait(event) {
        span.addEvent("rate_limit.wait", { "rate_limit.wait_ms": event.delayMs });
        base?.rateLimitWait(event);
      },
    };
  }

  return {
    async call(operationId, method, url, run) {
      const started = performance.now();
      const target = urlAttributes(url, names);
      const attributes: TelemetryAttributes = {
        ...methodAttributes(method),
        ...target,
        "openapi.operation.id": operationId,
      };
      const parent = api.context.active();
      const span = tracer.startSpan(operationId, { kind: SPAN_KIND_CLIENT, attributes }, parent);
      const traced = api.trace.setSpan(parent, span);
      const sent: { status?: number; resends: number } = { resends: 0 };
      const call: CallTelemetry = {
        observer: observe(span, sent),
        inject(headers) {
          const copy = { ...headers };
          api.propagation.inject(traced, copy, {
            set: (carrier, key, value) => (carrier[key] = value),
          });
          return copy;
        },
      };
      const finish = (errorType: string | undefined) => {
        const measured: TelemetryAttributes = {
          "http.request.method": attributes["http.request.method"],
          "server.address": target["server.address"],
          "server.port": target["server.port"],
          "http.response.status_code": sent.status,
          "error.type": errorType,
        };
        span.setAttributes({ ...measured, "http.request.resend_count": sent.resends || undefined });
        if (errorType !== undefined) span.setStatus({ code: SPAN_STATUS_ERROR });
        span.end();
        duration?.record((performance.now() - started) / 1000, measured);
      };
      try {
        const result = await api.context.with(traced, run, undefined, call);
        finish(result.status >= 400 ? String(result.status) : undefined);
        return result;
      } catch (error) {
        span.recordException?.(error);
        finish(error instanceof Error ? error.name : "Error");
        throw error;
      }
    },
  };
}
