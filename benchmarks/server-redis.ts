/**
 * Figure 4 on Redis — scale-out rate limiting: our handler with the Redis store
 * (benchmarks/server/ours-redis-server.ts) vs Fastify 5 with an API-key preHandler and
 * `@fastify/rate-limit` on the same redis-server (benchmarks/server/fastify-full-server.ts),
 * same key header and per-minute limit, for GET /pets/by-id/{petId}. A throwaway redis-server
 * is started on a free port for the figure; without redis-server installed, the figure logs one
 * line and has no rows. Rounds alternate the servers (autocannon, 10 connections, pipelining 1).
 * Target: ≥ 1.0× Fastify's req/s, p99 latency ≤ 1.0× Fastify's.
 */
import type { BenchContext } from "./harness/context.js";
import { buildEntry } from "./harness/build-entry.js";
import { processCpuMs } from "./harness/cpu-time.js";
import { startServer, type ServerChild } from "./harness/child.js";
import { makeRow, type Row } from "./harness/rows.js";
import { median, rotate, round } from "./harness/stats.js";
import { API_KEY } from "./server/fixtures.js";
import { load, type LoadResult } from "./server/load.js";
import { findRedisServer, REDIS_MISSING, startRedisServer } from "../scripts/redis-server.js";

const PEER = "Fastify 5 + API-key preHandler + @fastify/rate-limit (same Redis)";

/** The row names, for the smoke test (present only when redis-server is installed). */
export const REDIS_ROWS = ["server.redis.get-by-id.rps", "server.redis.get-by-id.p99"] as const;

/** Builds our Redis server and the Fastify peer (entries for `startServer`). */
export async function buildRedisServers(
  ctx: BenchContext,
): Promise<{ ours: string; peer: string }> {
  const build = (entry: string) => buildEntry(ctx.root, ctx.workDir, entry);
  return {
    ours: await build("benchmarks/server/ours-redis-server.ts"),
    peer: await build("benchmarks/server/fastify-full-server.ts"),
  };
}

