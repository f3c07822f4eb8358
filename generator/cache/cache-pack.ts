/**
 * The generator's cache: `node_modules/.cache/petstore-generator/` under the working directory,
 * safe to delete at any time, never committed (node_modules/ is ignored). It holds packs, one
 * file per artifact (`emit/mcp/<hash of the output path>.json`, ...), each a map from the
 * SHA-256 of an input to the output rendered from it, plus a checksum of that output (its bytes'
 * CRC-32, {@link checksum}).
 *
 * A pack file is the entries' texts as they are, in UTF-8, then a newline and one line of JSON,
 * its header (the format, its own byte offset, and per entry its key, its text's checksum, byte
 * offset and byte length), ending the file. A text is not escaped into the JSON, so reading a
 * pack parses only its small header; each text is decoded (and its hash checked) only when a run
 * asks for it, from the file's bytes (on Stripe the validators' packs are 46 MB: decoding them
 * whole cost tens of milliseconds on every run). A file over 256 KiB is read from its end (the
 * header) when opened, and each text's bytes when a run first asks for it, into one buffer
 * reused for every read (or fresh, for a text longer than it). Fresh memory is what costs here:
 * the system maps it page by page, and on this machine reading Stripe's 16 MB pack of validator
 * functions into a new buffer took about 100 ms, into a reused one 5 ms. A new text is matched
 * with a dropped entry by length and recorded hash before their texts are compared. A text that
 * is not well-formed UTF-16 (a lone surrogate, which UTF-8 cannot carry) is stored as its JSON
 * string instead, marked so in the header. A long text is encoded in chunks through a reused
 * buffer, once to checksum it and once as it is written, rather than into a buffer of its size.
 *
 * Saving appends: the texts new in this run, then a new header line listing the entries the run
 * used (those kept point at their bytes in the file as it was), are written at the end of the
 * file in one `writev` call; the earlier header and the entries no longer listed become dead bytes.
 * Rewriting the whole file (a temporary file renamed into place) cost Stripe's warm structural
 * edit about 0.2 s: the kept entries copied, the old 46 MB file dropped by the rename. The file is
 * compacted (written whole, its live entries only) when its dead bytes would outgrow its live ones
 * ({@link compactsAt}), so it stays under about twice its entries' size. The header is what makes
 * entries visible and is written last: a reader that finds no whole header line at the end (a
 * torn append, a run killed mid-write, a damaged header), or one whose recorded offset is not
 * where it stands, ignores the pack. Appending is only done to the very file this run read (same
 * inode and size, checked on the open descriptor): another run's rewrite or append meanwhile
 * makes this run write the file whole instead; two runs appending at once (the cache folder may
 * be shared by runs of different outputs, and the bundle's packs are per spec) leave a header
 * whose offset is wrong or entries whose hashes fail, which the next run ignores.
 *
 * A pack holds the entries the last run used, so it never grows past one output's worth. An
 * entry is trusted only when its recorded hash matches its text and its key matches the input
 * (content-addressed): a corrupt, truncated or hand-edited pack, or an entry from other inputs,
 * is ignored and rendered again, so what reaches generated/ is always what a cold run writes.
 * A whole write goes to a temporary file renamed into place; any failure to read or write the cache
 * (a read-only node_modules, say) only costs speed. Packs are read and written synchronously:
 * they are small, and a run waits for each anyway (with promises, each cost a turn of the thread
 * pool, about 2–8 ms of idle time apiece on the pet store's warm runs).
 */
import { createHash, randomBytes } from "node:crypto";
import {
  closeSync,
  constants,
  fstatSync,
  mkdirSync,
  openSync,
  readFileSync,
  readSync,
  renameSync,
  rmSync,
  writeSync,
  writevSync,
} from "node:fs";
import { dirname, join, resolve } from "node:path";
import { crc32 } from "node:zlib";
import { GeneratorError } from "../errors.js";
import { fileOf, lazyFile, type GeneratedFile } from "../emit/file.js";
import { keepRecent, touchCacheFile } from "./cache-folder.js";
import {
  CHUNK,
  everyUtf8Chunk,
  forEachUtf8Chunk,
  sharedChunkBuffer,
  updateText,
} from "./text-hash.js";

export const CACHE_DIR = "node_modules/.cache/petstore-generator";
/** Bumped when what a pack entry means or how a pack file is laid out changes; part of every key. */
const PACK_FORMAT = 5;

