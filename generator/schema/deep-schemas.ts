/**
 * What an arbitrary (schema-arbitrary.ts) can read of a schema it draws only past its `MAX_DEPTH`,
 * where an object draws its required properties alone: the schema with the properties no schema
 * requires left out. A property is kept when its name is in a `required` list or is a
 * discriminator's `propertyName` anywhere in the tables (an `allOf` can require a property another
 * part declares; a discriminator pins its property), so drawing from the view gives what drawing
 * from the schema gives. A `properties` left empty keeps one placeholder (never required), so that
 * the schema still reads as an object where it has no `type`.
 *
 * The mocks' cache (emit/mocks/mock-bodies.ts) records these views apart from whole schemas: on
 * Stripe, every error body reaches `account` past that depth only, and an optional property added
 * to `account` leaves its view, and the error body, unchanged.
 */
import { isObject } from "./json-pointer.js";
import type { SchemaRefs } from "./schema-refs.js";

/** The name of the placeholder property (a name no spec requires: checked). */
const PLACEHOLDER = "\u0000optional";

/** Every name a `required` list or a discriminator's `propertyName` holds anywhere in `roots`. */
export function requiredNames(roots: Iterable<unknown>): Set<string> {
  const names = new Set<string>();
  const pending: unknown[] = [...roots];
  // an object shared at many places (YAML aliases of aliases) is walked once, not once per place
  const seen = new WeakSet<object>();
  while (pending.length > 0) {
    const node = pending.pop();
    if (typeof node !== "object" || node === null || seen.has(node)) continue;
    seen.add(node);
    if (Array.isArray(node)) {
      for (const item of node) if (typeof item === "object" && item !== null) pending.push(item);
      continue;
    }
    if (!isObject(node)) continue;
    if (Array.isArray(node.required))
      for (const name of node.required) if (typeof name === "string") names.add(name);
    if (isObject(node.discriminator) && typeof node.discriminator.propertyName === "string")
      names.add(node.discriminator.propertyName);
    for (const value of Object.values(node))
      if (typeof value === "object" && value !== null) pending.push(value);
  }
  return names;
}

/** `schema` with the properties whose names are not in `required` left out (itself when none is). */
export function deepView(schema: unknown, required: ReadonlySet<string>): unknown {
  if (!isObject(schema) || !isObject(schema.properties) || required.has(PLACEHOLDER)) return schema;
  const entries = Object.entries(schema.properties);
  const kept = entries.filter(([name]) => required.has(name));
  if (kept.length === entries.length) return schema;
  const properties = kept.length > 0 ? Object.fromEntries(kept) : { [PLACEHOLDER]: {} };
  return { ...schema, properties };
}

/** The names `refs`' tables require (see {@link requiredNames}). */
export function refsRequiredNames(refs: SchemaRefs): Set<string> {
  return requiredNames([Object.values(refs.schemas), Object.values(refs.refTargets)]);
}

/** `refs` with each target read as its {@link deepView} (each made once, when first read). */
export function deepSchemaRefs(refs: SchemaRefs, required: ReadonlySet<string>): SchemaRefs {
  const viewed = <T>(table: Readonly<Record<string, T>>): Readonly<Record<string, T>> => {
    const views = new Map<string, T>();
    return new Proxy(table, {
      get: (object, key, receiver) => {
        if (typeof key !== "string" || !Object.hasOwn(object, key))
          return Reflect.get(object, key, receiver) as unknown;
        if (!views.has(key)) views.set(key, deepView(object[key], required) as T);
        return views.get(key);
      },
    });
  };
  return { schemas: viewed(refs.schemas), refTargets: viewed(refs.refTargets) };
}
