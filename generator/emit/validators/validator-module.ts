/**
 * One validators module: named schemas compiled by Ajv into an ES module of standalone
 * validators that runs on any runtime (Node.js, Deno, Bun, workers, browsers), with names and an
 * order that do not depend on what else the module holds, so that adding an operation adds lines
 * and changes none of the others.
 *
 * Ajv's standalone code (`code: { source: true, esm: true }`) exports with `export`, but still
 * loads the helpers its validators call with `require(...)` (ajv-validator/ajv#2209, #2598), so
 * the helpers are named here, through Ajv's own options and scope, never by editing its output:
 * - formats: `code.formats` (Ajv's option for "the code that makes the map of formats") is
 *   `fullFormats`, imported by name from ajv-formats (a plain object export, which every runtime
 *   imports alike);
 * - helper functions (`ucs2length`, `equal`): each value of Ajv's `func` scope is given the code
 *   of its ES-module counterpart in the runtime (templates/server/core/validator-functions.ts),
 *   matched by the function itself; a helper without one stops generation (GeneratorError).
 *
 * Names. Ajv numbers what it names (`validate134`, `schema12`) in compilation order, so one new
 * operation renumbers everything after it. Here every module-level name comes from what it names,
 * given through Ajv's scope as Ajv creates it (the scope's `value` and `name`, on this Ajv instance
 * only): `validate$Pet` for the component schema `Pet`, `validate$ref$Pet` for an export that is
 * just `$ref: Pet`, `validate$h$<hash>` for any other exported schema (a hash of its JSON, so
 * identical schemas share one function under any set of exports), `schema$<function>[$n]` for the
 * schemas a function reads (numbered within that function), `format$<name>`,
 * `pattern$<hash>`, `wrapper$<function>`. Names inside a function are Ajv's own and depend only on
 * that function's schema.
 *
 * Order. The module is assembled here rather than by Ajv's `standaloneCode` (which writes in
 * first-use order): imports, shared values, then functions by name, each after the schemas it
 * owns, then the exports in the order given.
 */
import { createHash } from "node:crypto";
import { _, Ajv, Name } from "ajv";
import type { Options } from "ajv";
import addFormatsModule from "ajv-formats";
import { GeneratorError } from "../../errors.js";
import { pointerToken } from "../../schema/json-pointer.js";
import { componentGraph, componentOrder, type ComponentGraph } from "./component-order.js";
import {
  Ajv2020,
  AJV_FULL_FORMATS,
  AJV_HELPERS as HELPERS,
  hookScopeNaming,
  resolvedRef,
  ValueScopeName,
  type AnyValidateFunction,
  type NameValue,
  type SourceCode,
} from "../../internal/ajv.js";
import { sha256Hex } from "../../cache/text-hash.js";

/** Where the validators (generated/validators/*.js) import their helper functions from. */
export const VALIDATOR_FUNCTIONS_MODULE = "../runtime/server/core/validator-functions.js";
/** Where they import the formats from. */
export const FORMATS_MODULE = "ajv-formats/dist/formats.js";

export interface ValidatorModuleOptions {
  /** JSON Schema 2020-12 (OpenAPI 3.1) rather than draft-07. */
  readonly draft2020: boolean;
  /** Formats the spec uses that ajv-formats does not know: accepted as any string. */
  readonly unknownFormats: Iterable<string>;
  /** Extra Ajv options (`coerceTypes` for parameters and headers). */
  readonly ajv: Options;
  /**
   * Where an exported validator's schema comes from (`operation listPets (GET /pets), response
   * 200: #/paths/...`), for the warning when it cannot be compiled and its check is relaxed.
   */
  readonly origin?: (name: string) => string;
  /** Where those warnings go. */
  readonly warnings?: string[];
  /**
   * Whether the validators are wanted as functions of this process too (`functions` of what is
   * compiled; empty otherwise). A module wanted as text only is not evaluated: Ajv's
   * `new Function` of each function it compiles was about 0.5 s of Stripe's cold run, for
   * functions nothing called (see {@link ModuleNaming.compiled}).
   */
  readonly evaluate?: boolean;
}

/** The shared schema every validator `$ref`s into: `{ $id, components: { schemas } }`. */
export interface ApiSchema {
  readonly $id: string;
  readonly components: { readonly schemas: Readonly<Record<string, unknown>> };
}

/**
 * `code.optimize: false`: Ajv's optimisation passes (dropping unused names, folding constant
 * conditions) only make the code smaller, and on large specs they cost more than the rest of the
 * compilation (Stripe: generation 29 s → 21 s, peak memory 1.15 → 0.78 GB, validators 10% larger).
 */
export function compileValidatorModule(
  schemas: ReadonlyMap<string, unknown>,
  apiSchema: ApiSchema,
  options: ValidatorModuleOptions,
): string {
  const { slices } = compileValidatorSlices(schemas, apiSchema, options, [[...schemas.keys()]]);
  return printSlices(slices);
}

/** A compiled module: its code, and the validators it exports as functions of this process (by export name). */
export interface CompiledValidators {
  readonly code: string;
  readonly functions: ReadonlyMap<string, (value: unknown) => boolean>;
}

