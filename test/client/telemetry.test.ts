/**
 * Client telemetry over real HTTP on 127.0.0.1: one CLIENT span per call named by operationId,
 * retries and rate-limit waits as its events, the trace context sent along (the server's span is
 * the client span's child), the duration histogram, and no credential in anything recorded.
 */
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  ALL_CODECS,
  clientTelemetry,
  createClientRuntimeWith,
  type ClientOperationDescriptor,
  type ClientSecurity,
} from "../../generated/entry/runtime.js";
import { serveNode } from "../../templates/server/adapters/node-adapter.js";
import { createRuntimeRequestHandler } from "../../templates/server/core/request-handler.js";
import { serverTelemetry } from "../../templates/server/core/telemetry.js";
import { startScriptedServer, type PurposeServer } from "../templates/client/purpose-servers.js";
import { api, authenticate, handlers, KEYS } from "../templates/server/fixture-api.js";
import { otelSdk, type OtelSdk } from "../telemetry/otel-sdk.js";

let sdk: OtelSdk;
let scripted: PurposeServer | undefined;
beforeAll(() => {
  sdk = otelSdk();
});
afterEach(async () => {
  await scripted?.close();
  scripted = undefined;
});
afterAll(async () => {
  await sdk.shutdown();
});

const SECURITY: ClientSecurity = {
  schemes: {
    queryKey: { type: "apiKey", in: "query", name: "api_key" },
    headerKey: { type: "apiKey", in: "header", name: "X-API-Key" },
  },
};
const op: ClientOperationDescriptor = {
  operationId: "listThings",
  method: "get",
  path: "/things",
  secured: true,
  security: [["queryKey", "headerKey"]],
};
const json = { "content-type": "application/json" };
const unavailable = { status: 503, headers: json, body: '{"code":"down"}' };
const ok = { status: 200, headers: json, body: "[]" };

function client(baseUrl: string, extra: object = {}) {
  return createClientRuntimeWith(
    {
      baseUrl,
      auth: { queryKey: "query-secret", headerKey: "header-secret" },
      retry: { maxRetries: 3, baseDelayMs: 5, maxDelayMs: 5 },
      rateLimitState: "own",
      telemetry: clientTelemetry({
        api: sdk.api,
        tracerProvider: sdk.tracerProvider,
        meterProvider: sdk.meterProvider,
      }),
      ...extra,
    },
    undefined,
    ALL_CODECS,
    SECURITY,
  );
}

const clientSpans = (from: number) =>
  sdk
    .spans()
    .slice(from)
    .filter((span) => span.kind === sdk.api.SpanKind.CLIENT);

