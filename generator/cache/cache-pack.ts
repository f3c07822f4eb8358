/**
 * The generator's cache: `node_modules/.cache/petstore-generator/` under the working directory,
 * safe to delete at any time, never committed (node_modules/ is ignored). It holds packs, one
 * JSON file per artifact (`format/<hash of the output path>.json`, ...), each a map from the
 * SHA-256 of an input to the output rendered from it, plus the SHA-256 of that output.
 *
 * A pack holds the entries the last run used, so it never grows past one output's worth. An
 * entry is trusted only when its recorded hash matches its text and its key matches the input
 * (content-addressed): a corrupt, truncated or hand-edited pack, or an entry from other inputs,
 * is ignored and rendered again, so what reaches generated/ is always what a cold run writes.
 * Writes go to a temporary file renamed into place; any failure to read or write the cache
 * (a read-only node_modules, say) only costs speed. Packs are read and written synchronously:
 * they are small, and a run waits for each anyway (with promises, each cost a turn of the thread
 * pool, about 2–8 ms of idle time apiece on the pet store's warm runs).
 */
import { createHash, randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";

export const CACHE_DIR = "node_modules/.cache/petstore-generator";
/** Bumped when what a pack entry means changes; part of every key. */
const PACK_FORMAT = 1;

export function cacheDir(cwd: string): string {
  return resolve(cwd, CACHE_DIR);
}

export function sha256Hex(text: string): string {
  return createHash("sha256").update(text).digest("hex");
}

interface PackFile {
  readonly format: number;
  readonly entries: Record<string, { readonly sum: string; readonly text: string }>;
}

/** Entries keyed by the hash of `salt` + input; reads and writes a pack file lazily. */
export class CachePack {
  private readonly previous = new Map<string, { sum: string; text: string }>();
  private readonly used = new Map<string, { sum: string; text: string }>();
  private changed = false;
  /** Entries found but not trusted (bad hash): for tests and `--debug`. */
  rejected = 0;

  private constructor(
    private readonly file: string,
    private readonly salt: string,
  ) {}

  static open(cwd: string, name: string, salt: string): CachePack {
    const pack = new CachePack(join(cacheDir(cwd), `${name}.json`), `${PACK_FORMAT}\0${salt}\0`);
    pack.load();
    return pack;
  }

  private load(): void {
    let parsed: unknown;
    try {
      parsed = JSON.parse(readFileSync(this.file, "utf8"));
    } catch {
      return; // absent or unreadable: start empty
    }
    if (!isPackFile(parsed)) {
      this.rejected++;
      return;
    }
    for (const [key, entry] of Object.entries(parsed.entries)) this.previous.set(key, entry);
  }

  key(input: string): string {
    return sha256Hex(this.salt + input);
  }

  /** The output cached for `input`, or undefined (absent, or failing its integrity check). */
  get(input: string): string | undefined {
    const key = this.key(input);
    const entry = this.used.get(key) ?? this.previous.get(key);
    if (entry === undefined) return undefined;
    if (typeof entry.text !== "string" || sha256Hex(entry.text) !== entry.sum) {
      this.previous.delete(key);
      this.rejected++;
      return undefined;
    }
    if (!this.used.has(key)) this.used.set(key, entry);
    return entry.text;
  }

  set(input: string, text: string): void {
    this.used.set(this.key(input), { sum: sha256Hex(text), text });
    this.changed = true;
  }

  /** Writes the entries this run used (dropping the others), when anything changed. */
  save(): void {
    if (!this.changed && this.used.size === this.previous.size) return;
    const body: PackFile = { format: PACK_FORMAT, entries: Object.fromEntries(this.used) };
    const temporary = `${this.file}.${randomBytes(6).toString("hex")}.tmp`;
    try {
      mkdirSync(dirname(this.file), { recursive: true });
      writeFileSync(temporary, JSON.stringify(body));
      renameSync(temporary, this.file);
    } catch {
      try {
        rmSync(temporary, { force: true });
      } catch {
        // the cache only costs speed
      }
    }
  }
}

function isPackFile(value: unknown): value is PackFile {
  if (value === null || typeof value !== "object") return false;
  const pack = value as Partial<PackFile>;
  return (
    pack.format === PACK_FORMAT &&
    pack.entries !== null &&
    typeof pack.entries === "object" &&
    !Array.isArray(pack.entries)
  );
}
