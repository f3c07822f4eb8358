/**
 * Where the bundle record of a split spec lives (split-bundle.ts), apart from that module so that
 * loading a spec can ask whether there is one without importing it.
 */
import { join } from "node:path";
import { cacheDir, sha256Hex } from "../cache/cache-pack.js";

/**
 * The record file of the spec `specPath` in the cache of `cwd`: the recorded bundle, or (`refused`)
 * the note that the spec cannot be recorded. The two are apart so that a spec whose split record
 * refused it is not kept off the one-file record (bundle-cache.ts) once it is a one-file spec.
 */
export function splitRecordFile(cwd: string, specPath: string, refused = false): string {
  const name = `${sha256Hex(specPath).slice(0, 24)}${refused ? ".refused" : ""}.v8`;
  return join(cacheDir(cwd), "load/split-bundle", name);
}
