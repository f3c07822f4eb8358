/**
 * A split spec's prose replaced by markers while its bundle is recorded (split-bundle.ts). Each
 * string `description` and `summary` of each file (wherever it stands, but in a discriminator
 * mapping, whose values the bundle reads as references) becomes `<prefix><file>:<n>`, its text
 * kept in a table: the bundle copies the markers where it copies the prose, so the recorded
 * bundle says where each text went, and a later run puts its own texts back in (`unmarkProse`).
 * The prefix starts with a NUL and holds random bytes drawn when the record is made, so no text
 * of a spec is taken for a marker. A file can be left unmarked ("pinned"): its prose is then
 * part of its shape.
 *
 * A file's shape (`proseShape`) is its parse with every prose value replaced by the same
 * placeholder, hashed (its JSON, with what JSON cannot tell apart spelt out, and where YAML aliases
 * share an object): two texts with the same shape differ only in the prose at the same places.
 */
import { createHash } from "node:crypto";
import { isAbsolute } from "node:path";
import { serialize } from "node:v8";
import { isProse } from "../cache/without-prose.js";
import { fileKeyText } from "./yaml-sections.js";
import { fileRefs, type FileRefs, type ReadFiles } from "./split-patch.js";

/** One file of a marked spec (the root first). */
export interface MarkedFile {
  /** The file's absolute path. */
  readonly path: string;
  /** The key of its text in the YAML pieces (yaml-sections.ts; "" for the root). */
  readonly key: string;
  /** The SHA-256 of its shape. */
  readonly hash: string;
  /**
   * The SHA-256 (hex) of its bytes as read, the digest the inputs hash takes of it (inputs-hash.ts:
   * a replay skips a file whose digest this run's quick check found unchanged); "" for the root,
   * or when unknown.
   */
  readonly sum: string;
}

/** The files read for one bundle, marked as they were read, and their prose. */
export class ProseMarks implements ReadFiles {
  readonly files: MarkedFile[] = [];
  /** Each file's texts, by place. */
  readonly texts: (readonly string[])[] = [];
  /** Each file's document, as parsed and marked. */
  readonly documents: unknown[] = [];
  /** Each file's references as parsed (split-patch.ts); the root's once `beforeBundle` ran. */
  readonly refs: FileRefs[] = [];
  /** The names of the root's components before a bundle, each with its `$ref` if it is one. */
  rootNames: ReadonlyMap<string, string | undefined> = new Map();
  /** The file each object of a marked document comes from (by number). */
  readonly #owners = new WeakMap<object, number>();
  /** Why the bundle cannot be recorded (a file that is not a local one), if so. */
  refused: string | undefined;
  /** The SHA-256 of each file's bytes as the resolver read them, by absolute path. */
  readonly sums = new Map<string, string>();

  /**
   * `keyOf`: the key of a file's text in the YAML pieces; `pinned`: the files left unmarked (their
   * prose is part of their shape: see split-bundle.ts).
   */
  constructor(
    readonly prefix: string,
    private readonly keyOf: (text: string) => string,
    readonly pinned: ReadonlySet<string> = new Set(),
  ) {}

  /** Marks the root document (file 0), as parsed. */
  root(path: string, document: unknown): ProseShape {
    return this.#add(path, "", document);
  }

  /** Marks a file the bundle read, as the resolver parsed it. */
  file(
    source: { readonly absoluteRef: string; readonly mimeType?: string; readonly body: string },
    isRoot: boolean,
    document: unknown,
  ): void {
    if (isRoot || !isAbsolute(source.absoluteRef) || source.mimeType !== undefined)
      this.refused ??= `${source.absoluteRef} is not a local file read as the resolver reads one`;
    this.#add(source.absoluteRef, this.keyOf(fileKeyText(source, isRoot)), document);
    this.refs[this.files.length - 1] = fileRefs(document);
  }

  /** Notes the root's references and component names, before a bundle rewrites them. */
  beforeBundle(): void {
    const root = this.documents[0];
    this.refs[0] = fileRefs(root);
    const names = new Map<string, string | undefined>();
    const components = isRecord(root) ? root["components"] : undefined;
    for (const group of isRecord(components) ? Object.values(components) : [])
      for (const [name, value] of isRecord(group) ? Object.entries(group) : []) {
        const ref = isRecord(value) ? value["$ref"] : undefined;
        names.set(name, names.has(name) || typeof ref !== "string" ? undefined : ref);
      }
    this.rootNames = names;
  }

  get paths(): readonly string[] {
    return this.files.map((file) => file.path);
  }

  ownerIndex(node: object): number | undefined {
    return this.#owners.get(node);
  }

  /** The path of the file `node` (an object of a marked document, or of the bundle) comes from. */
  owner(node: object): string | undefined {
    const index = this.#owners.get(node);
    return index === undefined ? undefined : this.files[index]?.path;
  }

  #add(path: string, key: string, document: unknown): ProseShape {
    const index = this.files.length;
    let shape: ProseShape;
    try {
      const mark = !this.pinned.has(path);
      shape = proseShape(document, `${this.prefix}${index}:`, mark, (node) =>
        this.#owners.set(node, index),
      );
    } catch {
      this.refused ??= `${path} has no JSON text (a cycle through YAML aliases)`;
      shape = { hash: "", texts: [] };
    }
    this.files.push({ path, key, hash: shape.hash, sum: this.sums.get(path) ?? "" });
    this.texts.push(shape.texts);
    this.documents.push(document);
    return shape;
  }
}

