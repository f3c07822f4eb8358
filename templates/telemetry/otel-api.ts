// Runtime template of the pet store contract toolchain: copied verbatim into generated/runtime/. Edit it in templates/, never in generated/.
/**
 * The part of `@opentelemetry/api` the server and the client use, described by its shape: the
 * runtime never imports the package (an optional peer), so an application without it loads and
 * costs nothing. Pass the API object itself (`import * as otel from "@opentelemetry/api"`) to
 * `serverTelemetry({ api })` or `clientTelemetry({ api })` (1.x; tested with 1.9.1, whose types
 * the tests check against these interfaces). Span kinds and status codes are the API's numeric
 * enum values.
 */

export type TelemetryAttributeValue = string | number | boolean | string[];
export type TelemetryAttributes = Record<string, TelemetryAttributeValue | undefined>;

/** An OpenTelemetry `Context` (opaque here). */
export interface TelemetryContext {
  getValue(key: symbol): unknown;
}

export interface TelemetrySpan {
  setAttribute(key: string, value: TelemetryAttributeValue): unknown;
  setAttributes(attributes: TelemetryAttributes): unknown;
  addEvent(name: string, attributes?: TelemetryAttributes): unknown;
  setStatus(status: { code: number; message?: string }): unknown;
  updateName(name: string): unknown;
  recordException?(exception: unknown): void;
  end(): void;
}

export interface TelemetryTracer {
  startSpan(
    name: string,
    options?: { kind?: number; attributes?: TelemetryAttributes },
    context?: TelemetryContext,
  ): TelemetrySpan;
}

export interface TelemetryHistogram {
  record(value: number, attributes?: TelemetryAttributes): void;
}

export interface TelemetryMeter {
  createHistogram(
    name: string,
    options?: {
      description?: string;
      unit?: string;
      advice?: { explicitBucketBoundaries?: number[] };
    },
  ): TelemetryHistogram;
}

export interface TelemetryTracerProvider {
  getTracer(name: string, version?: string): TelemetryTracer;
}

export interface TelemetryMeterProvider {
  getMeter(name: string, version?: string): TelemetryMeter;
}

/** A carrier accessor of the propagation API (`TextMapGetter` / `TextMapSetter`). */
export interface TelemetryGetter<C> {
  keys(carrier: C): string[];
  get(carrier: C, key: string): string | string[] | undefined;
}

export interface TelemetrySetter<C> {
  set(carrier: C, key: string, value: string): void;
}

/** The `@opentelemetry/api` module object (its `trace`, `context`, `propagation`, `metrics`). */
export interface OpenTelemetryApi {
  readonly trace: TelemetryTracerProvider & {
    setSpan(context: TelemetryContext, span: TelemetrySpan): TelemetryContext;
    getSpan?(context: TelemetryContext): TelemetrySpan | undefined;
  };
  readonly context: {
    active(): TelemetryContext;
    with<A extends unknown[], F extends (...args: A) => ReturnType<F>>(
      context: TelemetryContext,
      fn: F,
      thisArg?: ThisParameterType<F>,
      ...args: A
    ): ReturnType<F>;
  };
  readonly propagation: {
    extract<C>(
      context: TelemetryContext,
      carrier: C,
      getter?: TelemetryGetter<C>,
    ): TelemetryContext;
    inject<C>(context: TelemetryContext, carrier: C, setter?: TelemetrySetter<C>): void;
  };
  readonly metrics: TelemetryMeterProvider;
}

/** The `telemetry` option of the server and of the client. */
export interface TelemetryOptions {
  /** `import * as otel from "@opentelemetry/api"`: spans, context propagation, metrics. */
  readonly api: OpenTelemetryApi;
  /** Instead of the global provider `api.trace` stands for (e.g. one per test). */
  readonly tracerProvider?: TelemetryTracerProvider;
  /** Instead of the global `api.metrics`; `false`: no metrics, spans only. */
  readonly meterProvider?: TelemetryMeterProvider | false;
}

/** The instrumentation scope's name (the tracer and meter are named after the toolchain). */
export const INSTRUMENTATION_NAME = "petstore-contract-toolchain";

/** `SpanKind.SERVER`, `SpanKind.CLIENT`, `SpanStatusCode.ERROR` of the API. */
export const SPAN_KIND_SERVER = 1;
export const SPAN_KIND_CLIENT = 2;
export const SPAN_STATUS_ERROR = 2;

/** The HTTP duration histograms' bucket boundaries, in seconds (the semantic conventions' advice). */
export const DURATION_BUCKETS = [
  0.005, 0.01, 0.025, 0.05, 0.075, 0.1, 0.25, 0.5, 0.75, 1, 2.5, 5, 7.5, 10,
];

/** Methods the semantic conventions know; any other is reported as `_OTHER`. */
const KNOWN_METHODS = new Set([
  "CONNECT",
  "DELETE",
  "GET",
  "HEAD",
  "OPTIONS",
  "PATCH",
  "POST",
  "PUT",
  "QUERY",
  "TRACE",
]);

/** `http.request.method` (and `http.request.method_original` for an unknown one). */
export function methodAttributes(method: string): TelemetryAttributes {
  return KNOWN_METHODS.has(method)
    ? { "http.request.method": method }
    : { "http.request.method": "_OTHER", "http.request.method_original": method };
}

/** The options resolved once: a tracer, and a duration histogram unless metrics are off. */
export function resolveTelemetry(
  options: TelemetryOptions,
  histogram: { readonly name: string; readonly description: string },
): { readonly tracer: TelemetryTracer; readonly duration: TelemetryHistogram | undefined } {
  const api = options.api;
  if (api === null || typeof api !== "object" || typeof api.trace?.getTracer !== "function") {
    throw new Error(
      'telemetry: api must be the @opentelemetry/api module (import * as otel from "@opentelemetry/api"; serverTelemetry({ api: otel }))',
    );
  }
  const tracer = (options.tracerProvider ?? api.trace).getTracer(INSTRUMENTATION_NAME);
  const meters = options.meterProvider === undefined ? api.metrics : options.meterProvider;
  const duration =
    meters === false
      ? undefined
      : meters.getMeter(INSTRUMENTATION_NAME).createHistogram(histogram.name, {
          description: histogram.description,
          unit: "s",
          advice: { explicitBucketBoundaries: [...DURATION_BUCKETS] },
        });
  return { tracer, duration };
}
