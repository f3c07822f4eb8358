/**
 * Each mocked body the mocks draw, cached by what drawing and checking it read (mock-data.ts): an
 * operation's part misses whenever a schema its responses reach changes (mock-parts.ts), and on
 * Stripe every operation reaches `account` through its error schema, yet an edit of `account`
 * changes the data of a few bodies only. A body's value is a function of its schema, examples and
 * direction (its key), of the schemas its arbitrary resolved through `$ref`s (schema-arbitrary.ts
 * reads them through the recording `refs` below), and of the validators that ran on the examples
 * and draws it checked: each generated validator function's text depends only on its own
 * component's schema, the names it calls (an alias compiles as its target: the aliases are in the
 * key) and the `$ref` targets it inlines (in the key), so the functions that ran name the
 * components read (emit/validators/emit-validators.ts's `tracedBodyValidators`). The entry holds
 * the value and the hash of each schema read; it is used only while every one is unchanged.
 * Draws do not depend on one another (each samples from the same fixed seed), so a body drawn
 * again gives what a run without cache gives. Not used for OpenAPI 3.1 (a caller's code there
 * reads what its callees evaluate: `unevaluatedProperties`), nor where a function that ran names
 * no single component (a name clash's `$2`, a `$copy2`): those bodies are drawn every time.
 */
import { createHash } from "node:crypto";
import type { ApiModel } from "../../model/types.js";
import type { SchemaRefs } from "../../schema/schema-refs.js";
import { deepSchemaRefs, deepView, refsRequiredNames } from "../../schema/deep-schemas.js";
import type { BatchPartStore } from "../part-store.js";
import { componentFunctionName } from "../validators/validator-module.js";
import { sha256Hex } from "../../cache/text-hash.js";
import { recordingProxy } from "../../schema/recording-proxy.js";

const KIND = "mock-body";

const sha256 = sha256Hex;

/** A body's cached value (absent: none could be drawn), with the hash of each schema its drawing read. */
interface BodyEntry {
  readonly reads: readonly (readonly [string, string])[];
  readonly value?: unknown;
}

export class MockBodies {
  /** Validator functions that ran since the last {@link startDraw} (filled by the traced validators). */
  readonly calls = new Set<string>();
  /** `refs` for the arbitraries: the model's, recording what they read. */
  readonly refs: SchemaRefs;
  #deepRefs: SchemaRefs | undefined;
  #required: ReadonlySet<string> | undefined;
  readonly #recording: <T extends object>(target: T, prefix: string) => T;
  readonly #reads = new Set<string>();
  #untraceable = false;
  readonly #model: ApiModel;
  readonly #store: BatchPartStore;
  #global: string | undefined;
  readonly #hashes = new Map<string, string>();
  readonly #componentOf = new Map<string, string | null>();
  /** What {@link lookup} found for each digest this run. */
  readonly #looked = new Map<string, { readonly value: unknown } | undefined>();

