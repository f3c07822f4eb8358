/**
 * A validators module made from cache entries of its functions. A module is the functions its
 * exports reach (validator-module.ts), and a function's text depends only on its own schema and
 * on which functions it calls, by name. So the entries are:
 * - one per component, its function, keyed by its `$ref`, its converted JSON Schema and the
 *   module's options. Each is compiled with every other component a stand-in (`{}`, named as the
 *   component: see `compileApart`), so it calls the others directly, itself through a wrapper,
 *   and an edit of `account`, which every one of Stripe's operations reaches, compiles `account`
 *   alone: neither its callers (their text names `validate$account`) nor the 64 other members
 *   of its cycle (425 ms of Ajv against 5 ms);
 * - where Ajv tracks evaluated properties (OpenAPI 3.1 bodies), a caller's code also reads what
 *   its callees evaluate: then one per cycle of components (strongly connected component of the
 *   `$ref` graph, a lone component included), compiled against the real components (sinks
 *   first, each cycle entered at its first member: component-order.ts), keyed by its members and
 *   the cycles it reaches (a Merkle hash over the graph);
 * - one per distinct export schema: its function, keyed the same way.
 *
 * A run without a cache makes the module the same way from no entries, so that both write the
 * same code. The module is printed from the functions its exports reach through their calls.
 *
 * The module as printed is kept too, keyed by all its entries' keys (see {@link ModuleStore}).
 *
 * Where a function's text could depend on more than that, the module is compiled whole, with or
 * without a cache: a `$ref` that names no component as written (the graph cannot follow it), two
 * components whose function names clash, a boolean component schema (inlined into its callers,
 * which then share its value), an alias in a cycle of several members, a schema that does not
 * compile (the module relaxes it).
 */
import { createHash } from "node:crypto";
import { isObject } from "../../schema/json-pointer.js";
import type { BatchPartStore } from "../part-store.js";
import { componentGraph, componentOrder, cycleHashes, type JsonText } from "./component-order.js";
import {
  compileFunctionTexts,
  compileValidatorSlices,
  componentFunctionName,
  printSlices,
  sliceOf,
  type ApiSchema,
  type SliceUnit,
  type FunctionText,
  type FunctionTexts,
  type ModuleSlice,
  type ValidatorModuleOptions,
} from "./validator-module.js";
import { sha256Hex } from "../../cache/text-hash.js";

/** One part of a module compiled whole: its export names (in module order). */
export interface ModulePart {
  readonly names: readonly string[];
}

/**
 * Where a module's printed code is kept by its key (the keys of all its entries and its parts: what
 * it is made of). Without one, the code is an entry `<kind>/module` of the function entries' store,
 * stored only when made from entries alone (a module compiled in part was just edited, and storing
 * it, Stripe's bodies: 11 MB, cost more than reusing it saved). With one (the validators' whole-file
 * pack, cache/cached-validators.ts, which holds each module's file anyway), stored either way: the
 * file is then that entry, stored once, and the run after an edit reuses it (the bodies' module
 * after a schema edit, when the next edit is an operation's) instead of reading, walking and
 * printing every entry.
 */
export interface ModuleStore {
  lookup(key: string): string | undefined;
  store(key: string, code: string): void;
}

/** A module: its code, its slices and its warnings (in part order). Made as text only: nothing of it is evaluated (validator-module.ts). */
export interface PartedModule {
  readonly code: string;
  /** The slices of the parts exporting any of `names`, in module order (made when asked for: printing needs none). */
  readonly slicesOf: (names: ReadonlySet<string>) => readonly ModuleSlice[];
  readonly warnings: readonly string[];
}

/**
 * Module `kind` of `schemas` (by export name): from `store`'s function entries, compiling only
 * those it does not hold (see the header); without a store, from no entries where components
 * compile apart, else whole; where a function's text could depend on more than its key,
 * compiled whole (`parts` only group the warnings of relaxed exports). The same code either way.
 */
