/**
 * Figure 5 — type-check cost: `tsc --noEmit` (the project's compiler options, strict) of a consumer
 * making the same handful of calls through our generated client vs through openapi-fetch over
 * openapi-typescript's types, for the large specs (our spec with `--quick`). Cold `tsc` processes,
 * alternated; median wall time. tsc's own figures (check time, types, instantiations, memory) go
 * into the details. Two rows per spec (issue 41 item 4):
 *
 * - `typecheck.<spec>`: what users of the published package get, target ≤ 1.0×: our package built
 *   (scripts/build-package.ts, `dist/*.d.ts`) and imported by its name, against openapi-fetch over
 *   openapi-typescript's types as `schema.d.ts` (its documented `-o schema.d.ts`);
 * - `typecheck.sources.<spec>`, a reference: our generated sources imported directly (a monorepo
 *   without a build step), against the peer's `types.ts`.
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
  copyAsDeclarations,
  importPath,
  installPackage,
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
      rows.push(...(await benchSpec(ctx, spec)));
    } catch (error) {
      ctx.log(`  ${spec.label}: FAILED ${error instanceof Error ? error.message : String(error)}`);
      rows.push(
        failedRow(`typecheck.${spec.id}`, "5", `tsc consumer, ${spec.label}`, TARGET, error),
        failedRow(
          `typecheck.sources.${spec.id}`,
          "5",
          `tsc consumer of the sources, ${spec.label}`,
          TARGET,
          error,
        ),
      );
    }
  }
  return rows;
}

/** Builds our package's dist/ (scripts/build-package.ts) in `packageDir`; its wall time in s. */
async function buildPackage(ctx: BenchContext, packageDir: string): Promise<number> {
  const run = await runNode(
    ["--import", "tsx", join(ctx.root, "scripts/build-package.ts"), "--dir", packageDir],
    { cwd: ctx.root },
  );
  if (run.exitCode !== 0) {
    throw new Error(
      `building the package failed: ${run.stderr.trim().split("\n").slice(-5).join(" ")}`,
    );
  }
  return run.wallSeconds;
}

/** One consumer pair: ours and the peer, each a tsconfig. */
interface Pair {
  readonly name: string;
  readonly label: string;
  readonly peerName: string;
  readonly ours: string;
  readonly peer: string;
  readonly consumers: { readonly ours: string; readonly peer: string };
}

async function benchSpec(ctx: BenchContext, spec: BenchSpec): Promise<Row[]> {
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
  const buildSeconds = await buildPackage(ctx, oursOut);
  ctx.log(`  ${spec.label}: package built in ${buildSeconds.toFixed(1)} s`);

  const consumer = async (name: string, source: (dir: string) => Promise<string>) => {
    const at = join(dir, name);
    await mkdir(at, { recursive: true });
    return {
      config: await writeConsumer(ctx.root, at, await source(at)),
      file: join(at, "consumer.ts"),
    };
  };
  const oursPackage = await consumer("ours-package", async (at) =>
    oursConsumer(`${await installPackage(at, oursOut)}/client`, info, operations),
  );
  const peerDeclarations = await consumer("openapi-fetch-dts", async (at) =>
    peerConsumer(await copyAsDeclarations(at, peerOut), operations),
  );
  const oursSources = await consumer("ours-sources", async (at) =>
    oursConsumer(importPath(at, clientPath), info, operations),
  );
  const peerSources = await consumer("openapi-fetch", async (at) =>
    peerConsumer(importPath(at, peerOut), operations),
  );
  const pairs: Pair[] = [
    {
      name: `typecheck.${spec.id}`,
      label: `tsc consumer of the built package, ${spec.label}`,
      peerName: "openapi-fetch + openapi-typescript schema.d.ts",
      ours: oursPackage.config,
      peer: peerDeclarations.config,
      consumers: { ours: oursPackage.file, peer: peerDeclarations.file },
    },
    {
      name: `typecheck.sources.${spec.id}`,
      label: `tsc consumer of the sources (reference), ${spec.label}`,
      peerName: "openapi-fetch + openapi-typescript types.ts",
      ours: oursSources.config,
      peer: peerSources.config,
      consumers: { ours: oursSources.file, peer: peerSources.file },
    },
  ];
  const runs = await measurePairs(ctx, spec, pairs);
  return pairs.map((pair, index) =>
    pairRow(pair, runs[index]!, {
      buildSeconds: round(buildSeconds),
      operations: operations.map(
        (operation) =>
          `${operation.method.toUpperCase()} ${operation.path}${operation.bodyMediaType === undefined ? "" : ` (body ${operation.bodyMediaType})`}`,
      ),
    }),
  );
}

