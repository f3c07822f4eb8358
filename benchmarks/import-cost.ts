/**
 * `tsx benchmarks/import-cost.ts [--runs N]`: what loading each heavy library costs a fresh node
 * process (median wall ms of `await import(name)`, measured inside the process), to see which
 * imports dominate the generator's start-up. Also the cost of starting node with `--import tsx`.
 */
import { spawnSync } from "node:child_process";
import { parseArgs } from "node:util";
import { resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { median } from "./harness/stats.js";

export const HEAVY_LIBRARIES = [
  "@redocly/openapi-core",
  "openapi-typescript",
  "typescript",
  "ts-morph",
  "prettier",
  "prettier/plugins/typescript",
  "ajv",
  "ajv/dist/standalone/index.js",
  "ajv-formats",
  "yaml",
] as const;

const ROOT = fileURLToPath(new URL("..", import.meta.url));

/** Milliseconds to import `specifier` in a fresh process (from the project root). */
export function importMs(specifier: string): number {
  const script = `const t = performance.now(); await import(${JSON.stringify(specifier)}); process.stdout.write(String(performance.now() - t));`;
  const run = spawnSync(process.execPath, ["--input-type=module", "-e", script], {
    cwd: ROOT,
    encoding: "utf8",
  });
  if (run.status !== 0) throw new Error(`import ${specifier} failed: ${run.stderr}`);
  return Number(run.stdout);
}

/** Wall ms of `node [flags] -e ""` (process start-up). */
export function startupMs(flags: readonly string[]): number {
  const started = performance.now();
  const run = spawnSync(process.execPath, [...flags, "-e", ""], { cwd: ROOT, encoding: "utf8" });
  if (run.status !== 0) throw new Error(`node ${flags.join(" ")} failed: ${run.stderr}`);
  return performance.now() - started;
}

const isMain =
  process.argv[1] !== undefined && fileURLToPath(import.meta.url) === resolve(process.argv[1]);
if (isMain) {
  const { values } = parseArgs({ options: { runs: { type: "string", default: "3" } } });
  const runs = Number(values.runs);
  const line = (label: string, samples: number[]) =>
    process.stdout.write(`${median(samples).toFixed(0).padStart(7)} ms  ${label}\n`);
  line(
    "node -e ''",
    Array.from({ length: runs }, () => startupMs([])),
  );
  line(
    "node --import tsx -e ''",
    Array.from({ length: runs }, () => startupMs(["--import", "tsx"])),
  );
  for (const name of HEAVY_LIBRARIES)
    line(
      `import ${name}`,
      Array.from({ length: runs }, () => importMs(name)),
    );
}
