/**
 * Figure 4 — server throughput: the generated request handler (auth, rate limits, validation on)
 * on node:http vs two Fastify 5 peers and bare node:http, for GET /pets/by-id/1 and POST /pets
 * with a valid body. The fair peer does the same work (API-key preHandler with the plan lookup,
 * `@fastify/rate-limit` in memory with the plan's limit and its headers, the same Ajv
 * validation): target ≥ 1.0× its req/s and p99 ≤ 1.0×. The bare peer only validates the same
 * schemas: target ≥ 0.9× its req/s, p99 ≤ 1.1×. Each server runs in its own process; autocannon
 * (10 connections, pipelining 1) runs in this one; both share the machine's cores. Rounds
 * alternate the servers.
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
  { name: "fastify full", script: "benchmarks/server/fastify-full-server.ts" },
  { name: "bare node:http", script: "benchmarks/server/bare-server.ts" },
] as const;

const BARE_PEER = "Fastify 5 + same JSON schemas";
const FAIR_PEER =
  "Fastify 5 + API-key preHandler + @fastify/rate-limit (memory) + same JSON schemas";

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
      const paired = (peer: string, pick: (result: LoadResult) => number) =>
        results["generated"]!.map((result, i) => pick(result) / pick(results[peer]![i]!));
      const failures = Object.entries(summary)
        .filter(([, s]) => s.non2xx + s.errors > 0)
        .map(([name, s]) => `${name}: ${s.non2xx} non-2xx, ${s.errors} errors`);
      const ours = summary["generated"]!;
      const fastify = summary["fastify"]!;
      const full = summary["fastify full"]!;
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
        cpuPerRequestRatioToFastifyFull: round(
          ours.cpuMsPerThousandRequests / full.cpuMsPerThousandRequests,
          3,
        ),
      };
      const failure = failures.length > 0 ? { failure: failures.join("; ") } : {};
      const peers = [
        { key: "", stats: fastify, name: "fastify", peerName: BARE_PEER, rps: 0.9, p99: 1.1 },
        {
          key: ".fair",
          stats: full,
          name: "fastify full",
          peerName: FAIR_PEER,
          rps: 1.0,
          p99: 1.0,
        },
      ];
      // What each request costs the server in CPU time: far less sensitive to a busy machine
      // than req/s and p99, which share the cores with the load generator and everything else.
      rows.push(
        makeRow({
          name: `server.${route.id}.fair.cpu`,
          figure: "4",
          label: `server ${route.label}: CPU per request`,
          ours: ours.cpuMsPerThousandRequests,
          peer: full.cpuMsPerThousandRequests,
          peerName: FAIR_PEER,
          unit: "ms/1k req",
          target: { op: "<=", value: 1.0 },
          details,
          ...failure,
        }),
      );
      for (const peer of peers) {
        rows.push(
          makeRow({
            name: `server.${route.id}${peer.key}.rps`,
            figure: "4",
            label: `server ${route.label}: req/s`,
            ours: ours.requestsPerSecond,
            peer: peer.stats.requestsPerSecond,
            peerName: peer.peerName,
            unit: "req/s",
            target: { op: ">=", value: peer.rps },
            pairedRatios: paired(peer.name, (result) => result.requestsPerSecond),
            details,
            ...failure,
          }),
          makeRow({
            name: `server.${route.id}${peer.key}.p99`,
            figure: "4",
            label: `server ${route.label}: p99 latency`,
            ours: ours.p99Ms,
            peer: peer.stats.p99Ms,
            peerName: peer.peerName,
            unit: "ms",
            target: { op: "<=", value: peer.p99 },
            pairedRatios: paired(peer.name, (result) => result.p99Ms),
            details,
            ...failure,
          }),
        );
      }
    }
    return rows;
  } finally {
    for (const { child } of started) await child.stop();
  }
}
