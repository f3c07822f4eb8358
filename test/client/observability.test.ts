/**
 * Observability hooks (issue 34 item 8), over real HTTP against purpose-built servers on
 * 127.0.0.1: `onRetry` (attempt, delay, reason), `onRateLimitWait`, and a `logger` with levels;
 * no credential of any security scheme appears in what is logged (the query key redacted,
 * headers never logged).
 */
import { afterEach, describe, expect, it } from "vitest";
import {
  ALL_CODECS,
  createClientRuntimeWith,
  type ClientOperationDescriptor,
  type ClientSecurity,
  type RateLimitWaitEvent,
  type RetryEvent,
} from "../../generated/entry/runtime.js";
import { startScriptedServer, type PurposeServer } from "../templates/client/purpose-servers.js";

let server: PurposeServer | undefined;
afterEach(async () => {
  await server?.close();
});

const SECURITY: ClientSecurity = {
  schemes: {
    queryKey: { type: "apiKey", in: "query", name: "api_key" },
    headerKey: { type: "apiKey", in: "header", name: "X-API-Key" },
    bearer: { type: "http", scheme: "bearer" },
  },
};
const op: ClientOperationDescriptor = {
  operationId: "listThings",
  method: "get",
  path: "/things",
  secured: true,
  security: [["queryKey", "headerKey", "bearer"]],
};
const SECRETS = ["query-secret", "header-secret", "bearer-secret"];
const unavailable = {
  status: 503,
  headers: { "content-type": "application/json" },
  body: '{"code":"down"}',
};
const ok = { status: 200, headers: { "content-type": "application/json" }, body: "[]" };

function recordingLogger() {
  const lines: { level: string; message: string; fields: unknown }[] = [];
  const at =
    (level: string) =>
    (message: string, fields: unknown): void => {
      lines.push({ level, message, fields });
    };
  return {
    lines,
    logger: { debug: at("debug"), info: at("info"), warn: at("warn"), error: at("error") },
  };
}

describe("onRetry and the logger", () => {
  it("report each retry with its attempt, delay and reason, and log no credential", async () => {
    server = await startScriptedServer(unavailable, unavailable, ok);
    const retries: RetryEvent[] = [];
    const { lines, logger } = recordingLogger();
    const runtime = createClientRuntimeWith(
      {
        baseUrl: server.url,
        auth: { queryKey: "query-secret", headerKey: "header-secret", bearer: "bearer-secret" },
        retry: { maxRetries: 3, baseDelayMs: 5, maxDelayMs: 5 },
        rateLimitState: "own",
        onRetry: (event) => retries.push(event),
        logger,
        logLevel: "debug",
      },
      undefined,
      ALL_CODECS,
      SECURITY,
    );
    const result = await runtime.call(op, { query: { page: 2 } });
    expect(result.status).toBe(200);
    expect(retries.map(({ attempt, reason, status }) => ({ attempt, reason, status }))).toEqual([
      { attempt: 1, reason: "status", status: 503 },
      { attempt: 2, reason: "status", status: 503 },
    ]);
    for (const event of retries) expect(event.delayMs).toBeLessThanOrEqual(5);
    expect(lines.map((line) => line.level)).toEqual(["warn", "info", "warn", "info", "debug"]);
    expect(lines[4]!.message).toMatch(
      /^listThings: GET http:\/\/127\.0\.0\.1:\d+\/things\?page=2&api_key=\[redacted\] → 200$/,
    );
    const logged = JSON.stringify(lines);
    for (const secret of SECRETS) expect(logged).not.toContain(secret);
    // the server did get the credentials: the redaction is in the log only
    expect(server.received[0]!.url).toContain("api_key=query-secret");
  });

  it("logLevel filters: warn keeps the 503s only", async () => {
    server = await startScriptedServer(unavailable, ok);
    const { lines, logger } = recordingLogger();
    const runtime = createClientRuntimeWith(
      {
        baseUrl: server.url,
        retry: { maxRetries: 1, baseDelayMs: 1, maxDelayMs: 1 },
        rateLimitState: "own",
        logger,
        logLevel: "warn",
      },
      undefined,
      ALL_CODECS,
      SECURITY,
    );
    await runtime.call({ ...op, secured: false, security: [] });
    expect(lines.map((line) => line.level)).toEqual(["warn"]);
  });
});

describe("onRateLimitWait", () => {
  it("reports a call waiting for the rate-limit state", async () => {
    server = await startScriptedServer(
      {
        status: 429,
        headers: { "content-type": "application/json", "retry-after": "1" },
        body: '{"code":"rate_limited"}',
      },
      ok,
    );
    const waits: RateLimitWaitEvent[] = [];
    const runtime = createClientRuntimeWith(
      {
        baseUrl: server.url,
        retry: false,
        rateLimitState: "own",
        onRateLimitWait: (event) => waits.push(event),
      },
      undefined,
      ALL_CODECS,
      SECURITY,
    );
    const open = { ...op, secured: false, security: [] };
    expect((await runtime.call(open)).status).toBe(429);
    expect((await runtime.call(open)).status).toBe(200);
    // one event for the one hold, though a timer may fire before the wall clock reaches its end
    expect(waits).toHaveLength(1);
    expect(waits[0]).toMatchObject({ operationId: "listThings", reason: "rate-limit hold" });
    expect(waits[0]!.delayMs).toBeGreaterThan(500);
    expect(waits[0]!.delayMs).toBeLessThanOrEqual(1_000);
  });
});
