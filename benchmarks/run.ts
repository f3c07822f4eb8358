/**
 * `npm run bench` — every figure of issue 6 (and issue 8's client size), each as a ratio of ours
 * to a peer measured in the same run:
 *
 *   1 generation  cold-process generation vs the openapi-typescript CLI (time, peak RSS)
 *   2 check       `generate --check` on an unchanged tree vs generation
 *   3 client      per-call overhead vs hand-written fetch (instant fetch, loopback HTTP)
 *   4 server      req/s and p99 vs Fastify 5 with the same schemas (autocannon)
 *   4 server-redis  the same with rate limits on Redis: our Redis store vs @fastify/rate-limit
 *                 (needs redis-server; without it, logged and no rows)
 *   4 server-redis-exact  limits on Redis under load: 3 fresh instances, bursts of 200 on a
 *                 60/min key, in both fail modes, vs @fastify/rate-limit (alias redis-exact)
 *   5 typecheck   `tsc --noEmit` of a consumer vs openapi-fetch + openapi-typescript types
 *   6 bundle      client bundle size vs openapi-fetch + the descriptor table
 *   conformance   `npm run conformance` against faulty variants of the pet store: found /
 *                 planted, time to the first report, runs without a false alarm (issue 40)
 *
 * Options: --runs <n> (default 5), --quick (1 run, small loads, our spec only), --only <figure,…>
 * (names or numbers above), --results-dir <dir> (default bench/), --quiet.
 * Writes <results-dir>/results-<date>.json, latest.json and latest.md (the README table).
 */
import { mkdir, writeFile } from "node:fs/promises";
import { loadavg } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import { benchBundle } from "./bundle.js";
import { benchCheck } from "./check.js";
import { benchClient } from "./client.js";
import { benchGeneration } from "./generation.js";
import { benchSpecs, type BenchContext } from "./harness/context.js";
import { formatMachine, machineInfo, type MachineInfo } from "./harness/machine.js";
import { benchFailed, failedRow, type Row } from "./harness/rows.js";
import { formatTable, markdownTable } from "./harness/table.js";
import { benchServer } from "./server.js";
import { benchServerRedis } from "./server-redis.js";
import { benchServerRedisExact } from "./server-redis-exact.js";
import { benchTypecheck } from "./typecheck.js";
import { benchConformance } from "./conformance-variants.js";

export const FIGURES = [
  "generation",
  "check",
  "typecheck",
  "bundle",
  "client",
  "server",
  "server-redis",
  "server-redis-exact",
  "conformance",
] as const;
export type Figure = (typeof FIGURES)[number];

const FIGURE_NUMBERS: Readonly<Record<string, Figure>> = {
  "1": "generation",
  "2": "check",
  "3": "client",
  "4": "server",
  "5": "typecheck",
  "6": "bundle",
  size: "bundle",
  redis: "server-redis",
  "redis-exact": "server-redis-exact",
};

const RUNNERS: Readonly<Record<Figure, (ctx: BenchContext) => Promise<Row[]>>> = {
  generation: benchGeneration,
  check: benchCheck,
  typecheck: benchTypecheck,
  bundle: benchBundle,
  client: benchClient,
  server: benchServer,
  "server-redis": benchServerRedis,
  "server-redis-exact": benchServerRedisExact,
  conformance: benchConformance,
};

export interface BenchOptions {
  readonly runs?: number;
  readonly quick?: boolean;
  readonly only?: readonly Figure[];
  /** Default `<root>/bench`. */
  readonly resultsDir?: string;
  readonly quiet?: boolean;
  readonly root?: string;
  /** Scratch space; must be inside the project (generated code resolves its node_modules). Default `<root>/bench/work`. */
  readonly workDir?: string;
}

export interface BenchResults {
  readonly date: string;
  readonly durationSeconds: number;
  readonly machine: MachineInfo;
  readonly loadAverageAtEnd: readonly number[];
  readonly options: {
    readonly runs: number;
    readonly quick: boolean;
    readonly figures: readonly Figure[];
  };
  readonly rows: readonly Row[];
}

export const PROJECT_ROOT = fileURLToPath(new URL("..", import.meta.url));

export function parseFigures(value: string): Figure[] {
  return value.split(",").map((raw) => {
    const name = raw.trim().toLowerCase();
    const figure =
      FIGURE_NUMBERS[name] ?? (FIGURES as readonly string[]).find((known) => known === name);
    if (figure === undefined)
      throw new Error(
        `unknown figure "${raw}" (one of ${FIGURES.join(", ")} or 1–6, redis, redis-exact)`,
      );
    return figure as Figure;
  });
}

