/**
 * Where the bundle record of a split spec lives (split-bundle.ts), apart from that module so that
 * loading a spec can ask whether there is one without importing it.
 */
import { join } from "node:path";
import { cacheDir, sha256Hex } from "../cache/cache-pack.js";

/** The record file of the spec `specPath` in the cache of `cwd`. */
export function splitRecordFile(cwd: string, specPath: string): string {
  return join(cacheDir(cwd), "load/split-bundle", `${sha256Hex(specPath).slice(0, 24)}.v8`);
}
