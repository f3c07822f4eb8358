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
 */
import { existsSync } from "node:fs";
import { mkdir, readdir, readFile, rename, rm, stat, unlink, writeFile } from "node:fs/promises";
import { basename, dirname, join, relative, resolve, sep } from "node:path";
import { GeneratorError } from "../errors.js";
import { MANIFEST_NAME, readManifest, renderManifest, type ManifestMeta } from "./manifest.js";

const JOURNAL = "JOURNAL.json";

export interface OutputFile {
  readonly path: string;
  readonly content: string;
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

export async function writeOutput(
  outDir: string,
  files: readonly OutputFile[],
  meta: ManifestMeta,
): Promise<WriteReport> {
  const out = resolve(outDir);
  await recoverInterruptedWrite(out);
  const previous = (await readManifest(out)) ?? undefined;
  const all = [...files, { path: MANIFEST_NAME, content: renderManifest(files, meta) }];

  const changed: OutputFile[] = [];
  const unchanged: string[] = [];
  // read side by side: one file after the other, a hundred small reads left the process idle
  const currents = await Promise.all(
    all.map((file) => readFile(join(out, file.path), "utf8").catch(() => undefined)),
  );
  all.forEach((file, index) => {
    if (currents[index] === file.content) unchanged.push(file.path);
    else changed.push(file);
  });
  const generated = new Set(all.map((file) => file.path));
  const deletes = Object.keys(previous?.files ?? {}).filter(
    (path) => !generated.has(path) && existsSync(join(out, path)),
  );
  if (changed.length === 0 && deletes.length === 0) return { written: [], unchanged, deleted: [] };

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
    await rm(staging, { recursive: true, force: true });
    try {
      for (const folder of new Set(changed.map((file) => dirname(join(staging, file.path)))))
        await mkdir(folder, { recursive: true });
      await Promise.all(changed.map((file) => writeFile(join(staging, file.path), file.content)));
      // written then renamed, so a journal is either whole or absent
      await writeFile(join(staging, `${JOURNAL}.partial`), JSON.stringify(journal));
      await rename(join(staging, `${JOURNAL}.partial`), join(staging, JOURNAL));
    } catch (error) {
      await rm(staging, { recursive: true, force: true });
      throw new GeneratorError(
        "internal",
        `Could not stage the output: ${error instanceof Error ? error.message : String(error)}`,
        { where: staging, cause: error },
      );
    }
    await applyJournal(staging, out, journal);
    await rm(staging, { recursive: true, force: true });
  });
  return { written: changed.map((file) => file.path), unchanged, deleted: deletes };
}

async function applyJournal(staging: string, out: string, journal: Journal): Promise<void> {
  const move = async (path: string): Promise<void> => {
    const from = join(staging, path);
    if (!existsSync(from)) return; // already moved by the interrupted run
    await rename(from, join(out, path));
  };
  const files = journal.moves.filter((path) => path !== MANIFEST_NAME);
  for (const folder of new Set(files.map((path) => dirname(join(out, path)))))
    await mkdir(folder, { recursive: true });
  await Promise.all(files.map(move));
  if (journal.moves.includes(MANIFEST_NAME)) await move(MANIFEST_NAME); // last: see writeOutput
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