/** A document's prose, and the hash of the rest (see the module comment). */
export interface ProseShape {
  readonly hash: string;
  /** The texts, in document order. */
  readonly texts: readonly string[];
}

/**
 * Replaces the prose of `document` by `<prefix><n>`, n counting its places from 0 (in place;
 * when `mark` is false, leaves it and counts it as the rest), and hashes the result with each
 * marker as `prefix` alone (see the module comment); `visited` sees each object.
 */
export function proseShape(
  document: unknown,
  prefix: string,
  mark = true,
  visited?: (node: object) => void,
): ProseShape {
  const texts: string[] = [];
  const places: [Record<string, unknown>, string][] = [];
  const seen = new Map<object, number>();
  const shared: string[] = []; // which object stands again where (YAML aliases), in visiting order
  let plain = typeof document === "object" && document !== null; // JSON says all (else spelt out)
  const visit = (node: unknown, mapping: boolean): void => {
    if (node === null || typeof node !== "object") return;
    const first = seen.get(node);
    if (first !== undefined) {
      shared.push(`${first}@${seen.size}`);
      return;
    }
    seen.set(node, seen.size);
    visited?.(node);
    if (Array.isArray(node)) {
      for (const item of node) {
        if (typeof item === "number") plain &&= Number.isFinite(item) && !Object.is(item, -0);
        else if (item === undefined || typeof item === "bigint") plain = false;
        visit(item, false);
      }
      return;
    }
    const record = node as Record<string, unknown>;
    plain &&= Object.getPrototypeOf(record) === Object.prototype;
    for (const key of Object.keys(record)) {
      const item = record[key];
      if (typeof item === "number") plain &&= Number.isFinite(item) && !Object.is(item, -0);
      else if (item === undefined || typeof item === "bigint") plain = false;
      if (mark && !mapping && isProse(key, item)) {
        texts.push(item as string);
        places.push([record, key]);
        record[key] = prefix;
      } else visit(item, key === "mapping");
    }
  };
  visit(document, false);
  let json: string;
  try {
    json = plain ? JSON.stringify(document) : shapeText(document, prefix);
  } catch (error) {
    places.forEach(([record, key], n) => (record[key] = texts[n])); // as it was
    throw error; // a cycle through YAML aliases
  }
  places.forEach(([record, key], n) => (record[key] = `${prefix}${n}`));
  const hash = createHash("sha256")
    .update(json)
    .update(`\0${shared.join(",")}`)
    .digest("hex");
  return { hash, texts };
}

/**
 * The JSON of `document`, with what JSON has no text for (non-finite numbers, -0, objects other
 * than plain ones and arrays, such as `!!binary` values) spelt out behind `prefix`, so that two
 * documents with the same text are the same. (V8's serialization would do, but it writes a string
 * as its representation in memory is, which differs between a fresh parse and a kept one.)
 */
function shapeText(document: unknown, prefix: string): string {
  return JSON.stringify(document, function (this: Record<string, unknown>, key, value: unknown) {
    const raw = this[key];
    if (typeof raw === "number")
      return Number.isFinite(raw) && !Object.is(raw, -0)
        ? raw
        : `${prefix}number:${Object.is(raw, -0) ? "-0" : String(raw)}`;
    if (raw !== null && typeof raw === "object" && !Array.isArray(raw)) {
      const prototype: unknown = Object.getPrototypeOf(raw);
      if (prototype !== Object.prototype && prototype !== null)
        return `${prefix}object:${Object.prototype.toString.call(raw)}:${serialize(raw).toString("base64")}`;
    }
    if (
      raw !== null &&
      typeof raw !== "object" &&
      typeof raw !== "string" &&
      typeof raw !== "boolean"
    )
      return `${prefix}${typeof raw}`;
    return value;
  });
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

/** Thrown when a marker names no recorded text (a damaged record). */
export class UnknownMarker extends Error {}

/** Puts the texts back where `ProseMarks` left markers with `prefix`, in place. */
export function unmarkProse(
  document: unknown,
  prefix: string,
  texts: readonly (readonly string[])[],
): void {
  const seen = new Set<object>();
  const visit = (node: unknown): void => {
    if (node === null || typeof node !== "object" || seen.has(node)) return;
    seen.add(node);
    const record = node as Record<string, unknown>;
    for (const key of Object.keys(record)) {
      const item = record[key];
      if (typeof item !== "string") visit(item);
      else if (item.startsWith(prefix)) {
        const place = /^(\d+):(\d+)$/.exec(item.slice(prefix.length));
        const text = place === null ? undefined : texts[Number(place[1])]?.[Number(place[2])];
        if (text === undefined) throw new UnknownMarker(item);
        record[key] = text;
      }
    }
  };
  visit(document);
}

/** Whether `a` and `b` are equal when every marker may stand for any value. */
export function equalBarProse(a: unknown, b: unknown, prefix: string): boolean {
  const marker = (value: unknown) => typeof value === "string" && value.startsWith(prefix);
  if (marker(a) || marker(b) || Object.is(a, b) || a === b) return true;
  if (a === null || b === null || typeof a !== "object" || typeof b !== "object") return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const keysA = Object.keys(a);
  if (keysA.length !== Object.keys(b).length) return false;
  return keysA.every(
    (key) =>
      Object.hasOwn(b, key) &&
      equalBarProse(
        (a as Record<string, unknown>)[key],
        (b as Record<string, unknown>)[key],
        prefix,
      ),
  );
}
