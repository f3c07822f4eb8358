/**
 * `npm run serve` (examples/petstore/serve.ts) as a client team runs it: it starts on 127.0.0.1,
 * prints the base URL and one demo key per plan, those keys work with the generated client, and
 * it stops on SIGTERM. Also: a bad `--port` is refused.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import { fileURLToPath } from "node:url";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { afterAll, describe, expect, it } from "vitest";
import { createPetStoreClient } from "../../generated/client.js";
import { checkedFetch, ExchangeLog } from "./harness.js";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const TSX = fileURLToPath(new URL("../../node_modules/tsx/dist/cli.mjs", import.meta.url));
const SERVE = "examples/petstore/serve.ts";

const children: ChildProcess[] = [];

function run(
  args: string[],
  env: Record<string, string> = {},
): { child: ChildProcess; output: () => string } {
  const child = spawn(process.execPath, [TSX, SERVE, ...args], {
    cwd: ROOT,
    env: { ...process.env, NODE_ENV: "development", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  children.push(child);
  let output = "";
  child.stdout?.setEncoding("utf8").on("data", (chunk: string) => (output += chunk));
  child.stderr?.setEncoding("utf8").on("data", (chunk: string) => (output += chunk));
  return { child, output: () => output };
}

async function waitFor(output: () => string, text: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (!output().includes(text)) {
    if (child.exitCode !== null) throw new Error(`serve exited (${child.exitCode}):\n${output()}`);
    if (Date.now() > deadline) throw new Error(`"${text}" not printed within 30 s:\n${output()}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

afterAll(() => {
  for (const child of children)
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
});

describe("npm run serve", () => {
  it("starts on 127.0.0.1, prints the base URL and a working key per plan, stops on SIGTERM", async () => {
    const { child, output } = run(["--port", "0", "--stable-keys"]);
    await waitFor(output, "Stop with Ctrl-C.", child);
    const text = output();
    const url = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(text)?.[1];
    expect(url).toBeDefined();
    expect(text).toMatch(/Response validation: on/);
    for (const [plan, quota] of [
      ["free", "60/min, 1,000/day"],
      ["pro", "300/min, 10,000/day"],
      ["business", "1,000/min, 100,000/day"],
      ["enterprise", "5,000/min, 1,000,000/day"],
    ] as const) {
      expect(text).toMatch(
        new RegExp(`${plan}\\s+${quota.replace(/[/.,]/g, "\\$&")}\\s+petstore-demo-${plan}`),
      );
    }

    const log = new ExchangeLog();
    for (const plan of ["free", "pro", "business", "enterprise"]) {
      const client = createPetStoreClient({
        baseUrl: url ?? "",
        apiKey: `petstore-demo-${plan}`,
        fetch: checkedFetch(log),
        retry: false,
      });
      const pets = await client.listPets();
      expect(pets.response.status).toBe(200);
      expect(pets.data?.length).toBeGreaterThan(0); // demo data is loaded
      expect(pets.response.headers.get("x-ratelimit-limit")).toBe(
        { free: "60", pro: "300", business: "1000", enterprise: "5000" }[plan],
      );
    }
    expect(log.violations).toEqual([]);

    const exited = once(child, "exit");
    child.kill("SIGTERM");
    const [code] = (await exited) as [number | null];
    expect(code).toBe(0);
  }, 40_000);

  it("takes the port from PORT and refuses an invalid one", async () => {
    const { child, output } = run([], { PORT: "not-a-port" });
    const [code] = (await once(child, "exit")) as [number | null];
    expect(code).toBe(1);
    expect(output()).toMatch(/PORT must be a port number/);
  }, 40_000);

  it("refuses a malformed REDIS_URL or --redis with one paragraph saying what is wrong (exit 2)", async () => {
    const fromEnv = run(["--port", "0"], { REDIS_URL: "localhost:6379" });
    const [envCode] = (await once(fromEnv.child, "exit")) as [number | null];
    expect(envCode).toBe(2);
    expect(fromEnv.output().trim()).toBe(
      'pet store server: REDIS_URL: Invalid Redis URL "localhost:6379": the scheme must be redis: or rediss: (got localhost:). ' +
        "Expected redis://[user:password@]host[:port][/db] (or rediss:// for TLS), e.g. redis://127.0.0.1:6379/0. " +
        "Fix it, or leave out REDIS_URL to keep rate limits in this process's memory.",
    );
    const fromFlag = run(["--port", "0", "--redis", "redis://:hunter2@cache/x"]);
    const [flagCode] = (await once(fromFlag.child, "exit")) as [number | null];
    expect(flagCode).toBe(2);
    expect(fromFlag.output()).toContain(
      '--redis: Invalid Redis URL "redis://***@cache/x": the path must be a database number',
    );
    expect(fromFlag.output()).not.toContain("hunter2");
  }, 40_000);

  it("--cors <origin> (repeatable) lets browser apps on those origins call the API and read its headers", async () => {
    const app = "http://127.0.0.1:5173";
    const { child, output } = run([
      "--port",
      "0",
      "--stable-keys",
      "--cors",
      app,
      "--cors",
      "https://app.example",
    ]);
    await waitFor(output, "Stop with Ctrl-C.", child);
    expect(output()).toContain("CORS: http://127.0.0.1:5173, https://app.example");
    const url = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(output())?.[1];
    const preflight = await fetch(`${url}/pets`, {
      method: "OPTIONS",
      headers: {
        origin: app,
        "access-control-request-method": "POST",
        "access-control-request-headers": "x-api-key",
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get("access-control-allow-origin")).toBe(app);
    expect(preflight.headers.get("access-control-allow-methods")).toBe("GET, HEAD, POST");
    expect(preflight.headers.get("access-control-allow-headers")).toContain("X-API-Key");
    const list = await fetch(`${url}/pets`, {
      headers: { origin: app, "x-api-key": "petstore-demo-free" },
    });
    expect(list.status).toBe(200);
    const exposed = list.headers.get("access-control-expose-headers")?.split(", ") ?? [];
    for (const name of [
      "X-RateLimit-Limit",
      "X-RateLimit-Remaining",
      "X-RateLimit-Reset",
      "Retry-After",
      "X-Total-Count",
      "Location",
      "Deprecation",
      "Sunset",
      "Link",
    ])
      expect(exposed).toContain(name);
    const other = await fetch(`${url}/pets`, {
      headers: { origin: "http://evil.test", "x-api-key": "petstore-demo-free" },
    });
    expect(other.status).toBe(200);
    expect(other.headers.get("access-control-allow-origin")).toBeNull();
    child.kill("SIGTERM");
    await once(child, "exit");

    const bad = run(["--port", "0", "--cors", "http://localhost:5173/"]);
    const [code] = (await once(bad.child, "exit")) as [number | null];
    expect(code).toBe(2);
    expect(bad.output()).toContain('--cors "http://localhost:5173/" is not an origin');
  }, 40_000);

  it("reports an unreachable Redis at start and serves anyway from memory (--redis-fail open)", async () => {
    const { child, output } = run([
      "--port",
      "0",
      "--stable-keys",
      "--redis",
      "redis://127.0.0.1:1",
    ]);
    await waitFor(output, "Stop with Ctrl-C.", child);
    expect(output()).toMatch(
      /Redis at redis:\/\/127\.0\.0\.1:1 is unreachable at start: .*ECONNREFUSED.*Serving anyway with --redis-fail open/,
    );
    expect(output()).toContain(
      'Rate limits, bans and idempotency records: Redis at redis://127.0.0.1:1 (key prefix "petstore:", fail open, call timeout 1000 ms)',
    );
    const url = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(output())?.[1];
    const response = await fetch(`${url}/categories`, {
      headers: { "x-api-key": "petstore-demo-free" },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("x-ratelimit-remaining")).toBe("59");
    child.kill("SIGTERM");
    await once(child, "exit");
  }, 40_000);

  it("with --redis-fail closed, reports an unreachable Redis and answers 503 service_unavailable", async () => {
    const { child, output } = run([
      "--port",
      "0",
      "--stable-keys",
      "--redis",
      "redis://127.0.0.1:1",
      "--redis-fail",
      "closed",
    ]);
    await waitFor(output, "Stop with Ctrl-C.", child);
    expect(output()).toMatch(/Serving anyway with --redis-fail closed: requests get 503/);
    const url = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(output())?.[1];
    const response = await fetch(`${url}/categories`, {
      headers: { "x-api-key": "petstore-demo-free" },
    });
    expect(response.status).toBe(503);
    expect(response.headers.get("retry-after")).toBe("1");
    expect(await response.json()).toMatchObject({ code: "service_unavailable", status: 503 });
    child.kill("SIGTERM");
    await once(child, "exit");
  }, 40_000);

  it("refuses a --redis-fail other than open or closed (exit 2)", async () => {
    const { child, output } = run(["--redis-fail", "maybe"]);
    const [code] = (await once(child, "exit")) as [number | null];
    expect(code).toBe(2);
    expect(output().trim()).toBe(
      'pet store server: --redis-fail must be open or closed (got "maybe").',
    );
  }, 40_000);

  it("--mcp serves the operations as MCP tools at /mcp, called with the caller's key", async () => {
    const { child, output } = run(["--port", "0", "--stable-keys", "--mcp"]);
    await waitFor(output, "Stop with Ctrl-C.", child);
    const url = /MCP: (http:\/\/127\.0\.0\.1:\d+\/mcp) /.exec(output())?.[1];
    expect(url).toBeDefined();
    const client = new Client({ name: "serve-test", version: "1.0.0" });
    const headers = { "X-API-Key": "petstore-demo-pro" };
    await client.connect(
      new StreamableHTTPClientTransport(new URL(url as string), { requestInit: { headers } }),
    );
    expect((await client.listTools()).tools.map((tool) => tool.name)).toContain("listPets");
    const listed = await client.callTool({ name: "listPets", arguments: { query: { limit: 1 } } });
    expect((listed.structuredContent as { result: unknown[] }).result).toHaveLength(1);
    await client.close();
    child.kill("SIGTERM");
    await once(child, "exit");
  });

  it("--clock-offset runs the server as if it were another day: past getPet's sunset, 410 gone", async () => {
    const { child, output } = run(["--port", "0", "--stable-keys", "--clock-offset", "2027-07-01"]);
    await waitFor(output, "Stop with Ctrl-C.", child);
    expect(output()).toMatch(/Clock: shifted \+\d+d .*\(now 2027-07-01T/);
    const url = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(output())?.[1] ?? "";
    const headers = { "x-api-key": "petstore-demo-pro" };
    const sunset = await fetch(`${url}/pets/1`, { headers });
    expect(sunset.status).toBe(410);
    expect(await sunset.json()).toMatchObject({ code: "gone", status: 410 });
    expect((await fetch(`${url}/pets/by-id/1`, { headers })).status).toBe(200);
    child.kill("SIGTERM");
    await once(child, "exit");
  }, 40_000);

  it("refuses a bad --clock-offset or --redis-timeout (exit 2, one sentence)", async () => {
    const clock = run(["--clock-offset", "next year"]);
    const [clockCode] = (await once(clock.child, "exit")) as [number | null];
    expect(clockCode).toBe(2);
    expect(clock.output()).toContain("pet store server: --clock-offset must be a signed duration");
    const timeout = run(["--redis-timeout", "0"]);
    const [timeoutCode] = (await once(timeout.child, "exit")) as [number | null];
    expect(timeoutCode).toBe(2);
    expect(timeout.output().trim()).toBe(
      'pet store server: --redis-timeout must be a whole number of milliseconds from 1 to 60000 (got "0").',
    );
  }, 40_000);
});
