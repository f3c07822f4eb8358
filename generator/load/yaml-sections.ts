/**
 * A YAML spec parsed one section at a time, each section's value kept from the last run while
 * its text is the same: after a one-line edit only the section the edit is in is parsed again
 * (on Stripe's 3.7 MB of YAML the whole parse was about an eighth of a warm edit's time).
 *
 * The text is cut as the file's UTF-8 bytes (YAML's structure is ASCII, which no byte of a longer
 * character is; a piece is decoded only to be parsed) where the document's block mappings have
 * their keys: each line at column 0 of the document starts a top-level entry; an entry over
 * {@link SPLIT_BYTES} whose value is a block mapping on the following lines (`paths:`,
 * `components:`, `schemas:`) is cut again at its own keys' indentation, down to
 * {@link MAX_DEPTH} levels. Each piece is parsed alone (dedented) with
 * Redocly's parser, the one the whole file is read with, and must give a mapping of exactly one
 * key; the document is those keys in text order. Anything else gives up and the caller parses the
 * whole text as before ({@link NotSplittable}): a piece that does not parse alone (an alias to an
 * anchor in another piece, a syntax error, which the whole parse then reports with its place), a
 * repeated key, a merge key, a top level that is not a block mapping, directives or several
 * documents, tabs or CR line ends. Cutting a block mapping at its keys and dedenting changes
 * nothing a YAML parser reads: every line of an entry's value is indented past its key, block
 * scalars included (test/generator/yaml-sections.test.ts compares with the whole parse on the
 * pet store, the vendored specs and corpus specs).
 *
 * The files a spec `$ref`s are kept the same way, whole (sync-file-resolver.ts): on DigitalOcean's
 * 2,850 files, parsing them was a quarter of a warm edit's time.
 *
 * The values are kept in `node_modules/.cache/petstore-generator/load/yaml/` (one file per spec,
 * in V8's serialization, which keeps what JSON cannot: binary values, shared aliases within a
 * piece, non-finite numbers), keyed by the SHA-256 of each piece's text, salted with the
 * generator's hash and checked by a SHA-256 of the file: a corrupt file is ignored.
 */
import { createHash } from "node:crypto";
import { dirname, join } from "node:path";
import { deserialize, serialize } from "node:v8";
import { keepRecent, touchCacheFile } from "../cache/cache-folder.js";
import { cacheDir, sha256Hex } from "../cache/cache-pack.js";
import { readSummedFile, writeSummedFile } from "../cache/summed-file.js";
import type { ParseYaml } from "../internal/redocly-yaml.js";
import { withOneByteStrings } from "./one-byte-strings.js";

/** The text cannot be read section by section: parse it whole. */
export class NotSplittable extends Error {}

/** An entry longer than this is cut again at its own keys (when its value is a block mapping). */
const SPLIT_BYTES = 16_384;
/** Top level, then `components`, then `schemas`: deep enough for the sections that grow. */
const MAX_DEPTH = 3;
const FORMAT = 2;

type Json = Record<string, unknown>;

/** Parsed pieces (V8-serialized) by the hash of their text: last run's, and this run's. */
export class YamlPieces {
  readonly #previous: Map<string, Buffer>;
  readonly #used = new Map<string, Buffer>();
  #changed = false;
  /** Pieces parsed in this run (not from the cache): for tests. */
  parsed = 0;
  /**
   * The value of each piece of the document this run gave (an object or array), by its own
   * object, with the key of the piece's text: what bundle-key.ts keys the bundle record with.
   */
  readonly leaves = new WeakMap<object, string>();

  private constructor(
    readonly file: string | undefined,
    previous: Map<string, Buffer>,
    readonly salt: string,
  ) {
    this.#previous = previous;
  }

  /** The pieces kept for `specPath` in the cache of `cwd`; none to read or write without `cwd`. */
  static open(cwd: string | undefined, specPath: string, salt: string): YamlPieces {
    if (cwd === undefined) return new YamlPieces(undefined, new Map(), salt);
    const file = join(cacheDir(cwd), "load/yaml", `${sha256Hex(specPath).slice(0, 24)}.v8`);
    return new YamlPieces(file, readPieces(file, salt), salt);
  }

  /**
   * What `parse()` gives for the piece `text`, or the value kept for the same text (each call gets
   * values of its own: a piece's serialization is read again, never shared).
   */
  value(text: string, parse: () => unknown): unknown {
    return this.keyed(text, parse).value;
  }

