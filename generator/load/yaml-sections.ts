/**
 * A YAML spec parsed one section at a time, each section's value kept from the last run while
 * its text is the same: after a one-line edit only the section the edit is in is parsed again
 * (on Stripe's 3.7 MB of YAML the whole parse was about an eighth of a warm edit's time).
 *
 * The text is cut where the document's block mappings have their keys: each line at column 0 of
 * the document starts a top-level entry; an entry over {@link SPLIT_BYTES} whose value is a block
 * mapping on the following lines (`paths:`, `components:`, `schemas:`) is cut again at its own
 * keys' indentation, down to {@link MAX_DEPTH} levels. Each piece is parsed alone (dedented) with
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
 * The values are kept in `node_modules/.cache/petstore-generator/load/yaml/` (one file per spec,
 * in V8's serialization, which keeps what JSON cannot: binary values, shared aliases within a
 * piece, non-finite numbers), keyed by the SHA-256 of each piece's text, salted with the
 * generator's hash and checked by a SHA-256 of the file: a corrupt file is ignored.
 */
import { createHash, randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { deserialize, serialize } from "node:v8";
import { cacheDir, sha256Hex } from "../cache/cache-pack.js";
import type { ParseYaml } from "../internal/redocly-yaml.js";

/** The text cannot be read section by section: parse it whole. */
export class NotSplittable extends Error {}

/** An entry longer than this is cut again at its own keys (when its value is a block mapping). */
const SPLIT_BYTES = 16_384;
/** Top level, then `components`, then `schemas`: deep enough for the sections that grow. */
const MAX_DEPTH = 3;
const FORMAT = 1;

type Json = Record<string, unknown>;

/** Parsed pieces by the hash of their text: last run's, and this run's. */
export class YamlPieces {
  readonly #previous: Map<string, unknown>;
  readonly #used = new Map<string, unknown>();
  #changed = false;
  /** Pieces parsed in this run (not from the cache): for tests. */
  parsed = 0;

  private constructor(
    readonly file: string | undefined,
    previous: Map<string, unknown>,
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
   * `text` parsed by `parse`, or the value kept for the same text. Each value is given out once
   * (a repeated piece gets a copy) and saved before anyone changes it: {@link parseBySection}
   * saves before it returns.
   */
  value(text: string, parse: ParseYaml): unknown {
    const key = sha256Hex(`${this.salt}\0${text}`);
    if (this.#used.has(key)) return structuredClone(this.#used.get(key));
    if (this.#previous.has(key)) {
      const kept = this.#previous.get(key);
      this.#used.set(key, kept);
      return kept;
    }
    const value = parse(text);
    this.parsed++;
    this.#used.set(key, value);
    this.#changed = true;
    return value;
  }

  /** Writes the pieces this run used (dropping the others), when any changed. */
  save(): void {
    if (this.file === undefined) return;
    if (!this.#changed && this.#used.size === this.#previous.size) return;
    const temporary = `${this.file}.${randomBytes(6).toString("hex")}.tmp`;
    try {
      const body = serialize({ format: FORMAT, salt: this.salt, entries: [...this.#used] });
      const sum = createHash("sha256").update(body).digest();
      mkdirSync(dirname(this.file), { recursive: true });
      writeFileSync(temporary, Buffer.concat([sum, body]));
      renameSync(temporary, this.file);
    } catch {
      rmSync(temporary, { force: true }); // the cache only costs speed
    }
  }
}

function readPieces(file: string, salt: string): Map<string, unknown> {
  try {
    const data = readFileSync(file);
    const body = data.subarray(32);
    if (!createHash("sha256").update(body).digest().equals(data.subarray(0, 32))) return new Map();
    const stored = deserialize(body) as { format?: unknown; salt?: unknown; entries?: unknown };
    if (stored.format !== FORMAT || stored.salt !== salt || !Array.isArray(stored.entries))
      return new Map();
    return new Map(stored.entries as [string, unknown][]);
  } catch {
    return new Map(); // absent or unreadable: parse everything
  }
}

/** The document `text` holds, section by section (see the module comment); throws {@link NotSplittable}. */
export function parseBySection(text: string, parse: ParseYaml, pieces: YamlPieces): Json {
  if (/[\r\t\uFEFF]|__proto__/.test(text))
    throw new NotSplittable("CR, tab, byte order mark or a __proto__ key");
  const document = mapping(text.split("\n"), 1, parse, pieces);
  pieces.save(); // before the caller changes the values
  return document;
}

/** Characters a top-level line cannot start with for it to be a plain `key: value` entry. */
const NOT_A_KEY = /^(?:[-?[\]{},&*!|>%@`]|<<|\.\.\.)/;

function mapping(
  lines: readonly string[],
  depth: number,
  parse: ParseYaml,
  pieces: YamlPieces,
): Json {
  const starts: number[] = [];
  for (const [index, line] of lines.entries()) {
    if (line === "" || line.startsWith(" ") || line.startsWith("#")) continue;
    // the document's start marker, above its first key, goes with that key's piece
    if (depth === 1 && starts.length === 0 && /^---(?:\s|$)/.test(line)) continue;
    // a sequence at its key's indentation (`tags:` then `- a`) belongs to the entry above
    if (starts.length > 0 && /^-(?:\s|$)/.test(line)) continue;
    if (NOT_A_KEY.test(line)) throw new NotSplittable(`line ${index + 1} is not a mapping key`);
    starts.push(index);
  }
  if (starts.length === 0) throw new NotSplittable("no mapping");
  const result: Json = {};
  for (const [n, start] of starts.entries()) {
    // the comments and blank lines above the first key go with it
    const from = n === 0 ? 0 : start;
    const entry = lines.slice(from, starts[n + 1] ?? lines.length);
    const [key, value] = keyValue(entry, start - from, depth, parse, pieces);
    if (Object.hasOwn(result, key) || key === "__proto__")
      throw new NotSplittable(`key ${JSON.stringify(key)} repeated`);
    result[key] = value;
  }
  return result;
}

/** The key and value of one entry (`entry[at]` is its key line; the lines before are comments). */
function keyValue(
  entry: readonly string[],
  at: number,
  depth: number,
  parse: ParseYaml,
  pieces: YamlPieces,
): [string, unknown] {
  const body = entry.slice(at + 1);
  if (depth < MAX_DEPTH && entry.reduce((sum, line) => sum + line.length + 1, 0) > SPLIT_BYTES) {
    const head = parseSingle(`${entry[at] ?? ""}\n`, parse, pieces);
    const inner = head !== undefined && head[1] === null ? dedented(body) : undefined;
    if (head !== undefined && inner !== undefined)
      return [head[0], mapping(inner, depth + 1, parse, pieces)];
  }
  const single = parseSingle(entry.join("\n"), parse, pieces);
  if (single === undefined) throw new NotSplittable(`${entry[at] ?? ""} is not one entry`);
  return single;
}

/** The one key and its value that `text` holds, or undefined when it holds something else. */
function parseSingle(
  text: string,
  parse: ParseYaml,
  pieces: YamlPieces,
): [string, unknown] | undefined {
  let value: unknown;
  try {
    value = pieces.value(text, parse);
  } catch {
    throw new NotSplittable("a piece does not parse alone");
  }
  if (value === null || typeof value !== "object" || Array.isArray(value)) return undefined;
  const keys = Object.keys(value);
  if (keys.length !== 1 || Object.getPrototypeOf(value) !== Object.prototype) return undefined;
  const key = keys[0] as string;
  return [key, (value as Json)[key]];
}

/**
 * The lines of a block mapping's value without their common indentation (the indentation of its
 * first key), or undefined when the value is not a block mapping of keys at that indentation.
 */
function dedented(body: readonly string[]): string[] | undefined {
  const content = (line: string) => line.trim() !== "" && !line.trimStart().startsWith("#");
  const first = body.find(content);
  if (first === undefined) return undefined;
  const indent = first.length - first.trimStart().length;
  if (indent === 0) return undefined;
  const out: string[] = [];
  for (const line of body) {
    const own = line.length - line.trimStart().length;
    if (!content(line)) out.push(own >= indent ? line.slice(indent) : "");
    else if (own < indent) return undefined;
    else if (own === indent && /^-(?:\s|$)/.test(line.slice(indent))) return undefined;
    else out.push(line.slice(indent));
  }
  return out;
}

/**
 * The document of a YAML `text` at `specPath`, parsed section by section with the pieces kept in
 * the cache of `cwd`; undefined when the text cannot be read that way (the caller parses it whole).
 */
export async function parseYamlSections(
  text: string,
  cwd: string,
  specPath: string,
): Promise<Json | undefined> {
  const [{ redoclyParseYaml }, { computeToolHash }] = await Promise.all([
    import("../internal/redocly-yaml.js"),
    import("../write/inputs-hash.js"),
  ]);
  const parse = await redoclyParseYaml();
  const pieces = YamlPieces.open(cwd, specPath, await computeToolHash());
  try {
    return parseBySection(text, (piece) => parse(piece, { filename: specPath }), pieces);
  } catch (error) {
    if (error instanceof NotSplittable) return undefined;
    throw error;
  }
}