/**
 * What a set of exports needs of a module, as text: the functions they reach (by name, each with
 * the lines after its schemas), the module-level values those read (by name, with the function
 * that owns each, if one does), the helpers imported, and the exports. A module is the union of
 * its parts' slices ({@link printSlices}); a function's text depends only on its schema and the
 * components it reaches (see {@link precompileComponents}), so slices made in different runs
 * agree on what they share.
 */
export interface ModuleSlice {
  readonly functions: Readonly<Record<string, string>>;
  readonly values: Readonly<Record<string, readonly [owner: string | null, line: string]>>;
  readonly helpers: readonly string[];
  readonly formats: boolean;
  readonly exports: readonly (readonly [name: string, validator: string])[];
}

/** Slices of a module compiled at once (one per part), with the validators as functions (when `evaluate`) and the warnings of relaxed exports by name. */
export interface CompiledSlices {
  readonly slices: readonly ModuleSlice[];
  readonly functions: ReadonlyMap<string, (value: unknown) => boolean>;
  readonly relaxed: ReadonlyMap<string, string>;
}

/** {@link compileValidatorModule}, with the validators themselves (the mocks check their data with them). */
export function compileValidators(
  schemas: ReadonlyMap<string, unknown>,
  apiSchema: ApiSchema,
  options: ValidatorModuleOptions,
): CompiledValidators {
  const { slices, functions } = compileValidatorSlices(
    schemas,
    apiSchema,
    { ...options, evaluate: true },
    [[...schemas.keys()]],
  );
  return { code: printSlices(slices), functions };
}

/**
 * The module of `schemas` as one slice per part (`parts`: export names, each once, in module
 * order): what each part's exports need. Exports whose schemas Ajv refuses accept any value,
 * each with a warning (in `options.warnings` and in `relaxed`).
 */
export function compileValidatorSlices(
  schemas: ReadonlyMap<string, unknown>,
  apiSchema: ApiSchema,
  options: ValidatorModuleOptions,
  parts: readonly (readonly string[])[],
): CompiledSlices {
  const relaxedWarnings = new Map<string, string>();
  if (schemas.size === 0)
    return { slices: parts.map(() => EMPTY_SLICE), functions: new Map(), relaxed: relaxedWarnings };
  let current = schemas;
  for (;;) {
    try {
      const compiled = compileNamed(current, apiSchema, options);
      return {
        slices: parts.map((names) => compiled.slice(names)),
        functions: compiled.functions,
        relaxed: relaxedWarnings,
      };
    } catch (error) {
      if (!(error instanceof UncompilableSchemas)) throw error;
      current = relaxed(current, error, options, relaxedWarnings);
    }
  }
}

const EMPTY_SLICE: ModuleSlice = {
  functions: {},
  values: {},
  helpers: [],
  formats: false,
  exports: [],
};

/**
 * One odd schema never fails a whole run: the exports whose schemas Ajv refused accept any value
 * (`{}`), each reported with where its schema comes from, and the module is compiled again (from
 * scratch, so that names and order are those of a clean run).
 */
function relaxed(
  schemas: ReadonlyMap<string, unknown>,
  failure: UncompilableSchemas,
  options: ValidatorModuleOptions,
  warnings: Map<string, string>,
): ReadonlyMap<string, unknown> {
  const next = new Map(schemas);
  for (const [name, message] of failure.failed) {
    const schema = schemas.get(name);
    if (schema !== null && typeof schema === "object" && Object.keys(schema).length === 0)
      throw failure.error; // already relaxed: nothing left to relax
    next.set(name, {});
    const warning = `${options.origin?.(name) ?? name}: the schema could not be compiled into a validator (${message}): this check accepts any value`;
    options.warnings?.push(warning);
    warnings.set(name, warning);
  }
  return next;
}

/** The exports (by name, with Ajv's message) whose schemas could not be compiled. */
class UncompilableSchemas extends Error {
  constructor(
    readonly failed: ReadonlyMap<string, string>,
    readonly error: GeneratorError,
  ) {
    super(error.message);
  }
}

/** A compiled module: its validators as functions, and the slice of any of its exports. */
interface CompiledModule {
  readonly functions: ReadonlyMap<string, (value: unknown) => boolean>;
  slice(names: readonly string[]): ModuleSlice;
}

function compileNamed(
  schemas: ReadonlyMap<string, unknown>,
  apiSchema: ApiSchema,
  options: ValidatorModuleOptions,
): CompiledModule {
  const shared = new ModuleNaming(apiSchema, false);
  try {
    return compileModule(schemas, apiSchema, options, shared);
  } catch (error) {
    // Ajv refuses code that declares one name twice: two copies of one component, sharing their
    // name, called from one validator (see ModuleNaming). Then every copy gets a name of its own.
    const clash =
      shared.sharedCopies > 0 &&
      error instanceof GeneratorError &&
      error.cause instanceof SyntaxError;
    if (!clash) throw error;
    return compileModule(schemas, apiSchema, options, new ModuleNaming(apiSchema, true));
  }
}

