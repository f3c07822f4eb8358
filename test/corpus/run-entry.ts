/**
 * One corpus entry through the whole generator, as `npm run generate` runs it (a child process
 * starting generator/run.mjs), then `tsc --strict --noEmit` on the output. Classifies the
 * outcome; never throws.
 */
import { spawn } from "node:child_process";
import { existsSync, readdirSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { CORPUS_DIR, type CorpusEntry } from "./corpus-index.js";

export const ROOT = fileURLToPath(new URL("../../", import.meta.url));

export type Outcome = "type-checks" | "type-errors" | "refused" | "crashed";

export interface EntryResult {
  readonly entry: CorpusEntry;
  readonly outcome: Outcome;
  readonly generateSeconds: number;
  readonly typecheckSeconds: number | undefined;
  /** The first line of the error, the first type error, or why it counts as a crash. */
  readonly note: string;
}

export interface Run {
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
  readonly stdout: string;
  readonly stderr: string;
  readonly seconds: number;
  readonly timedOut: boolean;
}

export function run(command: string, args: readonly string[], timeoutMs: number): Promise<Run> {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: ROOT, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    let timedOut = false;
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill("SIGKILL");
    }, timeoutMs);
    child.on("close", (code, signal) => {
      clearTimeout(timer);
      resolve({
        code,
        signal,
        stdout,
        stderr,
        seconds: (performance.now() - started) / 1000,
        timedOut,
      });
    });
  });
}

/** What a refusal must look like: documented exit code, an `error:` paragraph, no stack trace. */
function isClearRefusal(result: Run): boolean {
  return (
    (result.code === 3 || result.code === 4) &&
    /^error: /m.test(result.stderr) &&
    !/^\s+at .+\(.*:\d+:\d+\)/m.test(result.stderr)
  );
}

export async function runEntry(
  entry: CorpusEntry,
  workDir: string,
  timeoutMs: number,
  extraArgs: readonly string[] = [],
): Promise<EntryResult> {
  const slug = entry.path.replace(/[^A-Za-z0-9]+/g, "-").slice(-80);
  const out = join(workDir, slug);
  const generation = await run(
    process.execPath,
    [
      join(ROOT, "generator/run.mjs"),
      "cli",
      "--spec",
      join(CORPUS_DIR, entry.path),
      "--out",
      out,
      ...extraArgs,
    ],
    timeoutMs,
  );
  const base = { entry, generateSeconds: generation.seconds };
  if (generation.timedOut)
    return {
      ...base,
      outcome: "crashed",
      typecheckSeconds: undefined,
      note: `hang: no answer in ${timeoutMs / 1000} s`,
    };
  if (generation.code !== 0) {
    const partial = existsSync(out) && readdirSync(out).length > 0;
    const firstLine =
      generation.stderr.split("\n").find((line) => line.startsWith("error:")) ??
      generation.stderr.trim().split("\n")[0] ??
      "";
    if (isClearRefusal(generation) && !partial)
      return {
        ...base,
        outcome: "refused",
        typecheckSeconds: undefined,
        note: firstLine.slice(0, 160),
      };
    const why = partial
      ? "partial output left behind"
      : `exit ${generation.code ?? generation.signal}`;
    return {
      ...base,
      outcome: "crashed",
      typecheckSeconds: undefined,
      note: `${why}: ${firstLine.slice(0, 140)}`,
    };
  }
  const tsconfig = `${out}.tsconfig.json`;
  writeFileSync(
    tsconfig,
    JSON.stringify({
      extends: relative(workDir, join(ROOT, "tsconfig.json")),
      compilerOptions: { noEmit: true, strict: true },
      include: [`${slug}/**/*.ts`],
    }),
  );
  const typecheck = await run(
    process.execPath,
    [join(ROOT, "node_modules/typescript/bin/tsc"), "-p", tsconfig],
    timeoutMs,
  );
  const firstError =
    typecheck.stdout.split("\n").find((line) => line.includes("error TS")) ??
    typecheck.stdout.split("\n")[0] ??
    "";
  return {
    ...base,
    outcome: typecheck.code === 0 ? "type-checks" : "type-errors",
    typecheckSeconds: typecheck.seconds,
    note: typecheck.code === 0 ? "" : firstError.replace(workDir, "").slice(0, 160),
  };
}
