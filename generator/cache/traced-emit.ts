/**
 * An emitter's files from the cache when the parts of its inputs it read the last time it ran
 * are unchanged, so that a one-line edit renders again only what depends on it (and a run whose
 * emitters all hit loads neither TypeScript nor ts-morph).
 *
 * On a miss the emitter runs on its inputs (the document, the model) each behind a proxy that
 * records which of the input's top-level keys it read: a key read (`get`, `in`,
 * `getOwnPropertyDescriptor`), or every key when it lists them (`Object.keys`, spread,
 * `JSON.stringify`). Its files are cached under the hash of exactly those keys' values, and the
 * list of keys is kept beside them. The next run hashes the same keys of its inputs: equal
 * values give the cached files; anything else (a key it read changed, appeared or went away)
 * runs the emitter again. Keys an emitter never read cannot change what it printed, so their
 * edits (a server's description, the spec's tags) reuse its files.
 *
 * Values nested below the top level are returned as they are (no proxy, same identity): the
 * value of a top-level key is hashed whole, so whatever the emitter reads inside it is covered.
 * But for `schemas` (the model's component schemas: {@link NESTED}), traced one level further:
 * an emitter that reads a few schemas by name (server-api.ts reads the error schema, the mocks
 * the schemas their responses reach) depends on those alone, so an edit of another schema reuses
 * its files; one that lists them (`Object.keys`, spread) depends on them all.
 * An emitter that writes to an input is run again every time (its result is never cached).
 * The warnings an emitter gives (what the generated code cannot enforce) are cached with its
 * files and given again on a hit, so a run says the same whether its files came from the cache
 * or not. Entries live in a {@link CachePack} (content-addressed, checked on read): a corrupt
 * entry is ignored and rendered again. An entry is a listing (the files' paths and the warnings)
 * with each file's content in an entry of its own, stored as it is.
 */
import { createHash } from "node:crypto";
import { fileOf, type GeneratedFile } from "../emit/file.js";
import type { CachePack } from "./cache-pack.js";
import type { RunCaches } from "./run-caches.js";
import { updateText } from "./text-hash.js";

/**
 * Which top-level keys an emitter read of each input: named keys, or all of them. A key of a
 * {@link NESTED} value read by name is `<key>\0<name>`.
 */
type Reads = Readonly<Record<string, readonly string[] | "all">>;

/** The top-level keys whose values are traced by their own keys (see the module comment). */
const NESTED: ReadonlySet<string> = new Set(["schemas"]);

/** The inputs an emitter is given, by name; each is traced at its top level. */
export type EmitInputs = Readonly<Record<string, object>>;

const READS_ENTRY = "reads of the last run";

/** What one run of an emitter gave: its files and its warnings. */
interface Emitted {
  readonly files: readonly GeneratedFile[];
  readonly warnings: readonly string[];
}

/** An entry's listing: the paths of its files (each file's content is an entry of its own) and its warnings. */
interface Listing {
  readonly paths: readonly string[];
  readonly warnings: readonly string[];
}

/**
 * `emit(inputs)`'s files, from `pack` when the top-level keys it read last time have the same
 * values (`fixed`: everything else its output depends on, such as options, as text). The
 * warnings `emit` pushes (its second argument) reach `warnings`, from the cache too.
 * Without a pack the emitter simply runs.
 */
