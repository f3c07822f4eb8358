/** Types of bundle-loader.mjs (the generator's chunk loader), for the TypeScript that uses it. */
import type { Script } from "node:vm";

/** The exports of the bundle's chunk `file` (an absolute path), loading it on first use. */
export function requireChunk(file: string): unknown;

/**
 * `source` compiled as a script named `filename`, with the V8 code cache in `cacheFile` when V8
 * accepts it; a cache absent or rejected is written when the process exits.
 */
export function compileWithCodeCache(
  source: string,
  filename: string,
  cacheFile: string,
): { readonly script: Script; readonly state: "absent" | "accepted" | "rejected" };
