/**
 * The bundle record of a split spec (one whose root `$ref`s other files: DigitalOcean's 2,850):
 * a warm run whose files differ from the last bundle's only in their prose replays that bundle
 * instead of resolving and bundling every file again (about half of DigitalOcean's warm
 * description edit). One-file specs have their own record (bundle-cache.ts).
 *
 * Recording (a run that bundles): every file is marked as it is read (prose-marks.ts: each prose
 * value replaced by a marker naming its file and place), the marked documents are bundled, and
 * the marked bundle is kept with each file's path, text key and shape hash and the texts; the
 * markers in the bundle are then replaced by the texts, which gives the bundle of the files as
 * they are. Replaying (a later run): the root is marked as parsed, each recorded file is read and
 * its text keyed; a file whose key is the recorded one is not parsed, another is parsed and must
 * have the recorded shape (its prose may differ, nothing else) or be one the record can patch
 * (split-patch.ts: its references where they were, its content compared with nothing); then the
 * recorded bundle gets the patched files' new content and this run's texts. Any other difference
 * (a `$ref` added or retargeted, a file renamed or gone) bundles and records again.
 *
 * Why the marked bundle is the bundle: Redocly's bundle reads a string `description` or `summary`
 * only when it compares two components that would take the same name (`dequal`, to name the
 * second `<name>-2` or to share one). Markers differ from place to place, so two components that
 * differ only in prose compare unequal marked and may compare equal as they are; the bundle then
 * reports a "Renamed" problem. When a renamed component is equal, but for markers, to one it was
 * compared with, the files the two come from are pinned (left unmarked: their prose becomes part
 * of their shape) and the files are bundled again; the pins are kept in the record for the next
 * bundles. Components compared equal while marked hold no markers, so they compare equal as they
 * are too. A spec that reads a file that is not local is remembered as not recordable and bundled
 * as before, and so is one whose pins do not settle.
 *
 * The record is `node_modules/.cache/petstore-generator/load/split-bundle/<spec>.v8`, salted with
 * the generator's hash and checked by a SHA-256 of the file (cache/summed-file.ts): a damaged
 * record is ignored (and replaced by the next bundle).
 */
import { randomBytes } from "node:crypto";
import { readFileSync, rmSync } from "node:fs";
import { dirname } from "node:path";
import { readSummedFile, writeSummedFile } from "../cache/summed-file.js";
import { deserialize, serialize } from "node:v8";
import { keepRecent, touchCacheFile } from "../cache/cache-folder.js";
import { jsonValue } from "./json-text.js";
import {
  equalBarProse,
  type MarkedFile,
  ProseMarks,
  proseShape,
  unmarkProse,
} from "./prose-marks.js";
import type { Document, NormalizedProblem } from "@redocly/openapi-core";
import { decodeShared, encodeShared } from "./shared-json.js";
import { fileKeyText, type YamlPieces } from "./yaml-sections.js";
import { specFileDigest, type SpecDigests } from "../write/inputs-hash.js";
import { splitRecordFile } from "./split-record-file.js";
import {
  applyPatches,
  fileRefs,
  type Patch,
  patchRecords,
  type PatchRecord,
} from "./split-patch.js";

const FORMAT = 4;

/** What the record file holds besides the bundle. */
interface Meta {
  readonly format: number;
  readonly salt: string;
  /** "refused": the spec cannot be recorded (see the module comment); nothing else is kept. */
  readonly state: "recorded" | "refused";
  readonly prefix: string;
  readonly files: readonly MarkedFile[];
  /** Each file's texts, by place. */
  readonly texts: readonly (readonly string[])[];
  /** The files left unmarked (see the module comment). */
  readonly pinned: readonly string[];
  /** The bundle's file dependencies, as Redocly gave them. */
  readonly dependencies: readonly string[];
  /**
   * What patches each file after a structural edit (split-patch.ts), by number, as JSON (read only
   * for a file edited so); null: none can.
   */
  readonly patches: readonly (string | null)[];
}

/** The bundle Redocly gave (the parts the record reads). */
export interface BundleResult {
  readonly bundle: { parsed: unknown };
  readonly problems: readonly NormalizedProblem[];
  readonly fileDependencies: ReadonlySet<string>;
}

const RENAMED =
  /^Two schemas are referenced with the same name but different content\. Renamed (.+) to (.+)\.$/;

/** The record of one split spec in the cache of one working directory. */
export class SplitBundle {
  private constructor(
    private readonly file: string,
    private readonly refusedFile: string,
    private readonly salt: string,
    private readonly meta: Meta | undefined,
    private readonly bundleBytes: Buffer | undefined,
  ) {}

