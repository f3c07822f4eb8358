/**
 * The OpenTelemetry SDK set up for a test: a tracer provider with the in-memory span exporter, a
 * meter provider with the in-memory metric exporter, and (once per process) the W3C trace-context
 * propagator and the AsyncLocalStorage context manager registered globally, as an application's
 * SDK set-up does. Providers are passed to the runtime explicitly, so tests do not share spans.
 */
import * as otel from "@opentelemetry/api";
import { AsyncLocalStorageContextManager } from "@opentelemetry/context-async-hooks";
import { W3CTraceContextPropagator } from "@opentelemetry/core";
import {
  AggregationTemporality,
  InMemoryMetricExporter,
  MeterProvider,
  PeriodicExportingMetricReader,
  type HistogramMetricData,
} from "@opentelemetry/sdk-metrics";
import {
  BasicTracerProvider,
  InMemorySpanExporter,
  SimpleSpanProcessor,
  type ReadableSpan,
} from "@opentelemetry/sdk-trace-base";

let registered = false;

export interface OtelSdk {
  readonly api: typeof otel;
  readonly tracerProvider: BasicTracerProvider;
  readonly meterProvider: MeterProvider;
  /** The spans ended so far. */
  spans(): ReadableSpan[];
  /** The data points of a histogram, collected now. */
  histogram(name: string): Promise<HistogramMetricData["dataPoints"]>;
  shutdown(): Promise<void>;
}

export function otelSdk(): OtelSdk {
  if (!registered) {
    otel.propagation.setGlobalPropagator(new W3CTraceContextPropagator());
    otel.context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
    registered = true;
  }
  const spanExporter = new InMemorySpanExporter();
  const tracerProvider = new BasicTracerProvider({
    spanProcessors: [new SimpleSpanProcessor(spanExporter)],
  });
  const metricExporter = new InMemoryMetricExporter(AggregationTemporality.CUMULATIVE);
  const reader = new PeriodicExportingMetricReader({
    exporter: metricExporter,
    exportIntervalMillis: 3_600_000,
  });
  const meterProvider = new MeterProvider({ readers: [reader] });
  return {
    api: otel,
    tracerProvider,
    meterProvider,
    spans: () => spanExporter.getFinishedSpans(),
    async histogram(name) {
      await reader.forceFlush();
      const batches = metricExporter.getMetrics();
      const last = batches[batches.length - 1];
      for (const scope of last?.scopeMetrics ?? []) {
        for (const metric of scope.metrics) {
          if (metric.descriptor.name === name) {
            return (metric as HistogramMetricData).dataPoints;
          }
        }
      }
      return [];
    },
    async shutdown() {
      await tracerProvider.shutdown();
      await meterProvider.shutdown();
    },
  };
}
