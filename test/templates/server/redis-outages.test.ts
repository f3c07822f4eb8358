/**
 * Shared limits and idempotency on a real redis-server through what a deployment meets (skipped
 * with one line when redis-server is not installed): several handler instances on one Redis,
 * fresh instances hit by bursts on a loaded event loop, Redis killed and restarted (with its
 * append-only file) while a handler runs, Redis paused. In both fail modes: limits stay exact
 * on a healthy Redis (no spurious 503), and an Idempotency-Key never executes twice.
 */
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  findRedisServer,
  REDIS_MISSING,
  startRedisServer,
  type RedisServer,
} from "../../../scripts/redis-server.js";
import { createRedisStore, type RedisStore } from "../../../templates/server/stores/redis-store.js";
import { KEYS } from "./fixture-api.js";
import { isError, testServer, type Answer, type TestServer } from "./helpers.js";
import { api, order, orders, type Orders } from "./idempotency-fixture.js";

const installed = findRedisServer() !== undefined;
if (!installed) console.warn(REDIS_MISSING);

const MODES = ["open", "closed"] as const;
type Mode = (typeof MODES)[number];

let redis: RedisServer;
let admin: Redis;
const stores: RedisStore[] = [];
let prefixes = 0;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits until `condition()` holds, checking every 20 ms; fails after `ms`. */
async function until(condition: () => boolean | Promise<boolean>, ms: number): Promise<void> {
  const deadline = performance.now() + ms;
  while (!(await condition())) {
    if (performance.now() > deadline) throw new Error(`condition not met within ${ms} ms`);
    await sleep(20);
  }
}

/**
 * Keeps this process's event loop busy (`busyMs` of CPU in every `everyMs`) until stopped, as a
 * loaded instance's would be: a Redis answer then waits in the socket for tens of ms.
 */
function loadEventLoop(busyMs: number, everyMs: number): () => void {
  const timer = setInterval(() => {
    const end = performance.now() + busyMs;
    while (performance.now() < end) {
      // Busy.
    }
  }, everyMs);
  return () => clearInterval(timer);
}

interface Instance {
  readonly store: RedisStore;
  readonly server: TestServer;
}

/** A fresh instance (its own store and handler, no connection made yet) on the test's Redis. */
function instance(
  mode: Mode,
  prefix: string,
  state: Orders,
  options: { timeoutMs?: number; lockMs?: number } = {},
): Instance {
  const store = createRedisStore({
    url: redis.url,
    keyPrefix: prefix,
    onUnavailable: mode,
    log: () => {},
    ...(options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs }),
  });
  stores.push(store);
  const server = testServer({
    api,
    handlers: state.handlers,
    rateLimitStore: store,
    planLimits: {
      free: { perMinute: 60, perDay: 10_000 },
      pro: { perMinute: 100_000, perDay: 1_000_000 },
    },
    idempotency: { lockMs: options.lockMs ?? 10_000 },
  });
  return { store, server };
}

function instances(count: number, mode: Mode, state: Orders, options = {}): Instance[] {
  const prefix = `p${++prefixes}:`;
  return Array.from({ length: count }, () => instance(mode, prefix, state, options));
}

/** A handler run held open until `release()`. */
function hold(state: Orders): () => void {
  let release!: () => void;
  state.gate = new Promise((resolve) => (release = resolve));
  return () => {
    state.gate = undefined;
    release();
  };
}

/** The answers a retry of a running or stored key may get: never a second run. */
function expectNoRun(answer: Answer): void {
  const body = answer.body as { code?: string };
  const allowed =
    (answer.status === 201 && answer.headers.get("idempotent-replayed") === "true") ||
    isError(body, 409, "idempotency_request_in_progress") ||
    isError(body, 409, "idempotency_outcome_unknown") ||
    (isError(body, 503, "service_unavailable") && answer.headers.get("retry-after") !== null);
  expect(allowed, `${answer.status} ${answer.text}`).toBe(true);
}

const create = (server: TestServer, key: string) =>
  server.call("POST", "/orders", order(key, { item: "a" }));

