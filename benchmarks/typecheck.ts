/**
 * Figure 5 — type-check cost: `tsc --noEmit` (the project's compiler options, strict) of a consumer
 * making the same handful of calls through our generated client vs through openapi-fetch over
 * openapi-typescript's types, for the large specs (our spec with `--quick`). Cold `tsc` processes,
 * alternated; median wall time; target ≤ 1.0×. tsc's own figures (check time, types,
 * instantiations, memory) go into the details.
 */
import { mkdir, rm } from "node:fs/promises";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { assertSpecExists, type BenchContext, type BenchSpec } from "./harness/context.js";
import { oursCommand, peerCommand } from "./generation.js";
import { runNode, type ProcessRun } from "./harness/measure-process.js";
import { failedRow, makeRow, type Row } from "./harness/rows.js";
import { median, round } from "./harness/stats.js";
import { loadBundled, pickOperations } from "./typecheck/pick-operations.js";
import {
  oursConsumer,
  peerConsumer,
  readGeneratedClient,
  writeConsumer,
} from "./typecheck/write-consumers.js";

const TARGET = { op: "<=", value: 1.0 } as const;
/** Seconds a spec's pairs of tsc runs may take before fewer runs are made (at least 3). */
const PAIR_BUDGET_SECONDS = 60;

export interface TscRun {
  readonly seconds: number;
  readonly rssKb: number | undefined;
  readonly errors: number;
  readonly diagnostics: Readonly<Record<string, string>>;
  readonly firstErrors: string;
}

export function parseTsc(run: ProcessRun): TscRun {
  const output = `${run.stdout}\n${run.stderr}`;
  const diagnostics: Record<string, string> = {};
  for (const match of output.matchAll(
    /^(Files|Lines of TypeScript|Identifiers|Symbols|Types|Instantiations|Memory used|Check time|Total time|Parse time|Bind time):\s+(.+)$/gm,
  )) {
    diagnostics[match[1]!] = match[2]!.trim();
  }
  const errorLines = output.split("\n").filter((line) => /error TS\d+/.test(line));
  return {
    seconds: run.wallSeconds,
    rssKb: run.peakRssKb,
    errors: errorLines.length,
    diagnostics,
    firstErrors: errorLines.slice(0, 3).join("\n"),
  };
}

async function tsc(ctx: BenchContext, tsconfig: string): Promise<TscRun> {
  return parseTsc(
    await runNode(
      [join(ctx.root, "node_modules/typescript/bin/tsc"), "-p", tsconfig, "--extendedDiagnostics"],
      { cwd: ctx.root },
    ),
  );
}

/** The outputs of figure 1 for `spec`, or fresh ones. */
async function outputsFor(
  ctx: BenchContext,
  spec: BenchSpec,
): Promise<{ oursOut: string; peerOut: string }> {
  const known = ctx.generation.get(spec.id);
  if (
    known !== undefined &&
    existsSync(join(known.oursOut, "client.ts")) &&
    existsSync(known.peerOut)
  )
    return known;
  const base = join(ctx.workDir, "gen", spec.id);
  const oursOut = join(base, "ours");
  const peerDir = join(base, "openapi-typescript");
  const peerOut = join(peerDir, "types.ts");
  ctx.log(`  generating ${spec.label} (figure 1 did not run)`);
  await rm(oursOut, { recursive: true, force: true });
  const ours = await runNode(oursCommand(ctx, spec, oursOut).args, { cwd: ctx.root });
  if (ours.exitCode !== 0)
    throw new Error(`our generator failed on ${spec.label}: ${ours.stderr.trim()}`);
  await mkdir(peerDir, { recursive: true });
  const peer = await runNode(peerCommand(ctx, spec, peerOut, peerDir).args, { cwd: peerDir });
  if (peer.exitCode !== 0)
    throw new Error(`openapi-typescript failed on ${spec.label}: ${peer.stderr.trim()}`);
  return { oursOut, peerOut };
}

