/**
 * What Redocly's bundle reads in a one-file spec, as text: the bundle record's key
 * (bundle-cache.ts, bundle-key.ts). Bundling a document whose `$ref`s are all internal acts only
 * on them and on what surrounds them: it inlines a `$ref` standing where a plain value goes (an
 * `example`, say), copies discriminator mapping targets into `components`, reads the file of an
 * `externalValue`, and adds `components: {}` when there is none. A subtree holding no `$ref` and
 * no discriminator is left as it is, whatever it holds. So the key is the document with those
 * subtrees left out: every `$ref` at its place (the object keys on the way; a list keeps its
 * `$ref`-holding items in order, without their indexes), each discriminator whole, the plain
 * values (`type`, `in`, lists of plain values, ...) of the objects on the way to them (what could
 * decide what an object is), and the root's keys. Adding a property or a parameter that holds no
 * `$ref` (anywhere in a list), or editing a schema's constraints, keeps the key; the recorded
 * verdict (the bundle changed nothing, or added `components: {}`) then applies and the bundle is
 * skipped. Any edit near a `$ref` (moving it to another key, reordering a list's `$ref`s,
 * renaming what it points at) changes the key and the next run bundles.
 *
 * Prose (`description`, `summary` outside literal values) is left out as `withoutProse` does.
 */
import { isLiteralKey, isProse } from "../cache/without-prose.js";

export interface BundleSkeleton {
  /** The key text ("" for a value holding no `$ref`, discriminator or `externalValue`). */
  readonly text: string;
  /** Every string `$ref` in it. */
  readonly refs: readonly string[];
  /** Whether an `externalValue` is there (the bundle reads another file: never recorded). */
  readonly external: boolean;
}

/** Thrown for a value JSON has no text for (the caller does not record such a document). */
export class NotKeyable extends Error {}

/** The skeleton of `value` (a part of a document below a literal key when `literal`). */
export function bundleSkeleton(value: unknown, literal: boolean, root = false): BundleSkeleton {
  const refs = new Set<string>();
  let external = false;
  const scalar = (item: unknown): string => {
    const json = JSON.stringify(item) as string | undefined;
    if (json === undefined) throw new NotKeyable();
    return json;
  };
  const visit = (node: unknown, inLiteral: boolean, whole: boolean): string => {
    if (Array.isArray(node)) {
      // in order, without indexes: no OpenAPI list types its items by position (parameters,
      // allOf, prefixItems, servers...), so a $ref-free item inserted before a $ref changes nothing
      const items: string[] = [];
      for (const item of node) {
        const text = isContainer(item) ? visit(item, inLiteral, false) : "";
        if (text !== "") items.push(text);
      }
      return items.length === 0 ? "" : `[${items.join(",")}]`;
    }
    const plain: string[] = [];
    const held: string[] = [];
    for (const [key, item] of Object.entries(node as Record<string, unknown>)) {
      if (!inLiteral && isProse(key, item)) continue;
      const name = JSON.stringify(key);
      if (key === "$ref") {
        if (typeof item === "string") refs.add(item);
        held.push(`${name}:${scalar(item)}`);
      } else if (key === "externalValue") {
        external = true;
        held.push(`${name}:${scalar(item)}`);
      } else if (key === "discriminator" && isContainer(item)) {
        held.push(`${name}:${JSON.stringify(item)}`);
        collectMappings(item, refs);
      } else if (isContainer(item)) {
        const text = visit(item, inLiteral || isLiteralKey(key), false);
        if (text !== "") held.push(`${name}:${text}`);
        else if (whole) held.push(`${name}:{}`);
        // a list's plain values (`type: [string, "null"]`, `required`) count as one value
        else if (Array.isArray(item))
          plain.push(`${name}:${scalar(item.filter((entry) => !isContainer(entry)))}`);
      } else plain.push(`${name}:${scalar(item)}`);
    }
    return held.length === 0 && !whole ? "" : `{${[...plain, ...held].join(",")}}`;
  };
  const text = isContainer(value) ? visit(value, literal, root) : scalar(value);
  return { text, refs: [...refs], external };
}

function isContainer(value: unknown): value is object {
  return value !== null && typeof value === "object";
}

/** A discriminator's mapping targets are references too (the bundle resolves them). */
function collectMappings(discriminator: object, refs: Set<string>): void {
  const mapping = (discriminator as { mapping?: unknown }).mapping;
  if (!isContainer(mapping)) return;
  for (const target of Object.values(mapping))
    if (typeof target === "string" && target.startsWith("#")) refs.add(target);
}
