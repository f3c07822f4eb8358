/**
 * Figure 1 — generation, cold process: our whole pipeline (`node generator/run.mjs cli`, what
 * `npm run generate` runs: an esbuild bundle of the generator, built by the warm-up run)
 * vs the openapi-typescript CLI alone (types only, a reference: targets ≤ 1.5 for time and memory,
 * issue 36), alternated, on our spec and the large corpus specs, then against the same-work peers
 * (peer-generation.ts). Median wall time and peak RSS; ratio = ours / peer. Cold means `--no-cache` too: nothing an earlier run cached is
 * reused (the "one-line edit" rows, generation-edit.ts, measure the cache).
 *
 * Each run writes into a fresh folder. openapi-typescript runs with its working directory in an
 * empty temp folder, so the project's redocly.yaml (house lint rules) does not apply to it.
 * Without `--runs`, a spec whose first pair of runs takes longer than {@link PAIR_BUDGET_SECONDS}/3
 * gets 3 runs instead of 5, to keep a full run within about 15 minutes on 2 cores.
 */
import { mkdir, mkdtemp, rm } from "node:fs/promises";
import { benchColdCheck } from "./check-cold.js";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { assertSpecExists, type BenchContext, type BenchSpec } from "./harness/context.js";
import { runNode, type ProcessRun } from "./harness/measure-process.js";
import { failedRow, makeRow, type Row } from "./harness/rows.js";
import { median, round } from "./harness/stats.js";
import { benchEdit } from "./generation-edit.js";
import { benchPeers, ensurePeers } from "./peer-generation.js";

/** Seconds a spec's runs (ours + peer) may take together before fewer runs are made. */
export const PAIR_BUDGET_SECONDS = 200;
const MIN_RUNS_WHEN_CAPPED = 3;
/** openapi-typescript's CLI types only: a reference row (issue 36), the same-work peers are peer-generation.ts. */
const TIME_TARGET = { op: "<=", value: 1.5 } as const;
const MEMORY_TARGET = { op: "<=", value: 1.5 } as const;

export interface GenerationCommand {
  readonly args: readonly string[];
  readonly cwd: string;
}

/** Our pipeline, as `npm run generate` runs it but without npm's own process. */
export function oursCommand(
  ctx: BenchContext,
  spec: BenchSpec,
  out: string,
  extra: readonly string[] = [],
): GenerationCommand {
  return {
    cwd: ctx.root,
    args: [
      "generator/run.mjs",
      "cli",
      "--spec",
      spec.path,
      "--out",
      relative(ctx.root, out),
      ...(spec.apiName === undefined ? [] : ["--name", spec.apiName]),
      ...extra,
    ],
  };
}

export function peerCommand(
  ctx: BenchContext,
  spec: BenchSpec,
  outFile: string,
  cwd: string,
): GenerationCommand {
  return {
    cwd,
    args: [join(ctx.root, "node_modules/openapi-typescript/bin/cli.js"), spec.path, "-o", outFile],
  };
}

async function timed(command: GenerationCommand, what: string): Promise<ProcessRun> {
  const run = await runNode(command.args, { cwd: command.cwd });
  if (run.exitCode !== 0) {
    const tail = `${run.stderr}\n${run.stdout}`.trim().split("\n").slice(-6).join("\n");
    throw new Error(`${what} exited with ${String(run.exitCode)}:\n${tail}`);
  }
  return run;
}

interface Samples {
  seconds: number[];
  rssKb: number[];
}

function push(samples: Samples, run: ProcessRun): void {
  samples.seconds.push(run.wallSeconds);
  if (run.peakRssKb !== undefined) samples.rssKb.push(run.peakRssKb);
}

export async function benchGeneration(ctx: BenchContext): Promise<Row[]> {
  const rows: Row[] = [];
  const peerCwd = await mkdtemp(join(tmpdir(), "bench-openapi-typescript-"));
  const peersSkipped =
    process.env["BENCH_NO_PEERS"] === "1"
      ? "BENCH_NO_PEERS=1"
      : ctx.quick && process.env["BENCH_PEERS"] !== "1"
        ? "--quick; BENCH_PEERS=1 runs them"
        : ensurePeers(ctx);
  if (peersSkipped !== undefined) ctx.log(`  same-work peers: skipped (${peersSkipped})`);
  try {
    if (!ctx.quick) {
      // Warm the file cache and build the generator's bundle once (not measured).
      const warm = ctx.specs[0];
      if (warm !== undefined) {
        ctx.log(`  warm-up on ${warm.label}`);
        const out = join(ctx.workDir, "gen", "warm-up");
        await rm(out, { recursive: true, force: true });
        await timed(oursCommand(ctx, warm, out), "our generator (warm-up)");
        await timed(
          peerCommand(ctx, warm, join(out, "types.ts"), peerCwd),
          "openapi-typescript (warm-up)",
        );
        await rm(out, { recursive: true, force: true });
      }
    }
    for (const spec of ctx.specs) {
      try {
        rows.push(...(await benchSpec(ctx, spec, peerCwd)));
        rows.push(...(await benchColdCheck(ctx, spec)));
        rows.push(...(await benchEdit(ctx, spec, peerCwd)));
        if (peersSkipped === undefined) {
          rows.push(
            ...(await benchPeers(
              ctx,
              spec,
              (out) => oursCommand(ctx, spec, out, ["--no-cache"]).args,
            )),
          );
        }
      } catch (error) {
        ctx.log(
          `  ${spec.label}: FAILED ${error instanceof Error ? error.message : String(error)}`,
        );
        rows.push(
          failedRow(
            `generation.time.${spec.id}`,
            "1",
            `generate ${spec.label}: time`,
            TIME_TARGET,
            error,
          ),
        );
        rows.push(
          failedRow(
            `generation.memory.${spec.id}`,
            "1",
            `generate ${spec.label}: peak RSS`,
            MEMORY_TARGET,
            error,
          ),
        );
      }
    }
  } finally {
    await rm(peerCwd, { recursive: true, force: true });
  }
  return rows;
}