export function compileModuleParts(
  kind: string,
  schemas: ReadonlyMap<string, unknown>,
  apiSchema: ApiSchema,
  options: ValidatorModuleOptions,
  parts: readonly ModulePart[],
  store: BatchPartStore | undefined,
  jsonText: JsonText = (value) => JSON.stringify(value),
  walks: WalkCounts = walkCounts(),
  modules?: ModuleStore,
): PartedModule {
  const whole = (): PartedModule => {
    const compiled = compileValidatorSlices(
      schemas,
      apiSchema,
      { ...options, warnings: [] },
      parts.map((part) => part.names),
    );
    return {
      code: printSlices(compiled.slices),
      slicesOf: (names) =>
        compiled.slices.filter((slice) => slice.exports.some(([name]) => names.has(name))),
      warnings: parts.flatMap((part) =>
        part.names.flatMap((name) => compiled.relaxed.get(name) ?? []),
      ),
    };
  };
  // without a store, a module whose components compile apart is made the same way (from no
  // entries), so that a run without a cache writes what a run with one does
  const entries = store ?? (tracksEvaluatedIn(options) ? undefined : NO_ENTRIES);
  if (entries !== undefined && schemas.size > 0) {
    const made = fromFunctionEntries(
      kind,
      schemas,
      apiSchema,
      options,
      parts,
      entries,
      jsonText,
      walks,
      whole,
      modules,
    );
    if (made !== undefined) return made;
  }
  return whole();
}

const sha256 = sha256Hex;

/** A store that holds no entry and keeps none. */
const NO_ENTRIES: BatchPartStore = { lookup: () => undefined, store: () => undefined };

