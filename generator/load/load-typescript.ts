/**
 * The `typescript` package as the generator's bundle loads it (generator/run.mjs maps every
 * import and require of `typescript` here): compiling its 9 MB of JavaScript is the largest part
 * of the generator's start-up, so the compiled code is kept in a V8 code cache,
 * `node_modules/.cache/petstore-generator/v8/` beside the package (safe to delete, never
 * committed). V8 checks the cache against the source and its own version and flags, and compiles
 * afresh when it does not fit; the cache is written when the process exits, after generation
 * (so it holds the functions generation compiled too), and only when it was absent or rejected.
 * The module is registered in `require.cache` as Node's loader would, so TypeScript is loaded
 * once; anything unexpected falls back to a plain `require`.
 */
import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import Module from "node:module";
import { dirname, join } from "node:path";
import { Script } from "node:vm";

interface LoadableModule {
  exports: unknown;
  filename: string;
  paths: string[];
  loaded: boolean;
  require(id: string): unknown;
}
interface ModuleInternals {
  new (id: string): LoadableModule;
  wrap(source: string): string;
  _nodeModulePaths(dir: string): string[];
}

/** What became of the code cache in this process: for tests and `--debug`. */
export let typeScriptCodeCache: "not loaded here" | "absent" | "accepted" | "rejected" | "failed" = "not loaded here";

export function loadTypeScript(): unknown {
  const require = createRequire(import.meta.url);
  const file = require.resolve("typescript");
  const loaded = require.cache[file];
  if (loaded !== undefined) return loaded.exports;
  const cacheFile = join(dirname(file), "../../.cache/petstore-generator/v8", `typescript-${process.version}-${process.arch}.bin`);
  const internals = Module as unknown as ModuleInternals;
  let module: LoadableModule | undefined;
  try {
    let cachedData: Buffer | undefined;
    try {
      cachedData = readFileSync(cacheFile);
    } catch {
      // no cache yet
    }
    const script = new Script(internals.wrap(readFileSync(file, "utf8")), { filename: file, ...(cachedData === undefined ? {} : { cachedData }) });
    module = new internals(file);
    module.filename = file;
    module.paths = internals._nodeModulePaths(dirname(file));
    require.cache[file] = module as unknown as NodeJS.Module;
    const wrapper = script.runInThisContext() as (exports: unknown, require: unknown, module: unknown, filename: string, dirname: string) => void;
    const own = module;
    wrapper.call(own.exports, own.exports, (id: string) => own.require(id), own, file, dirname(file));
    own.loaded = true;
    typeScriptCodeCache = cachedData === undefined ? "absent" : script.cachedDataRejected === true ? "rejected" : "accepted";
    if (typeScriptCodeCache !== "accepted") process.once("exit", () => writeCache(script, cacheFile));
    return own.exports;
  } catch {
    typeScriptCodeCache = "failed";
    if (module !== undefined && require.cache[file] === (module as unknown as NodeJS.Module)) delete require.cache[file];
    return require("typescript");
  }
}

function writeCache(script: Script, cacheFile: string): void {
  const temporary = `${cacheFile}.${process.pid}.tmp`;
  try {
    mkdirSync(dirname(cacheFile), { recursive: true });
    writeFileSync(temporary, script.createCachedData());
    renameSync(temporary, cacheFile);
  } catch {
    rmSync(temporary, { force: true }); // a read-only node_modules: only start-up speed is lost
  }
}