async function benchSpec(ctx: BenchContext, spec: BenchSpec, peerCwd: string): Promise<Row[]> {
  assertSpecExists(spec);
  const base = join(ctx.workDir, "gen", spec.id);
  const oursOut = join(base, "ours");
  const peerDir = join(base, "openapi-typescript");
  const peerOut = join(peerDir, "types.ts");
  const ours: Samples = { seconds: [], rssKb: [] };
  const peer: Samples = { seconds: [], rssKb: [] };
  let runs = ctx.runs;
  let oursStdout = "";
  for (let i = 0; i < runs; i++) {
    // Alternate who goes first.
    const order = i % 2 === 0 ? (["ours", "peer"] as const) : (["peer", "ours"] as const);
    for (const who of order) {
      if (who === "ours") {
        await rm(oursOut, { recursive: true, force: true });
        const run = await timed(
          oursCommand(ctx, spec, oursOut, ["--no-cache"]),
          `our generator on ${spec.label}`,
        );
        oursStdout = run.stdout.trim();
        push(ours, run);
      } else {
        await rm(peerDir, { recursive: true, force: true });
        await mkdir(peerDir, { recursive: true });
        push(
          peer,
          await timed(
            peerCommand(ctx, spec, peerOut, peerCwd),
            `openapi-typescript on ${spec.label}`,
          ),
        );
      }
    }
    const pairSeconds = (ours.seconds[i] ?? 0) + (peer.seconds[i] ?? 0);
    ctx.log(
      `  ${spec.label} run ${i + 1}/${runs}: ours ${ours.seconds[i]?.toFixed(2)} s ${Math.round((ours.rssKb[i] ?? 0) / 1024)} MB, ` +
        `openapi-typescript ${peer.seconds[i]?.toFixed(2)} s ${Math.round((peer.rssKb[i] ?? 0) / 1024)} MB`,
    );
    if (i === 0 && !ctx.runsExplicit && runs > MIN_RUNS_WHEN_CAPPED) {
      const affordable = Math.floor(PAIR_BUDGET_SECONDS / pairSeconds);
      if (affordable < runs) {
        runs = Math.max(MIN_RUNS_WHEN_CAPPED, affordable);
        ctx.log(
          `  ${spec.label}: a pair of runs takes ${pairSeconds.toFixed(0)} s, so ${runs} runs (pass --runs to override)`,
        );
      }
    }
  }
  ctx.generation.set(spec.id, { oursSeconds: median(ours.seconds), oursOut, peerOut });
  const details = {
    spec: spec.path,
    runs,
    oursCommand: `node ${oursCommand(ctx, spec, oursOut, ["--no-cache"]).args.join(" ")}`,
    peerCommand: `node ${peerCommand(ctx, spec, peerOut, "<empty temp dir>").args.join(" ")}`,
    oursOutput: oursStdout,
  };
  return [
    makeRow({
      name: `generation.time.${spec.id}`,
      figure: "1",
      label: `generate ${spec.label}: wall time`,
      ours: median(ours.seconds),
      peer: median(peer.seconds),
      peerName: "openapi-typescript CLI",
      unit: "s",
      target: TIME_TARGET,
      pairedRatios: ours.seconds.map((value, i) => value / peer.seconds[i]!),
      details: {
        ...details,
        oursSeconds: ours.seconds.map((v) => round(v)),
        peerSeconds: peer.seconds.map((v) => round(v)),
      },
    }),
    makeRow({
      name: `generation.memory.${spec.id}`,
      figure: "1",
      label: `generate ${spec.label}: peak RSS`,
      ours: median(ours.rssKb) / 1024,
      peer: median(peer.rssKb) / 1024,
      peerName: "openapi-typescript CLI",
      unit: "MiB",
      target: MEMORY_TARGET,
      ...(ours.rssKb.length === peer.rssKb.length
        ? { pairedRatios: ours.rssKb.map((value, i) => value / peer.rssKb[i]!) }
        : {}),
      details: { ...details, oursRssKb: ours.rssKb, peerRssKb: peer.rssKb },
      ...(ours.rssKb.length === 0 || peer.rssKb.length === 0
        ? { failure: "peak RSS could not be read" }
        : {}),
    }),
  ];
}
