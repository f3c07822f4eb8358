/**
 * Loads the generator's bundle (generator/run.mjs builds it: CommonJS chunks in
 * `generator/.build-<hash>/`) with a V8 code cache per chunk, beside the chunk
 * (`chunk-<hash>.cjs.<node version>-<arch>.v8`). Node 20 has no compile cache for ES modules:
 * compiling the bundle's chunks afresh, and each function on its first call, was 0.1–0.2 s of
 * every run, warm edits included (Node 22 and later have `module.enableCompileCache`, but it
 * covers neither `vm` scripts nor Node 20).
 *
 * Nothing private of Node's loader is reached (no `Module._*`): a chunk is compiled as a
 * `vm.Script` with its cache (V8 checks it against the text's length and its own version and
 * flags, and compiles afresh when it does not fit; run.mjs names the build folder after this
 * file's text too), run in a CommonJS wrapper like Node's, and registered in `require.cache` as a
 * `Module` under its path (so a probe of loaded modules sees it, and it runs once). Its
 * `require` loads the bundle's other chunks (`./<name>.cjs`) the same way and anything else
 * through Node. A cache is written when the process exits (so it holds what the run compiled
 * too), only when it was absent or rejected, to a temporary file renamed into place; a build
 * folder that cannot be written only costs speed ({@link compileWithCodeCache}, which
 * generator/load/code-cache.ts compiles TypeScript with too).
 */
import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import Module, { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { Script } from "node:vm";

const CACHE_TAG = `${process.version}-${process.arch}`;

/** The scripts whose caches are written at exit, each with its cache's path. */
const toWrite = [];

/**
 * The exports of the bundle's chunk `file` (an absolute path), loading it, and the chunks it
 * requires, on first use.
 */
export function requireChunk(file) {
  const outside = createRequire(file);
  const known = outside.cache[file];
  if (known !== undefined) return known.exports;
  // one line, as Node's own wrapper: the chunk's line numbers stay true in stack traces
  const wrapped = `(function (exports, require, module, __filename, __dirname) { ${readFileSync(file, "utf8")}\n});`;
  const { script } = compileWithCodeCache(wrapped, file, `${file}.${CACHE_TAG}.v8`);
  const dir = dirname(file);
  const module = new Module(file);
  module.filename = file;
  const require = (id) => (id.startsWith("./") ? requireChunk(join(dir, id)) : outside(id));
  require.resolve = outside.resolve;
  require.cache = outside.cache;
  outside.cache[file] = module;
  try {
    script.runInThisContext()(module.exports, require, module, file, dir);
  } catch (error) {
    delete outside.cache[file];
    throw error;
  }
  module.loaded = true;
  return module.exports;
}

/**
 * `source` compiled as a script named `filename`, with the V8 code cache in the file `cacheFile`
 * when V8 accepts it (it checks the cache against the source's length and its own version and
 * flags, and compiles afresh otherwise); a cache absent or rejected is written when the process
 * exits, so it holds the functions the run compiled too. `state` says what became of the cache.
 * Also how generator/load/code-cache.ts compiles TypeScript.
 *
 * @param {string} source
 * @param {string} filename
 * @param {string} cacheFile
 * @returns {{ script: Script, state: "absent" | "accepted" | "rejected" }}
 */
export function compileWithCodeCache(source, filename, cacheFile) {
  let cachedData;
  try {
    cachedData = readFileSync(cacheFile);
  } catch {
    // none yet: written at exit
  }
  const script = new Script(source, {
    filename,
    ...(cachedData === undefined ? {} : { cachedData }),
  });
  const state =
    cachedData === undefined
      ? "absent"
      : script.cachedDataRejected === true
        ? "rejected"
        : "accepted";
  if (state !== "accepted") {
    if (toWrite.length === 0) process.once("exit", writeCaches);
    toWrite.push([script, cacheFile]);
  }
  return { script, state };
}

function writeCaches() {
  for (const [script, cacheFile] of toWrite) writeCache(script, cacheFile);
}

function writeCache(script, cacheFile) {
  const temporary = `${cacheFile}.${process.pid}.tmp`;
  try {
    mkdirSync(dirname(cacheFile), { recursive: true });
    writeFileSync(temporary, script.createCachedData());
    renameSync(temporary, cacheFile);
  } catch {
    // the folder was removed meanwhile (a stale build), or cannot be written: only the next
    // run's start-up speed is lost
    rmSync(temporary, { force: true });
  }
}