  /** The record of `specPath` in the cache of `cwd` (none when absent, damaged or stale). */
  static open(cwd: string, specPath: string, salt: string): SplitBundle {
    const file = splitRecordFile(cwd, specPath);
    const refusedFile = splitRecordFile(cwd, specPath, true);
    let { meta, bundle } = readRecord(file, salt);
    if (meta?.state !== "recorded") ({ meta, bundle } = readRecord(refusedFile, salt));
    return new SplitBundle(file, refusedFile, salt, meta, bundle);
  }

  /** Whether an earlier run found the spec cannot be recorded. */
  get refused(): boolean {
    return this.meta?.state === "refused";
  }

  /**
   * Marks the root document (`parsed`, in place) with the record's prefix (a new one when there
   * is no record) and pins; the marks then collect the files a bundle reads.
   */
  markRoot(
    specPath: string,
    parsed: unknown,
    pieces: YamlPieces,
    pinned: ReadonlySet<string> = new Set(this.meta?.pinned ?? []),
  ): ProseMarks {
    const prefix = this.meta?.prefix || `\u0000prose-${randomBytes(12).toString("hex")}:`;
    const marks = new ProseMarks(prefix, (text) => pieces.keyOf(text), pinned);
    marks.root(specPath, parsed);
    return marks;
  }

  /**
   * The recorded bundle with this run's prose, when the root (`marks`, marked by {@link markRoot})
   * and every recorded file differ from the record in prose at most (see the module comment);
   * else undefined.
   */
  replay(
    marks: ProseMarks,
    pieces: YamlPieces,
    parseYaml: (text: string, options: { filename: string }) => unknown,
    digests?: SpecDigests,
  ): { document: Record<string, unknown>; dependencies: readonly string[] } | undefined {
    const meta = this.meta;
    const root = marks.files[0];
    if (meta?.state !== "recorded" || this.bundleBytes === undefined || root === undefined)
      return undefined;
    if (meta.files[0]?.hash !== root.hash || meta.texts.length !== meta.files.length)
      return undefined;
    const texts = [marks.texts[0] ?? [], ...meta.texts.slice(1)];
    const files: MarkedFile[] = [root];
    let changed = false;
    // files edited in more than prose, patched into the bundle (split-patch.ts): each one's texts
    // are this run's, its entry stays the recorded one (the recorded bundle holds its old content)
    const patches: Patch[] = [];
    const patchedTexts = new Map<number, readonly string[]>();
    for (const [index, entry] of meta.files.entries()) {
      if (index === 0) continue;
      // the bytes this run's quick check hashed are those recorded: not read again
      if (entry.sum !== "" && digests?.get(entry.path) === entry.sum) {
        files.push(entry);
        continue;
      }
      let bytes: Buffer;
      try {
        bytes = readFileSync(entry.path);
      } catch {
        return undefined; // gone: the bundle reports it
      }
      const body = bytes.toString("utf8").replace(/\r\n/g, "\n");
      const sum = specFileDigest(bytes);
      const key = pieces.keyOf(fileKeyText({ absoluteRef: entry.path, body }, false));
      if (key === entry.key) {
        if (sum === entry.sum) files.push(entry);
        else {
          files.push({ ...entry, sum }); // other bytes, the same text (line ends): recorded
          changed = true;
        }
        continue;
      }
      let shape, document;
      try {
        document = parseFile(entry.path, body, parseYaml);
        shape = proseShape(document, `${meta.prefix}${index}:`, !marks.pinned.has(entry.path));
      } catch {
        return undefined; // a syntax error: the bundle reports it
      }
      if (shape.hash !== entry.hash || shape.texts.length !== meta.texts[index]?.length) {
        const record = patchRecord(meta.patches[index]);
        const refs = record ? fileRefs(document) : undefined;
        if (!record || !refs?.patchable || refs.signature !== record.signature) return undefined;
        patches.push({ record, document: document as Record<string, unknown>, paths: refs.paths });
        patchedTexts.set(index, shape.texts);
        files.push(entry);
        continue;
      }
      texts[index] = shape.texts;
      files.push({ ...entry, key, sum });
      changed = true;
    }
    let document: unknown;
    try {
      document = decodeShared(this.bundleBytes);
      applyPatches(document, patches);
      unmarkProse(
        document,
        meta.prefix,
        texts.map((own, index) => patchedTexts.get(index) ?? own),
      );
    } catch {
      return undefined; // a damaged record (a marker naming no text, say) is not trusted
    }
    if (document === null || typeof document !== "object" || Array.isArray(document))
      return undefined;
    for (const entry of meta.files) if (entry.key !== "") pieces.keep(entry.key);
    // a file other than the root changed: recorded, so that the next run does not parse it
    if (changed) this.#write({ ...meta, files, texts }, this.bundleBytes);
    else touchCacheFile(this.file);
    return { document: document as Record<string, unknown>, dependencies: meta.dependencies };
  }