export function cacheDir(cwd: string): string {
  return resolve(cwd, CACHE_DIR);
}

export { sha256Hex } from "./text-hash.js";

/** The header line of a pack file: each entry's text comes before it, in this order. */
interface PackHeader {
  readonly format: number;
  /** The byte offset of this header line in the file (a line found elsewhere is not the header). */
  readonly at: number;
  readonly entries: readonly PackEntryHeader[];
}

interface PackEntryHeader {
  readonly key: string;
  readonly sum: string;
  /** Where the text starts in the file, in bytes. */
  readonly at: number;
  /** The length of the text as stored, in bytes (UTF-8). */
  readonly bytes: number;
  /** The text is stored as its JSON string (it is not well-formed UTF-16). */
  readonly json?: true;
}

/** Whether `text` is well-formed UTF-16 (no lone surrogate: what UTF-8 cannot carry). */
const wellFormed = (text: string): boolean =>
  (text as string & { isWellFormed(): boolean }).isWellFormed();

/**
 * An entry. Read from a pack: where its bytes are, their recorded checksum, and its text once
 * decoded and checked. Made in this run: its text alone (checksummed when the pack is written).
 */
interface Entry {
  text?: string;
  stored?: Stored;
}

interface Stored {
  /** Where the bytes are in the pack file. */
  readonly at: number;
  /** Their length (UTF-8). */
  readonly length: number;
  readonly sum: string;
  readonly json: boolean;
  /** The bytes, when the pack was small enough to be read whole when opened; else read when asked for. */
  readonly held?: Buffer;
}

/** The pack file as this run read (or last wrote) it: appending is done only to that file. */
interface FileState {
  readonly ino: number;
  readonly size: number;
}

/**
 * Whether a pack of `live` bytes in a file of `size` bytes is written whole rather than appended
 * to: when its dead bytes would be more than its live ones (and more than 64 KiB, so a small pack
 * is not rewritten for a few dead bytes).
 */
export function compactsAt(live: number, size: number): boolean {
  const dead = size - live;
  return dead > live && dead > 1 << 16;
}

/**
 * A pack file larger than this is read from its end first (its header), and each entry's bytes
 * only when a run asks for it: on a structural edit the whole-file entries miss, and mcp.ts's
 * pack (8 MB on Stripe, twice that after an append) was read for nothing.
 */
const READ_WHOLE = 1 << 18;

/** Written in one call at most (texts are batched up to this size, larger ones written alone). */
const WRITE_BATCH = 1 << 20;

/** Entries keyed by the hash of `salt` + input; reads and writes a pack file lazily. */
export class CachePack {
  private readonly previous = new Map<string, Entry>();
  private readonly used = new Map<string, Entry>();
  private changed = false;
  /** Whether the pack file was there when opened. */
  private existed = false;
  /** The file as read, when it was a whole pack (what {@link save} may append to). */
  private read: FileState | undefined;
  /** Entries found but not trusted (bad hash): for tests and `--debug`. */
  rejected = 0;

  /**
   * Whether the output folder holds the file `path` with content of `origin`, untouched since the
   * last write (write/known-hashes.ts `outputHolds`): such a file is handed back lazy by
   * {@link fileAt}. Set by the opener (cached-emitters.ts `openScopedPack`); none: never.
   */
  outputHolds: ((path: string, origin: string) => boolean) | undefined;

  private constructor(
    private readonly file: string,
    private readonly name: string,
    private readonly salt: string,
  ) {}

  static open(cwd: string, name: string, salt: string): CachePack {
    const pack = new CachePack(
      join(cacheDir(cwd), `${name}.json`),
      name,
      `${PACK_FORMAT}\0${salt}\0`,
    );
    pack.load();
    return pack;
  }

  private load(): void {
    let tail: Buffer;
    let ino: number;
    let size: number;
    try {
      const fd = openSync(this.file, "r");
      try {
        const stat = fstatSync(fd);
        ino = stat.ino;
        size = stat.size;
        tail = size <= READ_WHOLE ? readFileSync(fd) : headerTail(fd, size);
      } finally {
        closeSync(fd);
      }
    } catch {
      return; // absent or unreadable: start empty
    }
    this.existed = true;
    const entries = parsePack(tail, size);
    if (entries === undefined) {
      this.rejected++;
      return;
    }
    this.read = { ino, size };
    for (const [key, entry] of entries) this.previous.set(key, entry);
  }

