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
 * A file system's clock is coarse (a few milliseconds on ext4): a file staged in the same tick
 * as the manifest would have its time and be hashed by the next run (on Stripe's description
 * edit, types.ts: about 60 ms). So the write stages the manifest again, after a millisecond, until
 * its time is past every file it staged ({@link stagedAfter}); an edit made after the manifest is
 * written still gets a time no earlier than the manifest's, and is hashed. (Where Linux gives a
 * file whose time was read a fine-grained time at its next write, 6.13's multigrain timestamps,
 * the write reads the new manifest's time before writing it, and no wait is needed: 40 of 40
 * tries on this machine's 6.18 kernel, against 0 of 40 without the read.)
 *
 * Like git's index, this trusts modification times: a tool that rewrites a generated file and
 * then sets its time back defeats it (`--no-cache` hashes everything).
 *
 * The record also names the origin of each file's content (emit/file.ts: a cache entry's key,
 * which hashes the input the content was rendered from and the generator itself), with the text
 * the contents depended on beside it (the generated header). A run whose file has the origin the
 * record gives an untouched file, under the same header, has that file's bytes already: the cache
 * hands it back without reading its text (cache-pack.ts `file`), and the write keeps it without
 * hashing it. On Stripe's description edit the validators alone were 14 MB read from the cache,
 * decoded, checked and hashed for a file that had not changed.
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
  /**
   * The origin of each file's content, by path (emit/file.ts `origin`), for the files that had
   * one, and what the contents depended on beside it (the header): see {@link OutputOrigins}.
   */
  readonly origins?: Readonly<Record<string, string>>;
  readonly originSalt?: string;
}

/**
 * What the last write recorded of the files now in the output: each untouched file's hash, and
 * the origin of its content when it had one, valid for contents made with the same `salt`.
 */
export interface KnownOutput {
  readonly hashes: ReadonlyMap<string, string>;
  readonly origins: ReadonlyMap<string, string>;
}

const NOTHING_KNOWN: KnownOutput = { hashes: new Map(), origins: new Map() };

/** Where the last write into `out` recorded its manifest, in the cache of `cwd`. */
export function manifestRecordPath(cwd: string, out: string): string {
  return join(cacheDir(cwd), "write", `${sha256Hex(out).slice(0, 24)}.json`);
}

export function mtimeNs(path: string): bigint | undefined {
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
 * reading the file, and puts the hash in the new manifest. With them, the origins the record
 * gives those files, when the record's salt is `salt` (none otherwise).
 */
export function knownOutput(
  out: string,
  record: string,
  manifestText: string | undefined,
  previous: Manifest | undefined,
  salt: string | undefined,
): KnownOutput {
  if (manifestText === undefined || previous === undefined) return NOTHING_KNOWN;
  let recorded: Recorded;
  try {
    recorded = JSON.parse(readFileSync(record, "utf8")) as Recorded;
  } catch {
    return NOTHING_KNOWN;
  }
  const written = mtimeNs(join(out, MANIFEST_NAME));
  if (written === undefined || recorded.mtimeNs !== String(written)) return NOTHING_KNOWN;
  if (recorded.manifest !== sha256Hex(manifestText)) return NOTHING_KNOWN;
  const hashes = new Map<string, string>();
  const origins = new Map<string, string>();
  const recordedOrigins =
    salt !== undefined && recorded.originSalt === salt && isStringRecord(recorded.origins)
      ? recorded.origins
      : {};
  for (const [path, hash] of Object.entries(previous.files)) {
    if (typeof hash !== "string" || !/^[0-9a-f]{64}$/.test(hash)) continue;
    const modified = mtimeNs(join(out, path));
    if (modified === undefined || modified >= written) continue;
    hashes.set(path, hash);
    const origin = Object.hasOwn(recordedOrigins, path) ? recordedOrigins[path] : undefined;
    if (origin !== undefined) origins.set(path, origin);
  }
  return { hashes, origins };
}

function isStringRecord(value: unknown): value is Record<string, string> {
  return (
    value !== null &&
    typeof value === "object" &&
    Object.values(value).every((each) => typeof each === "string")
  );
}

/** What a write records beside its manifest: its files' origins and the salt they hold under. */
export interface RecordedOrigins {
  readonly origins: ReadonlyMap<string, string>;
  readonly salt: string;
}

/** Records the manifest now in `out` (its text is `manifestText`) for the next run. */
export function recordManifest(
  out: string,
  record: string,
  manifestText: string,
  origins?: RecordedOrigins,
): void {
  const written = mtimeNs(join(out, MANIFEST_NAME));
  if (written === undefined) return;
  const temporary = `${record}.${randomBytes(6).toString("hex")}.tmp`;
  try {
    mkdirSync(dirname(record), { recursive: true });
    const value: Recorded = {
      manifest: sha256Hex(manifestText),
      mtimeNs: String(written),
      ...(origins === undefined || origins.origins.size === 0
        ? {}
        : { origins: Object.fromEntries(origins.origins), originSalt: origins.salt }),
    };
    const isNew = !existsSync(record);
    writeFileSync(temporary, JSON.stringify(value));
    renameSync(temporary, record);
    // one record per output folder: a new one makes the least recently used go (cache-folder.ts)
    if (isNew) keepRecent(dirname(record));
  } catch {
    rmSync(temporary, { force: true }); // the record only saves time
  }
}

/**
 * What the output folder `out` holds untouched since the last write into it (recorded in the
 * cache of `cwd`), as a test of a path and an origin under `salt`: read before the emitters run,
 * so that the cache hands back such a file without its text. The write checks again, under the
 * output's lock (write-output.ts).
 */
export function outputHolds(
  cwd: string,
  out: string,
  salt: string,
): (path: string, origin: string) => boolean {
  let manifestText: string | undefined;
  try {
    manifestText = readFileSync(join(out, MANIFEST_NAME), "utf8");
  } catch {
    return () => false;
  }
  let previous: Manifest | undefined;
  try {
    previous = JSON.parse(manifestText) as Manifest;
  } catch {
    return () => false;
  }
  if (typeof previous?.files !== "object" || previous.files === null) return () => false;
  const { origins } = knownOutput(out, manifestRecordPath(cwd, out), manifestText, previous, salt);
  return (path, origin) => origins.get(path) === origin;
}

/** How long {@link stagedAfter} waits at most for the file system's clock to move on. */
const TICK_WAIT_MS = 50;

/**
 * Calls `stage` (which writes one file at `path`) until the file's modification time is later
 * than `newest` (the latest of the files staged before it), waiting a millisecond between calls,
 * for at most {@link TICK_WAIT_MS}: then the next run trusts those files ({@link knownOutput}).
 */
export function stagedAfter(path: string, newest: bigint, stage: () => void): void {
  stage();
  const waiter = new Int32Array(new SharedArrayBuffer(4));
  for (let waited = 0; waited < TICK_WAIT_MS; waited++) {
    const written = mtimeNs(path);
    if (written === undefined || written > newest) return;
    Atomics.wait(waiter, 0, 0, 1);
    stage();
  }
}