/** The module from function entries; undefined where it must be compiled whole. */
function fromFunctionEntries(
  kind: string,
  schemas: ReadonlyMap<string, unknown>,
  apiSchema: ApiSchema,
  options: ValidatorModuleOptions,
  parts: readonly ModulePart[],
  store: BatchPartStore,
  jsonText: JsonText,
  walks: WalkCounts,
  whole: () => PartedModule,
  modules: ModuleStore | undefined,
): PartedModule | undefined {
  const components = apiSchema.components.schemas;
  const names = Object.keys(components);
  if (new Set(names.map(componentFunctionName)).size !== names.length) return undefined;
  if (Object.values(components).some((schema) => typeof schema === "boolean")) return undefined;
  // the `$ref`s as written: one that names no component this way compiles the module whole
  const graph = componentGraph(apiSchema.$id, components, (ref) => ref);
  const roots = [...schemas.values()];
  const cycles = componentOrder(graph, roots);
  const resolved = (value: unknown) =>
    graph.refsOf(value).every((ref) => graph.schemaOf(ref) !== undefined);
  if (
    !roots.every(resolved) ||
    !cycles.every((cycle) => cycle.every((ref) => resolved(graph.schemaOf(ref))))
  )
    return undefined;
  // A component that is a `$ref` (with no other keyword) compiles as a copy of its target, which
  // its callers call: the same text as the target's own only when neither is in a cycle of
  // several members (else the copies differ: see FunctionText in validator-module.ts).
  const cycleSize = new Map(cycles.flatMap((cycle) => cycle.map((ref) => [ref, cycle.length])));
  for (const cycle of cycles)
    for (const ref of cycle) {
      const schema = graph.schemaOf(ref);
      if (isAlias(schema) && (cycle.length !== 1 || cycleSize.get(schema.$ref) !== 1))
        return undefined;
    }
  const nameOf = new Map(names.map((name) => [components[name], componentFunctionName(name)]));
  // A call to an alias names its target's function: a key covers what its callees compile as.
  const compiledAs = (ref: string): string => {
    let at = ref;
    for (let step = 0; step < names.length; step++) {
      const schema = graph.schemaOf(at);
      if (!isAlias(schema)) break;
      at = schema.$ref;
    }
    return at;
  };
  const aliasesCalled = (values: readonly unknown[]): string =>
    [
      ...new Set(
        values.flatMap((value) =>
          graph.refsOf(value).flatMap((ref) => {
            const target = compiledAs(ref);
            return target === ref ? [] : [`${ref} = ${target}`];
          }),
        ),
      ),
    ]
      .sort()
      .join("\n");
  // where Ajv tracks evaluated properties, a caller reads what its callees evaluate: each cycle is
  // an entry, compiled with the real components; elsewhere each component is one, compiled apart
  // (see compileApart)
  const tracksEvaluated = tracksEvaluatedIn(options);
  const units: readonly (readonly string[])[] = tracksEvaluated
    ? cycles
    : cycles.flat().map((ref) => [ref]);
  const hashes = cycleHashes(graph, units, tracksEvaluated, jsonText);
  const fixed = JSON.stringify([
    kind,
    options.draft2020,
    options.ajv,
    [...options.unknownFormats].sort(),
  ]);
  const cycleKind = tracksEvaluated ? `${kind}/cycle` : `${kind}/component`;
  const exportKind = `${kind}/export`;

  const cycleKeys = new Map<readonly string[], string>(
    units.map((cycle) => [
      cycle,
      `${fixed}\n${hashes.get(cycle[0] as string)}\n${aliasesCalled(cycle.map(graph.schemaOf))}`,
    ]),
  );
  // one function per distinct export schema
  const exportKeys = new Map<string, string>();
  for (const [name, schema] of schemas) {
    const json = jsonText(schema) ?? "undefined";
    const reached = tracksEvaluated ? graph.refsOf(schema).map((ref) => hashes.get(ref)) : [];
    exportKeys.set(
      name,
      `${fixed}\n${sha256(json)}\n${[...new Set(reached)].sort().join("\n")}\n${aliasesCalled([schema])}`,
    );
  }

  // The module as printed, keyed by all its entries' keys and its parts: what it is made of.
  // Reused whole (its entries kept for the next run, unread) when the store can keep entries: an
  // edit of one operation's parameters leaves the bodies' module as it was, a schema edit the
  // parameters' module where they reach no component (Stripe's).
  const moduleKind = `${kind}/module`;
  const printed: ModuleStore = modules ?? {
    lookup: (key) => store.lookup(moduleKind, key),
    store: (key, code) => store.store(moduleKind, key, code),
  };
  let compiled = false; // by `assemble`: some entries missed
  const moduleKey =
    store.keep === undefined
      ? undefined
      : JSON.stringify([
          [...cycleKeys.values()],
          parts.map((part) => part.names.map((name) => [name, exportKeys.get(name)])),
        ]);
  if (moduleKey !== undefined) {
    const code = printed.lookup(moduleKey);
    if (code !== undefined) {
      walks.moduleHits++;
      for (const key of cycleKeys.values()) store.keep?.(cycleKind, key);
      for (const key of new Set(exportKeys.values())) store.keep?.(exportKind, key);
      // the slices (the mocks ask for some) made from the entries when asked for, not printed
      let assembled: PartedModule | undefined;
      return {
        code,
        slicesOf: (names) => {
          const slices = (assembled ??= assemble(false) ?? whole()).slicesOf(names);
          // (a call no entry holds: as a module that cannot be made from its entries)
          return slices.every((slice) => slice !== undefined)
            ? slices
            : (assembled = whole()).slicesOf(names);
        },
        warnings: [],
      };
    }
  }
  // without a module store, stored only when made from entries alone (see ModuleStore)
  const made = assemble();
  if (made !== undefined && moduleKey !== undefined && (!compiled || modules !== undefined))
    printed.store(moduleKey, made.code);
  return made;

  /** `{ $id, components }` of the API with every component not in `real` a stand-in (`{}`), aliases kept. */
  function withStandIns(real: ReadonlySet<unknown>): ApiSchema {
    if (cycles.length === 0) return { $id: apiSchema.$id, components: { schemas: {} } };
    const schemas = Object.fromEntries(
      names.map((name) => {
        // an alias stays one (its callers call its target's function by name)
        const schema = components[name];
        return [name, real.has(schema) || isAlias(schema) ? schema : {}];
      }),
    );
    return { $id: apiSchema.$id, components: { schemas } };
  }

  /** The function names of the components `refs` (for compileFunctionTexts). */
  function named(refs: readonly string[]): (readonly [string, string])[] {
    return refs.map((ref) => [ref, nameOf.get(graph.schemaOf(ref)) as string] as const);
  }

  /**
   * The functions of the missed cycles and exports where callers read what their callees
   * evaluate: compiled in one Ajv instance with the real components (the cycles' other members,
   * and what they reach, are compiled in it too); the validators are this process's.
   */
  function compileTogether(
    missed: readonly (readonly string[])[],
    exports: ReadonlyMap<string, unknown>,
  ): FunctionTexts | undefined {
    try {
      const made = compileFunctionTexts(
        exports,
        cycles.length === 0 ? withStandIns(new Set()) : apiSchema,
        { ...options, warnings: [] },
        named(missed.flat()),
      );
      // an alias compiles as its target: checked above
      for (const ref of made.aliases.keys()) if (!isAlias(graph.schemaOf(ref))) return undefined;
      return made;
    } catch {
      return undefined;
    }
  }

  /**
   * The functions of the missed components and exports where a caller reads nothing of its
   * callees but their names: each component compiled with every other component a stand-in
   * (`{}`), so that it calls each of them directly and only itself through a wrapper, and its
   * text depends on its own schema alone (Ajv compiles a cycle entered at one member into copies
   * that call the others through wrappers, and each member once more when asked by its `$ref`).
   * The components that call one another are compiled in different Ajv instances (a greedy
   * colouring of the `$ref` graph, aliases followed), the others together. The exports' functions
   * are this process's validators only when no component is reached (Stripe's parameters).
   */
  function compileApart(
    missed: readonly string[],
    exports: ReadonlyMap<string, unknown>,
  ): FunctionTexts | undefined {
    const texts = new Map<string, readonly FunctionText[]>();
    const aliases = new Map<string, string>();
    const callees = (ref: string) => graph.refsOf(graph.schemaOf(ref)).map(compiledAs);
    try {
      for (const group of apartGroups(missed, callees)) {
        const real = new Set(group.map(graph.schemaOf));
        const made = compileFunctionTexts(
          new Map(),
          withStandIns(real),
          { ...options, warnings: [] },
          named(group),
        );
        for (const [ref, compiledAs] of made.aliases) {
          if (!isAlias(graph.schemaOf(ref))) return undefined;
          aliases.set(ref, compiledAs);
        }
        for (const [ref, text] of made.components) texts.set(ref, text);
      }
      if (exports.size === 0) return { components: texts, aliases, exports: new Map() };
      const made = compileFunctionTexts(
        exports,
        withStandIns(new Set()),
        { ...options, warnings: [] },
        [],
      );
      return {
        components: texts,
        aliases,
        exports: made.exports,
      };
    } catch {
      return undefined;
    }
  }

  /** The module from its entries, compiling those the store does not hold (unless `print`, its code left empty). */
  function assemble(print = true): PartedModule | undefined {
    const cycleTexts = new Map<readonly string[], readonly FunctionText[]>();
    const missedCycles: (readonly string[])[] = [];
    for (const [cycle, key] of cycleKeys) {
      const texts = parseTexts(store.lookup(cycleKind, key), false);
      if (texts === undefined) missedCycles.push(cycle);
      else cycleTexts.set(cycle, texts);
    }
    const exportTexts = new Map<string, FunctionText>();
    const byKey = new Map<string, FunctionText | undefined>();
    const missedExports = new Map<string, unknown>();
    for (const [name, schema] of schemas) {
      const key = exportKeys.get(name) as string;
      if (!byKey.has(key)) byKey.set(key, parseTexts(store.lookup(exportKind, key), true)?.[0]);
      const text = byKey.get(key);
      if (text === undefined) missedExports.set(name, schema);
      else exportTexts.set(name, text);
    }

    if (missedCycles.length > 0 || missedExports.size > 0) {
      compiled = true;
      // exports that reach no component (Stripe's parameters) compile the same without any: Ajv
      // is not given the API's schemas to walk
      if (cycles.length === 0) walks.withoutComponents++;
      const made = tracksEvaluated
        ? compileTogether(missedCycles, missedExports)
        : compileApart(missedCycles.flat(), missedExports);
      if (made === undefined) return undefined; // compiled whole: relaxed exports, their warnings
      for (const cycle of missedCycles) {
        const texts = cycle.flatMap((ref) => made.components.get(ref) ?? []);
        cycleTexts.set(cycle, texts);
        store.store(cycleKind, cycleKeys.get(cycle) as string, JSON.stringify(texts));
      }
      const storedKeys = new Set<string>();
      for (const [name, text] of made.exports) {
        exportTexts.set(name, text);
        const key = exportKeys.get(name) as string;
        if (!storedKeys.has(key)) store.store(exportKind, key, JSON.stringify([text]));
        storedKeys.add(key);
      }
    }

    // each component's copy the components call (`a`) and the one the exports call (`b`)
    const byName = new Map<string, { a?: FunctionText; b?: FunctionText }>();
    for (const texts of cycleTexts.values())
      for (const text of texts) {
        const copies = byName.get(text.name) ?? {};
        if (text.copy !== "b") copies.a = text;
        if (text.copy !== "a") copies.b = text;
        byName.set(text.name, copies);
      }
    const unitOf = sliceUnits(byName);
    const exportsOf = (part: ModulePart) =>
      part.names.map((name) => [name, exportTexts.get(name) as FunctionText] as const);
    const made = new Map<number, ModuleSlice | undefined>();
    const sliceOfPart = (index: number): ModuleSlice | undefined => {
      if (!made.has(index))
        made.set(index, moduleSlice(exportsOf(parts[index] as ModulePart), unitOf));
      return made.get(index);
    };
    // defined: the module's walk reached every function a part reaches
    const slicesOf = (names: ReadonlySet<string>): ModuleSlice[] =>
      parts.flatMap((part, index) =>
        part.names.some((name) => names.has(name)) ? [sliceOfPart(index) as ModuleSlice] : [],
      );
    if (!print) return { code: "", slicesOf, warnings: [] };
    // the module walked once (see wholeModuleSlice) where every name's texts agree on what they
    // call, else slice by slice as the module is compiled whole
    const texts = [...[...cycleTexts.values()].flat(), ...exportTexts.values()];
    const differ = namesThatDiffer(texts);
    const whole =
      differ !== undefined
        ? wholeModuleSlice(parts.map(exportsOf), unitOf, differ, walks)
        : undefined;
    if (whole !== undefined) {
      walks.wholeWalks++;
      return { code: printSlices([whole]), slicesOf, warnings: [] };
    }
    const slices: ModuleSlice[] = [];
    for (const part of parts) {
      const slice = moduleSlice(exportsOf(part), unitOf);
      if (slice === undefined) return undefined;
      slices.push(slice);
    }
    walks.slicedWalks++;
    return { code: printSlices(slices), slicesOf: () => slices, warnings: [] };
  }
}