  /**
   * After bundling the marked files (`marks`): records the bundle and puts the texts back into it
   * ("recorded"); else the files to pin before bundling again (a set), or "refused" (the caller
   * bundles the files as they are). A bundle that read no file but the root puts the texts back and
   * drops the record ("one file") when the record was made for more files: a spec that stopped
   * referencing other files gets the one-file record (bundle-cache.ts), which also skips the bundle
   * after an edit that is not prose. Not when that record declined the spec (`oneFileDeclined`, or
   * a record of the root alone: Octokit's `$ref`s to api.github.com, which the bundle leaves).
   */
  finish(
    marks: ProseMarks,
    result: BundleResult,
    oneFileDeclined: boolean,
  ): "recorded" | "one file" | "refused" | Set<string> {
    const renamed: [string, string][] = [];
    for (const problem of result.problems) {
      const match = RENAMED.exec(problem.message);
      // an error (a `$ref` that does not resolve): bundled again as the files are, which reports it
      if (match === null) return "refused";
      renamed.push([match[1] as string, match[2] as string]);
    }
    const declined = oneFileDeclined || this.meta?.files.length === 1;
    if (marks.files.length === 1 && marks.refused === undefined && !declined) {
      this.#remove(this.file);
      this.#remove(this.refusedFile);
      unmarkProse(result.bundle.parsed, marks.prefix, marks.texts);
      return "one file";
    }
    const read = new Set(marks.files.map((file) => file.path));
    const dependencies = [...result.fileDependencies];
    const bundled = result.bundle.parsed;
    const pins = marks.refused === undefined ? toPin(bundled, renamed, marks) : undefined;
    if (pins === undefined || dependencies.some((file) => !read.has(file))) {
      this.refuse();
      return "refused";
    }
    if (pins.size > 0) return new Set([...marks.pinned, ...pins]);
    const meta: Meta = {
      format: FORMAT,
      salt: this.salt,
      state: "recorded",
      prefix: marks.prefix,
      files: marks.files,
      texts: marks.texts,
      pinned: [...marks.pinned],
      dependencies,
      patches: patchable(marks, bundled),
    };
    this.#write(meta, encodeShared(bundled));
    unmarkProse(bundled, marks.prefix, marks.texts);
    return "recorded";
  }

  /** Remembers that the spec cannot be recorded (the next runs bundle it as before). */
  refuse(): void {
    const refused = { format: FORMAT, salt: this.salt, state: "refused", prefix: "" } as const;
    const none = { files: [], texts: [], pinned: [], dependencies: [], patches: [] };
    this.#write({ ...refused, ...none }, undefined);
  }

  /** The record file: a SHA-256 of the rest, the meta's length, the meta (V8) and the bundle (shared-json.ts). */
  #write(meta: Meta, bundle: Buffer | undefined): void {
    const [file, other] =
      meta.state === "refused" ? [this.refusedFile, this.file] : [this.file, this.refusedFile];
    try {
      const isNew = this.meta === undefined;
      writeSummedFile(file, serialize(meta), bundle === undefined ? [] : [bundle]);
      this.#remove(other);
      if (isNew) keepRecent(dirname(file));
    } catch {
      // the cache only costs speed
    }
  }

  #remove(file: string): void {
    try {
      rmSync(file, { force: true });
    } catch {
      // a read-only cache: the next run reads the record and checks it
    }
  }
}

/** Each file's patch record as JSON (split-patch.ts); none when working them out fails. */
function patchable(marks: ProseMarks, bundled: unknown): (string | null)[] {
  try {
    return patchRecords(marks, bundled).map((record) => record && JSON.stringify(record));
  } catch {
    return []; // a bundle this module did not foresee: every edit in more than prose bundles
  }
}

/** A file's patch record from its JSON in the record (undefined: none, or not one). */
function patchRecord(text: string | null | undefined): PatchRecord | undefined {
  if (typeof text !== "string") return undefined;
  try {
    const value = JSON.parse(text) as Partial<PatchRecord> | null;
    return typeof value?.signature === "string" &&
      Array.isArray(value.paths) &&
      Array.isArray(value.places)
      ? (value as PatchRecord)
      : undefined;
  } catch {
    return undefined;
  }
}

/** A recorded file's document as the resolver parses it (sync-file-resolver.ts). */
function parseFile(
  path: string,
  body: string,
  parseYaml: (text: string, options: { filename: string }) => unknown,
): unknown {
  const json = jsonValue(body);
  if (json !== undefined) return json.value;
  if (!/\.(?:ya?ml|json)$/.test(path)) return body; // Redocly keeps the text of other files
  return parseYaml(body, { filename: path });
}

/**
 * The files to pin so that the marked bundle names its components as the bundle of the files as
 * they are (see the module comment): those of each renamed component and of the ones it was
 * compared with (`name`, `name-2`, ... before it) when equal to it but for markers; undefined
 * when the names are not the ones Redocly gives.
 */
