/**
 * The generator's cache: `node_modules/.cache/petstore-generator/` under the working directory,
 * safe to delete at any time, never committed (node_modules/ is ignored). It holds packs, one
 * file per artifact (`emit/mcp/<hash of the output path>.json`, ...), each a map from the
 * SHA-256 of an input to the output rendered from it, plus the SHA-256 of that output.
 *
 * A pack file is the entries' texts one after the other as they are, in UTF-8, then a newline
 * and one line of JSON, its header (the format, and per entry its key, its text's SHA-256 and
 * byte length), ending the file. A text is not escaped into the JSON, so reading a pack parses
 * only its small header; each text is decoded (and its hash checked) only when a run asks for
 * it, from the file's bytes (on Stripe the validators' packs are 46 MB: decoding them whole cost
 * tens of milliseconds on every run). The header comes last so that a pack is written as it is
 * made: each new text is encoded and hashed once, then written, entry by entry (building the
 * whole file as one string, then its UTF-8 copy, cost about a second and 200 MB on Stripe's cold
 * run), and an entry kept from the previous run is copied as the bytes it was read as, neither
 * decoded nor hashed again. A text that is not well-formed UTF-16 (a lone surrogate, which
 * UTF-8 cannot carry) is stored as its JSON string instead, marked so in the header. A pack
 * whose texts do not add up to the lengths its header gives (truncated, say) is ignored.
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
import {
  closeSync,
  mkdirSync,
  openSync,
  readFileSync,
  renameSync,
  rmSync,
  writeSync,
} from "node:fs";
import { dirname, join, resolve } from "node:path";
import { keepRecent, touchCacheFile } from "./cache-folder.js";

export const CACHE_DIR = "node_modules/.cache/petstore-generator";
/** Bumped when what a pack entry means or how a pack file is laid out changes; part of every key. */
const PACK_FORMAT = 3;

export function cacheDir(cwd: string): string {
  return resolve(cwd, CACHE_DIR);
}

export function sha256Hex(text: string): string {
  return createHash("sha256").update(text).digest("hex");
}

/** The header line of a pack file: each entry's text comes before it, in this order. */
interface PackHeader {
  readonly format: number;
  readonly entries: readonly PackEntryHeader[];
}

interface PackEntryHeader {
  readonly key: string;
  readonly sum: string;
  /** The length of the text as stored, in bytes (UTF-8). */
  readonly bytes: number;
  /** The text is stored as its JSON string (it is not well-formed UTF-16). */
  readonly json?: true;
}

/** Whether `text` is well-formed UTF-16 (no lone surrogate: what UTF-8 cannot carry). */
const wellFormed = (text: string): boolean =>
  (text as string & { isWellFormed(): boolean }).isWellFormed();

/**
 * An entry. Read from a pack: its stored bytes (a view of the file), their recorded SHA-256, and
 * its text once decoded and checked. Made in this run: its text alone (encoded and hashed when
 * the pack is written).
 */
interface Entry {
  text?: string;
  readonly stored?: { readonly bytes: Buffer; readonly sum: string; readonly json: boolean };
}

