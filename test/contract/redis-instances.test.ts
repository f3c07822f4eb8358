/**
 * Scale-out on a real Redis: three processes of the reference server (children/redis-instance.ts,
 * failing open) and a fourth failing closed share one redis-server. They hold every plan's
 * per-minute limit exactly under 200 concurrent requests, count `X-RateLimit-Remaining` down
 * together, serve a ban earned on another instance, survive Redis being killed (no 500, answers
 * within the timeout) and use Redis again once it is back; Redis holds no raw key and every key
 * has a TTL. Skipped with one line when redis-server is not installed.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { fileURLToPath } from "node:url";
import { Redis } from "ioredis";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  findRedisServer,
  REDIS_MISSING,
  startRedisServer,
  type RedisServer,
} from "../../scripts/redis-server.js";
import { INSTANCE_PLAN_LIMITS } from "./children/instance-limits.js";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const INSTANCE = "test/contract/children/redis-instance.ts";
const PLANS = Object.keys(INSTANCE_PLAN_LIMITS) as (keyof typeof INSTANCE_PLAN_LIMITS)[];
const BAN_AFTER = 5; // the spec's x-rate-limits.ban.afterRejectedRequests

const installed = findRedisServer() !== undefined;
if (!installed) console.warn(REDIS_MISSING);

interface Instance {
  readonly child: ChildProcess;
  readonly url: string;
  readonly output: () => string;
}

interface Reply {
  readonly status: number;
  readonly headers: Headers;
  readonly code: string | undefined;
  readonly ms: number;
}

let redis: RedisServer;
let admin: Redis;
let open: Instance[] = [];
let closed: Instance;
const children: ChildProcess[] = [];

async function startInstance(fail: "open" | "closed"): Promise<Instance> {
  // `node --import tsx` (not the tsx CLI, which would run the server in a grandchild that a
  // SIGKILL of the CLI leaves behind).
  const child = spawn(process.execPath, ["--import", "tsx", INSTANCE, redis.url, fail], {
    cwd: ROOT,
    env: { ...process.env, NODE_ENV: "development" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  children.push(child);
  let output = "";
  child.stdout?.setEncoding("utf8").on("data", (chunk: string) => (output += chunk));
  child.stderr?.setEncoding("utf8").on("data", (chunk: string) => (output += chunk));
  const deadline = Date.now() + 30_000;
  for (;;) {
    const url = /listening (http:\/\/\S+)/.exec(output)?.[1];
    if (url !== undefined) return { child, url, output: () => output };
    if (child.exitCode !== null) throw new Error(`instance exited:\n${output}`);
    if (Date.now() > deadline) throw new Error(`instance did not start:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function get(instance: Instance, key: string): Promise<Reply> {
  const started = performance.now();
  const response = await fetch(`${instance.url}/categories`, { headers: { "x-api-key": key } });
  const body = (await response.json()) as { code?: string };
  return {
    status: response.status,
    headers: response.headers,
    code: body.code,
    ms: performance.now() - started,
  };
}

/** POST /categories with an Idempotency-Key: the status, whether it was a replay, the body. */
async function createCategory(
  instance: Instance,
  idempotencyKey: string,
  name: string,
): Promise<{ status: number; replayed: boolean; body: { id?: number; code?: string } }> {
  const response = await fetch(`${instance.url}/categories`, {
    method: "POST",
    headers: {
      "x-api-key": keyOf("enterprise"),
      "content-type": "application/json",
      "idempotency-key": idempotencyKey,
    },
    body: JSON.stringify({ name }),
  });
  return {
    status: response.status,
    replayed: response.headers.get("idempotent-replayed") === "true",
    body: (await response.json()) as { id?: number; code?: string },
  };
}

/** Waits, if need be, so that the next few seconds stay in one minute of Redis's clock. */
async function awayFromMinuteEnd(): Promise<void> {
  const [seconds, micros] = await admin.time();
  const msIntoMinute = (Number(seconds) % 60) * 1000 + Math.floor(Number(micros) / 1000);
  if (msIntoMinute > 50_000)
    await new Promise((resolve) => setTimeout(resolve, 60_200 - msIntoMinute));
}

const keyOf = (plan: string) => `petstore-demo-${plan}`;

