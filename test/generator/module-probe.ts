/**
 * Records what a generator process loads, as `npm run generate` runs it (generator/run.mjs, the
 * esbuild bundle): a preloaded probe records every module the process resolves (an ES module
 * resolve hook) and every CommonJS module it loaded (`require.cache` at exit).
 */
import { spawnSync } from "node:child_process";
import { readFileSync, realpathSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { expect } from "vitest";
import { ROOT } from "./cli-helper.js";

const HOOKS = `import { appendFileSync } from "node:fs";
let file;
export function initialize(data) { file = data.file; }
export async function resolve(specifier, context, next) {
  const result = await next(specifier, context);
  appendFileSync(file, result.url + " " + context.parentURL + "\\n");
  return result;
}
`;
const PROBE = (hooks: string) => `import { register, createRequire } from "node:module";
import { appendFileSync } from "node:fs";
const file = process.env.LOADED_MODULES_FILE;
register(${JSON.stringify(pathToFileURL(hooks).href)}, { data: { file } });
process.on("exit", () => appendFileSync(file, Object.keys(createRequire(import.meta.url).cache).map((path) => "file://" + path + "\\n").join("")));
`;

/**
 * The files (paths from the project root, package.json files left out: versions are read from
 * them) that `node generator/run.mjs cli <args>` loaded; `work` is a scratch folder, `name` names
 * the run's record in it. The run must succeed silently.
 */
export function loadedByGenerator(work: string, args: readonly string[], name: string): string[] {
  const hooks = join(work, "module-probe-hooks.mjs");
  const probe = join(work, "module-probe.mjs");
  writeFileSync(hooks, HOOKS);
  writeFileSync(probe, PROBE(hooks));
  const file = join(work, `${name}.txt`);
  writeFileSync(file, "");
  const result = spawnSync(
    process.execPath,
    ["--import", pathToFileURL(probe).href, join(ROOT, "generator/run.mjs"), "cli", ...args],
    {
      cwd: ROOT,
      encoding: "utf8",
      timeout: 180_000,
      env: { ...process.env, LOADED_MODULES_FILE: file },
    },
  );
  expect(result.stderr).toBe("");
  expect(result.status).toBe(0);
  const urls = readFileSync(file, "utf8")
    .split("\n")
    .map((line) => line.split(" ")[0] ?? "")
    .filter((url) => url.startsWith("file://"));
  // node_modules may be a link to another checkout's (a git worktree): its files are named from the project root too
  const modules = `${realpathSync(join(ROOT, "node_modules"))}/`;
  const fromRoot = (path: string) =>
    path.startsWith(modules)
      ? `node_modules/${path.slice(modules.length)}`
      : path.slice(ROOT.length);
  const paths = urls.map((url) => fromRoot(decodeURIComponent(new URL(url).pathname)));
  return [...new Set(paths.filter((path) => !path.endsWith("/package.json")))];
}

/** The npm package a loaded file belongs to (the innermost `node_modules/<name>`). */
export const packageOf = (path: string): string | undefined =>
  /node_modules\/((?:@[^/]+\/)?[^/]+)\/(?!.*node_modules\/)/.exec(path)?.[1];
