/**
 * Per-attempt timeouts over real HTTP, against a server that never answers: retried for
 * idempotent calls, a `TimeoutError` `DOMException` when nothing is retried, the caller's abort
 * rejects at once and is never retried, and no timer is left running (in this process, and a
 * child process that must exit on its own right after the call).
 */
import { spawn } from "node:child_process";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  createClientRuntime,
  type ClientOperationDescriptor,
} from "../../../templates/client/index.js";
import { createPet, getPet } from "./pet-descriptors.js";
import { ROOT } from "../../generator/cli-helper.js";
import { activeTimers, startSilentServer, type PurposeServer } from "./purpose-servers.js";

let server: PurposeServer;
beforeEach(async () => {
  server = await startSilentServer();
});
afterEach(async () => {
  await server.close();
});

/** A retry policy with short waits, so a test takes a few hundred milliseconds. */
const quick = { maxRetries: 2, baseDelayMs: 10, maxDelayMs: 10 };

describe("timeoutMs against a server that never answers", () => {
  it("retries a timed-out GET, then rejects with a TimeoutError naming the operation; no timer left", async () => {
    const timersBefore = activeTimers();
    let attempts = 0;
    const counting: typeof fetch = (input, init) => {
      attempts++;
      return fetch(input, init);
    };
    const runtime = createClientRuntime({
      baseUrl: server.url,
      timeoutMs: 100,
      retry: quick,
      fetch: counting,
    });
    const started = performance.now();
    const error = await runtime.call(getPet, { path: { petId: 1 } }).catch((e: unknown) => e);
    const elapsed = performance.now() - started;
    expect(error).toBeInstanceOf(DOMException);
    expect((error as DOMException).name).toBe("TimeoutError");
    expect((error as DOMException).message).toBe(
      `getPet (GET ${server.url}/pets/1) was aborted due to timeout (100 ms)`,
    );
    expect(attempts).toBe(3); // 1 + 2 retries, each timed out
    // Each attempt went out; on a loaded machine one may be aborted before its connection is up,
    // so the server sees at least one and never more than three.
    await vi.waitFor(() => expect(server.received.length).toBeGreaterThanOrEqual(1));
    expect(server.received.length).toBeLessThanOrEqual(3);
    expect(elapsed).toBeGreaterThanOrEqual(300);
    expect(elapsed).toBeLessThan(10_000); // three 100 ms attempts, not a hang (a loaded machine is slow)
    expect(activeTimers()).toBeLessThanOrEqual(timersBefore);
  });

  it("a per-call timeoutMs overrides the client's", async () => {
    const runtime = createClientRuntime({ baseUrl: server.url, timeoutMs: 60_000, retry: false });
    const started = performance.now();
    const error = await runtime
      .call(getPet, { path: { petId: 1 }, timeoutMs: 50 })
      .catch((e: unknown) => e);
    expect((error as DOMException).name).toBe("TimeoutError");
    expect(performance.now() - started).toBeLessThan(1_000);
  });

  it("does not retry a timed-out POST without an idempotency key", async () => {
    let attempts = 0;
    const counting: typeof fetch = (input, init) => {
      attempts++;
      return fetch(input, init);
    };
    const runtime = createClientRuntime({
      baseUrl: server.url,
      timeoutMs: 80,
      retry: quick,
      fetch: counting,
    });
    const error = await runtime.call(createPet, { body: { name: "Rex" } }).catch((e: unknown) => e);
    expect((error as DOMException).name).toBe("TimeoutError");
    expect(attempts).toBe(1);
  });

  it("retries a timed-out POST that carries an idempotency key, with the same key", async () => {
    const runtime = createClientRuntime({ baseUrl: server.url, timeoutMs: 80, retry: quick });
    const keyed = { ...createPet, idempotencyKeyHeader: "Idempotency-Key" };
    const error = await runtime.call(keyed, { body: { name: "Rex" } }).catch((e: unknown) => e);
    expect((error as DOMException).name).toBe("TimeoutError");
    await vi.waitFor(() => expect(server.received).toHaveLength(3));
    const keys = server.received.map((request) => request.headers["idempotency-key"]);
    expect(new Set(keys).size).toBe(1);
    expect(keys[0]).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
    expect(server.received.map((request) => request.body)).toEqual(Array(3).fill('{"name":"Rex"}'));
  });

  it("the caller's abort rejects at once with its reason, never retried, even with a timeout", async () => {
    const timersBefore = activeTimers();
    const runtime = createClientRuntime({ baseUrl: server.url, timeoutMs: 5_000, retry: quick });
    const controller = new AbortController();
    const reason = new Error("user navigated away");
    const pending = runtime.call(getPet, { path: { petId: 1 }, signal: controller.signal });
    const outcome = pending.catch((e: unknown) => e);
    while (server.received.length === 0) await new Promise((resolve) => setTimeout(resolve, 5));
    const abortedAt = performance.now();
    controller.abort(reason);
    expect(await outcome).toBe(reason);
    expect(performance.now() - abortedAt).toBeLessThan(200);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(server.received).toHaveLength(1);
    expect(activeTimers()).toBeLessThanOrEqual(timersBefore);
  });

  it("leaves nothing running: a child process exits on its own right after the call rejects", async () => {
    const script = [
      `import { createClientRuntime } from ${JSON.stringify(join(ROOT, "templates/client/index.ts"))};`,
      `const runtime = createClientRuntime({ baseUrl: ${JSON.stringify(server.url)}, timeoutMs: 100, retry: { maxRetries: 1, baseDelayMs: 10, maxDelayMs: 10 } });`,
      `const op = { operationId: "getPet", method: "get", path: "/pets/1", secured: false };`,
      `await runtime.call(op).then(() => console.log("resolved"), (e) => console.log(e.name));`,
    ].join("\n");
    const child = spawn(
      process.execPath,
      ["--import", "tsx", "--input-type=module", "-e", script],
      {
        cwd: ROOT,
        stdio: ["ignore", "pipe", "pipe"],
      },
    );
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    let printedAt = 0;
    child.stdout.once("data", () => (printedAt = performance.now()));
    const code = await new Promise<number | null>((resolve, reject) => {
      const kill = setTimeout(() => {
        child.kill();
        reject(
          new Error(`the child did not exit: something was left running (${stdout}${stderr})`),
        );
      }, 15_000);
      child.on("exit", (exitCode) => {
        clearTimeout(kill);
        resolve(exitCode);
      });
    });
    expect({ code, stdout: stdout.trim(), stderr }).toEqual({
      code: 0,
      stdout: "TimeoutError",
      stderr: "",
    });
    expect(performance.now() - printedAt).toBeLessThan(1_000); // exited promptly after the call
  });
});
