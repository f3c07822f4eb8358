/**
 * A validators module made from per-part cache entries: each part (one operation's exports of
 * the module, or one response-headers validator) is the slice of the module its exports need
 * (validator-module.ts), cached under a key that covers what its compilation reads: its exports'
 * JSON Schemas (converted from the operation, so they cover the operation's own schemas and the
 * targets of its non-component `$ref`s, which the conversion inlines), where each comes from (its
 * warning names it), the module's options, and the component schemas its exports reach, through
 * `$ref`s at any depth (a discriminator's mapping is converted into `$ref`s, so it is covered):
 * per strongly connected component of the `$ref` graph, the hash of its members' schemas and of
 * the components it reaches (a Merkle hash over the graph, made once per module and run).
 *
 * The parts that miss are compiled together (one Ajv instance) and cut into slices again. A
 * function's code depends only on its own schema and what it reaches (component-order.ts), so
 * the functions two slices share are the same text and a module put together from cached and new
 * slices is the module compiled whole. Each function's text is stored once under its SHA-256 (a
 * component reached by every operation is not kept once per part).
 */
import { createHash } from "node:crypto";
import { isObject } from "../../schema/json-pointer.js";
import type { BatchPartStore } from "../part-store.js";
import { closureHashes, componentGraph, escape } from "./component-order.js";
import {
  compileValidatorSlices,
  printSlices,
  type ApiSchema,
  type ModuleSlice,
  type ValidatorModuleOptions,
} from "./validator-module.js";

/** One part of a module: its export names (in module order) and where each comes from. */
export interface ModulePart {
  readonly names: readonly string[];
}

/** A module made from parts: its code, the validators compiled in this run (by export name) and its warnings (in part order). */
export interface PartedModule {
  readonly code: string;
  readonly functions: ReadonlyMap<string, (value: unknown) => boolean>;
  readonly warnings: readonly string[];
}

/** A slice as cached: its functions by the SHA-256 of their text (each text an entry of its own). */
interface StoredSlice extends Omit<ModuleSlice, "functions"> {
  readonly functions: readonly (readonly [name: string, hash: string])[];
  readonly warnings: readonly string[];
}

const sha256 = (text: string): string => createHash("sha256").update(text).digest("hex");
/** A function text's name in the pack: its SHA-256, cut to 96 bits (every part lists its functions by it). */
const textHash = (text: string): string => sha256(text).slice(0, 24);

/**
 * Module `kind` of `schemas` (by export name) made of `parts`, each from `store` when it holds
 * the part for what it reads, the others compiled together; without a store every part is
 * compiled (the same code either way).
 */
export function compileModuleParts(
  kind: string,
  schemas: ReadonlyMap<string, unknown>,
  apiSchema: ApiSchema,
  options: ValidatorModuleOptions,
  parts: readonly ModulePart[],
  store: BatchPartStore | undefined,
): PartedModule {
  const keyOf = store === undefined ? undefined : partKeys(kind, schemas, apiSchema, options);
  const slices = new Map<ModulePart, ModuleSlice & { readonly warnings: readonly string[] }>();
  const reads = new Map<ModulePart, string>();
  // function texts read from the pack, by hash, each checked once
  const read = new Map<string, string>();
  if (store !== undefined && keyOf !== undefined)
    for (const part of parts) {
      const key = keyOf(part);
      reads.set(part, key);
      const cached = readSlice(store, store.lookup(kind, key), read);
      if (cached !== undefined) slices.set(part, cached);
    }
  const missing = parts.filter((part) => !slices.has(part));
  let functions: ReadonlyMap<string, (value: unknown) => boolean> = new Map();
  if (missing.length > 0) {
    // each function's text hashed and stored once (parts share most of them)
    const stored = new Map<string, string>();
    const subset = new Map(
      missing.flatMap((part) => part.names.map((name) => [name, schemas.get(name)] as const)),
    );
    const compiled = compileValidatorSlices(
      subset,
      apiSchema,
      { ...options, warnings: [] },
      missing.map((part) => part.names),
    );
    functions = compiled.functions;
    missing.forEach((part, index) => {
      const slice = compiled.slices[index] as ModuleSlice;
      const warnings = part.names.flatMap((name) => compiled.relaxed.get(name) ?? []);
      slices.set(part, { ...slice, warnings });
      const key = reads.get(part);
      if (store !== undefined && key !== undefined)
        storeSlice(store, kind, key, slice, warnings, stored);
    });
  }
  const ordered = parts.map((part) => slices.get(part) as ModuleSlice & { warnings: string[] });
  return {
    code: printSlices(ordered),
    functions,
    warnings: ordered.flatMap((slice) => slice.warnings),
  };
}

