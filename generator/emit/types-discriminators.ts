/**
 * openapi-typescript's discriminator scan (`scanDiscriminators`), kept from run to run, so that
 * a prose edit of a document with discriminators (DigitalOcean's) loads neither
 * openapi-typescript nor TypeScript when every member's text still holds (types-by-member.ts).
 *
 * The scan reads the whole prepared document and gives the discriminator objects by pointer and
 * the `$ref`s it handled; it also changes the document: each schema a discriminator maps gets its
 * discriminator property as an enum (`patchDiscriminatorEnum`: a property set, a `required`
 * entry, or an `allOf` member added). Those schemas are the targets of the handled `$ref`s. So
 * the entry, keyed by the hash of the document's JSON before the scan (its prose slotted:
 * types-prose-slots.ts, so a prose edit keeps the key), holds the objects, the handled `$ref`s
 * and each target's JSON after the scan; a later run with the same key puts those JSON values in
 * place of the targets' contents instead of scanning. An entry is made only where that is exact:
 * each target is the object our `$ref` resolver finds (the one a replay changes), and every value
 * JSON carries as it is. The transform reads the objects' fields only, never their identity.
 * The scan is silent, as `openapiTS(document, { silent: true })`'s, which types.ts is (emit-types.ts):
 * its warnings about a mapping it cannot patch would otherwise be printed by a run that scans and
 * not by one that replays.
 */
import type { GlobalContext } from "openapi-typescript";
import { sha256Hex, type CachePack } from "../cache/cache-pack.js";
import { openapiTypescriptInternals } from "../internal/openapi-typescript.js";
import { resolveObject } from "../schema/json-pointer.js";

type Discriminators = GlobalContext["discriminators"];

/** What a scan found and changed, as its entry keeps it (JSON). */
interface ScanEntry {
  readonly objects: Record<string, unknown>;
  readonly refsHandled: readonly string[];
  /** Each handled `$ref`'s target, after the scan. */
  readonly patched: readonly (readonly [string, Record<string, unknown>])[];
}

/** How the last call got its discriminators: for tests. */
export let lastScan: "scanned" | "from the cache" | undefined;

/** The discriminators of `schema` (changed as the scan changes it), from `pack` if it has them. */
export async function scannedDiscriminators(
  schema: Record<string, unknown>,
  pack: CachePack,
): Promise<Discriminators> {
  const text = jsonText(schema);
  const key = text === undefined ? undefined : `discriminator scan\0${sha256Hex(text)}`;
  const entry = key === undefined ? undefined : parseEntry(pack.get(key));
  if (entry !== undefined && replay(schema, entry)) {
    lastScan = "from the cache";
    return { objects: entry.objects as never, refsHandled: [...entry.refsHandled] };
  }
  const { scanDiscriminators, resolveRef } = await openapiTypescriptInternals();
  // silent, as openapiTS's with `silent: true` (emit-types.ts): a replay could not print its warnings
  const scanned = scanDiscriminators(schema as never, { silent: true });
  lastScan = "scanned";
  if (key === undefined) return scanned;
  const patched: [string, Record<string, unknown>][] = [];
  for (const ref of new Set(scanned.refsHandled)) {
    const target = ownTarget(schema, ref);
    if (target === undefined || target !== resolveRef(schema, ref, { silent: true }))
      return scanned;
    const value = jsonCopy(target);
    if (value === undefined) return scanned;
    patched.push([ref, value as Record<string, unknown>]);
  }
  const objects = jsonCopy(scanned.objects);
  if (objects === undefined) return scanned;
  const made: ScanEntry = {
    objects: objects as Record<string, unknown>,
    refsHandled: scanned.refsHandled,
    patched,
  };
  pack.set(key, JSON.stringify(made));
  return scanned;
}

/** Puts each recorded target's contents in place; false (nothing changed) if one is missing. */
function replay(schema: Record<string, unknown>, entry: ScanEntry): boolean {
  const targets = entry.patched.map(([ref]) => ownTarget(schema, ref));
  if (targets.some((target) => target === undefined || jsonCopy(target) === undefined))
    return false;
  entry.patched.forEach(([, after], index) => {
    const target = targets[index] as Record<string, unknown>;
    for (const key of Object.keys(target)) delete target[key];
    Object.assign(target, structuredClone(after));
  });
  return true;
}

/** What our resolver finds at `ref` (the pointer, then its `$ref` chain), if an object. */
function ownTarget(schema: Record<string, unknown>, ref: string) {
  try {
    return resolveObject(schema, { $ref: ref });
  } catch {
    return undefined;
  }
}

/** The JSON of `value`, or undefined when a cycle keeps JSON from saying it. */
function jsonText(value: unknown): string | undefined {
  try {
    return JSON.stringify(value);
  } catch {
    return undefined;
  }
}

/** A copy of `value` through JSON, or undefined when JSON would not carry it as it is. */
function jsonCopy(value: unknown): unknown {
  const within = new Set<object>(); // the objects around the one looked at: a cycle is not JSON
  const exact = (node: unknown): boolean => {
    if (node === null || typeof node === "string" || typeof node === "boolean") return true;
    if (typeof node === "number") return Number.isFinite(node) && !Object.is(node, -0);
    if (typeof node !== "object" || within.has(node)) return false;
    within.add(node);
    const items = Object.values(node);
    const plain = Array.isArray(node)
      ? Object.keys(node).length === node.length
      : Object.getPrototypeOf(node) === Object.prototype && !Object.hasOwn(node, "__proto__");
    const ok = plain && items.every((item) => exact(item));
    within.delete(node);
    return ok;
  };
  const text = exact(value) ? jsonText(value) : undefined;
  return text === undefined ? undefined : JSON.parse(text);
}

function parseEntry(text: string | undefined): ScanEntry | undefined {
  if (text === undefined) return undefined;
  try {
    const entry = JSON.parse(text) as Partial<ScanEntry> | null;
    const ok =
      entry !== null &&
      typeof entry.objects === "object" &&
      entry.objects !== null &&
      Array.isArray(entry.refsHandled) &&
      entry.refsHandled.every((ref) => typeof ref === "string") &&
      Array.isArray(entry.patched) &&
      entry.patched.every(
        (item) =>
          Array.isArray(item) &&
          typeof item[0] === "string" &&
          typeof item[1] === "object" &&
          item[1] !== null,
      );
    return ok ? (entry as ScanEntry) : undefined;
  } catch {
    return undefined;
  }
}