  /** The descriptor entries are read through: opened when first needed, closed once the current task is done. */
  private reading: number | undefined;

  private readingFd(): number {
    if (this.reading !== undefined) return this.reading;
    const fd = openSync(this.file, "r");
    this.reading = fd;
    queueMicrotask(() => this.closeReading());
    return fd;
  }

  private closeReading(): void {
    if (this.reading === undefined) return;
    try {
      closeSync(this.reading);
    } catch {
      // already closed
    }
    this.reading = undefined;
    if (buffered?.owner === this) buffered = undefined;
  }

  /**
   * `stored`'s bytes as they are in the file now, for use before any other read of a pack: a view
   * of the shared read buffer (or of the bytes held, or a fresh buffer for a text longer than the
   * shared one); fewer bytes, or none, when the file is shorter now or cannot be read (a file
   * changed meanwhile gives bytes that fail their checksum: a miss, never a wrong text).
   */
  private view(stored: Stored): Buffer {
    if (stored.held !== undefined) return stored.held;
    const { at, length } = stored;
    try {
      if (length > READ_BUFFER)
        return readAt(this.readingFd(), Buffer.allocUnsafe(length), length, at);
      const buffer = (readBuffer ??= Buffer.allocUnsafe(READ_BUFFER));
      const window = buffered;
      if (window?.owner === this && at >= window.at && at + length <= window.at + window.length)
        return buffer.subarray(at - window.at, at - window.at + length);
      // read ahead while the entries asked for follow each other in the file (a run asks for
      // them in about the order the last run wrote them), twice as far each time
      this.ahead =
        at === this.next ? Math.min(READ_BUFFER, Math.max(length, this.ahead * 2)) : length;
      const bytes = readAt(this.readingFd(), buffer, Math.max(length, this.ahead), at);
      buffered = { owner: this, at, length: bytes.length };
      this.next = at + length;
      return bytes.subarray(0, Math.min(length, bytes.length));
    } catch {
      return Buffer.alloc(0);
    }
  }

  /** Where the entry last read from the file ended, and how far past an entry the next read reads ahead. */
  private next = -1;
  private ahead = 0;

  /** An entry's text, when its bytes match their recorded checksum. */
  private checked(entry: Entry): string | undefined {
    const stored = entry.stored;
    if (stored === undefined) return undefined;
    const bytes = this.view(stored);
    if (bytes.length !== stored.length || checksum(bytes) !== stored.sum) return undefined;
    const text = bytes.toString("utf8");
    if (!stored.json) return text;
    try {
      const value = JSON.parse(text) as unknown;
      return typeof value === "string" ? value : undefined;
    } catch {
      return undefined;
    }
  }

  /** The key of `input` (what {@link getKey} and {@link setKey} take: hashed once for both). */
  key(input: string): string {
    return updateText(createHash("sha256").update(this.salt), input).digest("hex");
  }

  /** The output cached for `input`, or undefined (absent, or failing its integrity check). */
  get(input: string): string | undefined {
    return this.getKey(this.key(input));
  }

  /** {@link get} by the input's {@link key}. */
  getKey(key: string): string | undefined {
    const entry = this.used.get(key) ?? this.previous.get(key);
    if (entry === undefined) return undefined;
    const text = entry.text ?? this.checked(entry);
    if (text === undefined) {
      this.previous.delete(key);
      this.rejected++;
      return undefined;
    }
    entry.text = text;
    if (!this.used.has(key)) this.used.set(key, entry);
    return text;
  }

  /** The origin of the text of the entry whose {@link key} is `key` (emit/file.ts): the pack's name and the key. */
  originOf(key: string): string {
    return `${this.name}\0${key}`;
  }

  /**
   * The file `path` whose content is the entry of the input whose {@link key} is `key`, named by
   * its {@link originOf origin}; undefined as {@link getKey}. When the output already holds that
   * very content ({@link outputHolds}) the entry is kept but not read: the file is lazy, and a run
   * that keeps the file never decodes its text (Stripe's 14 MB of validators on a description
   * edit). Read later and found damaged, it fails the run with an error that says to clear the
   * cache (the output is left as it is).
   */
  fileAt(path: string, key: string): GeneratedFile | undefined {
    const origin = this.originOf(key);
    if (this.outputHolds?.(path, origin) === true && this.keepKey(key))
      return lazyFile(path, origin, () => {
        const text = this.getKey(key);
        if (text === undefined)
          throw new GeneratorError(
            "internal",
            `The cached content of ${path} could not be read back (its cache entry changed or is damaged)`,
            {
              where: this.file,
              hint: "Delete node_modules/.cache/petstore-generator/ (it is safe to) and run again.",
            },
          );
        return text;
      });
    const content = this.getKey(key);
    return content === undefined ? undefined : fileOf(path, content, origin);
  }