  /** {@link value}, with the key of `text` (the SHA-256 of the salt and the text). */
  keyed(text: string, parse: () => unknown): { value: unknown; key: string } {
    const key = this.keyOf(text);
    return { value: this.#value(key, parse), key };
  }

  /** The key of the piece `text` (the SHA-256 of the salt and the text). */
  keyOf(text: string): string {
    return sha256Hex(`${this.salt}\0${text}`);
  }

  /**
   * {@link keyed} for the piece whose text is `prefix` then the UTF-8 `bytes` (the same key as
   * that text's), decoded for `parse` only when the cache has no value for it.
   */
  keyedBytes(
    prefix: string,
    bytes: Buffer,
    parse: (text: string) => unknown,
  ): { value: unknown; key: string } {
    const key = this.keyOfBytes(prefix, bytes);
    return { value: this.#value(key, () => parse(bytes.toString("utf8"))), key };
  }

  /** {@link keyOf} of the text `prefix` then the UTF-8 `bytes`, without decoding them. */
  keyOfBytes(prefix: string, bytes: Buffer): string {
    return createHash("sha256").update(`${this.salt}\0${prefix}`).update(bytes).digest("hex");
  }

  /**
   * Keeps the value last run kept under `key` without reading it (a piece this run did not need,
   * such as a file a recorded bundle stands for: split-bundle.ts), so that saving does not drop it.
   */
  keep(key: string): void {
    const known = this.#previous.get(key);
    if (known !== undefined) this.#used.set(key, known);
  }

  #value(key: string, parse: () => unknown): unknown {
    const known = this.#used.get(key) ?? this.#previous.get(key);
    if (known !== undefined) {
      this.#used.set(key, known);
      return deserialize(known);
    }
    const value = parse();
    this.parsed++;
    this.#used.set(key, serialize(value));
    this.#changed = true;
    return value;
  }

  /**
   * Writes the pieces this run used (dropping the others), when any changed: a header (its
   * length, then as JSON the format, the salt and each piece's key and size), then the pieces'
   * serializations one after the other, all behind the SHA-256 of the rest.
   */
  save(): void {
    if (this.file === undefined) return;
    if (!this.#changed && this.#used.size === this.#previous.size) {
      touchCacheFile(this.file); // used: kept when the folder is pruned (cache-folder.ts)
      return;
    }
    try {
      const entries = [...this.#used];
      const header = Buffer.from(
        JSON.stringify({
          format: FORMAT,
          salt: this.salt,
          entries: entries.map(([key, data]) => [key, data.length]),
        }),
      );
      writeSummedFile(
        this.file,
        header,
        entries.map(([, data]) => data),
      );
      // a spec seen for the first time: the folder drops its least recently used files
      if (this.#previous.size === 0) keepRecent(dirname(this.file));
    } catch {
      // the cache only costs speed
    }
  }
}

function readPieces(file: string, salt: string): Map<string, Buffer> {
  const read = readSummedFile(file);
  if (read === undefined) return new Map(); // absent, unreadable or damaged: parse everything
  try {
    const header = JSON.parse(read.head.toString("utf8")) as {
      format?: unknown;
      salt?: unknown;
      entries?: unknown;
    };
    if (header.format !== FORMAT || header.salt !== salt || !Array.isArray(header.entries))
      return new Map();
    const pieces = new Map<string, Buffer>();
    let at = 0;
    for (const [key, size] of header.entries as [string, number][]) {
      pieces.set(key, read.rest.subarray(at, at + size));
      at += size;
    }
    return at === read.rest.length ? pieces : new Map();
  } catch {
    return new Map();
  }
}

/**
 * The document `text` holds (a string, or its UTF-8 bytes as read from the file), section by
 * section (see the module comment); throws {@link NotSplittable}. The text is cut and its pieces
 * keyed as bytes: only the pieces the cache has no value for are decoded (decoding Stripe's 3.7 MB,
 * then hashing its pieces' text again as UTF-8, was about 0.1 s of every warm run).
 */
export function parseBySection(text: string | Buffer, parse: ParseYaml, pieces: YamlPieces): Json {
  const bytes = typeof text === "string" ? Buffer.from(text, "utf8") : text;
  if (
    bytes.includes(CR) ||
    bytes.includes(TAB) ||
    bytes.includes(BYTE_ORDER_MARK) ||
    bytes.includes(PROTO)
  )
    throw new NotSplittable("CR, tab, byte order mark or a __proto__ key");
  const source = { bytes, parse, pieces };
  const starts = topLevelKeys(bytes);
  return mapping(source, starts, bytes.length, 0, 1);
}

interface Source {
  /**
   * The spec's text as UTF-8: YAML's structure (spaces, newlines, `#`, `-`, `:`) is ASCII, which
   * no byte of a longer character is.
   */
  readonly bytes: Buffer;
  readonly parse: ParseYaml;
  readonly pieces: YamlPieces;
}

const SPACE = 32;
const NEWLINE = 10;
const HASH = 35;
const DASH = 45;
const CR = 13;
const TAB = 9;
const BYTE_ORDER_MARK = Buffer.from("\uFEFF", "utf8");
const PROTO = Buffer.from("__proto__", "utf8");

/** The end of the line starting at `at` (the index of its newline, or the text's length). */
function lineEnd(bytes: Buffer, at: number): number {
  const end = bytes.indexOf(NEWLINE, at);
  return end === -1 ? bytes.length : end;
}

/** How many spaces line `at` starts with. */
function spaces(bytes: Buffer, at: number): number {
  let n = 0;
  while (bytes[at + n] === SPACE) n++;
  return n;
}

/** Whether the line at `at` (after `indent` spaces) is a sequence entry (`-` then a space or its end). */
function isDash(bytes: Buffer, at: number): boolean {
  if (bytes[at] !== DASH) return false;
  const next = bytes[at + 1];
  return next === undefined || next === SPACE || next === NEWLINE;
}

/** Characters a top-level line cannot start with for it to be a plain `key: value` entry. */
const NOT_A_KEY = /^(?:[-?[\]{},&*!|>%@`]|<<|\.\.\.)/;
/** A document start marker (`---` alone or before a space). */
const DOCUMENT_START = /^---(?:[ \n]|$)/;

/** The line at `at`, decoded (for a message). */
function lineAt(bytes: Buffer, at: number): string {
  return bytes.toString("utf8", at, lineEnd(bytes, at));
}

/** Where the top-level entries start: each line at column 0 that is not a comment. */
function topLevelKeys(bytes: Buffer): number[] {
  const starts: number[] = [];
  for (let at = 0; at < bytes.length; at = lineEnd(bytes, at) + 1) {
    const first = bytes[at];
    if (first === NEWLINE || first === SPACE || first === HASH) continue;
    // the first bytes of the line, as characters: only ASCII ones are tested for
    const head = (length: number) => bytes.toString("latin1", at, at + length);
    // the document's start marker, above its first key, goes with that key's piece
    if (starts.length === 0 && DOCUMENT_START.test(head(4))) continue;
    // a sequence at its key's indentation (`tags:` then `- a`) belongs to the entry above
    if (starts.length > 0 && isDash(bytes, at)) continue;
    if (NOT_A_KEY.test(head(3)))
      throw new NotSplittable(`${lineAt(bytes, at)} is not a mapping key`);
    starts.push(at);
  }
  if (starts.length === 0) throw new NotSplittable("no mapping");
  return starts;
}

/**
 * Where the keys of the block mapping in `[from, to)` start, all at indentation `indent`, or
 * undefined when it is not a block mapping at that indentation (a sequence, a line less indented).
 */
function nestedKeys(
  bytes: Buffer,
  from: number,
  to: number,
): { starts: number[]; indent: number } | undefined {
  const starts: number[] = [];
  let indent = -1;
  for (let at = from; at < to; at = lineEnd(bytes, at) + 1) {
    const own = spaces(bytes, at);
    const next = bytes[at + own];
    if (next === NEWLINE || next === HASH || next === undefined) continue; // blank or a comment
    if (indent === -1) indent = own;
    if (own < indent || indent === 0) return undefined;
    if (own > indent) continue;
    if (isDash(bytes, at + own)) return undefined;
    starts.push(at);
  }
  return starts.length === 0 ? undefined : { starts, indent };
}

/** The mapping of the entries starting at `starts` (up to `to`), each at indentation `indent`. */
function mapping(
  source: Source,
  starts: readonly number[],
  to: number,
  indent: number,
  depth: number,
): Json {
  const result: Json = {};
  for (const [n, start] of starts.entries()) {
    // the comments and blank lines above the first key go with it
    const from = n === 0 && depth === 1 ? 0 : start;
    const end = starts[n + 1] ?? to;
    const [key, value] = entry(source, from, start, end, indent, depth);
    if (Object.hasOwn(result, key) || key === "__proto__")
      throw new NotSplittable(`key ${JSON.stringify(key)} repeated`);
    result[key] = value;
  }
  return result;
}

/** The key and value of the entry whose key line starts at `start`, in `[from, to)`. */
function entry(
  source: Source,
  from: number,
  start: number,
  to: number,
  indent: number,
  depth: number,
): [string, unknown] {
  const { bytes } = source;
  const bodyStart = Math.min(lineEnd(bytes, start) + 1, to);
  if (depth < MAX_DEPTH && to - from > SPLIT_BYTES) {
    const head = parseSingle(source, start, bodyStart, indent);
    const inner =
      head !== undefined && head[1] === null ? nestedKeys(bytes, bodyStart, to) : undefined;
    // the comments between the key line and the first inner key belong to no value; what cannot
    // be cut inside (an alias to an anchor in a sibling, say) is parsed as one piece
    if (head !== undefined && inner !== undefined) {
      try {
        return [head[0], mapping(source, inner.starts, to, inner.indent, depth + 1)];
      } catch (error) {
        if (!(error instanceof NotSplittable)) throw error;
      }
    }
  }
  const single = parseSingle(source, from, to, indent);
  if (single === undefined) throw new NotSplittable(`${lineAt(bytes, start)} is not one entry`);
  return single;
}

/**
 * The one key and its value that the lines `[from, to)` hold (less `indent` spaces each), or
 * undefined when they hold something else.
 */
function parseSingle(
  source: Source,
  from: number,
  to: number,
  indent: number,
): [string, unknown] | undefined {
  let value: unknown;
  let textKey: string;
  try {
    // keyed as the text `${indent}\0${raw}` always was: a cache written before stays good
    const bytes = source.bytes.subarray(from, to);
    ({ value, key: textKey } = source.pieces.keyedBytes(`${indent}\0`, bytes, (raw) =>
      withOneByteStrings(source.parse(dedent(raw, indent)), bytes),
    ));
  } catch {
    throw new NotSplittable("a piece does not parse alone");
  }
  if (value === null || typeof value !== "object" || Array.isArray(value)) return undefined;
  const keys = Object.keys(value);
  if (keys.length !== 1 || Object.getPrototypeOf(value) !== Object.prototype) return undefined;
  const key = keys[0] as string;
  const inner = (value as Json)[key];
  if (inner !== null && typeof inner === "object") source.pieces.leaves.set(inner, textKey);
  return [key, inner];
}

/** `raw` without `indent` spaces at the start of each line (a line with fewer is blank or a comment: emptied). */
function dedent(raw: string, indent: number): string {
  if (indent === 0) return raw;
  const prefix = " ".repeat(indent);
  return raw
    .split("\n")
    .map((line) => (line.startsWith(prefix) ? line.slice(indent) : ""))
    .join("\n");
}

/**
 * The text a whole `$ref`'d file is kept under (sync-file-resolver.ts): what Redocly makes of the
 * file depends on its path, whether it is the root, its MIME type and its text.
 */
export function fileKeyText(
  file: {
    readonly absoluteRef: string;
    readonly mimeType?: string;
    readonly body: string;
  },
  isRoot: boolean,
): string {
  return ["file", file.absoluteRef, String(isRoot), file.mimeType ?? "", file.body].join("\0");
}

/** The pieces kept for the spec at `specPath` in the cache of `cwd` (salted with the generator's hash). */
export async function openYamlPieces(cwd: string, specPath: string): Promise<YamlPieces> {
  const { computeToolHash } = await import("../write/inputs-hash.js");
  return YamlPieces.open(cwd, specPath, await computeToolHash());
}

/**
 * The document of a YAML `text` at `specPath`, parsed section by section with `pieces`; undefined
 * when the text cannot be read that way (the caller parses it whole). The caller saves `pieces`.
 */
export async function parseYamlSections(
  text: string | Buffer,
  specPath: string,
  pieces: YamlPieces,
): Promise<Json | undefined> {
  const { redoclyParseYaml } = await import("../internal/redocly-yaml.js");
  const parse = await redoclyParseYaml();
  try {
    return parseBySection(text, (piece) => parse(piece, { filename: specPath }), pieces);
  } catch (error) {
    if (error instanceof NotSplittable) return undefined;
    throw error;
  }
}