/**
 * How a run's modules were assembled from entries (tests read it, through emitValidators'
 * `walks`): walked once, or slice by slice, and the functions the walks once visited (each part's
 * exports, what they reach first); the missed exports compiled without the API's components
 * (they reach none). Owned by whoever passes it: nothing is counted across runs.
 */
export interface WalkCounts {
  /** Modules reused as printed (their entries' keys and parts unchanged): not walked. */
  moduleHits: number;
  wholeWalks: number;
  slicedWalks: number;
  visits: number;
  withoutComponents: number;
}

/** Counts starting at zero. */
export function walkCounts(): WalkCounts {
  return { moduleHits: 0, wholeWalks: 0, slicedWalks: 0, visits: 0, withoutComponents: 0 };
}

/**
 * The names whose texts (a component's copies `a` and `b`, equal exports) read different shared
 * values (copy `a` reaches its cycle through `wrapper$...` values, copy `b` directly); undefined
 * when such texts are not a component's two copies, when the texts of one name differ in more (the functions they call, their helpers or formats,
 * being an export) or a shared value has two definitions: then only printing every part's slice
 * gives the module's text.
 */
function namesThatDiffer(texts: readonly FunctionText[]): ReadonlySet<string> | undefined {
  const calls = new Map<string, string>();
  const shared = new Map<string, string>();
  const lines = new Map<string, string>();
  const differ = new Set<string>();
  const unique = (list: readonly string[]) => [...new Set(list)].sort();
  for (const text of texts) {
    for (const [name, , line] of text.shared) {
      const known = lines.get(name);
      if (known === undefined) lines.set(name, line);
      else if (known !== line) return undefined;
    }
    const reads = JSON.stringify([
      text.copy === "export",
      unique(text.calls),
      unique(text.helpers),
      text.formats,
    ]);
    const knownReads = calls.get(text.name);
    if (knownReads === undefined) calls.set(text.name, reads);
    else if (knownReads !== reads) return undefined;
    const values = JSON.stringify(unique(text.shared.map(([name]) => name)));
    const knownValues = shared.get(text.name);
    if (knownValues === undefined) shared.set(text.name, values);
    else if (knownValues !== values) differ.add(text.name);
  }
  // followed by copy: only a component's two copies
  for (const text of texts)
    if (differ.has(text.name) && text.copy !== "a" && text.copy !== "b") return undefined;
  return differ;
}