function storeSlice(
  store: BatchPartStore,
  kind: string,
  key: string,
  slice: ModuleSlice,
  warnings: readonly string[],
  stored: Map<string, string>,
): void {
  const functions = Object.entries(slice.functions).map(([name, text]) => {
    let hash = stored.get(name);
    if (hash === undefined) {
      stored.set(name, (hash = textHash(text)));
      store.store("function", hash, text);
    }
    return [name, hash] as const;
  });
  store.store(kind, key, JSON.stringify({ ...slice, functions, warnings } satisfies StoredSlice));
}

/** A cached slice with its functions' texts; undefined when it or one of its functions is not there (or not one). */
function readSlice(
  store: BatchPartStore,
  text: string | undefined,
  read: Map<string, string>,
): (ModuleSlice & { readonly warnings: readonly string[] }) | undefined {
  if (text === undefined) return undefined;
  let stored: StoredSlice;
  try {
    stored = JSON.parse(text) as StoredSlice;
  } catch {
    return undefined;
  }
  if (!isObject(stored) || !Array.isArray(stored.functions)) return undefined;
  const functions: Record<string, string> = {};
  for (const entry of stored.functions) {
    const [name, hash] = Array.isArray(entry) ? entry : [];
    if (typeof name !== "string" || typeof hash !== "string") return undefined;
    let body = read.get(hash);
    if (body === undefined) {
      body = store.lookup("function", hash);
      if (body === undefined || textHash(body) !== hash) return undefined;
      read.set(hash, body);
    }
    functions[name] = body;
  }
  const ok =
    isObject(stored.values) &&
    Array.isArray(stored.helpers) &&
    typeof stored.formats === "boolean" &&
    Array.isArray(stored.exports) &&
    Array.isArray(stored.warnings);
  return ok ? { ...stored, functions } : undefined;
}

/**
 * The key of each part of module `kind`: its exports' schemas and the hashes of the components
 * they reach (see the header), after what the module is compiled with.
 */
function partKeys(
  kind: string,
  schemas: ReadonlyMap<string, unknown>,
  apiSchema: ApiSchema,
  options: ValidatorModuleOptions,
): (part: ModulePart) => string {
  const components = apiSchema.components.schemas;
  // the `$ref`s as written: one that names no component (an encoding the graph does not read)
  // makes every part read all components (never fewer than it reads)
  const graph = componentGraph(apiSchema.$id, components, (ref) => ref);
  const refs = Object.keys(components).map(
    (name) => `${apiSchema.$id}#/components/schemas/${escape(name)}`,
  );
  const closure = closureHashes(graph, [refs.map(($ref) => ({ $ref }))]);
  let whole: string | undefined;
  const allComponents = () => (whole ??= sha256(JSON.stringify(components)));
  const all = closure.unresolved ? allComponents() : "";
  const fixed = JSON.stringify([
    kind,
    options.draft2020,
    options.ajv,
    [...options.unknownFormats].sort(),
    all,
  ]);
  return (part) => {
    const own = part.names.map((name) => [name, options.origin?.(name) ?? name, schemas.get(name)]);
    const reached = new Set<string>();
    for (const [, , schema] of own)
      for (const ref of graph.refsOf(schema)) {
        const hash = closure.of(ref);
        // a `$ref` that leads to no component (a broken one): every component, to be safe
        reached.add(hash ?? allComponents());
      }
    return `${fixed}\n${JSON.stringify(own)}\n${[...reached].sort().join("\n")}`;
  };
}