  constructor(model: ApiModel, store: BatchPartStore) {
    this.#model = model;
    this.#store = store;
    for (const name of Object.keys(model.schemas)) {
      const fn = componentFunctionName(name);
      // two components whose functions share a name: neither is known by it
      this.#componentOf.set(fn, this.#componentOf.has(fn) ? null : name);
    }
    const recording = <T extends object>(target: T, prefix: string): T =>
      recordingProxy(
        target,
        (key) => {
          if (typeof key === "string") this.#reads.add(`${prefix}${key}`);
        },
        () => (this.#untraceable = true),
      );
    this.#recording = recording;
    this.refs = {
      schemas: recording(model.schemas, "schema:"),
      refTargets: recording(model.refTargets, "ref:"),
    };
  }

  /**
   * `deepRefs` for the arbitraries: the model's views past the depth where only required
   * properties are drawn (schema/deep-schemas.ts), recording what they read apart from whole
   * schemas (`deep:<name>`, `deepref:<ref>`): an optional property added to a schema read only
   * there changes no body's entry.
   */
  get deepRefs(): SchemaRefs {
    if (this.#deepRefs === undefined) {
      const views = deepSchemaRefs(this.#model, this.#requiredNames());
      this.#deepRefs = {
        schemas: this.#recording(views.schemas, "deep:"),
        refTargets: this.#recording(views.refTargets, "deepref:"),
      };
    }
    return this.#deepRefs;
  }

  #requiredNames(): ReadonlySet<string> {
    return (this.#required ??= refsRequiredNames(this.#model));
  }

  /** Whether bodies of `model` can be cached this way (not for OpenAPI 3.1: see the header). */
  static usable(model: ApiModel): boolean {
    return !model.openapiVersion.startsWith("3.1");
  }

  /** The digest a body is stored under: its memo key (schema, examples, direction) and what every body reads. */
  digest(key: string): string {
    if (this.#global === undefined) {
      const model = this.#model;
      const aliases = Object.entries(model.schemas).filter(
        ([, schema]) =>
          typeof schema === "object" && schema !== null && typeof schema.$ref === "string",
      );
      this.#global = sha256(JSON.stringify([model.openapiVersion, model.refTargets, aliases]));
    }
    return sha256(`${this.#global}\n${key}`);
  }

  /**
   * The cached body `digest`, when every schema it read is unchanged. Each entry is read and
   * checked once a run (`#looked`): every operation mocked again asks for its bodies twice (which
   * to draw, then the value), and on Stripe all 457 share the error body.
   */
  lookup(digest: string): { readonly value: unknown } | undefined {
    if (this.#looked.has(digest)) return this.#looked.get(digest);
    const entry = parseEntry(this.#store.lookup(KIND, digest));
    const found =
      entry !== undefined && entry.reads.every(([read, hash]) => this.#hash(read) === hash)
        ? { value: entry.value }
        : undefined;
    this.#looked.set(digest, found);
    return found;
  }

  /** Keeps the entry `digest` in the pack (an operation taken whole from the cache used it). */
  keep(digest: string): void {
    this.#store.lookup(KIND, digest);
  }

  /** Starts recording what a draw reads. */
  startDraw(): void {
    this.#reads.clear();
    this.calls.clear();
    this.#untraceable = false;
  }

  /** Marks the draw under way as reading what is not known (a validator that cannot be traced). */
  untraced(): void {
    this.#untraceable = true;
  }

  /** Stores `value`, drawn since {@link startDraw}, as body `digest` (unless what it read is not known). */
  store(digest: string, value: unknown): void {
    if (this.#untraceable || !jsonSafe(value)) return;
    const reads = new Set(this.#reads);
    for (const name of this.calls) {
      if (name.startsWith("validate$h$") || name.startsWith("validate$ref$")) continue; // named by their schema
      const component = this.#componentOf.get(name);
      if (component === undefined || component === null) return;
      reads.add(`schema:${component}`);
    }
    this.#looked.delete(digest);
    const entry: BodyEntry = {
      reads: [...reads].sort().map((read) => [read, this.#hash(read)] as const),
      ...(value === undefined ? {} : { value }),
    };
    this.#store.store(KIND, digest, JSON.stringify(entry));
  }

  /** The hash of a schema read (`schema:<name>`, `ref:<ref>`, their views `deep:`, `deepref:`), `-` when absent. */
  #hash(read: string): string {
    let hash = this.#hashes.get(read);
    if (hash === undefined) {
      const colon = read.indexOf(":");
      const kind = read.slice(0, colon);
      const key = read.slice(colon + 1);
      const table: Readonly<Record<string, unknown>> =
        kind === "schema" || kind === "deep" ? this.#model.schemas : this.#model.refTargets;
      const view = (schema: unknown) =>
        kind === "deep" || kind === "deepref" ? deepView(schema, this.#requiredNames()) : schema;
      hash = Object.hasOwn(table, key) ? sha256(JSON.stringify(view(table[key])) ?? "") : "-";
      this.#hashes.set(read, hash);
    }
    return hash;
  }
}

/** Whether `value` comes back the same from its JSON text (finite numbers, no -0, no undefined). */
function jsonSafe(value: unknown): boolean {
  if (value === undefined) return true;
  const walk = (item: unknown): boolean => {
    if (item === null || typeof item === "string" || typeof item === "boolean") return true;
    if (typeof item === "number") return Number.isFinite(item) && !Object.is(item, -0);
    if (Array.isArray(item)) return item.every((element) => element !== undefined && walk(element));
    if (typeof item === "object" && Object.getPrototypeOf(item) === Object.prototype)
      return Object.entries(item).every(
        ([key, element]) => key !== "__proto__" && element !== undefined && walk(element),
      );
    return false;
  };
  return walk(value);
}

function parseEntry(text: string | undefined): BodyEntry | undefined {
  if (text === undefined) return undefined;
  try {
    const entry = JSON.parse(text) as BodyEntry;
    const ok =
      Array.isArray(entry.reads) &&
      entry.reads.every(
        (read) =>
          Array.isArray(read) &&
          read.length === 2 &&
          typeof read[0] === "string" &&
          typeof read[1] === "string",
      );
    return ok ? entry : undefined;
  } catch {
    return undefined;
  }
}