/** An Ajv instance for a module of `apiSchema`, its values named by `naming`. */
function moduleAjv(
  apiSchema: ApiSchema,
  options: ValidatorModuleOptions,
  naming: ModuleNaming,
): Ajv {
  const ajvOptions: Options = {
    strict: false,
    allErrors: false,
    validateSchema: false,
    unicodeRegExp: false,
    inlineRefs: false,
    // A schema that does not compile is reported as a GeneratorError, not with Ajv's dump of the code.
    logger: false,
    ...options.ajv,
    code: {
      source: true,
      esm: true,
      lines: true,
      optimize: false,
      formats: _`fullFormats`,
      ...options.ajv.code,
      process: options.evaluate === true ? naming.compiled : naming.compiledUnevaluated,
    },
  };
  const ajv = options.draft2020 ? new Ajv2020(ajvOptions) : new Ajv(ajvOptions);
  // Ajv2020 turns the tracking of evaluated properties on whatever it is given: honour `false`
  if (options.ajv.unevaluated === false)
    (ajv.opts as { unevaluated?: boolean }).unevaluated = false;
  addFormatsModule.default(ajv);
  for (const format of [...options.unknownFormats].sort()) {
    if (!ajv.formats[format]) ajv.addFormat(format, true);
  }
  ajv.addSchema(apiSchema);
  naming.attach(ajv);
  return ajv;
}

/** The module of `schemas` compiled whole, named by `naming`. */
function compileModule(
  schemas: ReadonlyMap<string, unknown>,
  apiSchema: ApiSchema,
  options: ValidatorModuleOptions,
  naming: ModuleNaming,
): CompiledModule {
  const ajv = moduleAjv(apiSchema, options, naming);
  precompileComponents(ajv, apiSchema, [...schemas.values()], naming);

  // One function per distinct schema (the `Error` body of every 4xx/5xx, say), exported under
  // each name that has it.
  const groups = new Map<string, { readonly id: string; readonly schema: object }>();
  const exportOf = new Map<string, string>();
  for (const [name, schema] of schemas) {
    const wrapped = wrap(schema);
    const key = JSON.stringify(wrapped);
    let group = groups.get(key);
    if (group === undefined) {
      group = { id: `export$${groups.size}`, schema: wrapped };
      groups.set(key, group);
      naming.exported(wrapped, key);
      ajv.addSchema(wrapped, group.id);
    }
    exportOf.set(name, group.id);
  }
  try {
    const functionOf = new Map<string, AnyValidateFunction>();
    const failedGroups = new Map<string, string>();
    let firstFailure: unknown;
    for (const group of groups.values()) {
      let validate: AnyValidateFunction | undefined;
      try {
        validate = ajv.getSchema(group.id);
      } catch (error) {
        // a duplicate declaration (see ModuleNaming) is retried by the caller, not relaxed
        const clash = error instanceof SyntaxError && naming.sharedCopies > 0;
        if (error instanceof GeneratorError || (clash && !naming.uniqueCopies)) throw error;
        firstFailure ??= error;
        failedGroups.set(group.id, error instanceof Error ? error.message : String(error));
        naming.abandon();
        continue;
      }
      if (validate === undefined) throw new Error(`no validator compiled for ${group.id}`);
      functionOf.set(group.id, validate);
    }
    if (failedGroups.size > 0) {
      const failed = new Map<string, string>();
      for (const [name, id] of exportOf) {
        const message = failedGroups.get(id);
        if (message !== undefined) failed.set(name, message);
      }
      throw new UncompilableSchemas(failed, uncompilable(firstFailure));
    }
    const exports = [...exportOf].map(
      ([name, id]) => [name, functionOf.get(id) as AnyValidateFunction] as const,
    );
    const functions = new Map(
      options.evaluate !== true
        ? []
        : exports.map(
            ([name, validate]) => [name, (value: unknown) => validate(value) === true] as const,
          ),
    );
    const byName = new Map(exports);
    const units = new FunctionUnits(naming);
    return {
      functions,
      slice: (names) =>
        slice(
          units,
          names.map((name) => [name, byName.get(name) as AnyValidateFunction] as const),
        ),
    };
  } catch (error) {
    if (error instanceof GeneratorError || error instanceof UncompilableSchemas) throw error;
    throw uncompilable(error);
  }
}

/**
 * One compiled function as text, with the names of the functions it calls (in the order Ajv
 * lists them, repeats included) and the module-level values it reads: a validators module is the
 * functions its exports reach (validator-parts.ts caches them one cycle of components at a time).
 *
 * `copy`: Ajv compiles a member of a cycle twice when the cycle has more members. Compiling the
 * cycle's first member compiles the others inside it, in the cache of `$ref`s of the document
 * they belong to (copy `a`, the one every component calls), and asking for a member by its
 * `$ref` compiles it again into Ajv's own cache (copy `b`, the one the exports call), by then
 * calling its cycle's members directly rather than through `wrapper$...` objects. Both copies
 * have one name; a module keeps the one its exports reach first (see `slice`). A function
 * compiled once is both (`ab`); an export's function is `export`.
 */
export interface FunctionText {
  readonly name: string;
  readonly copy: "a" | "b" | "ab" | "export";
  /** The schemas it owns, then its code. */
  readonly text: string;
  readonly calls: readonly string[];
  /** Module-level values it reads and does not own: [name, owner (always null: see below), definition]. */
  readonly shared: readonly (readonly [name: string, owner: string | null, line: string])[];
  readonly helpers: readonly string[];
  readonly formats: boolean;
}

