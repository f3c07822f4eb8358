/**
 * Where a schema `$ref` leads, without the document: the model carries `components.schemas` by
 * name and every other target a schema `$ref` points at (`#/paths/…/schema`,
 * `#/components/schemas/X/properties/y`, `#/$defs/Y`) by its pointer as written, each the
 * document's own object (no copy: a cycle stays a `$ref`, so a walk that follows it must stop
 * itself, as the converters do). {@link readSchemaRef} is the one rule that resolves a `$ref`
 * against them: the validators, the mocks, Zod, MCP tools, the server's error shapes and the
 * conformance runner all use it. The table is made once per model, by one walk
 * ({@link collectRefTargets}) over the schemas the model holds and the targets they reach.
 */
import { PointerError, followRefs, isObject, pointerToken, readPointer } from "./json-pointer.js";
import type { SchemaModel } from "./to-json-schema.js";

/** What a schema `$ref` can lead to: the model (ApiModel) is one. */
export interface SchemaRefs {
  /** `components.schemas`, by name. */
  readonly schemas: Readonly<Record<string, SchemaModel>>;
  /** Every other target of a schema `$ref`, by the `$ref` as written (`#/paths/~1pets/…`). */
  readonly refTargets: Readonly<Record<string, unknown>>;
}

export const COMPONENT_SCHEMA_PREFIX = "#/components/schemas/";

/** The component name of `#/components/schemas/<Name>` (unescaped), or undefined for any other ref. */
export function componentSchemaName(ref: string): string | undefined {
  if (!ref.startsWith(COMPONENT_SCHEMA_PREFIX)) return undefined;
  const token = ref.slice(COMPONENT_SCHEMA_PREFIX.length);
  return token.includes("/") ? undefined : pointerToken(token);
}

/**
 * The target of `ref`: a component schema by name, else the pointer's entry in `refTargets`.
 * A `$ref` that leads nowhere is a {@link PointerError} with the message reading the document
 * would give (an external ref, a target that does not exist).
 */
export function readSchemaRef(refs: SchemaRefs, ref: string): unknown {
  if (!ref.startsWith("#")) {
    throw new PointerError(
      `Unresolved external reference ${JSON.stringify(ref)}`,
      ref,
      "Check that the referenced file exists next to the spec.",
    );
  }
  const name = componentSchemaName(ref);
  if (name !== undefined && name in refs.schemas) return refs.schemas[name];
  if (ref in refs.refTargets) return refs.refTargets[ref];
  throw new PointerError(
    `The $ref target ${JSON.stringify(ref)} does not exist`,
    ref,
    "Fix the $ref or add the missing component.",
  );
}

/** Follows `$ref` chains (through {@link readSchemaRef}) until a non-ref object; fails clearly on a cycle. */
export function resolveSchemaObject(
  refs: SchemaRefs,
  value: unknown,
): Record<string, unknown> | undefined {
  return followRefs((ref) => readSchemaRef(refs, ref), value);
}

/**
 * Every target in `document` of a `$ref` (or a discriminator `mapping` value) found under `roots`
 * or under a target already found, except `#/components/schemas/<Name>` (the model has those by
 * name), keyed by the ref as written: one walk, each target walked once. A ref that leads nowhere
 * is left out (resolving it fails where it is used, as it did from the document).
 *
 * No set of the objects seen: the document and the model are trees (the loader hashes the
 * document's JSON, and the cache the model's, which a cycle would fail), and on Stripe such a set
 * about doubled the walk's cost; a subtree shared by two owners is simply walked twice.
 */
export function collectRefTargets(
  document: unknown,
  roots: readonly unknown[],
): Record<string, unknown> {
  const targets: Record<string, unknown> = {};
  const pending: object[] = roots.filter(
    (root): root is object => typeof root === "object" && root !== null,
  );
  const reach = (ref: unknown) => {
    if (typeof ref !== "string" || !ref.startsWith("#") || ref in targets) return;
    if (componentSchemaName(ref) !== undefined) return;
    let target: unknown;
    try {
      target = readPointer(document, ref);
    } catch {
      return; // reported where it is resolved
    }
    targets[ref] = target;
    if (typeof target === "object" && target !== null) pending.push(target);
  };
  while (pending.length > 0) {
    const node = pending.pop() as object;
    if (Array.isArray(node)) {
      for (const item of node) if (typeof item === "object" && item !== null) pending.push(item);
      continue;
    }
    const record = node as Record<string, unknown>;
    // for…in over plain objects: no entry arrays to allocate
    for (const key in record) {
      const value = record[key];
      if (typeof value === "object" && value !== null) pending.push(value);
      else if (key === "$ref") reach(value);
    }
    const discriminator = record.discriminator;
    if (isObject(discriminator) && isObject(discriminator.mapping))
      for (const ref of Object.values(discriminator.mapping)) reach(ref);
  }
  return sortedByKey(targets);
}

/** The refs of a whole document (every `$ref` in it), for a caller that has a document and no model. */
export function documentSchemaRefs(document: unknown): SchemaRefs {
  const components = isObject(document) && isObject(document.components) ? document.components : {};
  return {
    schemas: isObject(components.schemas)
      ? (components.schemas as Record<string, SchemaModel>)
      : {},
    refTargets: collectRefTargets(document, [document]),
  };
}

/** Deterministic key order (the walk's order is not the document's), for cache keys and printing. */
function sortedByKey(table: Record<string, unknown>): Record<string, unknown> {
  const keys = Object.keys(table).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  return Object.fromEntries(keys.map((key) => [key, table[key]]));
}
