/**
 * Requiring a large CommonJS file with a V8 code cache, `node_modules/.cache/petstore-generator/v8/`
 * beside the package (safe to delete, never committed): compiling such a file (TypeScript's 9 MB)
 * is a large part of the generator's start-up. It is compiled as the bundle's chunks are
 * (generator/bundle-loader.mjs `compileWithCodeCache`): V8 checks the cache against the source and
 * its own version and flags, and compiles afresh when it does not fit; the cache is written when
 * the process exits, after generation (so it holds the functions generation compiled too), and
 * only when it was absent or rejected. The module is registered in
 * `require.cache` as Node's loader would, so it is loaded once; anything unexpected falls back to
 * a plain `require`.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import Module from "node:module";
import { dirname, join, sep } from "node:path";
import { compileWithCodeCache } from "../bundle-loader.mjs";

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

/** What became of a file's code cache: absent (written at exit), accepted, rejected (rewritten at exit), or failed (a plain `require`). */
export type CodeCacheState = "absent" | "accepted" | "rejected" | "failed";

/** The node_modules folder a package file sits in (its cache lives in `.cache/` there). */
function nodeModulesOf(file: string): string {
  const at = file.lastIndexOf(`${sep}node_modules${sep}`);
  return at === -1
    ? join(dirname(file), "node_modules")
    : file.slice(0, at + `${sep}node_modules`.length);
}

/**
 * Text to compile in place of a file's own: a copy of it that behaves the same (a minified copy,
 * say), with the encoding to read it in (`latin1` only for an ASCII file: no UTF-8 to decode).
 */
export interface SourceCopy {
  readonly path: string;
  readonly encoding: "utf8" | "latin1";
}

/**
 * The exports of the CommonJS file `file` (an absolute path inside node_modules), compiled with
 * the code cache `<name>.bin`; `state` says what became of the cache. With `copy`, the copy's text
 * is compiled, as `file` (its `__filename`, `__dirname`, `require` paths and `require.cache` entry
 * are `file`'s): the cache's name must then tell the copy from the file, since V8 checks a cache
 * only against its source's length.
 */
export function requireWithCodeCache(
  file: string,
  name: string,
  copy?: SourceCopy,
): { readonly exports: unknown; readonly state: CodeCacheState } {
  const require = createRequire(file);
  const loaded = require.cache[file];
  if (loaded !== undefined) return { exports: loaded.exports, state: "accepted" };
  const cacheFile = join(nodeModulesOf(file), ".cache/petstore-generator/v8", `${name}.bin`);
  const internals = Module as unknown as ModuleInternals;
  let module: LoadableModule | undefined;
  try {
    const source =
      copy === undefined ? readFileSync(file, "utf8") : readFileSync(copy.path, copy.encoding);
    const { script, state } = compileWithCodeCache(internals.wrap(source), file, cacheFile);
    module = new internals(file);
    module.filename = file;
    module.paths = internals._nodeModulePaths(dirname(file));
    require.cache[file] = module as unknown as NodeJS.Module;
    const wrapper = script.runInThisContext() as (
      exports: unknown,
      require: unknown,
      module: unknown,
      filename: string,
      dirname: string,
    ) => void;
    const own = module;
    wrapper.call(
      own.exports,
      own.exports,
      (id: string) => own.require(id),
      own,
      file,
      dirname(file),
    );
    own.loaded = true;
    return { exports: own.exports, state };
  } catch {
    if (module !== undefined && require.cache[file] === (module as unknown as NodeJS.Module))
      delete require.cache[file];
    return { exports: require(file), state: "failed" };
  }
}