/** The name of component `name`'s function in a validators module (two components may share one: see {@link ModuleNaming}). */
export const componentFunctionName = (name: string): string => `validate$${identifierPart(name)}`;

/** Functions compiled on their own ({@link compileFunctionTexts}). */
export interface FunctionTexts {
  /**
   * By `$ref`, each component asked for: its function, or its two copies; none for an alias (a
   * schema that is only a `$ref`, which Ajv compiles as its target: `aliases` gives the name).
   */
  readonly components: ReadonlyMap<string, readonly FunctionText[]>;
  /** The components that are aliases, by `$ref`, with the name of the function they compile to. */
  readonly aliases: ReadonlyMap<string, string>;
  /** By export name, the function each export is. */
  readonly exports: ReadonlyMap<string, FunctionText>;
}

/**
 * The functions of the components `components` (`$ref`s as the exports write them) and of the
 * exports `schemas` (by export name) as a module compiles them (components sinks first, each
 * cycle entered at its first member: component-order.ts), against `apiSchema`, whose other
 * components may be stand-ins (`{}`): a function's text names the functions it calls and reads
 * of them only whether they are compiled yet (and, where Ajv tracks evaluated properties, what
 * they evaluate: the caller gives no stand-ins then). Throws when a schema does not compile, or
 * when a function reads a value another function owns (its text would depend on the order of
 * compilation): the caller compiles the module whole instead.
 */
export function compileFunctionTexts(
  schemas: ReadonlyMap<string, unknown>,
  apiSchema: ApiSchema,
  options: ValidatorModuleOptions,
  components: readonly (readonly [ref: string, name: string])[],
): FunctionTexts {
  const naming = new ModuleNaming(apiSchema, false);
  const ajv = moduleAjv(apiSchema, options, naming);
  const roots = [...schemas.values(), ...components.map(([$ref]) => ({ $ref }))];
  precompileComponents(ajv, apiSchema, roots, naming, true);
  const compiled = (id: string): AnyValidateFunction => {
    const validate = ajv.getSchema(id);
    if (validate === undefined) throw new Error(`no validator compiled for ${id}`);
    return validate;
  };
  const units = new FunctionUnits(naming);
  const text = (validate: AnyValidateFunction, copy: FunctionText["copy"]): FunctionText => {
    const unit = units.of(validate);
    const shared = [...unit.shared].map(([name, [owner, line]]) => [name, owner, line] as const);
    if (shared.some(([, owner]) => owner !== null))
      throw new Error(`${unit.name} reads a value another function owns`);
    const calls = unit.calls.map((call) => units.of(call).name);
    const { name, helpers, formats } = unit;
    return { name, copy, text: unit.text, calls, shared, helpers, formats };
  };
  // each component's copies: its function in Ajv's cache, and any other its cycle calls
  const aliases = new Map<string, string>();
  const own = components.flatMap(([ref, name]) => {
    const validate = compiled(ref);
    const compiledAs = units.of(validate).name;
    if (compiledAs === name) return [[ref, validate] as const];
    aliases.set(ref, compiledAs);
    return [];
  });
  const copies = new Map(own.map(([, validate]) => [units.of(validate).name, new Set([validate])]));
  const pending = own.map(([, validate]) => validate);
  const seen = new Set(pending);
  for (let validate = pending.pop(); validate !== undefined; validate = pending.pop())
    for (const call of units.of(validate).calls) {
      const known = copies.get(units.of(call).name);
      if (known === undefined || seen.has(call)) continue;
      seen.add(call);
      known.add(call);
      pending.push(call);
    }
  const componentTexts = new Map<string, readonly FunctionText[]>(
    own.map(([ref, validate]) => {
      const found = [...(copies.get(units.of(validate).name) ?? [])];
      if (found.length > 2)
        throw new Error(`${units.of(validate).name} was compiled more than twice`);
      const other = found.find((copy) => copy !== validate);
      const texts =
        other === undefined ? [text(validate, "ab")] : [text(validate, "b"), text(other, "a")];
      return [ref, texts] as const;
    }),
  );
  const groups = new Map<string, AnyValidateFunction>();
  const exportTexts = new Map<string, FunctionText>();
  for (const [name, schema] of schemas) {
    const wrapped = wrap(schema);
    const key = JSON.stringify(wrapped);
    let validate = groups.get(key);
    if (validate === undefined) {
      const id = `export$${groups.size}`;
      naming.exported(wrapped, key);
      ajv.addSchema(wrapped, id);
      groups.set(key, (validate = compiled(id)));
    }
    exportTexts.set(name, text(validate, "export"));
  }
  for (const ref of aliases.keys()) componentTexts.set(ref, []);
  return { components: componentTexts, aliases, exports: exportTexts };
}

const graphs = new WeakMap<ApiSchema, ComponentGraph>();

/**
 * Compiles the components `roots` reach in {@link componentOrder}'s order, so that each
 * function's code is the same whatever else the module holds (component-order.ts). A component
 * that does not compile is left to the export that reaches it (which is then relaxed).
 */
