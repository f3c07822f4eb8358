/**
 * Figure 3 — client per-call overhead: the generated client (default options, retries on) vs
 * openapi-fetch vs a hand-written `fetch(url, init)`, for a GET with a path parameter, a GET with
 * a query and a POST with a JSON body.
 * (a) injected instant fetch (a new `Response` per call): target ≥ 0.9× hand-written ops/s;
 * (b) real HTTP to a canned `node:http` server in another process on 127.0.0.1, concurrency 1:
 *     target ≥ 0.95×.
 * Both run in child processes, compiled (harness/build-entry.ts).
 */
import type { BenchContext } from "./harness/context.js";
import { buildEntry } from "./harness/build-entry.js";
import { runWorker, startServer } from "./harness/child.js";
import { makeRow, type Row } from "./harness/rows.js";
import { median, round } from "./harness/stats.js";
import type { LoopResult } from "./client/call-loop.js";
import { CALL_LABELS, CALLS } from "./client/contenders.js";

interface Mode {
  readonly id: "instant" | "http";
  readonly label: string;
  readonly target: number;
}

function rowsOf(mode: Mode, result: LoopResult, settings: Record<string, unknown>): Row[] {
  return CALLS.map((call) => {
    const samples = result[call];
    const medians: Record<string, number> = {};
    for (const [name, values] of Object.entries(samples)) medians[name] = round(median(values), 0);
    const hand = medians["hand-written"] ?? Number.NaN;
    const ratios: Record<string, number> = {};
    for (const [name, value] of Object.entries(medians)) ratios[name] = round(value / hand, 3);
    return makeRow({
      name: `client.${mode.id}.${call}`,
      figure: "3",
      label: `client ${mode.label}: ${CALL_LABELS[call]}`,
      ours: medians["generated"] ?? Number.NaN,
      peer: hand,
      peerName: "hand-written fetch(url, init)",
      unit: "ops/s",
      target: { op: ">=", value: mode.target },
      // generated and hand-written run back to back in every round (rotated order)
      pairedRatios: (samples["generated"] ?? []).map(
        (value, i) => value / (samples["hand-written"]?.[i] ?? Number.NaN),
      ),
      details: {
        ...settings,
        medianOpsPerSecond: medians,
        ratioToHandWritten: ratios,
        samplesOpsPerSecond: Object.fromEntries(
          Object.entries(samples).map(([name, values]) => [name, values.map((v) => round(v, 0))]),
        ),
      },
    });
  });
}

export async function benchClient(ctx: BenchContext): Promise<Row[]> {
  const rows: Row[] = [];
  const instant = {
    iterations: ctx.quick ? 200 : 2_000,
    rounds: ctx.quick ? 1 : 25,
    warmup: ctx.quick ? 50 : 2_000,
  };
  ctx.log(
    `  instant fetch: ${instant.rounds} rounds × ${instant.iterations} calls per contender and call`,
  );
  // Compiled with esbuild and run with plain node (see harness/build-entry.ts).
  const instantWorker = await buildEntry(
    ctx.root,
    ctx.workDir,
    "benchmarks/client/instant-worker.ts",
  );
  const httpWorker = await buildEntry(ctx.root, ctx.workDir, "benchmarks/client/http-worker.ts");
  const cannedServer = await buildEntry(
    ctx.root,
    ctx.workDir,
    "benchmarks/client/canned-server.ts",
  );
  const instantResult = await runWorker<LoopResult>(ctx.root, instantWorker, instant);
  rows.push(
    ...rowsOf({ id: "instant", label: "instant fetch", target: 0.9 }, instantResult, instant),
  );

  const server = await startServer(ctx.root, cannedServer);
  try {
    const http = {
      baseUrl: server.url,
      iterations: ctx.quick ? 50 : 400,
      rounds: ctx.quick ? 1 : 31,
      warmup: ctx.quick ? 20 : 300,
    };
    ctx.log(
      `  loopback HTTP: ${http.rounds} rounds × ${http.iterations} calls per contender and call, concurrency 1`,
    );
    const httpResult = await runWorker<LoopResult>(ctx.root, httpWorker, http);
    const { baseUrl: _baseUrl, ...settings } = http;
    rows.push(
      ...rowsOf({ id: "http", label: "loopback HTTP", target: 0.95 }, httpResult, settings),
    );
  } finally {
    await server.stop();
  }
  for (const row of rows) {
    const medians = row.details["medianOpsPerSecond"] as Record<string, number>;
    ctx.log(
      `  ${row.label}: ${Object.entries(medians)
        .map(([name, value]) => `${name} ${value}`)
        .join(", ")} ops/s`,
    );
  }
  return rows;
}
