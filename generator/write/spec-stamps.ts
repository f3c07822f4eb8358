/**
 * The spec files' digests (inputs-hash.ts `specFileDigest`) kept by file stamp, so that the quick
 * check (quick-check.ts) reads and hashes only the files that changed since the last run: a spec
 * split into 2,850 files (DigitalOcean's) was read whole, about 14 MB, on every run, about 0.3 s
 * of a description edit's 1.2 s. The same rule as generator/run.mjs's memo of its own sources
 * (and git's index): a stamp is the file's size, modification and change times in nanoseconds and
 * inode; any write to a file changes its change time, which no tool can set back; a stamp taken
 * within two seconds of the file's last change is not kept (a second write in the same clock tick
 * would leave it unchanged: git's "racily clean" files), so that file is read again next time.
 *
 * One memo per root spec, in `node_modules/.cache/petstore-generator/spec-stamps/` (safe to
 * delete; unreadable or absent, every file is read). `--no-cache` does not use it.
 */
import { randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { keepRecent } from "../cache/cache-folder.js";
import { cacheDir, sha256Hex } from "../cache/cache-pack.js";
import { specFileDigest } from "./inputs-hash.js";

/** Nanoseconds within which a file's change is too recent for its stamp to be trusted. */
const RACY_NS = 2_000_000_000n;

/** The stamps and digests of one root spec's files, as the last run found them. */
export class SpecStamps {
  readonly #known: Map<string, readonly [string, string]>;
  readonly #seen = new Map<string, readonly [string, string]>();
  #changed = false;
  /** Files this run read and hashed (not from the memo): for tests. */
  read = 0;

  private constructor(
    private readonly file: string,
    known: Map<string, readonly [string, string]>,
  ) {
    this.#known = known;
  }

  /** The memo of the spec at `specPath` (relative to `cwd`), in the cache of `cwd`. */
  static open(cwd: string, specPath: string): SpecStamps {
    const file = join(
      cacheDir(cwd),
      "spec-stamps",
      `${sha256Hex(resolve(cwd, specPath)).slice(0, 24)}.json`,
    );
    let known = new Map<string, readonly [string, string]>();
    try {
      const entries = JSON.parse(readFileSync(file, "utf8")) as unknown;
      if (Array.isArray(entries))
        known = new Map(
          entries.flatMap((entry: unknown) =>
            Array.isArray(entry) && entry.length === 3 && entry.every((v) => typeof v === "string")
              ? [[entry[0] as string, [entry[1] as string, entry[2] as string] as const]]
              : [],
          ),
        );
    } catch {
      // none yet, or unreadable: every file is read
    }
    return new SpecStamps(file, known);
  }

  /** The digest of the file at the absolute `path`: from the memo when its stamp is the recorded one. */
  digest(path: string): string {
    const stamp = stampOf(path);
    const known = this.#known.get(path);
    if (stamp !== undefined && known !== undefined && known[0] === stamp) {
      this.#seen.set(path, known);
      return known[1];
    }
    const digest = specFileDigest(readFileSync(path));
    this.read++;
    if (stamp !== undefined) {
      // the stamp taken before the read: a write meanwhile changes it, and the next run reads again
      this.#seen.set(path, [stamp, digest]);
      this.#changed = true;
    }
    return digest;
  }

  /** Writes the stamps this run used, when any is new (a temporary file renamed into place). */
  save(): void {
    if (!this.#changed && this.#seen.size === this.#known.size) return;
    const temporary = `${this.file}.${randomBytes(6).toString("hex")}.tmp`;
    try {
      mkdirSync(dirname(this.file), { recursive: true });
      const entries = [...this.#seen].map(([path, [stamp, digest]]) => [path, stamp, digest]);
      writeFileSync(temporary, JSON.stringify(entries));
      renameSync(temporary, this.file);
      keepRecent(dirname(this.file));
    } catch {
      rmSync(temporary, { force: true }); // the memo only saves time
    }
  }
}

/** The file's stamp, or undefined when it changed too recently (or cannot be read) to be trusted. */
function stampOf(path: string): string | undefined {
  try {
    const stat = statSync(path, { bigint: true });
    if (BigInt(Date.now()) * 1_000_000n - stat.ctimeNs < RACY_NS) return undefined;
    return `${stat.size}:${stat.mtimeNs}:${stat.ctimeNs}:${stat.ino}`;
  } catch {
    return undefined;
  }
}
