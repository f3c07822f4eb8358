/**
 * Figure 4 on Redis, exactness under load (issue 33): do shared limits hold when instances are
 * fresh and busy? For each of `bursts` rounds, 3 fresh processes of a server (a new key prefix
 * each round, so a fresh window) are started on one redis-server, then 200 concurrent requests
 * of one key whose limit is 60 a minute are spread over them round-robin (the three processes,
 * the load generator and Redis share the machine: the first requests after a start meet busy
 * event loops). Ours runs in both fail modes; the peer is Fastify 5 + `@fastify/rate-limit` on
 * the same Redis. The row: the most successes in any burst (target: no more than the peer's,
 * which is exactly the limit); any burst with other than 60 successes, or any 503, fails it.
 */
import type { BenchContext } from "./harness/context.js";
import { startServer, type ServerChild } from "./harness/child.js";
import { makeRow, type Row } from "./harness/rows.js";
import { API_KEY } from "./server/fixtures.js";
import { buildRedisServers } from "./server-redis.js";
import { findRedisServer, REDIS_MISSING, startRedisServer } from "../scripts/redis-server.js";

const PEER = "Fastify 5 + @fastify/rate-limit (same Redis, 3 fresh instances)";
const LIMIT = 60;
const BURST = 200;
const INSTANCES = 3;

export const REDIS_EXACT_ROWS = ["server.redis.burst-exact"] as const;

interface BurstCount {
  readonly ok: number;
  readonly limited: number;
  readonly unavailable: number;
  readonly other: number;
}

async function burst(children: readonly ServerChild[]): Promise<BurstCount> {
  const statuses = await Promise.all(
    Array.from({ length: BURST }, (_, i) =>
      fetch(`${children[i % children.length]!.url}/pets/by-id/1`, {
        headers: { "x-api-key": API_KEY },
      }).then(
        async (response) => {
          await response.arrayBuffer();
          return response.status;
        },
        () => 0,
      ),
    ),
  );
  const count = (match: (status: number) => boolean) => statuses.filter(match).length;
  return {
    ok: count((status) => status === 200),
    limited: count((status) => status === 429),
    unavailable: count((status) => status === 503),
    other: count((status) => status !== 200 && status !== 429 && status !== 503),
  };
}

export async function benchServerRedisExact(ctx: BenchContext): Promise<Row[]> {
  if (findRedisServer() === undefined) {
    ctx.log(`  ${REDIS_MISSING}`);
    return [];
  }
  const bursts = ctx.quick ? 2 : 10;
  const redis = await startRedisServer();
  try {
    const { ours, peer } = await buildRedisServers(ctx);
    const contenders = {
      "generated (fail open)": (prefix: string) =>
        startServer(ctx.root, ours, [redis.url, "--per-minute", String(LIMIT), "--prefix", prefix]),
      "generated (fail closed)": (prefix: string) =>
        startServer(ctx.root, ours, [
          redis.url,
          ...["--per-minute", String(LIMIT), "--prefix", prefix, "--fail", "closed"],
        ]),
      fastify: (prefix: string) =>
        startServer(ctx.root, peer, [
          `${ctx.root}/spec/openapi.yaml`,
          redis.url,
          ...["--per-minute", String(LIMIT), "--prefix", prefix],
        ]),
    };
    const counts: Record<string, BurstCount[]> = {};
    for (let round = 0; round < bursts; round++) {
      for (const [name, start] of Object.entries(contenders)) {
        const prefix = `exact-${name.replace(/\W+/g, "-")}-${round}:`;
        const children = await Promise.all(Array.from({ length: INSTANCES }, () => start(prefix)));
        try {
          const counted = await burst(children);
          (counts[name] ??= []).push(counted);
          ctx.log(
            `  burst ${round + 1}/${bursts} ${name}: ${counted.ok} × 200, ${counted.limited} × 429, ` +
              `${counted.unavailable} × 503${counted.other > 0 ? `, ${counted.other} other` : ""}`,
          );
        } finally {
          await Promise.all(children.map((child) => child.stop()));
        }
      }
    }
    const worst = (name: string) => Math.max(...(counts[name] ?? []).map((count) => count.ok));
    const problems = Object.entries(counts).flatMap(([name, list]) =>
      list
        .map((count, i) =>
          count.ok !== LIMIT || count.unavailable > 0 || count.other > 0
            ? `${name} burst ${i + 1}: ${count.ok} successes, ${count.unavailable} × 503, ${count.other} other`
            : undefined,
        )
        .filter((problem) => problem !== undefined),
    );
    const ourWorst = Math.max(worst("generated (fail open)"), worst("generated (fail closed)"));
    return [
      makeRow({
        name: REDIS_EXACT_ROWS[0],
        figure: "4",
        label: `server on Redis, ${INSTANCES} fresh instances, bursts of ${BURST} on a ${LIMIT}/min key: most successes in a burst`,
        ours: ourWorst,
        peer: worst("fastify"),
        peerName: PEER,
        unit: "requests",
        target: { op: "<=", value: 1.0 },
        details: { bursts, instances: INSTANCES, burst: BURST, limit: LIMIT, counts },
        ...(problems.length > 0 ? { failure: problems.join("; ") } : {}),
      }),
    ];
  } finally {
    await redis.stop();
  }
}
