/**
 * How the cache keeps its size: each folder of `node_modules/.cache/petstore-generator/` holds one
 * kind of file, one per output folder or spec (`emit/mcp/<hash of the output path>.json`, ...), so
 * runs into many output folders (a test suite's temporary ones, generating into a fresh folder in
 * CI) would grow it without bound: 1,763 output folders' packs, 2.1 GB, were found in this
 * project's own cache. A folder keeps its {@link KEPT_PER_FOLDER} most recently used files: a file
 * a run uses is touched (its modification time is "last used"), and writing a new one removes the
 * least recently used beyond that. Any failure here only costs speed (the cache is safe to delete).
 */
import { readdirSync, rmSync, statSync, utimesSync } from "node:fs";
import { join } from "node:path";

/** Output folders (or specs) whose files each cache folder keeps. */
export const KEPT_PER_FOLDER = 32;

/** Marks `file` as used now (its modification time), so that pruning keeps it. */
export function touchCacheFile(file: string): void {
  try {
    const now = new Date();
    utimesSync(file, now, now);
  } catch {
    // absent or read-only: the cache only costs speed
  }
}

/** Removes all but the `keep` most recently used files of `folder`. */
export function keepRecent(folder: string, keep = KEPT_PER_FOLDER): void {
  try {
    const files = readdirSync(folder, { withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => {
        const path = join(folder, entry.name);
        return { path, used: statSync(path).mtimeMs };
      });
    if (files.length <= keep) return;
    files.sort((a, b) => b.used - a.used);
    for (const { path } of files.slice(keep)) rmSync(path, { force: true });
  } catch {
    // a file removed meanwhile by another run, a read-only cache: nothing to do
  }
}
