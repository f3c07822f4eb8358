/**
 * The validators (Ajv standalone code, a costly emitter) and the mocks from the cache
 * when the spec changed only in prose: the key is the model (its schemas, operations and the
 * targets of schema `$ref`s: all they read) without its
 * string `description` and `summary` texts (which no validator contains; a test edits a
 * description and checks the validators' bytes; see without-prose.ts), salted with the
 * generator's own hash. A validators module's file is the entry its emitter keeps the module in,
 * keyed by what the module is made of (emit/validators/validator-parts.ts `ModuleStore`): stored
 * once, and not encoded and hashed again when an edit left the module as it was (Stripe's 11 MB
 * validators/bodies.js after an operation edit).
 */
import type { EmitInput } from "../emit/emitters.js";
import { fileOf, type EmitContext, type GeneratedFile } from "../emit/file.js";
import type { ApiModel } from "../model/types.js";
import { sha256Hex, type CachePack } from "./cache-pack.js";
import { openScopedPack } from "./cached-emitters.js";
import { PartCache } from "./cached-parts.js";
import type { RunCaches } from "./run-caches.js";
import type { SchemaReach } from "../model/schema-reach.js";
import type { ModuleStore } from "../emit/validators/validator-parts.js";
import { valueHash } from "./traced-emit.js";

interface CachedValidators {
  readonly files: readonly GeneratedFile[];
  readonly warnings: readonly string[];
}

/** How an emitter with parts is called: the model, the context, its warnings, and its part store (none without a cache). */
type PartedEmitter = (
  model: EmitInput["model"],
  context: EmitInput["context"],
  warnings: string[],
  options: {
    readonly parts?: PartCache;
    readonly reach?: SchemaReach;
    readonly modules?: (path: string) => ModuleStore;
  },
) => GeneratedFile[];

/**
 * The validators: Ajv is loaded only when they are not in the cache; on a miss (a structural
 * edit) only the functions whose schemas changed are compiled again: one entry per cycle of
 * components and per export schema (emit/validators/validator-parts.ts).
 */
export const cachedValidators = (input: EmitInput): Promise<GeneratedFile[]> =>
  cachedProseFree("validators", input, async (into, modules) =>
    withParts(
      "validators",
      input,
      into,
      (await import("../emit/validators/emit-validators.js")).emitValidators,
      modules,
    ),
  );

/**
 * The mocks (data drawn from every response schema and checked with Ajv: on large specs the
 * costliest emitter) cached the same way: mocks.ts shows no description or summary of the spec.
 * On a miss each operation's mocks are drawn again only when what they read changed
 * (emit/mocks/mock-parts.ts), with the body validators of those operations only.
 */
export const cachedMocks = (input: EmitInput): Promise<GeneratedFile[]> =>
  cachedProseFree("mocks", input, async (into) =>
    withParts("mocks", input, into, (await import("../emit/mocks/emit-mocks.js")).emitMocks),
  );

/** `emit`'s files through the part pack `<name>-parts` of the output folder (every part made without a cache). */
async function withParts(
  name: string,
  { model, context, scope, caches }: EmitInput,
  warnings: string[],
  emit: PartedEmitter,
  modules?: ModuleFiles,
): Promise<GeneratedFile[]> {
  const pack = await openScopedPack(`emit/${name}-parts`, scope);
  if (pack === undefined) return emit(model, context, warnings, {});
  const parts = new PartCache(pack, JSON.stringify(context));
  // the run's reach over the prose-free model (cached-emitters.ts): its hashes are made once a run
  const { SchemaReach } = await import("../model/schema-reach.js");
  const bare = caches.proseFree(model);
  const reach = caches.derived(bare, "schema reach", () => new SchemaReach(bare));
  const files = emit(model, context, warnings, {
    parts,
    reach,
    ...(modules === undefined ? {} : { modules: (path: string) => modules.of(path) }),
  });
  parts.save();
  return files;
}