  /**
   * Keeps the entry of `input` for the next run, as {@link get} would, without decoding it (its
   * hash is checked when a run reads it); false when the pack has none.
   */
  keep(input: string): boolean {
    return this.keepKey(this.key(input));
  }

  /** {@link keep} by the input's {@link key}. */
  keepKey(key: string): boolean {
    const entry = this.used.get(key) ?? this.previous.get(key);
    if (entry === undefined) return false;
    this.used.set(key, entry);
    return true;
  }

  /**
   * Keeps every entry the pack file holds for the next run, as if this run had used each: for a
   * run that found its whole result in one entry (types-by-member.ts) without reading the entries
   * it was made from, which a later run needs again.
   */
  keepAll(): void {
    for (const [key, entry] of this.previous) if (!this.used.has(key)) this.used.set(key, entry);
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
    try {
      mkdirSync(dirname(this.file), { recursive: true });
      // each new text checksummed once, whichever way the file is written; one whose bytes an
      // entry dropped from the file already holds points at them instead
      const dropped = this.droppedByLength();
      const fresh = new Map<Entry, Encoded>();
      for (const entry of this.used.values()) {
        if (entry.stored !== undefined) continue;
        const text = entry.text ?? "";
        const made = encoded(text);
        // by length and recorded checksum first: a dropped entry is read only when they match
        const same = made.json
          ? undefined
          : dropped.get(made.length)?.find((old) => old.sum === made.sum && this.holds(old, made));
        if (same === undefined) fresh.set(entry, made);
        else entry.stored = same;
      }
      const written = this.appended(fresh) ?? this.rewritten(fresh);
      if (written === undefined) {
        this.read = undefined; // the entries' offsets may be the failed write's: next time, whole
        return;
      }
      if (!this.existed) keepRecent(dirname(this.file));
      this.existed = true;
      // what a second save in this run starts from: the file as now written
      this.read = written;
      this.previous.clear();
      for (const [key, entry] of this.used) this.previous.set(key, entry);
      this.changed = false;
    } catch {
      this.read = undefined; // the cache only costs speed
    } finally {
      this.closeReading(); // later reads see the file as written (a rewrite is a new file)
    }
  }

  /**
   * Whether the file holds the UTF-8 bytes of the well-formed text `made` at `stored` (compared as
   * bytes: decoding the old text to compare strings was 30 ms of Stripe's operation edit).
   */
  private holds(stored: Stored, made: Encoded): boolean {
    if (stored.length !== made.length) return false;
    const bytes = this.view(stored);
    if (bytes.length !== stored.length) return false;
    if ("bytes" in made) return bytes.equals(made.bytes);
    // a long text: compared a chunk at a time, as it is encoded (nothing reads the file meanwhile:
    // `bytes` stays as read)
    let at = 0;
    const same = everyUtf8Chunk(made.text, sharedChunkBuffer(), (chunk) => {
      at += chunk.length;
      return chunk.equals(bytes.subarray(at - chunk.length, at));
    });
    return same && at === bytes.length;
  }

  /**
   * The entries read from the file that this run did not use, by length (not those stored as JSON
   * strings): a new text equal to one (a whole-file entry under a new key whose file did not
   * change, say) is not written again. Its recorded checksum is checked when a later run reads
   * it, as any entry's.
   */
  private droppedByLength(): Map<number, Stored[]> {
    const dropped = new Map<number, Stored[]>();
    const used = new Set(this.used.values());
    for (const entry of this.previous.values()) {
      const stored = entry.stored;
      if (stored === undefined || stored.json || used.has(entry)) continue;
      const list = dropped.get(stored.length);
      if (list === undefined) dropped.set(stored.length, [stored]);
      else list.push(stored);
    }
    return dropped;
  }