describe.skipIf(!installed)("three server processes sharing one Redis", () => {
  beforeAll(async () => {
    redis = await startRedisServer();
    admin = new Redis(redis.url);
    admin.on("error", () => {});
    [open[0], open[1], open[2], closed] = (await Promise.all([
      startInstance("open"),
      startInstance("open"),
      startInstance("open"),
      startInstance("closed"),
    ])) as [Instance, Instance, Instance, Instance];
    open = open.slice(0, 3);
    // Warm up (JIT, connections) with a key of no plan (401s, still counted on Redis).
    for (const instance of [...open, closed]) {
      await Promise.all(Array.from({ length: 50 }, () => get(instance, "warm-up")));
    }
  }, 60_000);

  afterAll(async () => {
    await Promise.all(
      children.map(async (child) => {
        if (child.exitCode !== null || child.signalCode !== null) return;
        const exited = new Promise((resolve) => child.once("exit", resolve));
        child.kill("SIGTERM");
        const timer = setTimeout(() => child.kill("SIGKILL"), 5_000);
        await exited;
        clearTimeout(timer);
      }),
    );
    admin?.disconnect();
    await redis?.stop();
  });

  beforeEach(async () => {
    await admin.flushall();
    await awayFromMinuteEnd();
  }, 15_000);

  it.each(PLANS)(
    "hold the %s plan's per-minute limit exactly under 200 concurrent requests",
    async (plan) => {
      const limit = INSTANCE_PLAN_LIMITS[plan].perMinute;
      const replies = await Promise.all(
        Array.from({ length: 200 }, (_, i) => get(open[i % 3]!, keyOf(plan))),
      );
      const passed = replies.filter((reply) => reply.status === 200);
      expect(passed).toHaveLength(limit);
      // Each passed request got its own count: limit - 1 … 0, once each.
      const remaining = passed.map((reply) => Number(reply.headers.get("x-ratelimit-remaining")));
      expect(remaining.sort((a, b) => b - a)).toEqual(
        Array.from({ length: limit }, (_, i) => limit - 1 - i),
      );
      const rejected = replies.filter((reply) => reply.status !== 200);
      expect(rejected).toHaveLength(200 - limit);
      for (const reply of rejected) {
        expect(reply.status).toBe(429);
        expect(Number(reply.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
        expect(reply.headers.get("x-ratelimit-limit")).toBe(String(limit));
        expect(reply.headers.get("x-ratelimit-remaining")).toBe("0");
        expect(Number(reply.headers.get("x-ratelimit-reset"))).toBeGreaterThan(
          Date.now() / 1000 - 5,
        );
      }
      // The first 429 and the next ones up to the ban are rate_limited; the rest banned, everywhere.
      expect(rejected.filter((reply) => reply.code === "rate_limited")).toHaveLength(BAN_AFTER);
      expect(rejected.filter((reply) => reply.code === "key_banned")).toHaveLength(
        200 - limit - BAN_AFTER,
      );
    },
    30_000,
  );

  it("count X-RateLimit-Remaining down across instances: it never goes up within a window", async () => {
    const seen: number[] = [];
    for (let i = 0; i < 30; i++) {
      const reply = await get(open[i % 3]!, keyOf("pro"));
      expect(reply.status).toBe(200);
      seen.push(Number(reply.headers.get("x-ratelimit-remaining")));
    }
    expect(seen).toEqual(Array.from({ length: 30 }, (_, i) => 89 - i));
  });

  it("serve a ban earned on one instance from the others", async () => {
    const [a, b, c] = open as [Instance, Instance, Instance];
    for (let i = 0; i < 60; i++) expect((await get(a, keyOf("free"))).status).toBe(200);
    const first = await get(a, keyOf("free"));
    expect(first.code).toBe("rate_limited");
    for (let i = 1; i < BAN_AFTER; i++)
      expect((await get(a, keyOf("free"))).code).toBe("rate_limited");
    const banning = await get(a, keyOf("free"));
    expect(banning.code).toBe("key_banned");
    for (const other of [b, c]) {
      const reply = await get(other, keyOf("free"));
      expect(reply.status).toBe(429);
      expect(reply.code).toBe("key_banned");
      expect(Number(reply.headers.get("retry-after"))).toBeGreaterThan(890);
    }
    // Another key is not affected.
    expect((await get(b, keyOf("pro"))).status).toBe(200);
  });

  it("keep no raw API key in Redis, and a TTL on every key", async () => {
    for (const plan of PLANS) await get(open[0]!, keyOf(plan));
    await get(open[1]!, "some-unknown-key");
    let cursor = "0";
    const keys: string[] = [];
    do {
      const [next, found] = await admin.scan(cursor, "COUNT", 1000);
      cursor = next;
      keys.push(...found);
    } while (cursor !== "0");
    expect(keys).toHaveLength(PLANS.length + 1);
    for (const key of keys) {
      // Valid keys by their hash; the unknown key is counted against the client address.
      expect(key).toMatch(/^petstore:rl:(key:[A-Za-z0-9_-]{43}|addr:127\.0\.0\.1)$/);
      expect(key).not.toMatch(/petstore-demo|some-unknown-key/);
      expect(await admin.pttl(key)).toBeGreaterThan(0);
      const values = Object.values(await admin.hgetall(key)).join(" ");
      expect(values).not.toMatch(/petstore-demo|some-unknown-key/);
    }
  });

  it("run an Idempotency-Key once across all four (open and closed) while Redis is paused for 1 s", async () => {
    const instances = [...open, closed];
    const name = `paused-${Date.now()}`;
    // Each instance sees the key allowed on Redis (forgetting a ban cached in an earlier test,
    // whose records beforeEach flushed).
    for (const instance of instances) {
      expect((await get(instance, keyOf("enterprise"))).status).toBe(200);
    }
    await admin.call("CLIENT", "PAUSE", "1000", "ALL");
    const answers: Promise<Awaited<ReturnType<typeof createCategory>>>[] = [];
    for (let round = 0; round < 12; round++) {
      for (const instance of instances) answers.push(createCategory(instance, "pause-key", name));
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const settled = await Promise.all(answers);
    // Afterwards, on any instance: the one run's answer, replayed.
    let replay = await createCategory(open[1]!, "pause-key", name);
    const deadline = Date.now() + 10_000;
    while (replay.status === 503 || replay.status === 409) {
      if (Date.now() > deadline) throw new Error(`no replay: ${JSON.stringify(replay)}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
      replay = await createCategory(open[1]!, "pause-key", name);
    }
    const runs = [...settled, replay].filter((answer) => answer.status === 201 && !answer.replayed);
    expect(runs.length).toBeLessThanOrEqual(1);
    expect(replay.status).toBe(201);
    for (const answer of [...settled, replay]) {
      expect([201, 409, 503], JSON.stringify(answer)).toContain(answer.status);
      if (answer.status === 201) expect(answer.body.id).toBe(replay.body.id);
    }
    // The category exists once (each instance has its own state: count where it was created).
    const listed = await Promise.all(
      instances.map(async (instance) => {
        const response = await fetch(`${instance.url}/categories`, {
          headers: { "x-api-key": keyOf("enterprise") },
        });
        const categories = (await response.json()) as { name: string }[];
        return categories.filter((category) => category.name === name).length;
      }),
    );
    expect(listed.reduce((sum, count) => sum + count, 0)).toBe(1);
  }, 30_000);

  it("answer from memory (open) or 503 (closed) within the timeout when Redis is killed, never 500, then resume on Redis", async () => {
    const key = keyOf("business");
    expect((await get(open[0]!, key)).headers.get("x-ratelimit-remaining")).toBe("119");
    // Each instance has seen the key allowed on Redis: a ban it cached in an earlier test (whose
    // records beforeEach flushed) no longer applies during the outage.
    for (const instance of open.slice(1)) expect((await get(instance, key)).status).toBe(200);
    await redis.kill();
    const during: Reply[] = [];
    for (let round = 0; round < 5; round++) {
      for (const instance of open) during.push(await get(instance, key));
      const refused = await get(closed, key);
      expect(refused.status).toBe(503);
      expect(refused.code).toBe("service_unavailable");
      expect(Number(refused.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
      during.push(refused);
    }
    for (const reply of during) {
      expect(reply.status).not.toBe(500);
      // Disconnected: the store fails at once (no offline queue), plus the HTTP round trip.
      expect(reply.ms).toBeLessThan(1_000);
    }
    // Open instances count in their own memory meanwhile.
    expect(during.filter((reply) => reply.status === 200)).toHaveLength(15);
    expect(open[0]!.output()).toMatch(/\[redis-store\] Redis unavailable/);

    await redis.restart();
    // The clients reconnect by themselves (retry every ≤ 500 ms): wait for Redis to count again.
    const deadline = Date.now() + 10_000;
    let shared = false;
    while (!shared && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      const replies = [];
      for (const instance of [...open, closed])
        replies.push(await get(instance, keyOf("enterprise")));
      const counts = replies.map((reply) => Number(reply.headers.get("x-ratelimit-remaining")));
      shared =
        replies.every((reply) => reply.status === 200) &&
        counts.every((count, i) => i === 0 || count === counts[i - 1]! - 1);
    }
    expect(shared).toBe(true);
    expect(await admin.exists(`petstore:rl:key:${await keyId(keyOf("enterprise"))}`)).toBe(1);
    for (const instance of open) expect(instance.output()).not.toMatch(/^500: /m);
  }, 60_000);
});

/** The store id of a key, as the request handler builds it (SHA-256, base64url). */
async function keyId(key: string): Promise<string> {
  const { createHash } = await import("node:crypto");
  return createHash("sha256").update(key).digest("base64url");
}