function toPin(
  bundled: unknown,
  renamed: readonly [string, string][],
  marks: ProseMarks,
): Set<string> | undefined {
  const pins = new Set<string>();
  const components = (bundled as { components?: Record<string, Record<string, unknown>> })
    .components;
  for (const [previous, name] of renamed) {
    for (const group of Object.values(components ?? {})) {
      if (group === null || typeof group !== "object" || !Object.hasOwn(group, name)) continue;
      const target = group[name];
      for (let serial = 1; ; serial++) {
        const other = serial === 1 ? previous : `${previous}-${serial}`;
        if (other === name) break;
        if (!Object.hasOwn(group, other)) return undefined;
        if (!equalBarProse(group[other], target, marks.prefix)) continue;
        for (const node of [group[other], target]) ownersUnder(node, marks, pins);
      }
    }
  }
  return pins;
}

/** Adds the files the objects under `node` come from to `files`. */
function ownersUnder(node: unknown, marks: ProseMarks, files: Set<string>): void {
  const seen = new Set<object>();
  const visit = (value: unknown): void => {
    if (value === null || typeof value !== "object" || seen.has(value)) return;
    seen.add(value);
    const owner = marks.owner(value);
    if (owner !== undefined) files.add(owner);
    for (const item of Object.values(value)) visit(item);
  };
  visit(node);
}

function readRecord(file: string, salt: string): { meta?: Meta; bundle?: Buffer } {
  try {
    const read = readSummedFile(file);
    if (read === undefined) return {};
    const meta = deserialize(read.head) as Partial<Meta> | null;
    if (
      meta === null ||
      typeof meta !== "object" ||
      meta.format !== FORMAT ||
      meta.salt !== salt ||
      (meta.state !== "recorded" && meta.state !== "refused") ||
      typeof meta.prefix !== "string" ||
      !Array.isArray(meta.files) ||
      !Array.isArray(meta.texts) ||
      !Array.isArray(meta.pinned) ||
      !Array.isArray(meta.dependencies) ||
      !Array.isArray(meta.patches)
    )
      return {};
    if (meta.state === "refused") return { meta: meta as Meta };
    if (!meta.prefix.startsWith("\u0000prose-") || meta.files.length === 0) return {};
    return { meta: meta as Meta, bundle: read.rest };
  } catch {
    return {}; // absent or unreadable: bundle
  }
}

/**
 * The bundle of the split spec `specPath` (`text`, parsed as `parsed`, or as `root` when parsed
 * whole), replayed from its record or bundled and recorded; undefined when the spec cannot be
 * recorded (the caller bundles it as before).
 */
export async function bundleSplitSpec(
  cwd: string,
  specPath: string,
  text: string,
  parsed: Record<string, unknown>,
  root: Document | undefined,
  pieces: YamlPieces,
  digests: SpecDigests | undefined,
  oneFileDeclined: boolean,
): Promise<{ readonly result: BundleResult; readonly replayed: boolean } | undefined> {
  const { computeToolHash } = await import("../write/inputs-hash.js");
  const record = SplitBundle.open(cwd, specPath, await computeToolHash());
  if (record.refused) return undefined;
  let marks = record.markRoot(specPath, parsed, pieces);
  if (marks.refused !== undefined) return undefined;
  const { redoclyParseYaml } = await import("../internal/redocly-yaml.js");
  const replayed = record.replay(marks, pieces, await redoclyParseYaml(), digests);
  if (replayed !== undefined) {
    const { document, dependencies } = replayed;
    const fileDependencies = new Set(dependencies);
    const result = { bundle: { parsed: document }, problems: [], fileDependencies };
    return { result, replayed: true };
  }
  // the root as parsed, to bundle it as it is or marked again: copied only now (a replay needs
  // none), with its markers put back
  const original = structuredClone(parsed);
  unmarkProse(original, marks.prefix, marks.texts);
  const { bundleDocument, documentFromText } = await import("./sync-file-resolver.js");
  let document = root ?? documentFromText(text, specPath, parsed);
  for (let pass = 0; pass < 3; pass++) {
    marks.beforeBundle();
    const marked = await bundleDocument(document, { pieces, marks, digests });
    const outcome = record.finish(marks, marked, oneFileDeclined);
    if (outcome === "recorded" || outcome === "one file")
      return { result: marked, replayed: false };
    if (outcome === "refused") break;
    if (pass === 2) record.refuse(); // the pins do not settle
    const again = structuredClone(original);
    marks = record.markRoot(specPath, again, pieces, outcome);
    document = documentFromText(text, specPath, again);
  }
  const result = await bundleDocument(documentFromText(text, specPath, original), {
    pieces,
    digests,
  });
  return { result, replayed: false };
}