  /**
   * Appends this run's new texts and a header of the entries it used to the file it read; the
   * file's new state, or undefined when the file is not that one any more or would be mostly dead.
   */
  private appended(fresh: ReadonlyMap<Entry, Encoded>): FileState | undefined {
    const read = this.read;
    if (read === undefined) return undefined;
    let live = 0;
    for (const entry of this.used.values()) live += entry.stored?.length ?? 0;
    let added = 0;
    for (const made of fresh.values()) added += made.length;
    if (compactsAt(live + added, read.size + added)) return undefined;
    // never created here: a file removed meanwhile is written whole
    let fd: number;
    try {
      fd = openSync(this.file, constants.O_WRONLY | constants.O_APPEND);
    } catch {
      return undefined;
    }
    try {
      const now = fstatSync(fd);
      if (now.ino !== read.ino || now.size !== read.size) return undefined;
      let at = read.size;
      const writer = new PackWriter(fd);
      for (const [entry, made] of fresh) {
        entry.stored = storedAt(made, at);
        at += made.length;
        writer.put(made);
      }
      const end = headerLine(this.used, at);
      writer.bytes(end);
      writer.flush();
      return { ino: read.ino, size: at + end.length };
    } finally {
      closeSync(fd);
    }
  }

  /** Writes the file whole (a temporary file renamed into place); its state, or undefined. */
  private rewritten(fresh: ReadonlyMap<Entry, Encoded>): FileState | undefined {
    const temporary = `${this.file}.${randomBytes(6).toString("hex")}.tmp`;
    try {
      const written = this.writePack(temporary, fresh);
      renameSync(temporary, this.file);
      return written;
    } catch {
      try {
        rmSync(temporary, { force: true });
      } catch {
        // the cache only costs speed
      }
      return undefined;
    }
  }

  /**
   * Writes a pack file of the entries used: each text's bytes (those read, copied from the file as
   * read, or `fresh`'s of a new one), a newline, the header line; the file's state. Each entry's
   * `stored` is set to its bytes in the new file.
   */
  private writePack(file: string, fresh: ReadonlyMap<Entry, Encoded>): FileState {
    const fd = openSync(file, "w");
    try {
      const writer = new PackWriter(fd);
      let at = 0;
      for (const entry of this.used.values()) {
        const kept = entry.stored;
        if (kept !== undefined) {
          this.copy(kept, writer);
          entry.stored = { at, length: kept.length, sum: kept.sum, json: kept.json };
          at += kept.length;
          continue;
        }
        const made = fresh.get(entry) ?? encoded(entry.text ?? "");
        writer.put(made);
        entry.stored = storedAt(made, at);
        at += made.length;
      }
      const end = headerLine(this.used, at);
      writer.bytes(end);
      writer.flush();
      return { ino: fstatSync(fd).ino, size: at + end.length };
    } finally {
      closeSync(fd);
    }
  }

  /** Writes `stored`'s bytes as the file holds them, through the shared read buffer; throws when the file is shorter now. */
  private copy(stored: Stored, writer: PackWriter): void {
    if (stored.held !== undefined) {
      writer.bytes(stored.held);
      return;
    }
    const buffer = (readBuffer ??= Buffer.allocUnsafe(READ_BUFFER));
    buffered = undefined; // the buffer is overwritten
    for (let done = 0; done < stored.length;) {
      const length = Math.min(READ_BUFFER, stored.length - done);
      const bytes = readAt(this.readingFd(), buffer, length, stored.at + done);
      if (bytes.length < length) throw new Error(`${this.file} is shorter than when it was read`);
      writer.now(bytes);
      done += length;
    }
  }
}

/** The keys of a pack file's entries, in its order; undefined when it is not a whole pack (for tests and `--debug`). */
export function packKeys(file: string): string[] | undefined {
  try {
    const bytes = readFileSync(file);
    const entries = parsePack(bytes, bytes.length);
    return entries === undefined ? undefined : [...entries.keys()];
  } catch {
    return undefined;
  }
}

/** The newline and header line that end a pack whose header starts after byte `at` - 1. */
function headerLine(entries: ReadonlyMap<string, Entry>, at: number): Buffer {
  const header: PackEntryHeader[] = [];
  for (const [key, entry] of entries) {
    const stored = entry.stored as Stored;
    header.push({
      key,
      sum: stored.sum,
      at: stored.at,
      bytes: stored.length,
      ...(stored.json ? { json: true as const } : {}),
    });
  }
  const line = JSON.stringify({
    format: PACK_FORMAT,
    at: at + 1,
    entries: header,
  } satisfies PackHeader);
  return Buffer.from(`\n${line}\n`, "utf8");
}