function precompileComponents(
  ajv: Ajv,
  apiSchema: ApiSchema,
  roots: readonly unknown[],
  naming: ModuleNaming,
  strict = false,
): void {
  let graph = graphs.get(apiSchema);
  if (graph === undefined) {
    const normalized = new Map<string, string>();
    const normalize = (ref: string): string => {
      let known = normalized.get(ref);
      if (known === undefined) normalized.set(ref, (known = resolvedRef(ajv, apiSchema.$id, ref)));
      return known;
    };
    graph = componentGraph(apiSchema.$id, apiSchema.components.schemas, normalize);
    graphs.set(apiSchema, graph);
  }
  for (const cycle of componentOrder(graph, roots))
    for (const ref of cycle) {
      try {
        ajv.getSchema(ref);
      } catch (error) {
        if (error instanceof GeneratorError || strict) throw error;
        naming.abandon();
      }
    }
}

function uncompilable(error: unknown): GeneratorError {
  return new GeneratorError(
    "invalidSpec",
    `A schema could not be compiled into a validator: ${error instanceof Error ? error.message : String(error)}`,
    {
      hint: "Check the schema's keywords (an invalid `pattern` regular expression is the usual cause).",
      cause: error,
    },
  );
}

/** `a-b` → `a_x2d_b`: the characters of a name that cannot be in an identifier, escaped (`$` too). */
function identifierPart(text: string): string {
  return text.replace(/[^A-Za-z0-9_]/gu, (char) => `_x${char.codePointAt(0)?.toString(16)}_`);
}

function shortHash(text: string): string {
  return sha256Hex(text).slice(0, 12);
}

/** What Ajv evaluates in place of a function's code when only its text is wanted. */
const NOT_EVALUATED =
  'return function notEvaluated() { throw new Error("this validator was compiled as text only"); }';

const COMPONENT_REF = /^api#\/components\/schemas\/([^/]+)$/u;

/**
 * Names every module-level value from what it is, as Ajv creates it, and remembers which function
 * each schema constant belongs to.
 */
