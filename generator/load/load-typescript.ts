/**
 * The `typescript` package as the generator's bundle loads it (generator/run.mjs maps every
 * import and require of `typescript` here): compiling its 9 MB of JavaScript is the largest part
 * of the generator's start-up, so it is required with a V8 code cache (code-cache.ts).
 */
import { createRequire } from "node:module";
import { requireWithCodeCache, type CodeCacheState } from "./code-cache.js";

/** What became of the code cache in this process: for tests and `--debug`. */
export let typeScriptCodeCache: "not loaded here" | CodeCacheState = "not loaded here";

export function loadTypeScript(): unknown {
  const require = createRequire(import.meta.url);
  const file = require.resolve("typescript");
  const loaded = require.cache[file];
  if (loaded !== undefined) return loaded.exports;
  const { exports, state } = requireWithCodeCache(
    file,
    `typescript-${process.version}-${process.arch}`,
  );
  typeScriptCodeCache = state;
  return exports;
}