/** Entries at most this long are read into one buffer, shared by every pack of the thread. */
const READ_BUFFER = 1 << 20;
let readBuffer: Buffer | undefined;
/** What the read buffer holds: `length` bytes from byte `at` of the file `owner` reads (through its open descriptor). */
let buffered:
  { readonly owner: CachePack; readonly at: number; readonly length: number } | undefined;

/** A new text as a pack stores it: its length in bytes, their checksum, and the bytes or (a long text) the text to encode again when written. */
type Encoded = {
  readonly length: number;
  readonly sum: string;
  /** Stored as its JSON string (it is not well-formed UTF-16). */
  readonly json: boolean;
} & ({ readonly bytes: Buffer } | { readonly text: string });

/** Texts at least this long are encoded a chunk at a time (see the header), not into a buffer of their size. */
const ENCODED_IN_CHUNKS = CHUNK;

/** What UTF-8 encoding makes of a lone surrogate (and of U+FFFD itself). */
const REPLACEMENT = Buffer.from("\uFFFD", "utf8");

/** `text` as a pack stores it: its UTF-8 bytes (of its JSON string when UTF-8 cannot carry it) and their checksum. */
function encoded(text: string): Encoded {
  if (text.length >= ENCODED_IN_CHUNKS) {
    let sum = 0;
    let length = 0;
    let replaced = false;
    forEachUtf8Chunk(text, sharedChunkBuffer(), (bytes) => {
      sum = crc32(bytes, sum);
      length += bytes.length;
      // a chunk holds whole characters: U+FFFD's three bytes are never split between two
      replaced ||= bytes.includes(REPLACEMENT);
    });
    if (!replaced) return { text, length, sum: hex8(sum), json: false };
  }
  const utf8 = Buffer.from(text, "utf8");
  // a lone surrogate comes out as U+FFFD: only a text whose bytes hold one needs checking (a
  // check of the whole text, `isWellFormed`, costs more than encoding it)
  const json = utf8.includes(REPLACEMENT) && !wellFormed(text);
  const bytes = json ? Buffer.from(JSON.stringify(text), "utf8") : utf8;
  return { bytes, length: bytes.length, sum: checksum(bytes), json };
}

/** Where the new text `made` is stored when written at byte `at`. */
const storedAt = (made: Encoded, at: number): Stored => ({
  at,
  length: made.length,
  sum: made.sum,
  json: made.json,
});

/**
 * An entry's checksum: the CRC-32 of its bytes (zlib's, 8 hex digits). It guards against damage
 * (a torn or interleaved append, a truncated or hand-edited file), not against forgery: what an
 * entry is for is fixed by its key, a SHA-256 of the salt and the input. CRC-32 catches every
 * burst of up to 32 flipped bits and all but one in 2^32 other damage, as in gzip, zip and PNG,
 * and costs a third of SHA-256 with this machine's SHA instructions (3.6 against 12 ms for
 * 20 MB): on Stripe's warm structural edit the entries read were about 130 ms of SHA-256.
 */
function checksum(bytes: Buffer): string {
  return hex8(crc32(bytes));
}

const hex8 = (value: number): string => value.toString(16).padStart(8, "0");

/** Writes all of `bytes` to the open descriptor `fd`. */
export function writeAll(fd: number, bytes: Buffer): void {
  for (let written = 0; written < bytes.length;)
    written += writeSync(fd, bytes, written, bytes.length - written);
}

/**
 * Writes a pack's pieces in order to a descriptor: buffers batched into one `writev` call per
 * {@link WRITE_BATCH} bytes, a long text encoded a chunk at a time, a view of a shared buffer at
 * once.
 */
class PackWriter {
  private batch: Buffer[] = [];
  private batched = 0;

  constructor(private readonly fd: number) {}

  /** A buffer the caller leaves alone until {@link flush}. */
  bytes(bytes: Buffer): void {
    if (bytes.length === 0) return;
    this.batch.push(bytes);
    this.batched += bytes.length;
    if (this.batched >= WRITE_BATCH) this.flush();
  }

  /** Bytes written before the call returns (a view of a buffer that is reused). */
  now(bytes: Buffer): void {
    this.flush();
    writeAll(this.fd, bytes);
  }

