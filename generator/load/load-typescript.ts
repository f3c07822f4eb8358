/**
 * The `typescript` package as the generator's bundle loads it (generator/run.mjs maps every
 * import and require of `typescript` here): compiling its 9 MB of JavaScript is the largest part
 * of the generator's start-up, so it is required with a V8 code cache (code-cache.ts). When
 * generator/run.mjs can make a minified copy of the package's file (a third of its size; made
 * once per TypeScript version, when TypeScript is first loaded, see there), the copy's text is
 * what is read and compiled, as the package's file: reading 9 MB and the page faults of its
 * strings were about a third of the load.
 */
import { createRequire } from "node:module";
import { basename } from "node:path";
import { requireWithCodeCache, type CodeCacheState } from "./code-cache.js";

/** What became of the code cache in this process: for tests and `--debug`. */
export let typeScriptCodeCache: "not loaded here" | CodeCacheState = "not loaded here";
/** Whether this process compiled the minified copy (else the package's own file): for tests. */
export let typeScriptFromCopy = false;

/**
 * Where generator/run.mjs leaves its maker of the copy: a function of the package's file to the
 * path of its minified copy (made on this first call of a checkout), or undefined when it has none.
 */
const TYPESCRIPT_COPY = Symbol.for("petstore-generator.typescript-copy");

/** The minified copy run.mjs made (or makes now) of `file`, when it can. */
function minifiedCopyOf(file: string): string | undefined {
  const make = (globalThis as Record<symbol, unknown>)[TYPESCRIPT_COPY];
  return typeof make === "function"
    ? (make as (file: string) => string | undefined)(file)
    : undefined;
}

export function loadTypeScript(): unknown {
  const require = createRequire(import.meta.url);
  const file = require.resolve("typescript");
  const loaded = require.cache[file];
  if (loaded !== undefined) return loaded.exports;
  const copy = minifiedCopyOf(file);
  const { exports, state } =
    copy === undefined
      ? requireWithCodeCache(file, `typescript-${process.version}-${process.arch}`)
      : // the copy's name holds the package's version and size: so does its cache's
        requireWithCodeCache(
          file,
          `${basename(copy, ".cjs")}-${process.version}-${process.arch}`,
          { path: copy, encoding: "latin1" }, // run.mjs has esbuild write it in ASCII
        );
  typeScriptCodeCache = state;
  typeScriptFromCopy = copy !== undefined && state !== "failed";
  return exports;
}