class ModuleNaming {
  /** Given names → the value each was given to (a clash gets `$2`, `$3`…). */
  readonly #taken = new Map<string, unknown>();
  readonly #components = new Map<unknown, string>();
  readonly #exported = new Map<unknown, string>();
  /**
   * Functions being compiled (Ajv compiles a `$ref`'s target inside its referrer), each with the
   * values its code reads by name and the first name given to two of them (its code, which
   * declares each value it reads, would then declare that name twice).
   */
  readonly #compiling: {
    name: string;
    values: number;
    reads?: Map<string, ValueScopeName>;
    twice?: string;
  }[] = [];
  #pending: ValueScopeName | undefined;
  /** Schemas a function was named after, and how many later copies shared such a name. */
  readonly #named = new Set<unknown>();
  sharedCopies = 0;
  /** Schema constants → the function that owns them. */
  readonly ownerOf = new Map<ValueScopeName, string>();
  /** Helper functions imported from the runtime. */
  readonly helpers = new Set<string>();

  constructor(
    apiSchema: ApiSchema,
    readonly uniqueCopies: boolean,
  ) {
    for (const [name, schema] of Object.entries(apiSchema.components.schemas)) {
      if (schema !== null && typeof schema === "object") this.#components.set(schema, name);
    }
  }

  /** An exported schema, with its JSON (for its name). */
  exported(schema: object, json: string): void {
    this.#exported.set(schema, json);
  }

  /** Takes over the naming of `ajv`'s module-level values. */
  attach(ajv: Ajv): void {
    hookScopeNaming(
      ajv,
      (prefix) => {
        if (prefix !== "validate" || this.#pending !== undefined)
          throw new Error(`unexpected scope name "${prefix}"`);
        this.#pending = new ValueScopeName(prefix, "validate$pending");
        return this.#pending;
      },
      (prefix, value, scope) => {
        // A function's own schema comes first: it names the function (created just before).
        if (prefix === "schema" && this.#pending !== undefined)
          this.#nameFunction(this.#pending, value.ref);
        const known = scope.known(prefix, value.key ?? value.ref);
        if (known !== undefined) return this.#read(known);
        const name = new ValueScopeName(prefix, this.#nameOf(prefix, value));
        if (prefix === "schema") this.ownerOf.set(name, this.#current().name);
        if (prefix === "func" && HELPERS.has(value.ref))
          value = { ...value, code: new Name(name.str) };
        return this.#read(scope.register(name, value));
      },
    );
  }

  /** Forgets the functions a failed compilation left open. */
  abandon(): void {
    this.#compiling.length = 0;
    this.#pending = undefined;
  }

  /** `code.process`: called when a function's code is complete (Ajv then evaluates it). */
  readonly compiled = (code: string): string => {
    this.#compiling.pop();
    return code;
  };

  /**
   * `code.process` of a module wanted as text only: Ajv evaluates a function that throws instead
   * of the code (its text is kept as the source, and not read here: Ajv's code is a concatenation
   * that reading would copy whole, 0.1 s on Stripe). What evaluating found, a name declared twice
   * (two copies of a component read by one function: see {@link uniqueCopies}), is known from the
   * values the function read ({@link #read}), and gives the same SyntaxError.
   */
  readonly compiledUnevaluated = (): string => {
    const twice = this.#compiling.pop()?.twice;
    if (twice !== undefined)
      throw new SyntaxError(`Identifier '${twice}' has already been declared`);
    return NOT_EVALUATED;
  };

  /** `name`, read by the function being compiled (Ajv's code declares each value its function reads). */
  #read(name: ValueScopeName): ValueScopeName {
    const current = this.#compiling[this.#compiling.length - 1];
    if (current !== undefined) {
      const reads = (current.reads ??= new Map());
      const read = reads.get(name.str);
      if (read === undefined) reads.set(name.str, name);
      else if (read !== name) current.twice ??= name.str;
    }
    return name;
  }

  #current(): { name: string; values: number } {
    const current = this.#compiling[this.#compiling.length - 1];
    if (current === undefined) throw new Error("a schema value outside any function");
    return current;
  }

  #unique(base: string, key: unknown): string {
    let name = base;
    for (let n = 2; this.#taken.has(name) && this.#taken.get(name) !== key; n++)
      name = `${base}$${n}`;
    this.#taken.set(name, key);
    return name;
  }

  /** Names the function being compiled after its schema; its schema constants follow that name. */
  #nameFunction(pending: ValueScopeName, schema: unknown): void {
    // Keyed by the schema: Ajv compiles a component once per `$ref` cache (the referrer's root), and
    // the copies, identical, share the name (the module keeps one). Unless one validator calls two
    // copies (a ref to `Offset` beside a ref to a path pointer that leads to it): then, with
    // `uniqueCopies`, each copy has a name of its own (`validate$Offset$copy2`).
    const base = this.#functionName(schema);
    let name: string;
    if (this.uniqueCopies) {
      name = base;
      for (let n = 2; this.#taken.has(name); n++) name = `${base}$copy${n}`;
      this.#taken.set(name, pending);
    } else {
      name = this.#unique(base, schema);
      if (this.#named.has(schema)) this.sharedCopies++;
      this.#named.add(schema);
    }
    (pending as { str: string }).str = name;
    this.#pending = undefined;
    this.#compiling.push({ name, values: -1 });
  }

  #nameOf(prefix: string, value: NameValue): string {
    const key = value.key ?? value.ref;
    switch (prefix) {
      case "schema": {
        const owner = this.#current();
        const number = ++owner.values;
        return this.#unique(
          `schema$${owner.name.slice("validate$".length)}${number === 0 ? "" : `$${number}`}`,
          key,
        );
      }
      case "func": {
        const helper = HELPERS.get(value.ref);
        if (helper !== undefined) {
          this.helpers.add(helper);
          return helper;
        }
        if (value.ref === Object.prototype.hasOwnProperty) return "func$hasOwnProperty";
        throw new GeneratorError(
          "unsupportedSpec",
          `A validator needs Ajv's helper ${String(value.code)}, which has no ES-module counterpart in the runtime`,
          {
            hint: "Add it to templates/server/core/validator-functions.ts and to AJV_HELPERS in generator/internal/ajv.ts.",
          },
        );
      }
      case "formats":
        return this.#unique(`format$${identifierPart(String(key))}`, key);
      case "pattern":
        return this.#unique(`pattern$${shortHash(String(key))}`, key);
      case "wrapper":
      case "root": {
        const target =
          (value.ref as { validateName?: { str: string } }).validateName?.str ?? "validate$unknown";
        return this.#unique(`${prefix}$${target.slice("validate$".length)}`, key);
      }
      case "Error":
        throw new GeneratorError(
          "unsupportedSpec",
          "Asynchronous schemas (`$async`) cannot be compiled into validators",
        );
      default: {
        const owner = this.#current();
        return this.#unique(
          `${prefix}$${owner.name.slice("validate$".length)}$${++owner.values}`,
          key,
        );
      }
    }
  }

  #functionName(schema: unknown): string {
    const component = this.#components.get(schema);
    if (component !== undefined) return `validate$${identifierPart(component)}`;
    const record = schema as Record<string, unknown> | null;
    const ref =
      typeof record?.$ref === "string" && Object.keys(record).length === 1
        ? COMPONENT_REF.exec(record.$ref)
        : null;
    if (ref !== null && this.#exported.has(schema))
      return `validate$ref$${identifierPart(pointerToken(ref[1] as string))}`;
    return `validate$h$${shortHash(this.#exported.get(schema) ?? JSON.stringify(schema))}`;
  }
}

/** One compiled function as the module prints it, with what it reads of the rest of the module. */
interface FunctionUnit {
  readonly name: string;
  /** The schemas it owns (by name), then its code. */
  readonly text: string;
  readonly calls: readonly AnyValidateFunction[];
  /** Module-level values it reads that it does not own: name → [owner, definition]. */
  readonly shared: ReadonlyMap<string, readonly [string | null, string]>;
  readonly helpers: readonly string[];
  readonly formats: boolean;
}

/** Each compiled function's unit, made once per compilation (a module's parts share most of them). */
class FunctionUnits {
  readonly #units = new Map<SourceCode, FunctionUnit>();

  constructor(private readonly naming: ModuleNaming) {}

  of(validate: AnyValidateFunction | undefined): FunctionUnit {
    const source = validate?.source;
    if (source === undefined) throw new Error("a validator was compiled without its source");
    let unit = this.#units.get(source);
    if (unit === undefined) this.#units.set(source, (unit = this.#make(source)));
    return unit;
  }

