/**
 * The hashes of the files in the output folder, taken from the previous manifest instead of
 * reading the files: a run compares each new content with its file by hash (write-output.ts).
 * On Stripe's warm description edit, reading 216 files (31 MB, 14 MB of it not ASCII) and
 * decoding them to compare was about 0.1 s more than hashing the new contents, which the new
 * manifest needs anyway.
 *
 * A previous hash is taken as the hash of a file's bytes only when all of these hold:
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
 * The previous manifest's hashes that are the hashes of the files' bytes on disk now: those of
 * files untouched since the manifest was written, given the manifest's text on disk and the
 * record file. write-output.ts compares a new content with such a file by its hash, without
 * reading the file, and puts the hash in the new manifest.
 */
export function knownHashes(
  out: string,
  record: string,
  manifestText: string | undefined,
  previous: Manifest | undefined,
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
  for (const [path, hash] of Object.entries(previous.files)) {
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