/**
 * The module of `parts` (each its exports, in module order) as one slice, the text of printing
 * every part's slice (validator-module.ts `printModule`: each function's first text, the union of
 * the values, helpers and formats), without walking the components most operations share
 * (Stripe's `account`) once per operation:
 * - functions, helpers and formats: each part walked as {@link sliceOf} walks it, but a function
 *   whose name an earlier part reached is not walked again. The texts of a name call the same
 *   names ({@link namesThatDiffer}), so all a function reaches was reached by the part that
 *   reached it first, and the names a part reaches first come in the order and copy its own
 *   slice reaches them;
 * - shared values: a name's values come with its function, except for the names in `differ`,
 *   whose copies read different values: which copies a module reaches is then followed. A part
 *   reaches copy `b` only from an export calling it directly: such a part is walked whole, as its
 *   slice (until every copy that can be reached has been); in the others every text reached is
 *   copy `a`, and a name walked in one of them is not walked again.
 * Undefined when a function calls one no entry holds.
 */
function wholeModuleSlice(
  parts: readonly (readonly (readonly [string, FunctionText])[])[],
  unitOf: (text: FunctionText) => SliceUnit<FunctionText | undefined>,
  differ: ReadonlySet<string>,
  walks: WalkCounts,
): ModuleSlice | undefined {
  const functions: Record<string, string> = {};
  const helpers = new Set<string>();
  let formats = false;
  const exports: (readonly [string, string])[] = [];
  const values: Record<string, readonly [string | null, string]> = {};
  // (an export is in none of them: see namesThatDiffer)
  const direct = (text: FunctionText) => text.calls.some((call) => differ.has(call));
  // the copies of the names in `differ` a part can reach, and those reached so far
  const reachable = new Set([...differ].map((name) => `${name} a`));
  for (const part of parts)
    for (const [, text] of part)
      for (const call of text.calls) if (differ.has(call)) reachable.add(`${call} b`);
  const reached = new Set<string>();
  // the values any copy the module's calls reach reads: once all are in, no walk adds one
  const readable = [...valuesOfCopies(parts, unitOf, differ)];
  let complete = false;
  const walked = new Set<string>(); // names walked whole in the parts reaching only copies `a`
  for (const part of parts) {
    complete ||= readable.every((name) => Object.hasOwn(values, name));
    const mode =
      reached.size === reachable.size || complete
        ? "new"
        : part.some(([, text]) => direct(text))
          ? "slice"
          : "a";
    const seen = new Set<string>(); // a part's own, walked as its slice
    const pending: (FunctionText | undefined)[] = part.map(([, text]) => text);
    while (pending.length > 0) {
      const text = pending.pop();
      if (text === undefined) return undefined;
      const known = Object.hasOwn(functions, text.name);
      if (
        mode === "slice" ? seen.has(text.name) : known && (mode === "new" || walked.has(text.name))
      )
        continue;
      const unit = unitOf(text);
      walks.visits++;
      seen.add(unit.name);
      if (mode === "a") walked.add(unit.name);
      if (differ.has(unit.name)) {
        const copy = `${unit.name} ${text.copy}`;
        if (!reached.has(copy)) {
          if (reachable.has(copy)) reached.add(copy); // (always: only exports call copies `b`)
          for (const [name, value] of unit.shared) values[name] ??= value;
        }
      } else if (!known) for (const [name, value] of unit.shared) values[name] ??= value;
      if (!known) {
        functions[unit.name] = unit.text;
        unit.helpers.forEach((helper) => helpers.add(helper));
        formats ||= unit.formats;
      }
      pending.push(...unit.calls);
    }
    for (const [name, text] of part) exports.push([name, text.name]);
  }
  return { functions, values, helpers: [...helpers], formats, exports };
}

