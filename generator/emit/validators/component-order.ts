/**
 * The order in which a validators module compiles the components its exports reach, so that
 * each function's code depends only on its own schema and the components it reaches, never on
 * what else the module holds or what was compiled before it.
 *
 * Ajv compiles a `$ref`'s target inside its referrer, and a call to a function still being
 * compiled (a cycle: `account` → `person` → `account`) goes through a wrapper object
 * (`wrapper$account.validate(...)`) where a compiled one is called directly: which member of a
 * cycle has the wrapper depends on where the cycle was entered. Compiled in this order, every
 * component's targets outside its cycle are compiled before it (strongly connected components,
 * sinks first) and each cycle is entered at its first member by name, so a module compiled for
 * one operation's exports (a cache part: emit-validators.ts) has the same functions, byte for
 * byte, as the module compiled for all of them.
 */
import { createHash } from "node:crypto";
import { isObject } from "../../schema/json-pointer.js";
import { stronglyConnected } from "../../model/strongly-connected.js";
import { updateText } from "../../cache/text-hash.js";

/** The components of `api#/components/schemas/` by `$ref` as the exports write them (resolved by `normalize`). */
export interface ComponentGraph {
  /** The `$ref`s (normalized) each value reaches directly. */
  refsOf(value: unknown): readonly string[];
  /** The schema a normalized `$ref` leads to; undefined when it is not a component. */
  schemaOf(ref: string): unknown;
}

const COMPONENTS = "#/components/schemas/";

/** A component name as a JSON pointer token. */
export const escape = (name: string): string => name.replace(/~/g, "~0").replace(/\//g, "~1");

/**
 * The graph of `components` (by name): a `$ref` is a component's when, normalized by `normalize`
 * (Ajv's own URI resolution), it is `<id>#/components/schemas/<token>`; `others` gives what any
 * other `$ref` leads to (the model's `refTargets`), when it is a node of the graph too.
 */
export function componentGraph(
  id: string,
  components: Readonly<Record<string, unknown>>,
  normalize: (ref: string) => string,
  others: (ref: string) => unknown = () => undefined,
): ComponentGraph {
  const direct = new Map<unknown, readonly string[]>();
  const refsOf = (value: unknown): readonly string[] => {
    const known = isObject(value) || Array.isArray(value) ? direct.get(value) : undefined;
    if (known !== undefined) return known;
    const found = new Set<string>();
    const pending: unknown[] = [value];
    while (pending.length > 0) {
      const node = pending.pop();
      if (Array.isArray(node)) pending.push(...node);
      else if (isObject(node))
        for (const [key, item] of Object.entries(node)) {
          if (key === "$ref" && typeof item === "string") found.add(normalize(item));
          else if (typeof item === "object" && item !== null) pending.push(item);
          // a discriminator's mapping names its branches by `$ref` or by component name
          if (key === "discriminator" && isObject(item) && isObject(item.mapping))
            for (const target of Object.values(item.mapping))
              if (typeof target === "string")
                found.add(
                  normalize(target.includes("#") ? target : `${id}${COMPONENTS}${escape(target)}`),
                );
        }
    }
    const refs = [...found].sort();
    if (isObject(value) || Array.isArray(value)) direct.set(value, refs);
    return refs;
  };
  const prefix = `${id}${COMPONENTS}`;
  const schemaOf = (ref: string): unknown => {
    if (!ref.startsWith(prefix)) return others(ref);
    const token = ref.slice(prefix.length);
    if (token.includes("/")) return others(ref);
    let name: string;
    try {
      name = decodeURIComponent(token).replace(/~1/g, "/").replace(/~0/g, "~");
    } catch {
      return others(ref);
    }
    return Object.hasOwn(components, name) ? components[name] : others(ref);
  };
  return { refsOf, schemaOf };
}

/** A value's JSON text (`JSON.stringify`'s; made once per object where the caller keeps them). */
export type JsonText = (value: unknown) => string | undefined;

const jsonText: JsonText = (value) => JSON.stringify(value);

/**
 * The JSON texts of values, each object's made once (`JSON.stringify`'s text): one validators
 * emission tests its schemas for `unevaluated*` keywords and keys its entries by the same texts.
 */
export function jsonTexts(): JsonText {
  const texts = new WeakMap<object, string | undefined>();
  return (value) => {
    if (typeof value !== "object" || value === null) return JSON.stringify(value);
    if (!texts.has(value)) texts.set(value, JSON.stringify(value));
    return texts.get(value);
  };
}

/**
 * A hash per cycle of `cycles` (strongly connected components in {@link componentOrder}'s order,
 * sinks first), by member: the hash of its members' `$ref`s and JSON, and with `closure` also of
 * the hashes of the cycles it reaches (a Merkle hash over the graph: a schema's edit then changes
 * the hash of every node that reaches it, not only its own cycle's).
 */
export function cycleHashes(
  graph: ComponentGraph,
  cycles: readonly (readonly string[])[],
  closure: boolean,
  text: JsonText = jsonText,
): ReadonlyMap<string, string> {
  const hashes = new Map<string, string>();
  for (const cycle of cycles) {
    const hash = createHash("sha256");
    for (const ref of cycle)
      updateText(hash.update(`${ref}\n`), String(text(graph.schemaOf(ref)))).update("\n");
    if (closure) {
      const members = new Set(cycle);
      const reached = new Set<string>();
      for (const ref of cycle)
        for (const target of graph.refsOf(graph.schemaOf(ref)))
          if (!members.has(target)) reached.add(hashes.get(target) ?? `unresolved ${target}`);
      for (const target of [...reached].sort()) hash.update(`${target}\n`);
    }
    const digest = hash.digest("hex");
    for (const ref of cycle) hashes.set(ref, digest);
  }
  return hashes;
}

/**
 * The components (normalized `$ref`s) reached from `roots`, in compile order: each cycle
 * (strongly connected component) after every cycle it reaches, its members by `$ref`, the first
 * of them to be compiled first (model/strongly-connected.ts).
 */
export function componentOrder(graph: ComponentGraph, roots: readonly unknown[]): string[][] {
  const next = (ref: string): readonly string[] =>
    graph.refsOf(graph.schemaOf(ref)).filter((target) => graph.schemaOf(target) !== undefined);
  const starts = [...new Set(roots.flatMap((root) => graph.refsOf(root)))]
    .filter((ref) => graph.schemaOf(ref) !== undefined)
    .sort();
  return stronglyConnected(starts, next).map((members) => members.sort());
}