/** Written in one call at most (texts are batched up to this size, larger ones written alone). */
const WRITE_BATCH = 1 << 20;

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
    let bytes: Buffer;
    try {
      bytes = readFileSync(this.file);
    } catch {
      return; // absent or unreadable: start empty
    }
    this.existed = true;
    const entries = parsePack(bytes);
    if (entries === undefined) {
      this.rejected++;
      return;
    }
    for (const [key, entry] of entries) this.previous.set(key, entry);
  }

  /** The key of `input` (what {@link getKey} and {@link setKey} take: hashed once for both). */
  key(input: string): string {
    return createHash("sha256").update(this.salt).update(input).digest("hex");
  }

  /** The output cached for `input`, or undefined (absent, or failing its integrity check). */
  get(input: string): string | undefined {
    return this.getKey(this.key(input));
  }

  /** {@link get} by the input's {@link key}. */
  getKey(key: string): string | undefined {
    const entry = this.used.get(key) ?? this.previous.get(key);
    if (entry === undefined) return undefined;
    const text = entry.text ?? checked(entry);
    if (text === undefined) {
      this.previous.delete(key);
      this.rejected++;
      return undefined;
    }
    entry.text = text;
    if (!this.used.has(key)) this.used.set(key, entry);
    return text;
  }

  set(input: string, text: string): void {
    this.setKey(this.key(input), text);
  }

  /** {@link set} by the input's {@link key}. */
  setKey(key: string, text: string): void {
    const kept = this.used.get(key) ?? this.previous.get(key);
    // the same text as the entry read: kept as its bytes (nothing to encode or hash again)
    this.used.set(key, kept?.stored !== undefined && kept.text === text ? kept : { text });
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
      writePack(temporary, this.used);
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

/** The keys of a pack file's entries, in its order; undefined when it is not a whole pack (for tests and `--debug`). */
export function packKeys(file: string): string[] | undefined {
  try {
    const entries = parsePack(readFileSync(file));
    return entries === undefined ? undefined : [...entries.keys()];
  } catch {
    return undefined;
  }
}

/** An entry read from a pack: its text, when its bytes match their recorded hash. */
function checked(entry: Entry): string | undefined {
  const stored = entry.stored;
  if (stored === undefined) return undefined;
  if (createHash("sha256").update(stored.bytes).digest("hex") !== stored.sum) return undefined;
  const text = stored.bytes.toString("utf8");
  if (!stored.json) return text;
  try {
    const value = JSON.parse(text) as unknown;
    return typeof value === "string" ? value : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Writes a pack file of `entries`: each text's bytes (those read, or the text encoded and hashed
 * now), a newline, the header line.
 */
function writePack(file: string, entries: ReadonlyMap<string, Entry>): void {
  const header: PackEntryHeader[] = [];
  const fd = openSync(file, "w");
  try {
    let batch: Buffer[] = [];
    let batched = 0;
    const flush = () => {
      if (batch.length === 0) return;
      writeAll(fd, batch.length === 1 ? (batch[0] as Buffer) : Buffer.concat(batch, batched));
      batch = [];
      batched = 0;
    };
    for (const [key, entry] of entries) {
      const { bytes, sum, json } = entry.stored ?? encoded(entry.text ?? "");
      header.push({ key, sum, bytes: bytes.length, ...(json ? { json } : {}) });
      if (bytes.length >= WRITE_BATCH) {
        flush();
        writeAll(fd, bytes);
        continue;
      }
      batch.push(bytes);
      batched += bytes.length;
      if (batched >= WRITE_BATCH) flush();
    }
    const line = JSON.stringify({ format: PACK_FORMAT, entries: header } satisfies PackHeader);
    const end = Buffer.from(`\n${line}\n`, "utf8");
    batch.push(end);
    batched += end.length;
    flush();
  } finally {
    closeSync(fd);
  }
}

/** What UTF-8 encoding makes of a lone surrogate (and of U+FFFD itself). */
const REPLACEMENT = Buffer.from("\uFFFD", "utf8");

/** A text as a pack stores it: its UTF-8 bytes (of its JSON string when UTF-8 cannot carry it) and their SHA-256. */
function encoded(text: string): { bytes: Buffer; sum: string; json: boolean } {
  let bytes = Buffer.from(text, "utf8");
  // a lone surrogate comes out as U+FFFD: only a text whose bytes hold one needs checking
  const json = bytes.includes(REPLACEMENT) && !wellFormed(text);
  if (json) bytes = Buffer.from(JSON.stringify(text), "utf8");
  return { bytes, sum: createHash("sha256").update(bytes).digest("hex"), json };
}

function writeAll(fd: number, bytes: Buffer): void {
  for (let written = 0; written < bytes.length;)
    written += writeSync(fd, bytes, written, bytes.length - written);
}

const NEWLINE = 0x0a;

/** The entries of a pack file's bytes; undefined when it is not a whole pack of this format. */
function parsePack(bytes: Buffer): Map<string, Entry> | undefined {
  // the header is the last line: JSON text holds no raw newline
  if (bytes.length < 2 || bytes[bytes.length - 1] !== NEWLINE) return undefined;
  const start = bytes.lastIndexOf(NEWLINE, bytes.length - 2);
  if (start < 0) return undefined;
  let header: unknown;
  try {
    header = JSON.parse(bytes.toString("utf8", start + 1, bytes.length - 1));
  } catch {
    return undefined;
  }
  if (!isPackHeader(header)) return undefined;
  const entries = new Map<string, Entry>();
  let offset = 0;
  for (const entry of header.entries) {
    const end = offset + entry.bytes;
    if (end > start) return undefined;
    entries.set(entry.key, {
      stored: { bytes: bytes.subarray(offset, end), sum: entry.sum, json: entry.json === true },
    });
    offset = end;
  }
  return offset === start ? entries : undefined;
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
        Number.isSafeInteger(entry.bytes) &&
        (entry.bytes ?? -1) >= 0,
    )
  );
}