/**
 * The names of the shared values read by the copies of the names in `differ` that `parts`'
 * exports reach through their calls (each function looked at once). A module's walk may never
 * reach some of these copies (a part walked as its slice keeps the first copy of a name it
 * reaches: on Stripe's bodies, 32 of 102 copies `b` after copies `a` of the same names), so
 * waiting for every copy kept {@link wholeModuleSlice} walking each part that calls a copy `b`
 * whole (206 of 457 operations, about 98,000 visits after a schema edit); once every value these
 * copies read is in, walking known functions again cannot add one (a value has one definition:
 * {@link namesThatDiffer}).
 */
function valuesOfCopies(
  parts: readonly (readonly (readonly [string, FunctionText])[])[],
  unitOf: (text: FunctionText) => SliceUnit<FunctionText | undefined>,
  differ: ReadonlySet<string>,
): ReadonlySet<string> {
  const names = new Set<string>();
  const seen = new Set<FunctionText>();
  const pending: (FunctionText | undefined)[] = parts.flatMap((part) =>
    part.map(([, text]) => text),
  );
  while (pending.length > 0) {
    const text = pending.pop();
    if (text === undefined || seen.has(text)) continue;
    seen.add(text);
    const unit = unitOf(text);
    if (differ.has(text.name)) for (const [name] of unit.shared) names.add(name);
    pending.push(...unit.calls);
  }
  return names;
}