/** Each pair's tsc runs, ours and the peer back to back, alternating which goes first. */
async function measurePairs(
  ctx: BenchContext,
  spec: BenchSpec,
  pairs: readonly Pair[],
): Promise<Array<{ ours: TscRun[]; peer: TscRun[] }>> {
  const runs = pairs.map(() => ({ ours: [] as TscRun[], peer: [] as TscRun[] }));
  let count = ctx.runs;
  for (let i = 0; i < count; i++) {
    let seconds = 0;
    for (const [index, pair] of pairs.entries()) {
      const into = runs[index]!;
      if (i % 2 === 0) {
        into.ours.push(await tsc(ctx, pair.ours));
        into.peer.push(await tsc(ctx, pair.peer));
      } else {
        into.peer.push(await tsc(ctx, pair.peer));
        into.ours.push(await tsc(ctx, pair.ours));
      }
      seconds += into.ours[i]!.seconds + into.peer[i]!.seconds;
    }
    ctx.log(
      `  ${spec.label} run ${i + 1}/${count}: ` +
        pairs
          .map(
            (pair, index) =>
              `${pair.name} ours ${runs[index]!.ours[i]!.seconds.toFixed(2)} s, peer ${runs[index]!.peer[i]!.seconds.toFixed(2)} s`,
          )
          .join("; "),
    );
    if (i === 0 && !ctx.runsExplicit && count > 3) {
      const affordable = Math.floor((PAIR_BUDGET_SECONDS * pairs.length) / seconds);
      if (affordable < count) count = Math.max(3, affordable);
    }
  }
  return runs;
}

function pairRow(
  pair: Pair,
  { ours, peer }: { ours: TscRun[]; peer: TscRun[] },
  details: Readonly<Record<string, unknown>>,
): Row {
  const last = (list: TscRun[]) => list[list.length - 1]!;
  const errors = [
    ...(last(ours).errors > 0
      ? [`our consumer: ${last(ours).errors} type errors: ${last(ours).firstErrors}`]
      : []),
    ...(last(peer).errors > 0
      ? [`openapi-fetch consumer: ${last(peer).errors} type errors: ${last(peer).firstErrors}`]
      : []),
  ];
  const rssMb = (list: TscRun[]) =>
    round(median(list.flatMap((run) => (run.rssKb === undefined ? [] : [run.rssKb]))) / 1024, 0);
  return makeRow({
    name: pair.name,
    figure: "5",
    label: pair.label,
    ours: median(ours.map((run) => run.seconds)),
    peer: median(peer.map((run) => run.seconds)),
    peerName: pair.peerName,
    unit: "s",
    target: TARGET,
    pairedRatios: ours.map((run, i) => run.seconds / peer[i]!.seconds),
    details: {
      runs: ours.length,
      ...details,
      consumers: pair.consumers,
      oursSeconds: ours.map((run) => round(run.seconds)),
      peerSeconds: peer.map((run) => round(run.seconds)),
      oursPeakRssMb: rssMb(ours),
      peerPeakRssMb: rssMb(peer),
      oursTsc: last(ours).diagnostics,
      peerTsc: last(peer).diagnostics,
    },
    ...(errors.length > 0 ? { failure: errors.join("; ") } : {}),
  });
}