export async function benchServerRedis(ctx: BenchContext): Promise<Row[]> {
  if (findRedisServer() === undefined) {
    ctx.log(`  ${REDIS_MISSING}`);
    return [];
  }
  const connections = 10;
  const duration = ctx.quick ? 1 : 2;
  const rounds = ctx.quick ? 1 : 6;
  const amount = ctx.quick ? 300 : undefined;
  const redis = await startRedisServer();
  // "generated+pipelining": the same handler with the store's `autoPipelining` on, in the
  // details only (the rows measure the default configuration).
  const started: {
    name: "generated" | "generated+pipelining" | "fastify";
    child: ServerChild;
  }[] = [];
  try {
    const { ours, peer } = await buildRedisServers(ctx);
    started.push({ name: "generated", child: await startServer(ctx.root, ours, [redis.url]) });
    started.push({
      name: "generated+pipelining",
      child: await startServer(ctx.root, ours, [redis.url, "--auto-pipelining"]),
    });
    started.push({
      name: "fastify",
      child: await startServer(ctx.root, peer, [`${ctx.root}/spec/openapi.yaml`, redis.url]),
    });
    const run = (child: ServerChild, seconds: number, requests?: number) =>
      load({
        url: `${child.url}/pets/by-id/1`,
        method: "GET",
        headers: { "x-api-key": API_KEY },
        connections,
        duration: seconds,
        ...(requests === undefined ? {} : { amount: requests }),
      });
    if (!ctx.quick) for (const { child } of started) await run(child, 1); // warm-up, not counted
    const results: Record<string, LoadResult[]> = {
      generated: [],
      "generated+pipelining": [],
      fastify: [],
    };
    // CPU time per 1,000 answered requests (ms): of the server, and of the server plus Redis.
    const cpu: Record<string, { server: number[]; withRedis: number[] }> = {
      generated: { server: [], withRedis: [] },
      "generated+pipelining": { server: [], withRedis: [] },
      fastify: { server: [], withRedis: [] },
    };
    for (let r = 0; r < rounds; r++) {
      for (const { name, child } of rotate(started, r)) {
        const serverBefore = processCpuMs(child.pid);
        const redisBefore = processCpuMs(redis.pid);
        const result = await run(child, duration, amount);
        const serverMs = (processCpuMs(child.pid) ?? NaN) - (serverBefore ?? NaN);
        const redisMs = (processCpuMs(redis.pid) ?? NaN) - (redisBefore ?? NaN);
        const perThousand = (ms: number) => (ms / Math.max(1, result.responses)) * 1000;
        if (Number.isFinite(serverMs) && Number.isFinite(redisMs)) {
          cpu[name]!.server.push(perThousand(serverMs));
          cpu[name]!.withRedis.push(perThousand(serverMs + redisMs));
        }
        results[name]!.push(result);
        ctx.log(
          `  GET /pets/by-id/{petId} on Redis round ${r + 1}/${rounds} ${name}: ${Math.round(result.requestsPerSecond)} req/s, ` +
            `p99 ${result.p99Ms.toFixed(2)} ms, CPU ${perThousand(serverMs).toFixed(0)} ms server + ${perThousand(redisMs).toFixed(0)} ms Redis per 1,000 requests` +
            `${result.non2xx + result.errors > 0 ? `, ${result.non2xx} non-2xx, ${result.errors} errors` : ""}`,
        );
      }
    }
    const cpuRatio = (pick: "server" | "withRedis") =>
      cpu["generated"]![pick].length === 0
        ? null
        : round(median(cpu["generated"]![pick]) / median(cpu["fastify"]![pick]), 3);
    const summary = (list: LoadResult[]) => ({
      requestsPerSecond: round(median(list.map((r) => r.requestsPerSecond)), 0),
      p99Ms: round(median(list.map((r) => r.p99Ms)), 3),
      non2xx: list.reduce((sum, r) => sum + r.non2xx, 0),
      errors: list.reduce((sum, r) => sum + r.errors, 0),
      roundsRequestsPerSecond: list.map((r) => round(r.requestsPerSecond, 0)),
      roundsP99Ms: list.map((r) => round(r.p99Ms, 2)),
    });
    const ourSummary = summary(results["generated"]!);
    const peerSummary = summary(results["fastify"]!);
    const paired = (pick: (result: LoadResult) => number) =>
      results["generated"]!.map((result, i) => pick(result) / pick(results["fastify"]![i]!));
    const failures = Object.entries({ generated: ourSummary, fastify: peerSummary })
      .filter(([, s]) => s.non2xx + s.errors > 0)
      .map(([name, s]) => `${name}: ${s.non2xx} non-2xx, ${s.errors} errors`);
    const failure = failures.length > 0 ? { failure: failures.join("; ") } : {};
    const details = {
      connections,
      pipelining: 1,
      secondsPerRun: amount === undefined ? duration : `${amount} requests`,
      rounds,
      servers: {
        generated: ourSummary,
        "generated+pipelining": summary(results["generated+pipelining"]!),
        fastify: peerSummary,
      },
      // Less sensitive to a busy machine than req/s: what each request costs (server; server + Redis).
      cpuMsPerThousandRequests: Object.fromEntries(
        Object.entries(cpu).map(([name, lists]) => [
          name,
          { server: round(median(lists.server), 1), withRedis: round(median(lists.withRedis), 1) },
        ]),
      ),
      cpuPerRequestRatioToFastify: cpuRatio("server"),
      cpuWithRedisPerRequestRatioToFastify: cpuRatio("withRedis"),
      note: "ours: minute + day windows and the ban in one Lua script per request; the peer: one window",
    };
    return [
      makeRow({
        name: REDIS_ROWS[0],
        figure: "4",
        label: "server on Redis GET /pets/by-id/{petId}: req/s",
        ours: ourSummary.requestsPerSecond,
        peer: peerSummary.requestsPerSecond,
        peerName: PEER,
        unit: "req/s",
        target: { op: ">=", value: 1.0 },
        pairedRatios: paired((result) => result.requestsPerSecond),
        details,
        ...failure,
      }),
      makeRow({
        name: REDIS_ROWS[1],
        figure: "4",
        label: "server on Redis GET /pets/by-id/{petId}: p99 latency",
        ours: ourSummary.p99Ms,
        peer: peerSummary.p99Ms,
        peerName: PEER,
        unit: "ms",
        target: { op: "<=", value: 1.0 },
        pairedRatios: paired((result) => result.p99Ms),
        details,
        ...failure,
      }),
    ];
  } finally {
    for (const { child } of started) await child.stop();
    await redis.stop();
  }
}
