/**
 * The manifest's hashes of files a run leaves as they are, taken from the previous manifest
 * instead of hashing every file again (on Stripe, 205 files and about 40 MB: a tenth of a second
 * of a warm edit).
 *
 * A previous hash is reused for a file only when all of these hold, so it is the hash of the
 * file's bytes:
 * - the new content is the same as the file's bytes on disk (compared anyway, to skip the write);
 * - the manifest on disk is the one this generator wrote last: its SHA-256 and modification time
 *   (nanoseconds) are what the last write recorded in the cache (an edited manifest is not
 *   trusted);
 * - the file was last modified strictly before that manifest was written (the manifest is staged
 *   after every other file): a file changed afterwards, even back to the same bytes, is hashed.
 *
 * Like git's index, this trusts modification times: a tool that rewrites a generated file and
 * then sets its time back defeats it (`--no-cache` hashes everything).
 */
import {
  existsSync,
  readFileSync,
  statSync,
  mkdirSync,
  writeFileSync,
  renameSync,
  rmSync,
} from "node:fs";
import { keepRecent } from "../cache/cache-folder.js";
import { dirname, join } from "node:path";
import { randomBytes } from "node:crypto";
import { cacheDir, sha256Hex } from "../cache/cache-pack.js";
import { MANIFEST_NAME, type Manifest } from "./manifest.js";

interface Recorded {
  readonly manifest: string;
  readonly mtimeNs: string;
}

/** Where the last write into `out` recorded its manifest, in the cache of `cwd`. */
export function manifestRecordPath(cwd: string, out: string): string {
  return join(cacheDir(cwd), "write", `${sha256Hex(out).slice(0, 24)}.json`);
}

function mtimeNs(path: string): bigint | undefined {
  try {
    return statSync(path, { bigint: true }).mtimeNs;
  } catch {
    return undefined;
  }
}

/**
 * The hashes of the previous manifest that still hold for `unchanged` (paths whose new content
 * equals their bytes on disk), given the manifest's text on disk and the record file.
 */
export function knownHashes(
  out: string,
  record: string,
  manifestText: string | undefined,
  previous: Manifest | undefined,
  unchanged: readonly string[],
): Map<string, string> {
  const known = new Map<string, string>();
  if (manifestText === undefined || previous === undefined) return known;
  let recorded: Recorded;
  try {
    recorded = JSON.parse(readFileSync(record, "utf8")) as Recorded;
  } catch {
    return known;
  }
  const written = mtimeNs(join(out, MANIFEST_NAME));
  if (written === undefined || recorded.mtimeNs !== String(written)) return known;
  if (recorded.manifest !== sha256Hex(manifestText)) return known;
  for (const path of unchanged) {
    const hash = previous.files[path];
    if (typeof hash !== "string" || !/^[0-9a-f]{64}$/.test(hash)) continue;
    const modified = mtimeNs(join(out, path));
    if (modified !== undefined && modified < written) known.set(path, hash);
  }
  return known;
}

/** Records the manifest now in `out` (its text is `manifestText`) for the next run. */
export function recordManifest(out: string, record: string, manifestText: string): void {
  const written = mtimeNs(join(out, MANIFEST_NAME));
  if (written === undefined) return;
  const temporary = `${record}.${randomBytes(6).toString("hex")}.tmp`;
  try {
    mkdirSync(dirname(record), { recursive: true });
    const value: Recorded = { manifest: sha256Hex(manifestText), mtimeNs: String(written) };
    const isNew = !existsSync(record);
    writeFileSync(temporary, JSON.stringify(value));
    renameSync(temporary, record);
    // one record per output folder: a new one makes the least recently used go (cache-folder.ts)
    if (isNew) keepRecent(dirname(record));
  } catch {
    rmSync(temporary, { force: true }); // the record only saves time
  }
}
