/**
 * `npm run generate -- --watch`: generate, then again whenever the spec or a file it `$ref`s
 * changes. The watched set is what the last successful run read (it follows `$ref`s as they are
 * added or removed); folders are watched rather than files, so editors that save by replacing the
 * file are seen too. A burst of saves within {@link DEBOUNCE_MS} makes one run. Each run prints
 * one line (what changed, what was written, how long it took) or the usual one-paragraph error,
 * and watching goes on; after a failed run any change in the watched folders retries (the file a
 * broken `$ref` names may appear). Writes are all-or-nothing (write-output.ts), so generated/ is
 * never half-written; Ctrl-C (SIGINT) or SIGTERM lets a run in progress finish, then exits 0.
 */
import { watch, type FSWatcher } from "node:fs";
import { basename, dirname, isAbsolute, relative, resolve } from "node:path";
import { formatFailure } from "../cli-errors.js";
import { EXIT_CODES } from "../errors.js";
import { generate, type GenerateOptions } from "../generate.js";
import { generatedSummary } from "../write/generated-summary.js";
import { lintSpec } from "./lint-spec.js";

export const DEBOUNCE_MS = 150;
const SPEC_FILE = /\.(ya?ml|json)$/i;

export interface WatchOptions {
  readonly generate: GenerateOptions;
  /** Run `npm run lint`'s linter on the spec before each generation. */
  readonly lint: boolean;
  readonly debug: boolean;
  readonly out: (line: string) => void;
  readonly err: (text: string) => void;
}

/** Watches until SIGINT/SIGTERM; resolves with the exit code (0). */
export async function watchSpec(options: WatchOptions): Promise<number> {
  const cwd = options.generate.cwd ?? process.cwd();
  const root = resolve(cwd, options.generate.specPath);
  const outDir = resolve(cwd, options.generate.outDir);
  let files = new Set([root]);
  let lastFailed = false;
  const watchers = new Map<string, FSWatcher>();
  let pending = new Set<string>();
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let stopping = false;
  let stopped!: (code: number) => void;
  const done = new Promise<number>((resolveDone) => (stopped = resolveDone));

  const display = (file: string) => relative(cwd, file).split("\\").join("/") || file;

  const onEvent = (dir: string, name: string | null) => {
    if (stopping) return;
    const file = name === null ? undefined : resolve(dir, name.toString());
    // after a failed run, any spec-like file may be the one a broken $ref names
    if (
      file !== undefined &&
      !files.has(file) &&
      !(lastFailed && SPEC_FILE.test(file) && !isInside(file, outDir))
    )
      return;
    pending.add(file ?? dir);
    clearTimeout(timer);
    timer = setTimeout(schedule, DEBOUNCE_MS);
  };

  const syncWatchers = () => {
    const dirs = new Set([...files].map((file) => dirname(file)));
    for (const [dir, watcher] of watchers) {
      if (!dirs.has(dir)) {
        watcher.close();
        watchers.delete(dir);
      }
    }
    for (const dir of dirs) {
      if (watchers.has(dir)) continue;
      try {
        const watcher = watch(dir, (_event, name) => onEvent(dir, name));
        watcher.on("error", () => undefined); // a folder removed meanwhile: the next run says what is missing
        watchers.set(dir, watcher);
      } catch {
        // a folder that does not exist (yet): the next successful run watches what it read
      }
    }
  };

  const runOnce = async (changed: readonly string[]) => {
    const started = performance.now();
    const what =
      changed.length === 0 ? "start" : `${changed.map(display).sort().join(", ")} changed`;
    const lint = options.lint ? lintSpec(root, cwd) : undefined;
    try {
      const { rendered, report } = await generate(options.generate);
      files = new Set(rendered.manifest.specFiles.map((file) => resolve(cwd, file)));
      lastFailed = false;
      const lintResult = lint === undefined ? undefined : await lint;
      for (const warning of rendered.warnings) options.err(`warning: ${warning}`);
      if (lintResult !== undefined && !lintResult.ok) options.err(lintResult.output.trimEnd());
      const lintNote =
        lintResult === undefined
          ? ""
          : lintResult.ok
            ? "; lint ok"
            : `; lint: ${lintResult.summary}`;
      const seconds = ((performance.now() - started) / 1000).toFixed(2);
      options.out(
        `${clock()} ${what}: ${generatedSummary(report, rendered.model.operations.length, options.generate.outDir)}${lintNote} in ${seconds} s`,
      );
    } catch (error) {
      lastFailed = true;
      files.add(root);
      const lintResult = lint === undefined ? undefined : await lint;
      if (lintResult !== undefined && !lintResult.ok) options.err(lintResult.output.trimEnd());
      options.err(`${clock()} ${what}: ${formatFailure(error, options.debug)}`);
    }
    syncWatchers();
  };

  const schedule = () => {
    if (running !== undefined || stopping) return; // the run in progress reschedules when it ends
    const changed = [...pending];
    pending = new Set();
    running = runOnce(changed).finally(() => {
      running = undefined;
      if (stopping) return;
      if (pending.size > 0) timer = setTimeout(schedule, DEBOUNCE_MS);
    });
  };

  const stop = () => {
    if (stopping) return;
    stopping = true;
    clearTimeout(timer);
    for (const watcher of watchers.values()) watcher.close();
    watchers.clear();
    void (running ?? Promise.resolve()).then(() => stopped(EXIT_CODES.ok));
  };
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);

  syncWatchers();
  const first = runOnce([]);
  running = first;
  await first;
  running = undefined;
  if (!stopping) {
    options.out(
      `${clock()} watching ${display(root)} and the files it references (Ctrl-C to stop)`,
    );
    if (pending.size > 0) timer = setTimeout(schedule, DEBOUNCE_MS);
  }
  const code = await done;
  process.off("SIGINT", stop);
  process.off("SIGTERM", stop);
  options.out(`${clock()} stopped watching ${basename(root)}`);
  return code;
}

function isInside(file: string, dir: string): boolean {
  const path = relative(dir, file);
  return path !== "" && !path.startsWith("..") && !isAbsolute(path);
}

function clock(): string {
  return new Date().toTimeString().slice(0, 8);
}