  #make(source: SourceCode): FunctionUnit {
    const name = source.validateName.str;
    const calls: AnyValidateFunction[] = [];
    const owned: ValueScopeName[] = [];
    const shared = new Map<string, readonly [string | null, string]>();
    const helpers: string[] = [];
    let formats = false;
    for (const [prefix, names] of Object.entries(source.scopeValues)) {
      for (const value of names ?? []) {
        if (prefix === "validate") {
          calls.push(value.value?.ref as AnyValidateFunction);
          continue;
        }
        if (prefix === "wrapper" || prefix === "root")
          calls.push((value.value?.ref as { validate: AnyValidateFunction }).validate);
        if (value.prefix === "formats" && !(value.value?.ref instanceof RegExp)) formats = true;
        const owner = this.naming.ownerOf.get(value) ?? null;
        if (value.prefix === "func" && this.naming.helpers.has(value.str))
          helpers.push(value.str); // imported
        else if (owner === name) owned.push(value);
        else shared.set(value.str, [owner, definition(value)]);
      }
    }
    const byName = (a: ValueScopeName, b: ValueScopeName): number =>
      a.str < b.str ? -1 : a.str > b.str ? 1 : 0;
    const lines = [...owned.sort(byName).map(definition), source.validateCode.trimEnd()];
    if (source.evaluated !== undefined)
      lines.push(`${name}.evaluated = ${source.evaluated.toString()};`);
    return { name, text: lines.join("\n"), calls, shared, helpers, formats };
  }
}

/** What a slice reads of one function: see {@link sliceOf}. */
export interface SliceUnit<T> {
  readonly name: string;
  readonly text: string;
  /** The functions it calls, in Ajv's order. */
  readonly calls: readonly T[];
  readonly shared: Iterable<readonly [name: string, value: readonly [string | null, string]]>;
  readonly helpers: readonly string[];
  readonly formats: boolean;
}

/**
 * What `exports` need of a module: the functions they reach (walked depth first, the first
 * function of a name kept) and the values those read; undefined when `unitOf` knows a function not.
 */
export function sliceOf<T>(
  exports: readonly (readonly [string, T])[],
  unitOf: (node: T) => SliceUnit<T> | undefined,
): ModuleSlice | undefined {
  const functions: Record<string, string> = {};
  const values: Record<string, readonly [string | null, string]> = {};
  const helpers = new Set<string>();
  let formats = false;
  const names: string[] = [];
  const pending = exports.map(([, node]) => node);
  while (pending.length > 0) {
    const unit = unitOf(pending.pop() as T);
    if (unit === undefined) return undefined;
    if (Object.hasOwn(functions, unit.name)) continue;
    functions[unit.name] = unit.text;
    pending.push(...unit.calls);
    for (const [name, value] of unit.shared) values[name] = value;
    unit.helpers.forEach((helper) => helpers.add(helper));
    formats ||= unit.formats;
  }
  for (const [, node] of exports) names.push((unitOf(node) as SliceUnit<T>).name);
  return {
    functions,
    values,
    helpers: [...helpers],
    formats,
    exports: exports.map(([name], index) => [name, names[index] as string]),
  };
}

/** What `exports` need of the module compiled here. */
function slice(
  units: FunctionUnits,
  exports: readonly (readonly [string, AnyValidateFunction])[],
): ModuleSlice {
  return sliceOf(exports, (validate) => units.of(validate)) as ModuleSlice;
}

/**
 * The module's text from its parts' slices: imports, shared values, functions by name (each after
 * the schemas it owns), then the exports in the slices' order.
 */
export function printSlices(slices: readonly ModuleSlice[]): string {
  return printModule(slices, false);
}

/**
 * The validators of `slices` as functions of this process, from their code (as Ajv turns the code
 * it compiles into functions: `new Function`), its imports bound to what Ajv itself calls (the
 * formats of ajv-formats, Ajv's helper functions): the checks a module compiled by Ajv makes,
 * without compiling again what the cache holds.
 */
export function evaluateSlices(
  slices: readonly ModuleSlice[],
  calls?: Set<string>,
): ReadonlyMap<string, (value: unknown) => boolean> {
  return evaluateBody(printModule(slices, true, calls !== undefined), calls);
}

/**
 * The validators of a whole module as {@link printSlices} printed it, as functions of this
 * process: {@link evaluateSlices} of all its slices, from the code already printed (its imports
 * left out, its exports returned) rather than printed again (on Stripe's 11 MB bodies, printing
 * and walking the slices again took about 0.17 s).
 */
export function evaluateModule(code: string): ReadonlyMap<string, (value: unknown) => boolean> {
  let start = 0;
  while (code.startsWith("import ", start)) start = code.indexOf("\n", start) + 1;
  // the exports follow the last blank line (no function's code has one: Ajv prints none)
  const exportsAt = code.lastIndexOf("\n\n") + 2;
  if (!code.startsWith(EXPORT, exportsAt)) return new Map(); // `export {};`: none
  const returned = code
    .slice(exportsAt)
    .split("\n")
    .filter((line) => line !== "")
    .map((line) => {
      if (!line.startsWith(EXPORT)) throw new Error(`not a validator export: ${line}`);
      const [name, validator] = line.slice(EXPORT.length, -";".length).split(" = ");
      return `${name}: ${validator},`;
    });
  const body = code.slice(start, exportsAt);
  return evaluateBody(`${body}return {\n${returned.join("\n")}\n};`);
}