describe("client spans", () => {
  it("cover a call with its retries as events, the credentials redacted", async () => {
    scripted = await startScriptedServer(unavailable, unavailable, ok);
    const from = sdk.spans().length;
    const retried: number[] = [];
    const runtime = client(scripted.url, {
      onRetry: (event: { attempt: number }) => retried.push(event.attempt),
    });
    expect((await runtime.call(op, { query: { page: 2 } })).status).toBe(200);
    const [span] = clientSpans(from);
    const port = Number(new URL(scripted.url).port);
    expect(span?.name).toBe("listThings");
    expect(span?.attributes).toMatchObject({
      "http.request.method": "GET",
      "server.address": "127.0.0.1",
      "server.port": port,
      "http.response.status_code": 200,
      "http.request.resend_count": 2,
      "openapi.operation.id": "listThings",
    });
    expect(span?.attributes["url.full"]).toMatch(/\/things\?.*api_key=REDACTED/);
    expect(span?.events.map((event) => [event.name, event.attributes])).toEqual([
      [
        "http.retry",
        {
          "http.retry.attempt": 1,
          "http.retry.delay_ms": expect.any(Number),
          "http.retry.reason": "status",
          "http.response.status_code": 503,
        },
      ],
      [
        "http.retry",
        {
          "http.retry.attempt": 2,
          "http.retry.delay_ms": expect.any(Number),
          "http.retry.reason": "status",
          "http.response.status_code": 503,
        },
      ],
    ]);
    expect(retried).toEqual([1, 2]); // the client's own hooks still run
    // every attempt carried the call's trace context
    const traceparents = scripted.received.map((request) => request.headers["traceparent"]);
    expect(new Set(traceparents)).toEqual(
      new Set([`00-${span?.spanContext().traceId}-${span?.spanContext().spanId}-01`]),
    );
    const recorded = JSON.stringify([span?.attributes, span?.events]);
    expect(recorded).not.toContain("query-secret");
    expect(recorded).not.toContain("header-secret");
  });

  it("record a rate-limit wait, and a final 4XX as an error", async () => {
    scripted = await startScriptedServer(
      { status: 429, headers: { ...json, "retry-after": "1" }, body: '{"code":"rate_limited"}' },
      ok,
    );
    const from = sdk.spans().length;
    const runtime = client(scripted.url, { retry: false });
    const open = { ...op, secured: false, security: [] };
    expect((await runtime.call(open)).status).toBe(429);
    expect((await runtime.call(open)).status).toBe(200);
    const [limited, waited] = clientSpans(from);
    expect(limited?.attributes["error.type"]).toBe("429");
    expect(limited?.status.code).toBe(sdk.api.SpanStatusCode.ERROR);
    const wait = waited?.events.find((event) => event.name === "rate_limit.wait");
    expect(wait?.attributes?.["rate_limit.wait_ms"]).toBeGreaterThan(500);
    expect(waited?.status.code).toBe(sdk.api.SpanStatusCode.UNSET);
  });

  it("end with the exception when the call fails", async () => {
    const from = sdk.spans().length;
    const runtime = client("http://127.0.0.1:9", { retry: false });
    await expect(runtime.call(op)).rejects.toThrow();
    const [span] = clientSpans(from);
    expect(span?.attributes["error.type"]).toBe("RequestFailedError");
    expect(span?.events.some((event) => event.name === "exception")).toBe(true);
  });

  it("continue into the server's span, and both measure their duration", async () => {
    const handler = createRuntimeRequestHandler(api, handlers, {
      authenticate,
      telemetry: serverTelemetry({
        api: sdk.api,
        tracerProvider: sdk.tracerProvider,
        meterProvider: false,
      }),
    });
    const server: Server = await serveNode(handler, { port: 0, host: "127.0.0.1" });
    try {
      const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const runtime = createClientRuntimeWith(
        {
          baseUrl: base,
          apiKey: KEYS.pro,
          telemetry: clientTelemetry({
            api: sdk.api,
            tracerProvider: sdk.tracerProvider,
            meterProvider: sdk.meterProvider,
          }),
        },
        { in: "header", name: "X-API-Key" },
        ALL_CODECS,
      );
      const from = sdk.spans().length;
      const listPets = {
        operationId: "listPets",
        method: "get",
        path: "/pets",
        secured: true,
      } as const;
      expect((await runtime.call(listPets)).status).toBe(200);
      const spans = sdk.spans().slice(from);
      const clientSpan = spans.find((span) => span.kind === sdk.api.SpanKind.CLIENT);
      const serverSpan = spans.find((span) => span.kind === sdk.api.SpanKind.SERVER);
      expect(serverSpan?.name).toBe("listPets");
      expect(serverSpan?.spanContext().traceId).toBe(clientSpan?.spanContext().traceId);
      expect(serverSpan?.parentSpanContext?.spanId).toBe(clientSpan?.spanContext().spanId);
      expect(JSON.stringify(spans.map((span) => span.attributes))).not.toContain(KEYS.pro);
      const points = await sdk.histogram("http.client.request.duration");
      expect(points.some((point) => point.attributes["http.response.status_code"] === 200)).toBe(
        true,
      );
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