export async function benchTypecheck(ctx: BenchContext): Promise<Row[]> {
  const specs = ctx.quick ? ctx.specs : ctx.specs.filter((spec) => spec.id !== "petstore");
  const rows: Row[] = [];
  for (const spec of specs) {
    try {
      rows.push(await benchSpec(ctx, spec));
    } catch (error) {
      ctx.log(`  ${spec.label}: FAILED ${error instanceof Error ? error.message : String(error)}`);
      rows.push(
        failedRow(`typecheck.${spec.id}`, "5", `tsc consumer, ${spec.label}`, TARGET, error),
      );
    }
  }
  return rows;
}

async function benchSpec(ctx: BenchContext, spec: BenchSpec): Promise<Row> {
  assertSpecExists(spec);
  const { oursOut, peerOut } = await outputsFor(ctx, spec);
  const clientPath = join(oursOut, "client.ts");
  const info = await readGeneratedClient(clientPath);
  const operations = pickOperations(await loadBundled(spec.path), (method, path) =>
    info.methods.has(`${method} ${path}`),
  );
  if (operations.length === 0) throw new Error(`no operation of ${spec.label} fits the consumer`);
  const dir = join(ctx.workDir, "typecheck", spec.id);
  await rm(dir, { recursive: true, force: true });
  const oursDir = join(dir, "ours");
  const peerDir = join(dir, "openapi-fetch");
  const oursConfig = await writeConsumer(
    ctx.root,
    oursDir,
    oursConsumer(oursDir, clientPath, info, operations),
  );
  const peerConfig = await writeConsumer(
    ctx.root,
    peerDir,
    peerConsumer(peerDir, peerOut, operations),
  );

  const ours: TscRun[] = [];
  const peer: TscRun[] = [];
  let runs = ctx.runs;
  for (let i = 0; i < runs; i++) {
    if (i % 2 === 0) {
      ours.push(await tsc(ctx, oursConfig));
      peer.push(await tsc(ctx, peerConfig));
    } else {
      peer.push(await tsc(ctx, peerConfig));
      ours.push(await tsc(ctx, oursConfig));
    }
    ctx.log(
      `  ${spec.label} run ${i + 1}/${runs}: ours ${ours[i]!.seconds.toFixed(2)} s, openapi-fetch ${peer[i]!.seconds.toFixed(2)} s`,
    );
    if (i === 0 && !ctx.runsExplicit && runs > 3) {
      const affordable = Math.floor(PAIR_BUDGET_SECONDS / (ours[0]!.seconds + peer[0]!.seconds));
      if (affordable < runs) runs = Math.max(3, affordable);
    }
  }
  const last = (list: TscRun[]) => list[list.length - 1]!;
  const errors = [
    ...(last(ours).errors > 0
      ? [`our consumer: ${last(ours).errors} type errors: ${last(ours).firstErrors}`]
      : []),
    ...(last(peer).errors > 0
      ? [`openapi-fetch consumer: ${last(peer).errors} type errors: ${last(peer).firstErrors}`]
      : []),
  ];
  return makeRow({
    name: `typecheck.${spec.id}`,
    figure: "5",
    label: `tsc consumer, ${spec.label}`,
    ours: median(ours.map((run) => run.seconds)),
    peer: median(peer.map((run) => run.seconds)),
    peerName: "openapi-fetch + openapi-typescript types",
    unit: "s",
    target: TARGET,
    pairedRatios: ours.map((run, i) => run.seconds / peer[i]!.seconds),
    details: {
      runs,
      operations: operations.map(
        (operation) =>
          `${operation.method.toUpperCase()} ${operation.path}${operation.bodyMediaType === undefined ? "" : ` (body ${operation.bodyMediaType})`}`,
      ),
      consumers: { ours: join(oursDir, "consumer.ts"), peer: join(peerDir, "consumer.ts") },
      oursSeconds: ours.map((run) => round(run.seconds)),
      peerSeconds: peer.map((run) => round(run.seconds)),
      oursPeakRssMb: round(
        median(ours.flatMap((run) => (run.rssKb === undefined ? [] : [run.rssKb]))) / 1024,
        0,
      ),
      peerPeakRssMb: round(
        median(peer.flatMap((run) => (run.rssKb === undefined ? [] : [run.rssKb]))) / 1024,
        0,
      ),
      oursTsc: last(ours).diagnostics,
      peerTsc: last(peer).diagnostics,
    },
    ...(errors.length > 0 ? { failure: errors.join("; ") } : {}),
  });
}