const EXPORT = "export const ";

/** The functions a module's code as a function body (`return { name: validator, … }`) returns. */
function evaluateBody(
  body: string,
  calls?: Set<string>,
): ReadonlyMap<string, (value: unknown) => boolean> {
  const helpers = [...HELPERS].map(([helper, name]) => [name, helper] as const);
  const made = new Function("fullFormats", ...helpers.map(([name]) => name), CALLS, body) as (
    ...imports: unknown[]
  ) => Record<string, (value: unknown) => unknown>;
  const validators = made(AJV_FULL_FORMATS, ...helpers.map(([, helper]) => helper), calls);
  return new Map(
    Object.entries(validators).map(([name, validate]) => [
      name,
      (value: unknown) => validate(value) === true,
    ]),
  );
}

/** The parameter through which traced functions report that they ran (no Ajv name has this form). */
const CALLS = "calls$traced";
/** A function's first line as Ajv prints it: `function <name>(<parameters>){`. */
const FUNCTION_HEAD = /^function (validate\$[\w$]+)\((.*)\)\{$/u;

/**
 * `text` (a function's, with any schemas it owns) with each of its functions adding its name to
 * {@link CALLS} when it runs: which functions validating a value ran (the mocks key their data by
 * the schemas of those, emit/mocks/mock-data.ts). Only the lines that start a function are read
 * (one pass of an expression over Stripe's 11 MB of validators cost 65 ms). Throws when a
 * function is not in Ajv's one-line head form (nothing would record it).
 */
function withCallTrace(text: string): string {
  const heads: number[] = text.startsWith("function ") ? [0] : [];
  for (let at = text.indexOf("\nfunction "); at >= 0; at = text.indexOf("\nfunction ", at + 1))
    heads.push(at + 1);
  const pieces: string[] = [];
  let from = 0;
  for (const start of heads) {
    const end = text.indexOf("\n", start);
    const line = text.slice(start, end < 0 ? text.length : end);
    const [, name, parameters] = FUNCTION_HEAD.exec(line) ?? [];
    if (name === undefined) throw new Error("a validator function head is not in Ajv's form");
    pieces.push(
      text.slice(from, start),
      `function ${name}(${parameters ?? ""}){${CALLS}.add(${JSON.stringify(name)});`,
    );
    from = start + line.length;
  }
  pieces.push(text.slice(from));
  return pieces.join("");
}

/**
 * The module's text, or with `body` a function body that returns its exports (imports given as
 * parameters), its functions `traced` or not (see {@link withCallTrace}).
 */
function printModule(slices: readonly ModuleSlice[], body: boolean, traced = false): string {
  if (slices.every((part) => part.exports.length === 0))
    return body ? "return {};" : "export {};\n";
  const functions = new Map<string, string>();
  const values = new Map<string, readonly [string | null, string]>();
  const helpers = new Set<string>();
  for (const part of slices) {
    for (const [name, text] of Object.entries(part.functions))
      if (!functions.has(name)) functions.set(name, text);
    for (const [name, value] of Object.entries(part.values))
      if (!values.has(name)) values.set(name, value);
    part.helpers.forEach((helper) => helpers.add(helper));
  }
  const lines: string[] = [];
  if (slices.some((part) => part.formats) && !body)
    lines.push(`import { fullFormats } from ${JSON.stringify(FORMATS_MODULE)};`);
  for (const helper of body ? [] : [...helpers].sort())
    lines.push(`import { ${helper} } from ${JSON.stringify(VALIDATOR_FUNCTIONS_MODULE)};`);
  lines.push("");
  const byName = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);
  for (const name of [...values.keys()].sort(byName)) {
    const [owner, line] = values.get(name) as readonly [string | null, string];
    // a function's own schemas are in its text
    if (owner === null || !functions.has(owner)) lines.push(line);
  }
  for (const name of [...functions.keys()].sort(byName)) {
    lines.push("");
    const text = functions.get(name) as string;
    lines.push(traced ? withCallTrace(text) : text);
  }
  lines.push("");
  if (body) lines.push("return {");
  for (const part of slices)
    for (const [name, validator] of part.exports)
      lines.push(body ? `${name}: ${validator},` : `export const ${name} = ${validator};`);
  if (body) lines.push("};");
  // the last newline joined in, not appended: `join` makes one flat string, and appending to it
  // made a concatenation that the first read copied whole into fresh memory (on Stripe's 11 MB
  // validators/bodies.js, 97 ms when its cache entry was checksummed)
  lines.push("");
  return lines.join("\n");
}

function definition(value: ValueScopeName): string {
  const code = value.value?.code;
  if (code !== undefined) return `const ${value.str} = ${code.toString()};`;
  const target = (value.value?.ref as { validateName?: { str: string } } | undefined)?.validateName
    ?.str;
  if ((value.prefix === "wrapper" || value.prefix === "root") && target !== undefined)
    return `const ${value.str} = { validate: ${target} };`;
  throw new Error(`no code for the validators' value ${value.str}`);
}

function wrap(schema: unknown): object {
  return typeof schema === "boolean" ? (schema ? {} : { not: {} }) : (schema as object);
}