export async function tracedEmit<I extends EmitInputs>(
  pack: CachePack | undefined,
  caches: RunCaches,
  inputs: I,
  fixed: string,
  emit: (
    inputs: I,
    warnings: string[],
  ) => Promise<readonly GeneratedFile[]> | readonly GeneratedFile[],
  warnings: string[] = [],
): Promise<GeneratedFile[]> {
  if (pack === undefined) return [...(await emit(inputs, warnings))];
  const reads = parseReads(pack.get(READS_ENTRY), inputs);
  if (reads !== undefined) {
    const cached = cachedEmitted(pack, keyText(caches, inputs, reads, fixed));
    if (cached !== undefined) {
      pack.save();
      warnings.push(...cached.warnings);
      return [...cached.files];
    }
  }
  const tracers = new Map(
    Object.entries(inputs).map(([name, value]) => [name, new RootTracer(value)]),
  );
  const traced = Object.fromEntries(
    [...tracers].map(([name, tracer]) => [name, tracer.proxy]),
  ) as unknown as I;
  const own: string[] = [];
  let files: readonly GeneratedFile[];
  try {
    files = await emit(traced, own);
  } finally {
    for (const tracer of tracers.values()) tracer.stop();
  }
  warnings.push(...own);
  if ([...tracers.values()].every((tracer) => !tracer.wroteAny)) {
    const seen: Reads = Object.fromEntries(
      [...tracers].map(([name, tracer]) => [name, tracer.reads()]),
    );
    pack.set(READS_ENTRY, JSON.stringify(seen));
    const key = keyText(caches, inputs, seen, fixed);
    pack.set(
      key,
      JSON.stringify({ paths: files.map((file) => file.path), warnings: own } satisfies Listing),
    );
    const stored = files.map((file, index) => {
      const at = pack.key(fileKey(key, index));
      pack.setKey(at, file.content);
      // named by its entry, as the next run's hit will be (the write records it)
      return fileOf(file.path, file.content, pack.originOf(at));
    });
    pack.save();
    return stored;
  }
  return [...files];
}

/** Records the top-level keys read of one input while its emitter runs. */
class RootTracer {
  readonly proxy: object;
  readonly #keys = new Set<string>();
  /** The tracers of the {@link NESTED} values read with `get`, by key. */
  readonly #nested = new Map<string, RootTracer>();
  #all = false;
  #tracing = true;
  wrote = false;