/** `emit()`'s files (and warnings) from the pack `name`, keyed by the hash of the prose-free model and the context. */
async function cachedProseFree(
  name: string,
  { model, context, warnings, scope, caches }: EmitInput,
  emit: (warnings: string[], modules: ModuleFiles | undefined) => Promise<GeneratedFile[]>,
): Promise<GeneratedFile[]> {
  const pack = await openScopedPack(name, scope);
  if (pack === undefined) return emit(warnings, undefined);
  // made once for both packs, which hash the 64 characters of its hash with their salt
  const input = caches.once("prose-free input hash", () =>
    sha256Hex(proseFreeInput(caches, model, context)),
  );
  const cached = read(pack, input);
  if (cached !== undefined) {
    warnings.push(...cached.warnings);
    pack.save();
    return [...cached.files];
  }
  const own: string[] = [];
  const modules = new ModuleFiles(pack, JSON.stringify(context));
  const files = await emit(own, modules);
  warnings.push(...own);
  // each file an entry of its own, as it is (JSON-escaping Stripe's 14 MB of validators cost
  // tens of milliseconds each way), after an index of the paths and the warnings: a module's
  // file the entry the emitter kept it in, any other `<input>\n<path>`
  const entries = files.map((file) => modules.entryOf(file) ?? null);
  const index: CachedIndex = { paths: files.map((file) => file.path), warnings: own, entries };
  pack.set(input, JSON.stringify(index));
  const stored = files.map((file, at) => {
    const key = entries[at] ?? pack.key(`${input}\n${file.path}`);
    if (entries[at] === null) pack.setKey(key, file.content);
    // named by its entry, as the next run's hit will be (the write records it)
    return fileOf(file.path, file.content, pack.originOf(key));
  });
  pack.save();
  return stored;
}

/**
 * The validators' modules as printed, in the whole-file pack, by file path and module key (what
 * the module is made of): the entry a file read back or stored in this run is the file's.
 */
class ModuleFiles {
  /** By path: the entry's pack key and its text, as read or stored in this run. */
  private readonly used = new Map<string, { readonly key: string; readonly text: string }>();

  constructor(
    private readonly pack: CachePack,
    private readonly shared: string,
  ) {}

  of(path: string): ModuleStore {
    // the pack's key (a hash) of the input: what the index names (a module's key is long)
    const keyOf = (key: string) => this.pack.key(`${this.shared}\nmodule\n${path}\n${key}`);
    return {
      lookup: (key) => {
        const at = keyOf(key);
        const text = this.pack.getKey(at);
        if (text !== undefined) this.used.set(path, { key: at, text });
        return text;
      },
      store: (key, text) => {
        const at = keyOf(key);
        this.pack.setKey(at, text);
        this.used.set(path, { key: at, text });
      },
    };
  }

  /** The pack key of the entry holding `file` as it is, if any (the emitter's text is the file's: the same string). */
  entryOf(file: GeneratedFile): string | undefined {
    const entry = this.used.get(file.path);
    return entry !== undefined && entry.text === file.content ? entry.key : undefined;
  }
}

/**
 * What the entry of the input holds: the files' paths, the pack key of the entry holding each
 * file (null: the entry of the input `<input>\n<path>`) and the warnings.
 */
interface CachedIndex {
  readonly paths: readonly string[];
  readonly entries?: readonly (string | null)[];
  readonly warnings: readonly string[];
}

/** The files and warnings cached for `input`; undefined unless the index and every file are there. */
function read(pack: CachePack, input: string): CachedValidators | undefined {
  const index = parseIndex(pack.get(input));
  if (index === undefined) return undefined;
  const files: GeneratedFile[] = [];
  for (const [at, path] of index.paths.entries()) {
    const entry = index.entries?.[at];
    const file = pack.fileAt(path, entry || pack.key(`${input}\n${path}`));
    if (file === undefined) return undefined;
    files.push(file);
  }
  return { files, warnings: index.warnings };
}

/**
 * The model (without the spec's hash) and the context, without prose, as the text of each
 * top-level value's hash (the validators and the mocks share it: made once per run). The hashes
 * are the ones the traced emitters key their entries with (traced-emit.ts), shared in the run: on
 * Stripe the whole JSON (tens of MB) was serialized and hashed again here. Equal texts mean equal
 * JSON of the model and the context, key order included.
 */
function proseFreeInput(caches: RunCaches, model: ApiModel, context: EmitContext): string {
  const parts: string[] = [];
  const hashes = (name: string, input: Record<string, unknown>, skip?: string) => {
    parts.push(name);
    for (const key of Object.keys(input))
      if (key !== skip) parts.push(`${JSON.stringify(key)}=${valueHash(caches, input, key)}`);
  };
  hashes("model", caches.proseFree(model) as unknown as Record<string, unknown>, "specHash");
  parts.push(`context=${JSON.stringify(context)}`);
  return parts.join("\n");
}

function parseIndex(text: string | undefined): CachedIndex | undefined {
  if (text === undefined) return undefined;
  try {
    const value = JSON.parse(text) as Partial<CachedIndex>;
    const strings = (list: unknown) =>
      Array.isArray(list) && list.every((item) => typeof item === "string");
    const entries = value.entries;
    const referenced =
      entries === undefined ||
      (Array.isArray(entries) &&
        entries.length === value.paths?.length &&
        entries.every((entry) => entry === null || typeof entry === "string"));
    return strings(value.paths) && strings(value.warnings) && referenced
      ? (value as CachedIndex)
      : undefined;
  } catch {
    return undefined;
  }
}
