/**
 * Figure 4 — server throughput: the generated request handler (auth, rate limits, validation on)
 * on node:http vs Fastify 5 validating the same schemas vs bare node:http, for GET /pets/by-id/1
 * and POST /pets with a valid body. Each server runs in its own process; autocannon (10
 * connections, pipelining 1) runs in this one; both share the machine's cores. Rounds alternate
 * the servers. Target: ≥ 1.0× Fastify's req/s, p99 latency ≤ 1.0× Fastify's.
 */
import type { BenchContext } from "./harness/context.js";
import { buildEntry } from "./harness/build-entry.js";
import { processCpuMs as cpuMs } from "./harness/cpu-time.js";
import { startServer, type ServerChild } from "./harness/child.js";
import { makeRow, type Row } from "./harness/rows.js";
import { median, rotate, round } from "./harness/stats.js";
import { API_KEY, NEW_PET_BODY } from "./server/fixtures.js";
import { load, type LoadResult } from "./server/load.js";

interface RoundResult extends LoadResult {
  /** Server CPU time per 1,000 answered requests (ms), when /proc is there. */
  readonly cpuMsPerThousand: number | undefined;
}

const SERVERS = [
  { name: "generated", script: "benchmarks/server/ours-server.ts" },
  { name: "fastify", script: "benchmarks/server/fastify-server.ts" },
  { name: "bare node:http", script: "benchmarks/server/bare-server.ts" },
] as const;

const ROUTES = [
  {
    id: "get-by-id",
    label: "GET /pets/by-id/{petId}",
    method: "GET",
    path: "/pets/by-id/1",
    body: undefined,
  },
  {
    id: "post-pet",
    label: "POST /pets (validated body)",
    method: "POST",
    path: "/pets",
    body: NEW_PET_BODY,
  },
] as const;

export async function benchServer(ctx: BenchContext): Promise<Row[]> {
  const connections = 10;
  const duration = ctx.quick ? 1 : 2;
  const rounds = ctx.quick ? 1 : 6;
  const amount = ctx.quick ? 300 : undefined;
  const started: { name: string; child: ServerChild }[] = [];
  try {
    for (const server of SERVERS) {
      const compiled = await buildEntry(ctx.root, ctx.workDir, server.script);
      started.push({
        name: server.name,
        child: await startServer(ctx.root, compiled, [`${ctx.root}/spec/openapi.yaml`]),
      });
    }
    const rows: Row[] = [];
    for (const route of ROUTES) {
      const headers: Record<string, string> = { "x-api-key": API_KEY };
      if (route.body !== undefined) headers["content-type"] = "application/json";
      const run = (child: ServerChild, seconds: number, requests?: number) =>
        load({
          url: `${child.url}${route.path}`,
          method: route.method,
          headers,
          ...(route.body === undefined ? {} : { body: route.body }),
          connections,
          duration: seconds,
          ...(requests === undefined ? {} : { amount: requests }),
        });
      if (!ctx.quick) for (const { child } of started) await run(child, 1); // warm-up (JIT), not counted
      const results: Record<string, RoundResult[]> = Object.fromEntries(
        started.map(({ name }) => [name, []]),
      );
      for (let round = 0; round < rounds; round++) {
        for (const { name, child } of rotate(started, round)) {
          const cpuBefore = cpuMs(child.pid);
          const loadResult = await run(child, duration, amount);
          const cpuAfter = cpuMs(child.pid);
          const result: RoundResult = {
            ...loadResult,
            cpuMsPerThousand:
              cpuBefore === undefined || cpuAfter === undefined || loadResult.responses === 0
                ? undefined
                : ((cpuAfter - cpuBefore) / loadResult.responses) * 1000,
          };
          results[name]!.push(result);
          ctx.log(
            `  ${route.label} round ${round + 1}/${rounds} ${name}: ${Math.round(result.requestsPerSecond)} req/s, ` +
              `p99 ${result.p99Ms.toFixed(2)} ms, server CPU ${result.cpuMsPerThousand?.toFixed(0) ?? "?"} ms per 1,000 requests${result.non2xx + result.errors > 0 ? `, ${result.non2xx} non-2xx, ${result.errors} errors` : ""}`,
          );
        }
      }
      const summary = Object.fromEntries(
        Object.entries(results).map(([name, list]) => [
          name,
          {
            requestsPerSecond: round(median(list.map((r) => r.requestsPerSecond)), 0),
            p50Ms: round(median(list.map((r) => r.p50Ms)), 3),
            p99Ms: round(median(list.map((r) => r.p99Ms)), 3),
            non2xx: list.reduce((sum, r) => sum + r.non2xx, 0),
            errors: list.reduce((sum, r) => sum + r.errors, 0),
            roundsRequestsPerSecond: list.map((r) => round(r.requestsPerSecond, 0)),
            roundsP99Ms: list.map((r) => round(r.p99Ms, 2)),
            cpuMsPerThousandRequests: round(
              median(
                list.flatMap((r) => (r.cpuMsPerThousand === undefined ? [] : [r.cpuMsPerThousand])),
              ),
              1,
            ),
          },
        ]),
      );
      const paired = (pick: (result: LoadResult) => number) =>
        results["generated"]!.map((result, i) => pick(result) / pick(results["fastify"]![i]!));
      const failures = Object.entries(summary)
        .filter(([, s]) => s.non2xx + s.errors > 0)
        .map(([name, s]) => `${name}: ${s.non2xx} non-2xx, ${s.errors} errors`);
      const ours = summary["generated"]!;
      const fastify = summary["fastify"]!;
      const bare = summary["bare node:http"]!;
      const details = {
        connections,
        pipelining: 1,
        secondsPerRun: amount === undefined ? duration : `${amount} requests`,
        rounds,
        servers: summary,
        ratioToBare: round(ours.requestsPerSecond / bare.requestsPerSecond, 3),
        // Less sensitive to a busy machine than req/s: what each request costs the server.
        cpuPerRequestRatioToFastify: round(
          ours.cpuMsPerThousandRequests / fastify.cpuMsPerThousandRequests,
          3,
        ),
      };
      const failure = failures.length > 0 ? { failure: failures.join("; ") } : {};
      rows.push(
        makeRow({
          name: `server.${route.id}.rps`,
          figure: "4",
          label: `server ${route.label}: req/s`,
          ours: ours.requestsPerSecond,
          peer: fastify.requestsPerSecond,
          peerName: "Fastify 5 + same JSON schemas",
          unit: "req/s",
          target: { op: ">=", value: 1.0 },
          pairedRatios: paired((result) => result.requestsPerSecond),
          details,
          ...failure,
        }),
        makeRow({
          name: `server.${route.id}.p99`,
          figure: "4",
          label: `server ${route.label}: p99 latency`,
          ours: ours.p99Ms,
          peer: fastify.p99Ms,
          peerName: "Fastify 5 + same JSON schemas",
          unit: "ms",
          target: { op: "<=", value: 1.0 },
          pairedRatios: paired((result) => result.p99Ms),
          details,
          ...failure,
        }),
      );
    }
    return rows;
  } finally {
    for (const { child } of started) await child.stop();
  }
}