  constructor(target: object, nested = true) {
    const note = (key: string | symbol) => {
      if (this.#tracing && typeof key === "string") this.#keys.add(key);
    };
    const write = () => {
      if (this.#tracing) this.wrote = true;
    };
    const get = (object: object, key: string | symbol): unknown => {
      const value: unknown = Reflect.get(object, key);
      if (
        !nested ||
        !this.#tracing ||
        typeof key !== "string" ||
        !NESTED.has(key) ||
        !Object.hasOwn(object, key) ||
        value === null ||
        typeof value !== "object" ||
        Array.isArray(value)
      ) {
        note(key);
        return value;
      }
      let tracer = this.#nested.get(key);
      if (tracer === undefined) this.#nested.set(key, (tracer = new RootTracer(value, false)));
      return tracer.proxy;
    };
    this.proxy = new Proxy(target, {
      get: (object, key) => get(object, key),
      has: (object, key) => (note(key), Reflect.has(object, key)),
      getOwnPropertyDescriptor: (object, key) => (
        note(key),
        Reflect.getOwnPropertyDescriptor(object, key)
      ),
      ownKeys: (object) => {
        if (this.#tracing) this.#all = true;
        return Reflect.ownKeys(object);
      },
      set: (object, key, value) => (write(), Reflect.set(object, key, value)),
      defineProperty: (object, key, descriptor) => (
        write(),
        Reflect.defineProperty(object, key, descriptor)
      ),
      deleteProperty: (object, key) => (write(), Reflect.deleteProperty(object, key)),
      setPrototypeOf: (object, prototype) => (write(), Reflect.setPrototypeOf(object, prototype)),
    });
  }

  stop(): void {
    this.#tracing = false;
    for (const tracer of this.#nested.values()) tracer.stop();
  }

  /** Whether the emitter wrote to the input, or to a {@link NESTED} value of it. */
  get wroteAny(): boolean {
    return this.wrote || [...this.#nested.values()].some((tracer) => tracer.wrote);
  }

  reads(): readonly string[] | "all" {
    if (this.#all) return "all";
    const keys = new Set(this.#keys);
    for (const [key, tracer] of this.#nested) {
      const read = tracer.reads();
      if (read === "all") keys.add(key);
      // a key read whole covers its names; else its value is an object (`<key>\0` with no
      // name: absent from it unless a schema is named so) and the names read
      else if (!this.#keys.has(key)) for (const name of ["", ...read]) keys.add(`${key}\0${name}`);
    }
    return [...keys].sort();
  }
}

/** The text a cache entry is keyed by: per input, each key read and the hash of its value. */
function keyText(caches: RunCaches, inputs: EmitInputs, reads: Reads, fixed: string): string {
  const parts: string[] = [fixed];
  for (const name of Object.keys(inputs).sort()) {
    const input = inputs[name] as Record<string, unknown>;
    const read = reads[name] ?? "all";
    const keys = read === "all" ? Object.keys(input) : read;
    parts.push(`${name}:${read === "all" ? "all" : "some"}`);
    for (const key of keys) {
      const nested = key.indexOf("\0");
      const hash =
        nested === -1
          ? valueHash(caches, input, key)
          : nestedHash(caches, input, key.slice(0, nested), key.slice(nested + 1));
      parts.push(`${JSON.stringify(key)}=${hash}`);
    }
  }
  return parts.join("\n");
}

/** The hash of `input[key][name]` ({@link NESTED}); "not an object" when `input[key]` is not one. */
function nestedHash(
  caches: RunCaches,
  input: Record<string, unknown>,
  key: string,
  name: string,
): string {
  const value = Object.hasOwn(input, key) ? input[key] : undefined;
  if (value === null || typeof value !== "object" || Array.isArray(value))
    return createHash("sha256").update("not an object").digest("hex");
  return valueHash(caches, value as Record<string, unknown>, name);
}

/** The hash of a top-level value, once per input object and run (the document's are shared by every emitter of a run). */
export function valueHash(caches: RunCaches, input: Record<string, unknown>, key: string): string {
  return caches.valueHash(input, key, () => {
    // an absent key and one whose value is `undefined` read alike (`input[key]`), but `in` tells them apart
    if (!Object.hasOwn(input, key)) return createHash("sha256").update("absent").digest("hex");
    // "=" and the JSON text hashed in turn: the same digest as their concatenation, which would
    // copy a large value's text (Stripe's schemas: megabytes) into a new string first
    return updateText(createHash("sha256").update("="), caches.jsonText(input[key])).digest("hex");
  });
}

function parseReads(text: string | undefined, inputs: EmitInputs): Reads | undefined {
  if (text === undefined) return undefined;
  try {
    const value = JSON.parse(text) as Record<string, unknown>;
    for (const name of Object.keys(inputs)) {
      const read = value[name];
      if (read !== "all" && !(Array.isArray(read) && read.every((key) => typeof key === "string")))
        return undefined;
    }
    return value as Reads;
  } catch {
    return undefined;
  }
}

/** The input a file's content is cached under: the entry's key, and the file's place in its listing. */
function fileKey(key: string, index: number): string {
  return `${key}\0file ${index}`;
}

/**
 * The files and warnings cached under `key`: the listing (paths and warnings, JSON), and each
 * file's content as an entry of its own, kept as it is in the pack (no JSON to parse: on Stripe
 * the files of a warm run's hits are about 15 MB, whose JSON strings were parsed and copied on
 * every run). Undefined when the listing or any of its files is absent or fails its check.
 */
function cachedEmitted(pack: CachePack, key: string): Emitted | undefined {
  const listing = parseListing(pack.get(key));
  if (listing === undefined) return undefined;
  const files: GeneratedFile[] = [];
  for (const [index, path] of listing.paths.entries()) {
    const file = pack.fileAt(path, pack.key(fileKey(key, index)));
    if (file === undefined) return undefined;
    files.push(file);
  }
  return { files, warnings: listing.warnings };
}

function parseListing(text: string | undefined): Listing | undefined {
  if (text === undefined) return undefined;
  try {
    const value = JSON.parse(text) as Partial<Listing> | null;
    const ok =
      Array.isArray(value?.paths) &&
      value.paths.every((path) => typeof path === "string") &&
      Array.isArray(value.warnings) &&
      value.warnings.every((warning) => typeof warning === "string");
    return ok ? (value as Listing) : undefined;
  } catch {
    return undefined;
  }
}