  put(made: Encoded): void {
    if ("bytes" in made) {
      this.bytes(made.bytes);
      return;
    }
    this.flush();
    forEachUtf8Chunk(made.text, sharedChunkBuffer(), (bytes) => writeAll(this.fd, bytes));
  }

  flush(): void {
    if (this.batch.length > 0) writeAllv(this.fd, this.batch);
    this.batch = [];
    this.batched = 0;
  }
}

/**
 * Writes `buffers` in order with as few calls as the system allows (one, on an appending
 * descriptor, up to the system's limit of buffers per call: 1,024 on Linux, where a longer list
 * is written in part and the rest goes in the next call).
 */
export function writeAllv(fd: number, buffers: readonly Buffer[]): void {
  const rest = buffers.filter((buffer) => buffer.length > 0);
  // the first buffer not written whole yet (walked by index: a list of thousands of buffers was
  // copied once per buffer written)
  let first = 0;
  while (first < rest.length) {
    let written = writevSync(fd, first === 0 ? rest : rest.slice(first));
    while (first < rest.length && written >= (rest[first] as Buffer).length) {
      written -= (rest[first] as Buffer).length;
      first++;
    }
    if (first < rest.length && written > 0) rest[first] = (rest[first] as Buffer).subarray(written);
  }
}

const NEWLINE = 0x0a;

/**
 * The entries of a pack file of `size` bytes, from `tail` (its last bytes, the header line
 * included; when it is the whole file, the entries hold their bytes); undefined when it does not
 * end in a whole header of this format.
 */
function parsePack(tail: Buffer, size: number): Map<string, Entry> | undefined {
  // the header is the last line: JSON text holds no raw newline
  if (tail.length < 2 || tail[tail.length - 1] !== NEWLINE) return undefined;
  const newline = tail.lastIndexOf(NEWLINE, tail.length - 2);
  if (newline < 0) return undefined;
  const offset = size - tail.length;
  const start = offset + newline;
  let header: unknown;
  try {
    header = JSON.parse(tail.toString("utf8", newline + 1, tail.length - 1));
  } catch {
    return undefined;
  }
  // a header line stands where it says: a line of a text left last by a torn append does not
  if (!isPackHeader(header) || header.at !== start + 1) return undefined;
  const whole = offset === 0;
  const entries = new Map<string, Entry>();
  for (const entry of header.entries) {
    const end = entry.at + entry.bytes;
    if (end > start) return undefined;
    entries.set(entry.key, {
      stored: {
        at: entry.at,
        length: entry.bytes,
        sum: entry.sum,
        json: entry.json === true,
        ...(whole ? { held: tail.subarray(entry.at, end) } : {}),
      },
    });
  }
  return entries;
}

/** Up to `length` bytes of the open file `fd` from byte `at`, into `into`: a view of it (shorter at the file's end). */
export function readAt(fd: number, into: Buffer, length: number, at: number): Buffer {
  let read = 0;
  while (read < length) {
    const got = readSync(fd, into, read, length - read, at + read);
    if (got === 0) break;
    read += got;
  }
  return into.subarray(0, read);
}

/**
 * The last bytes of the open pack file `fd` of `size` bytes, from the newline before its header
 * line on (or the whole file, when it has no such newline).
 */
function headerTail(fd: number, size: number): Buffer {
  for (let length = Math.min(size, 1 << 16); ; length = Math.min(size, length * 4)) {
    const tail = readAt(fd, Buffer.allocUnsafe(length), length, size - length);
    if (tail.length < length) return tail; // shorter than it was: not a whole pack
    if (length === size || tail.lastIndexOf(NEWLINE, length - 2) >= 0) return tail;
  }
}

const isOffset = (value: unknown): value is number =>
  Number.isSafeInteger(value) && (value as number) >= 0;

function isPackHeader(value: unknown): value is PackHeader {
  if (value === null || typeof value !== "object") return false;
  const pack = value as Partial<PackHeader>;
  return (
    pack.format === PACK_FORMAT &&
    isOffset(pack.at) &&
    Array.isArray(pack.entries) &&
    pack.entries.every(
      (entry: Partial<PackEntryHeader> | null) =>
        typeof entry?.key === "string" &&
        typeof entry.sum === "string" &&
        isOffset(entry.at) &&
        isOffset(entry.bytes),
    )
  );
}