describe.skipIf(!installed)(
  "Redis: exact limits and once-only idempotency (real redis-server)",
  () => {
    beforeAll(async () => {
      redis = await startRedisServer({ appendOnly: "always" });
      admin = new Redis(redis.url);
      admin.on("error", () => {});
    });
    afterAll(async () => {
      await Promise.all(stores.map((store) => store.close()));
      admin?.disconnect();
      await redis?.stop();
    });

    for (const mode of MODES) {
      it(`${mode}: 3 fresh instances, 10 bursts of 200 concurrent requests of a Free key on a loaded loop: exactly 60 pass, no 503`, async () => {
        const state = orders();
        for (let burst = 0; burst < 10; burst++) {
          // Redis answers late (as when it is starved of CPU): every answer of the burst waits.
          await admin.call("CLIENT", "PAUSE", "150", "ALL");
          const group = instances(3, mode, state);
          const stop = loadEventLoop(30, 40);
          const answers = await Promise.all(
            Array.from({ length: 200 }, (_, i) =>
              group[i % 3]!.server.call("GET", "/health", { key: KEYS.free }),
            ),
          );
          stop();
          const statuses = answers.map((answer) => answer.status);
          expect(
            statuses.filter((status) => status === 200),
            `burst ${burst}`,
          ).toHaveLength(60);
          expect(
            statuses.filter((status) => status === 429),
            `burst ${burst}`,
          ).toHaveLength(140);
          expect(group.every((one) => one.store.available)).toBe(true);
          await Promise.all(group.map((one) => one.store.close()));
        }
      }, 60_000);

      it(`${mode}: Redis killed and restarted (append-only file) mid-handler: one run, its result kept and replayed`, async () => {
        const state = orders();
        const [a, b] = instances(2, mode, state) as [Instance, Instance];
        const release = hold(state);
        const first = create(a.server, "kill-1");
        await until(() => state.calls === 1, 5_000);
        await redis.kill();
        // No lock, no execution: 503 with Retry-After on any instance, whatever the fail mode.
        const during = await create(b.server, "kill-1");
        expect(isError(during.body, 503, "service_unavailable")).toBe(true);
        expect(during.headers.get("retry-after")).toBe("1");
        release();
        expect((await first).status).toBe(201);
        await sleep(300);
        await redis.restart();
        // The result is written by the background retries once Redis answers again.
        let last: Answer | undefined;
        await until(async () => {
          last = await create(b.server, "kill-1");
          expectNoRun(last);
          return last.status === 201;
        }, 10_000);
        expect(last?.headers.get("x-order-run")).toBe("1");
        expect(state.calls).toBe(1);
        expect(a.server.logged).toEqual([]);
      }, 30_000);

      it(`${mode}: Redis down longer than lockMs after the run: one run; then 409 outcome unknown, never a second run`, async () => {
        const state = orders();
        const [a, b] = instances(2, mode, state, { lockMs: 800 }) as [Instance, Instance];
        const release = hold(state);
        const first = create(a.server, "lost-1");
        await until(() => state.calls === 1, 5_000);
        await redis.kill();
        release();
        expect((await first).status).toBe(201);
        await sleep(1_200);
        await redis.restart();
        await until(() => b.store.available, 5_000);
        const retry = await create(b.server, "lost-1");
        expect(isError(retry.body, 409, "idempotency_outcome_unknown")).toBe(true);
        expect(state.calls).toBe(1);
        const reported = a.server.logged.map((entry) => (entry.error as Error).message);
        expect(reported).toEqual([
          "The result of an idempotent request could not be kept: retries with its key get 409 idempotency_outcome_unknown",
        ]);
      }, 30_000);

      it(`${mode}: Redis paused (CLIENT PAUSE 1 s) while 3 instances get retries: one run`, async () => {
        const state = orders();
        const group = instances(3, mode, state, { timeoutMs: 200 });
        await Promise.all(group.map((one) => one.store.ping(5_000)));
        const release = hold(state);
        const first = create(group[0]!.server, "pause-1");
        await until(() => state.calls === 1, 5_000);
        await admin.call("CLIENT", "PAUSE", "1000", "ALL");
        const retries: Promise<Answer>[] = [];
        for (let round = 0; round < 12; round++) {
          for (const one of group) retries.push(create(one.server, "pause-1"));
          if (round === 5) release();
          await sleep(100);
        }
        for (const answer of await Promise.all(retries)) expectNoRun(answer);
        expect((await first).status).toBe(201);
        await until(async () => (await create(group[1]!.server, "pause-1")).status === 201, 10_000);
        expect(state.calls).toBe(1);
      }, 30_000);

      it(`${mode}: 3 fresh instances on a loaded loop, 60 concurrent requests with one key: one run`, async () => {
        const state = orders();
        const group = instances(3, mode, state);
        const stop = loadEventLoop(30, 40);
        const answers = await Promise.all(
          Array.from({ length: 60 }, (_, i) => create(group[i % 3]!.server, "load-1")),
        );
        stop();
        expect(state.calls).toBe(1);
        const ran = answers.filter(
          (answer) => answer.status === 201 && answer.headers.get("idempotent-replayed") === null,
        );
        expect(ran).toHaveLength(1);
        for (const answer of answers) if (!ran.includes(answer)) expectNoRun(answer);
      }, 30_000);
    }
  },
);
