/**
 * The generator's cache: `node_modules/.cache/petstore-generator/` under the working directory,
 * safe to delete at any time, never committed (node_modules/ is ignored). It holds packs, one
 * file per artifact (`emit/mcp/<hash of the output path>.json`, ...), each a map from the
 * SHA-256 of an input to the output rendered from it, plus the SHA-256 of that output.
 *
 * A pack file is one line of JSON, its header (the format, and per entry its key, its text's
 * SHA-256 and length), then the entries' texts one after the other as they are: a text is not
 * escaped into the JSON, so reading a pack parses only its small header and cuts the texts out
 * (on Stripe the validators' pack is 17 MB and mcp.ts's 10 MB: parsing them as JSON strings cost
 * 25 ms and more apiece on every run). A text that is not well-formed UTF-16 (a lone surrogate,
 * which UTF-8 cannot carry) is stored as its JSON string instead, marked so in the header. A
 * pack whose texts do not add up to the lengths its header gives (truncated, say) is ignored.
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
import { keepRecent, touchCacheFile } from "./cache-folder.js";

export const CACHE_DIR = "node_modules/.cache/petstore-generator";
/** Bumped when what a pack entry means or how a pack file is laid out changes; part of every key. */
const PACK_FORMAT = 2;

export function cacheDir(cwd: string): string {
  return resolve(cwd, CACHE_DIR);
}

export function sha256Hex(text: string): string {
  return createHash("sha256").update(text).digest("hex");
}

/** The header line of a pack file: each entry's text follows it, in this order. */
interface PackHeader {
  readonly format: number;
  readonly entries: readonly PackEntryHeader[];
}

interface PackEntryHeader {
  readonly key: string;
  readonly sum: string;
  /** The length of the text as stored (UTF-16 code units). */
  readonly length: number;
  /** The text is stored as its JSON string (it is not well-formed UTF-16). */
  readonly json?: true;
}

/** A lone surrogate: what UTF-8 cannot carry, so a text holding one is stored as JSON. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * An entry: its text and the text's SHA-256; `plain` when the text is known to be well-formed
 * UTF-16 (read from a pack that stored it as it is), so that writing it again skips the check.
 */
interface Entry {
  readonly sum: string;
  readonly text: string;
  readonly plain?: true;
}

/** Entries keyed by the hash of `salt` + input; reads and writes a pack file lazily. */
export class CachePack {
  private readonly previous = new Map<string, Entry>();
  private readonly used = new Map<string, Entry>();
  private changed = false;
  /** Whether the pack file was there when opened. */
  private existed = false;
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
    let text: string;
    try {
      text = readFileSync(this.file, "utf8");
    } catch {
      return; // absent or unreadable: start empty
    }
    this.existed = true;
    const entries = parsePack(text);
    if (entries === undefined) {
      this.rejected++;
      return;
    }
    for (const [key, entry] of entries) this.previous.set(key, entry);
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

  /**
   * Writes the entries this run used (dropping the others), when anything changed; else marks the
   * file used. A new file makes its folder drop its least recently used files (cache-folder.ts).
   */
  save(): void {
    if (!this.changed && this.used.size === this.previous.size) {
      if (this.existed) touchCacheFile(this.file);
      return;
    }
    const temporary = `${this.file}.${randomBytes(6).toString("hex")}.tmp`;
    try {
      mkdirSync(dirname(this.file), { recursive: true });
      writeFileSync(temporary, packText(this.used));
      renameSync(temporary, this.file);
      if (!this.existed) keepRecent(dirname(this.file));
      this.existed = true;
    } catch {
      try {
        rmSync(temporary, { force: true });
      } catch {
        // the cache only costs speed
      }
    }
  }
}

/** A pack file's text: its header line, then each entry's text. */
function packText(entries: ReadonlyMap<string, Entry>): string {
  const texts: string[] = [];
  const header: PackEntryHeader[] = [];
  for (const [key, { sum, text, plain }] of entries) {
    const json = plain !== true && LONE_SURROGATE.test(text);
    const stored = json ? JSON.stringify(text) : text;
    texts.push(stored);
    header.push({ key, sum, length: stored.length, ...(json ? { json } : {}) });
  }
  return `${JSON.stringify({ format: PACK_FORMAT, entries: header } satisfies PackHeader)}\n${texts.join("")}`;
}

/** The entries of a pack file's text; undefined when it is not a whole pack of this format. */
function parsePack(text: string): Map<string, Entry> | undefined {
  const end = text.indexOf("\n");
  if (end < 0) return undefined;
  let header: unknown;
  try {
    header = JSON.parse(text.slice(0, end));
  } catch {
    return undefined;
  }
  if (!isPackHeader(header)) return undefined;
  const entries = new Map<string, Entry>();
  let offset = end + 1;
  for (const entry of header.entries) {
    const stored = text.slice(offset, offset + entry.length);
    offset += entry.length;
    let value = stored;
    if (entry.json === true) {
      try {
        value = JSON.parse(stored) as string;
      } catch {
        return undefined;
      }
      if (typeof value !== "string") return undefined;
    }
    entries.set(entry.key, {
      sum: entry.sum,
      text: value,
      ...(entry.json === true ? {} : { plain: true as const }),
    });
  }
  return offset === text.length ? entries : undefined;
}

function isPackHeader(value: unknown): value is PackHeader {
  if (value === null || typeof value !== "object") return false;
  const pack = value as Partial<PackHeader>;
  return (
    pack.format === PACK_FORMAT &&
    Array.isArray(pack.entries) &&
    pack.entries.every(
      (entry: Partial<PackEntryHeader> | null) =>
        typeof entry?.key === "string" &&
        typeof entry.sum === "string" &&
        Number.isSafeInteger(entry.length) &&
        (entry.length ?? -1) >= 0,
    )
  );
}
