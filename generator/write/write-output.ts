/**
 * write: the only stage that touches the disk. All-or-nothing replacement of the output:
 * 1. every file is written into a staging folder beside the output (same file system);
 * 2. a journal listing the moves and deletions is written into it, last;
 * 3. the files are renamed into place (each rename is atomic),
 *    files the generator wrote before and no longer generates are deleted, the manifest goes last;
 * 4. the staging folder is removed.
 * SIGINT/SIGTERM are held back during steps 1–4 and take effect right after.
 * A run that dies before step 2 leaves the output untouched (the next run removes the staging
 * folder); one that dies during step 3 is rolled forward from the journal by the next run.
 * Steps 1–4 and the recovery run holding the output's lock (output-lock.ts): a second run into the
 * same folder waits, so it never takes a live run's staging folder for an interrupted one's.
 * A new output (no folder, or an empty one) needs no journal: the staging folder, manifest
 * included, is renamed to the output in one step (where the system cannot rename a folder over
 * an empty one, the journal's way is taken).
 *
 * The files are read, written and renamed synchronously: a few hundred small files, each through
 * the thread pool with promises, cost the run more waiting than the work (issue 36).
 */
import {
  closeSync,
  fstatSync,
  existsSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { readdir, readFile, rm, stat, unlink } from "node:fs/promises";
import { basename, dirname, join, relative, resolve, sep } from "node:path";
import { GeneratorError } from "../errors.js";
import { ContentHasher } from "./content-hash.js";
import {
  knownOutput,
  manifestRecordPath,
  mtimeNs,
  recordManifest,
  stagedAfter,
} from "./known-hashes.js";
import { MANIFEST_NAME, readManifest, renderManifest, type ManifestMeta } from "./manifest.js";
import { withOutputLock, type OutputHold } from "./output-lock.js";

const JOURNAL = "JOURNAL.json";

export interface OutputFile {
  readonly path: string;
  readonly content: string;
  /**
   * What names the content (emit/file.ts): a file whose origin is the one the last write recorded
   * for its untouched file (under the same {@link WriteOptions.originSalt}) is kept as it is,
   * without reading `content`.
   */
  readonly origin?: string;
  /** Consecutive pieces `content` is made of (the header and the text): hashed one by one (content-hash.ts). */
  readonly pieces?: readonly string[];
}

export interface WriteReport {
  readonly written: readonly string[];
  readonly unchanged: readonly string[];
  readonly deleted: readonly string[];
}

interface Journal {
  readonly moves: readonly string[];
  readonly deletes: readonly string[];
}

/** The staging folders of `outDir` are its siblings named `.<name>.staging-<pid>`. */
export function stagingPrefix(outDir: string): string {
  return join(dirname(outDir), `.${basename(outDir)}.staging-`);
}

/** Whether an interrupted earlier run left a staging folder beside `outDir`. */
function hasStaging(outDir: string): boolean {
  const prefix = stagingPrefix(outDir);
  try {
    return readdirSync(dirname(prefix)).some((entry) =>
      join(dirname(prefix), entry).startsWith(prefix),
    );
  } catch {
    return false;
  }
}

/** Finishes or discards what an interrupted earlier run left behind. */
export async function recoverInterruptedWrite(outDir: string): Promise<void> {
  const prefix = stagingPrefix(outDir);
  const parent = dirname(prefix);
  if (!existsSync(parent)) return;
  for (const entry of (await readdir(parent)).sort()) {
    const staging = join(parent, entry);
    if (!staging.startsWith(prefix)) continue;
    const journalPath = join(staging, JOURNAL);
    if (existsSync(journalPath)) {
      const journal = JSON.parse(await readFile(journalPath, "utf8")) as Journal;
      await applyJournal(staging, outDir, journal);
    }
    await rm(staging, { recursive: true, force: true });
  }
}

/** Refuses an output folder the generator does not own. */
export async function assertOwnedOutput(outDir: string, guarded: readonly string[]): Promise<void> {
  const out = resolve(outDir);
  for (const path of guarded) {
    const inside = resolve(path);
    if (inside === out || inside.startsWith(out + sep)) {
      throw new GeneratorError(
        "outputRefused",
        `Refusing to write into ${relative(process.cwd(), out) || "."}: it contains ${relative(process.cwd(), inside) || "the project"}`,
        {
          where: out,
          hint: "Choose an --out folder of its own, such as generated/.",
        },
      );
    }
  }
  if (!existsSync(out)) return;
  if (!(await stat(out)).isDirectory()) {
    throw new GeneratorError("outputRefused", "The output path exists and is not a folder", {
      where: out,
      hint: "Choose another --out.",
    });
  }
  const manifest = await readManifest(out);
  if (manifest) return;
  const entries = (await readdir(out)).filter((entry) => entry !== ".gitkeep");
  if (entries.length === 0) return;
  throw new GeneratorError(
    "outputRefused",
    `Refusing to write into a folder the generator did not create (no ${MANIFEST_NAME})`,
    {
      where: out,
      hint: "Point --out at an empty or new folder, or at one the generator wrote before; it never overwrites files it did not write.",
    },
  );
}

export interface WriteOptions {
  /**
   * The working directory whose cache records the manifest this write leaves, so the next write
   * compares its files by hash instead of reading those untouched since (known-hashes.ts); none:
   * every file is read and compared.
   */
  readonly cacheCwd?: string;
  /** What the contents depend on beside their origins (the generated header): recorded with them. */
  readonly originSalt?: string;
}

/** Writes `files` as the whole output of `outDir`, one run at a time (output-lock.ts). */
export async function writeOutput(
  outDir: string,
  files: readonly OutputFile[],
  meta: ManifestMeta,
  options: WriteOptions = {},
): Promise<WriteReport> {
  const out = resolve(outDir);
  return withOutputLock(out, (hold) => writeLocked(out, files, meta, options, hold));
}

async function writeLocked(
  out: string,
  files: readonly OutputFile[],
  meta: ManifestMeta,
  options: WriteOptions,
  hold: OutputHold,
): Promise<WriteReport> {
  // without the lock (a read-only folder beside the output) an interrupted run's staging folder
  // cannot be recovered: refuse rather than compare against a half-applied output
  if (!hold.held && hasStaging(out)) hold.assertWritable();
  await recoverInterruptedWrite(out);
  const previous = (await readManifest(out)) ?? undefined;

  const changed: OutputFile[] = [];
  const unchanged: string[] = [];
  // a new or empty folder holds none of the files: nothing to read
  const fresh = previous === undefined && isNewOrEmpty(out);
  const currentManifest = fresh ? undefined : readText(join(out, MANIFEST_NAME));
  const record =
    options.cacheCwd === undefined ? undefined : manifestRecordPath(options.cacheCwd, out);
  // the hashes of the files on disk that the record vouches for (known-hashes.ts): those files are
  // compared by the hash of the new content, which the manifest takes, instead of being read
  const onDisk =
    record === undefined
      ? undefined
      : knownOutput(out, record, currentManifest, previous, options.originSalt);
  const hashes = new Map<string, string>();
  const hasher = new ContentHasher();
  for (const file of files) {
    const known = onDisk?.hashes.get(file.path);
    let same: boolean;
    if (known === undefined) same = !fresh && hasher.holds(join(out, file.path), file);
    else if (file.origin !== undefined && onDisk?.origins.get(file.path) === file.origin) {
      // the very content the untouched file was written with: not read, not hashed
      hashes.set(file.path, known);
      same = true;
    } else {
      const hash = hasher.sha256(file);
      hashes.set(file.path, hash);
      same = hash === known;
    }
    if (same) unchanged.push(file.path);
    else changed.push(file);
  }
  const manifest = { path: MANIFEST_NAME, content: renderManifest(files, meta, hashes, hasher) };
  if (currentManifest === manifest.content) unchanged.push(MANIFEST_NAME);
  else changed.push(manifest);
  const all = [...files, manifest];
  const generated = new Set(all.map((file) => file.path));
  const deletes = Object.keys(previous?.files ?? {}).filter(
    (path) => !generated.has(path) && existsSync(join(out, path)),
  );
  const origins =
    options.originSalt === undefined
      ? undefined
      : {
          origins: new Map(
            files.flatMap((file) => (file.origin === undefined ? [] : [[file.path, file.origin]])),
          ),
          salt: options.originSalt,
        };
  if (changed.length === 0 && deletes.length === 0) {
    if (record !== undefined) recordManifest(out, record, manifest.content, origins);
    return { written: [], unchanged, deleted: [] };
  }
  hold.assertWritable();

  const staging = `${stagingPrefix(out)}${process.pid}`;
  // The manifest moves last, so the output is never described by a manifest it does not match.
  const journal: Journal = {
    moves: changed
      .map((file) => file.path)
      .sort((a, b) => Number(a === MANIFEST_NAME) - Number(b === MANIFEST_NAME)),
    deletes,
  };
  // From here on SIGINT/SIGTERM wait: staging and commit take milliseconds, and an interruption
  // would leave a staging folder behind (harmless, but litter).
  await withSignalsHeld(async () => {
    rmSync(staging, { recursive: true, force: true });
    try {
      for (const folder of new Set(changed.map((file) => dirname(join(staging, file.path)))))
        mkdirSync(folder, { recursive: true });
      // through the hasher's buffer, a piece at a time (content-hash.ts)
      const stage = (file: OutputFile, queried = false) => {
        const fd = openSync(join(staging, file.path), "w");
        try {
          // a file whose time was just read gets a fine-grained time when written (Linux 6.13's
          // multigrain timestamps): the manifest then needs no wait for the clock's next tick
          if (queried) fstatSync(fd);
          hasher.write(fd, file);
        } finally {
          closeSync(fd);
        }
      };
      // the manifest is written after the others, in a later tick of the file system's clock,
      // so it is newer than every file (known-hashes.ts)
      let newest = -1n;
      for (const file of changed) {
        if (file === manifest) continue;
        stage(file);
        const staged = mtimeNs(join(staging, file.path)) ?? -1n;
        if (staged > newest) newest = staged;
      }
      if (changed.includes(manifest))
        stagedAfter(join(staging, manifest.path), newest, () => stage(manifest, true));
      // every file is staged and nothing is deleted: the staging folder becomes the output
      if (fresh && deletes.length === 0 && renamedOver(staging, out)) return;
      // written then renamed, so a journal is either whole or absent
      writeFileSync(join(staging, `${JOURNAL}.partial`), JSON.stringify(journal));
      renameSync(join(staging, `${JOURNAL}.partial`), join(staging, JOURNAL));
    } catch (error) {
      rmSync(staging, { recursive: true, force: true });
      throw new GeneratorError(
        "internal",
        `Could not stage the output: ${error instanceof Error ? error.message : String(error)}`,
        { where: staging, cause: error },
      );
    }
    await applyJournal(staging, out, journal);
    rmSync(staging, { recursive: true, force: true });
  });
  if (record !== undefined) recordManifest(out, record, manifest.content, origins);
  return { written: changed.map((file) => file.path), unchanged, deleted: deletes };
}

/** The file's text, or undefined when it cannot be read. */
function readText(path: string): string | undefined {
  try {
    return readFileSync(path, "utf8");
  } catch {
    return undefined;
  }
}

/** Whether `out` does not exist or is an empty folder. */
function isNewOrEmpty(out: string): boolean {
  try {
    return readdirSync(out).length === 0;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "ENOENT";
  }
}

/**
 * Renames the staging folder to the output folder, new or empty (one atomic step: the output is
 * either as it was or whole); false, with nothing changed, where that cannot be done (a file
 * appeared meanwhile, or the system does not rename a folder over an empty one).
 */
function renamedOver(staging: string, out: string): boolean {
  try {
    renameSync(staging, out);
    return true;
  } catch {
    return false;
  }
}

async function applyJournal(staging: string, out: string, journal: Journal): Promise<void> {
  const move = (path: string): void => {
    const from = join(staging, path);
    if (!existsSync(from)) return; // already moved by the interrupted run
    renameSync(from, join(out, path));
  };
  const files = journal.moves.filter((path) => path !== MANIFEST_NAME);
  for (const folder of new Set(files.map((path) => dirname(join(out, path)))))
    mkdirSync(folder, { recursive: true });
  for (const path of files) move(path);
  if (journal.moves.includes(MANIFEST_NAME)) move(MANIFEST_NAME); // last: see writeOutput
  for (const path of journal.deletes) {
    await unlink(join(out, path)).catch(() => undefined);
    await removeEmptyParents(out, dirname(join(out, path)));
  }
}

async function removeEmptyParents(root: string, dir: string): Promise<void> {
  let current = dir;
  while (current.startsWith(root + sep)) {
    if ((await readdir(current)).length > 0) return;
    await rm(current, { recursive: true });
    current = dirname(current);
  }
}

/** Runs `work` with SIGINT/SIGTERM deferred until it is done, then re-raises them. */
async function withSignalsHeld(work: () => Promise<void>): Promise<void> {
  const received: NodeJS.Signals[] = [];
  const hold = (signal: NodeJS.Signals) => received.push(signal);
  process.on("SIGINT", hold);
  process.on("SIGTERM", hold);
  try {
    await work();
  } finally {
    process.off("SIGINT", hold);
    process.off("SIGTERM", hold);
    const signal = received[0];
    if (signal) process.kill(process.pid, signal);
  }
}
