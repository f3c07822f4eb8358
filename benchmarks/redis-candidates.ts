/**
 * `npx tsx benchmarks/redis-candidates.ts [--hits <n>] [--concurrency <n>] [--rounds <n>]`: the
 * measurement behind the Redis store's choices (docs/server-redis.md). On a throwaway
 * redis-server, each candidate applies `hits` rate-limit hits over 1,000 keys with `concurrency`
 * hits in flight, in rounds that alternate the candidates; prints hits/s and p99 latency (medians
 * over the rounds) as one JSON object and a table.
 *
 * - ioredis + our Lua script (EVALSHA): the whole algorithm (minute + day windows, ban) in one trip;
 * - ioredis + the same script, `enableAutoPipelining`;
 * - node-redis + the same script (EVALSHA);
 * - ioredis + rate-limiter-flexible: a RateLimiterUnion of a minute and a day RateLimiterRedis
 *   (two commands per hit; it has no "ban after N rejected requests", so it does less).
 */
import { createHash } from "node:crypto";
import { parseArgs } from "node:util";
import { Redis } from "ioredis";
import { RateLimiterRedis, RateLimiterUnion } from "rate-limiter-flexible";
import { createClient } from "redis";
import { startRedisServer } from "../scripts/redis-server.js";
import { RATE_LIMIT_SCRIPT } from "../templates/server/stores/redis-scripts.js";
import { median, percentile, round } from "./harness/stats.js";

type Hit = (key: string) => Promise<unknown>;

interface Candidate {
  readonly name: string;
  readonly hit: Hit;
  close(): Promise<void>;
}

const LIMIT_ARGS = ["1000000000", "1000000000000", "5", "900", ""];

async function candidates(url: string): Promise<Candidate[]> {
  const sha = createHash("sha1").update(RATE_LIMIT_SCRIPT).digest("hex");

  const io = new Redis(url);
  await io.script("LOAD", RATE_LIMIT_SCRIPT);
  const ioPipelined = new Redis(url, { enableAutoPipelining: true });
  const node = createClient({ url });
  await node.connect();
  const rlfClient = new Redis(url);
  const union = new RateLimiterUnion(
    new RateLimiterRedis({
      storeClient: rlfClient,
      keyPrefix: "rlf-minute",
      points: 1e9,
      duration: 60,
    }),
    new RateLimiterRedis({
      storeClient: rlfClient,
      keyPrefix: "rlf-day",
      points: 1e12,
      duration: 86_400,
    }),
  );
  return [
    {
      name: "ioredis + Lua (EVALSHA)",
      hit: (key) => io.evalsha(sha, 1, `io:${key}`, ...LIMIT_ARGS),
      close: async () => void (await io.quit()),
    },
    {
      name: "ioredis auto-pipelining + Lua",
      hit: (key) => ioPipelined.evalsha(sha, 1, `iop:${key}`, ...LIMIT_ARGS),
      close: async () => void (await ioPipelined.quit()),
    },
    {
      name: "node-redis + Lua (EVALSHA)",
      hit: (key) => node.evalSha(sha, { keys: [`node:${key}`], arguments: LIMIT_ARGS }),
      close: async () => void node.destroy(),
    },
    {
      name: "ioredis + rate-limiter-flexible (union minute + day)",
      hit: (key) => union.consume(key),
      close: async () => void (await rlfClient.quit()),
    },
  ];
}

async function measure(hit: Hit, hits: number, concurrency: number) {
  const latencies: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < hits) {
        const key = `k${next++ % 1000}`;
        const t0 = performance.now();
        await hit(key);
        latencies.push(performance.now() - t0);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return { hitsPerSecond: hits / seconds, p99Ms: percentile(latencies, 99) };
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      hits: { type: "string", default: "20000" },
      concurrency: { type: "string", default: "50" },
      rounds: { type: "string", default: "5" },
    },
  });
  const hits = Number(values.hits);
  const concurrency = Number(values.concurrency);
  const rounds = Number(values.rounds);
  const redis = await startRedisServer();
  const list = await candidates(redis.url);
  try {
    for (const { hit } of list) await measure(hit, 2_000, concurrency); // warm-up
    const results = new Map<string, { hitsPerSecond: number; p99Ms: number }[]>(
      list.map(({ name }) => [name, []]),
    );
    for (let r = 0; r < rounds; r++) {
      const order = [...list.slice(r % list.length), ...list.slice(0, r % list.length)];
      for (const { name, hit } of order)
        results.get(name)!.push(await measure(hit, hits, concurrency));
    }
    const summary = Object.fromEntries(
      [...results].map(([name, runs]) => [
        name,
        {
          hitsPerSecond: round(median(runs.map((run) => run.hitsPerSecond)), 0),
          p99Ms: round(median(runs.map((run) => run.p99Ms)), 3),
        },
      ]),
    );
    console.log(JSON.stringify({ hits, concurrency, rounds, summary }, null, 2));
    for (const [name, { hitsPerSecond, p99Ms }] of Object.entries(summary)) {
      console.log(
        `${name.padEnd(55)} ${String(hitsPerSecond).padStart(8)} hits/s  p99 ${p99Ms} ms`,
      );
    }
  } finally {
    for (const candidate of list) await candidate.close();
    await redis.stop();
  }
}

await main();