/** Whether the validators of a module read what their callees evaluate (OpenAPI 3.1's `unevaluated*`). */
function tracksEvaluatedIn(options: ValidatorModuleOptions): boolean {
  return options.draft2020 && options.ajv.unevaluated !== false;
}

/**
 * `refs` in groups none of whose members calls another (`callees`, either way; a call to itself
 * aside): each ref in the first group that holds none of its neighbours, in `refs`' order.
 */
export function apartGroups(
  refs: readonly string[],
  callees: (ref: string) => readonly string[],
): string[][] {
  const members = new Set(refs);
  const neighbours = new Map<string, Set<string>>(refs.map((ref) => [ref, new Set()]));
  for (const ref of refs)
    for (const callee of callees(ref)) {
      if (callee === ref || !members.has(callee)) continue;
      neighbours.get(ref)?.add(callee);
      neighbours.get(callee)?.add(ref);
    }
  const groupOf = new Map<string, number>();
  const groups: string[][] = [];
  for (const ref of refs) {
    const taken = new Set([...(neighbours.get(ref) ?? [])].map((other) => groupOf.get(other)));
    let group = 0;
    while (taken.has(group)) group++;
    groupOf.set(ref, group);
    (groups[group] ??= []).push(ref);
  }
  return groups;
}

/** Whether a component's schema has a `$ref` beside it (Ajv compiles it as its target when nothing else of it is a keyword). */
function isAlias(schema: unknown): schema is { readonly $ref: string } {
  return isObject(schema) && typeof schema.$ref === "string";
}

/**
 * What a part's `exports` need: the functions they reach through their calls, walked as
 * validator-module.ts's `slice` walks the compiled functions (so that of a component's two copies
 * the same one is kept); undefined when one is not known.
 */
function moduleSlice(
  exports: readonly (readonly [string, FunctionText])[],
  unitOf: (text: FunctionText) => SliceUnit<FunctionText | undefined>,
): ModuleSlice | undefined {
  // undefined: a call to a function no entry holds
  return sliceOf<FunctionText | undefined>(exports, (text) => text && unitOf(text));
}

/** Each function text as a slice walks it (made once per module: the parts share most of them). */
function sliceUnits(
  byName: ReadonlyMap<string, { readonly a?: FunctionText; readonly b?: FunctionText }>,
): (text: FunctionText) => SliceUnit<FunctionText | undefined> {
  const units = new Map<FunctionText, SliceUnit<FunctionText | undefined>>();
  return (text) => {
    let unit = units.get(text);
    if (unit === undefined) {
      const copy = text.copy === "export" ? "b" : "a";
      unit = {
        ...text,
        calls: text.calls.map((call) => byName.get(call)?.[copy]),
        shared: text.shared.map(([name, owner, line]) => [name, [owner, line]] as const),
      };
      units.set(text, unit);
    }
    return unit;
  };
}

/** Cached function texts (one for an export); undefined when the entry is absent or not that. */
function parseTexts(text: string | undefined, exported: boolean): FunctionText[] | undefined {
  if (text === undefined) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  const strings = (list: unknown) =>
    Array.isArray(list) && list.every((item) => typeof item === "string");
  const ok =
    Array.isArray(value) &&
    (!exported || value.length === 1) &&
    value.every(
      (unit: unknown) =>
        isObject(unit) &&
        typeof unit.name === "string" &&
        (exported ? unit.copy === "export" : ["a", "b", "ab"].includes(unit.copy as string)) &&
        typeof unit.text === "string" &&
        strings(unit.calls) &&
        strings(unit.helpers) &&
        typeof unit.formats === "boolean" &&
        Array.isArray(unit.shared) &&
        unit.shared.every(
          (entry: unknown) =>
            Array.isArray(entry) &&
            entry.length === 3 &&
            typeof entry[0] === "string" &&
            entry[1] === null &&
            typeof entry[2] === "string",
        ),
    );
  return ok ? (value as FunctionText[]) : undefined;
}