export async function runBench(options: BenchOptions = {}): Promise<BenchResults> {
  const root = resolve(options.root ?? PROJECT_ROOT);
  const quick = options.quick ?? false;
  const runs = options.runs ?? (quick ? 1 : 5);
  const figures = FIGURES.filter(
    (figure) => options.only === undefined || options.only.includes(figure),
  );
  const log =
    options.quiet === true ? () => undefined : (line: string) => process.stdout.write(`${line}\n`);
  const started = performance.now();
  const date = new Date().toISOString();
  const machine = machineInfo(root);
  log(formatMachine(machine));
  const ctx: BenchContext = {
    root,
    workDir: resolve(options.workDir ?? join(root, "bench", "work")),
    runs,
    runsExplicit: options.runs !== undefined,
    quick,
    specs: benchSpecs(root, quick),
    log,
    generation: new Map(),
  };
  await mkdir(ctx.workDir, { recursive: true });
  const rows: Row[] = [];
  for (const figure of figures) {
    const figureStarted = performance.now();
    log(
      `\n[${figure}] (load average ${loadavg()
        .map((value) => value.toFixed(2))
        .join(" / ")})`,
    );
    try {
      rows.push(...(await RUNNERS[figure](ctx)));
    } catch (error) {
      log(`  FAILED: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
      rows.push(
        failedRow(
          `${figure}.failed`,
          figure,
          `${figure} (did not run)`,
          { op: "<=", value: 1 },
          error,
        ),
      );
    }
    log(`  (${((performance.now() - figureStarted) / 1000).toFixed(0)} s)`);
  }
  // The table in figure order (1–6), whatever order they ran in.
  rows.sort((a, b) => a.figure.localeCompare(b.figure));
  const loadAverageAtEnd = loadavg().map((value) => Math.round(value * 100) / 100);
  const results: BenchResults = {
    date,
    durationSeconds: Math.round((performance.now() - started) / 1000),
    machine,
    loadAverageAtEnd,
    options: { runs, quick, figures },
    rows,
  };
  log(`\n${formatTable(rows)}\n`);
  log(
    `load average at end (1/5/15 min): ${loadAverageAtEnd.join(" / ")}; took ${results.durationSeconds} s`,
  );

  const resultsDir = options.resultsDir ?? join(root, "bench");
  await mkdir(resultsDir, { recursive: true });
  const json = `${JSON.stringify(results, null, 2)}\n`;
  const stamp = date.replace(/:/g, "-").replace(/\.\d+Z$/, "Z");
  const dated = join(resultsDir, `results-${stamp}.json`);
  await writeFile(dated, json);
  await writeFile(join(resultsDir, "latest.json"), json);
  await writeFile(
    join(resultsDir, "latest.md"),
    `${markdownTable(rows, machine, date.slice(0, 10), [machine.loadAverageAtStart, loadAverageAtEnd])}\n`,
  );
  log(`wrote ${dated}, latest.json and latest.md`);
  return results;
}

async function main(argv: readonly string[]): Promise<number> {
  const { values } = parseArgs({
    args: [...argv],
    options: {
      runs: { type: "string" },
      quick: { type: "boolean", default: false },
      only: { type: "string" },
      "results-dir": { type: "string" },
      quiet: { type: "boolean", default: false },
      help: { type: "boolean", default: false },
    },
    strict: true,
  });
  if (values.help) {
    process.stdout.write(
      "Usage: npm run bench -- [--runs <n>] [--quick] [--only <figure,…>] [--results-dir <dir>] [--quiet]\n" +
        `figures: ${FIGURES.join(", ")} (or 1–6, size, redis, redis-exact)\n`,
    );
    return 0;
  }
  let runs: number | undefined;
  if (values.runs !== undefined) {
    runs = Number(values.runs);
    if (!Number.isInteger(runs) || runs < 1)
      throw new Error(`--runs must be a whole number ≥ 1 (got ${values.runs})`);
  }
  const results = await runBench({
    ...(runs === undefined ? {} : { runs }),
    quick: values.quick,
    ...(values.only === undefined ? {} : { only: parseFigures(values.only) }),
    ...(values["results-dir"] === undefined ? {} : { resultsDir: resolve(values["results-dir"]) }),
    quiet: values.quiet,
  });
  // Missed targets and a peer failing on a spec are results, not failures; a figure of ours that
  // could not run is.
  return benchFailed(results.rows) ? 1 : 0;
}

if (
  process.argv[1] !== undefined &&
  import.meta.url === pathToFileURL(resolve(process.argv[1])).href
) {
  main(process.argv.slice(2)).then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      process.stderr.write(`bench: ${error instanceof Error ? error.message : String(error)}\n`);
      process.exitCode = 2;
    },
  );
}
