/**
 * types.ts with a cache per member: after a one-line edit only the path items, webhooks and
 * components whose types can have changed are transformed and printed again; the others' printed
 * text comes from the cache and the file is put together as the whole transform prints it
 * (internal/openapi-typescript-members.ts). On Stripe the whole transform and print was about
 * 40% of a warm edit's time.
 *
 * What a member prints depends on its own object, on what the transform resolves elsewhere in
 * the document while typing it (`ctx.resolve`: a `$ref`'d request body's `required`, the
 * properties of an `allOf` member, a `$ref`'d parameter's `in` and `name`) and on the
 * discriminators found in the whole document (`ctx.discriminators`), nothing else (the options
 * are fixed; the generator's own hash salts the pack). So each member's entry is found by the
 * hash of its object (after the document is prepared and its discriminators scanned, as the
 * whole transform sees it) and records everything the member resolved and looked up, with what
 * it got: the entry is used only when each of those gives the same today. A member whose
 * transform looks at the discriminators in any other way is never cached. The output is byte for
 * byte the whole transform's (test/generator/types-by-member.test.ts, after edits).
 */
import type { GlobalContext } from "openapi-typescript";
import type { CachePack } from "../cache/cache-pack.js";
import { sha256Hex } from "../cache/cache-pack.js";
import { openapiTypescriptInternals } from "../internal/openapi-typescript.js";
import { resolveObject } from "../schema/json-pointer.js";
import {
  assembleTypes,
  printUnit,
  typesUnits,
  UnexpectedLayout,
  type TypesUnit,
  type UnitText,
} from "../internal/openapi-typescript-members.js";
import {
  astText,
  binaryTransform,
  preparedTypes,
  typesContext,
  type PreparedTypes,
} from "./emit-types.js";
import { proseNonceOf, ProseSlotError, TypesProse } from "./types-prose-slots.js";
import { prepareTypesDocument } from "./types-document.js";
import { copyDocument } from "../schema/document-copy.js";

/** What a member's transform read of the rest of the document, and what it got (hashes, texts). */
interface Reads {
  /** `$ref` → hash of what `ctx.resolve` returned. */
  readonly resolved: Record<string, string>;
  /** Discriminator object looked up by pointer → its JSON ("" when absent). */
  readonly discriminators: Record<string, string>;
  /** Pointer → whether `refsHandled` held it. */
  readonly handled: Record<string, boolean>;
}

interface Entry {
  readonly reads: Reads;
  readonly text: UnitText;
}

/**
 * A unit's entry as the pack holds it: this head (JSON) under the unit's key, and the texts as
 * they are, each an entry of its own (`<key>\0member`, `<key>\0footer <i>`), so that a warm run
 * cuts them out of the pack instead of parsing about 3 MB of JSON strings on Stripe.
 */
interface Head {
  readonly reads: Reads;
  /** The names of the unit's footer declarations, in order. */
  readonly footer: readonly string[];
}

/** How many members a run had, how many it transformed and printed (not from the cache), and whether the slotted text held. */
export interface MemberStats {
  units: number;
  printed: number;
  /** Whether the run took the whole slotted text from the pack (no member read). */
  slotted?: boolean;
}

/** The pack entry holding the pack's prose nonce (types-prose-slots.ts). */
const NONCE_KEY = "prose nonce";

/**
 * types.ts for `document`, members from `pack` where they still hold. A copy of the document has
 * its prose slotted first (types-prose-slots.ts): when the pack holds the text printed for that
 * very slotted document (a prose edit that keeps each text's lines, or no edit), the prose is
 * filled into it, and the copy is neither prepared nor cut into members, and neither
 * openapi-typescript nor TypeScript is loaded. Else the copy is prepared (types-document.ts; its
 * views copy the slots of the schemas they come from, which fill the same way) and typed member by
 * member.
 */
export async function typesByMember(
  document: Record<string, unknown>,
  pack: CachePack,
  stats: MemberStats = { units: 0, printed: 0 },
): Promise<string> {
  const { copy: schema, sharing } = copyDocument(document);
  // a fresh copy, transformed and printed whole: what any other way must give
  const whole = () => typesWhole(preparedTypes(document));
  const prose = new TypesProse(proseNonce(pack));
  try {
    slotProse(prose, schema, typesUnits(schema));
  } catch (error) {
    if (!(error instanceof UnexpectedLayout)) throw error;
    return whole();
  }
  // the slotted document's text says all the transform reads, with where it shares objects (when
  // JSON says its values exactly: document-copy.ts)
  const key =
    sharing === undefined
      ? undefined
      : `slotted\0${sha256Hex(JSON.stringify(schema))}${sharing === "" ? "" : `\0${sha256Hex(sharing)}`}`;
  const held = key === undefined ? undefined : readSlotted(pack, key);
  try {
    if (held !== undefined) {
      const text = prose.fill(held.text);
      // the members it was made from stay for the next structural edit
      pack.keepAll();
      pack.save();
      Object.assign(stats, { units: held.units, printed: 0, slotted: true });
      return text;
    }
    const discriminated = prepareTypesDocument(schema);
    const units = typesUnits(schema);
    const discriminators = await scanned(schema, discriminated);
    let context: Promise<GlobalContext> | undefined;
    const printing = () =>
      (context ??= binaryTransform().then((hook) => typesContext(schema, hook, discriminators)));
    const text = await printMembers(schema, units, discriminators, printing, pack, stats);
    if (key !== undefined) {
      pack.set(`${key}\0units`, String(units.length));
      pack.set(key, text);
    }
    pack.save();
    return prose.fill(text);
  } catch (error) {
    if (!(error instanceof ProseSlotError) && !(error instanceof UnexpectedLayout)) throw error;
    return whole();
  }
}

/**
 * Slots the prose of each member, and of the sections no member is made of (`info`, when a
 * member's `$ref` names it: its prose is printed only where a member refers to it).
 */
function slotProse(prose: TypesProse, schema: Record<string, unknown>, units: TypesUnit[]): void {
  for (const unit of units) prose.slot(unitLabel(unit), unit.value);
  const roots = new Set(units.map((unit) => unit.root));
  for (const [key, value] of Object.entries(schema))
    if (!roots.has(key as TypesUnit["root"])) prose.slot(`section\0${key}`, value);
}

/**
 * The slotted text printed for the slotted document `key` (as it is: no JSON to parse, about 3 MB
 * on Stripe), with the member count; undefined when either entry is absent or fails its check.
 */
function readSlotted(
  pack: CachePack,
  key: string,
): { readonly units: number; readonly text: string } | undefined {
  const units = Number(pack.get(`${key}\0units`));
  const text = Number.isSafeInteger(units) && units >= 0 ? pack.get(key) : undefined;
  return text === undefined ? undefined : { units, text };
}

/** types.ts of a prepared document, transformed and printed whole (no cache, no slots). */
async function typesWhole(prepared: PreparedTypes): Promise<string> {
  const { schema } = prepared;
  const discriminators = await scanned(schema, prepared.discriminators);
  const hook = await binaryTransform();
  return astText(await transformWhole(schema, await typesContext(schema, hook, discriminators)));
}

/**
 * openapi-typescript's discriminator scan of the prepared `schema` (which it changes), silent as
 * `openapiTS(document, { silent: true })`'s; none when no object has a `discriminator` key (the
 * scan would find nothing: it walks the whole document, a tenth of a second on Stripe's).
 */
async function scanned(
  schema: Record<string, unknown>,
  discriminated: boolean,
): Promise<GlobalContext["discriminators"]> {
  if (!discriminated) return { objects: {}, refsHandled: [] };
  return (await openapiTypescriptInternals()).scanDiscriminators(schema as never, { silent: true });
}

/** The pack's prose nonce, made when it has none. */
function proseNonce(pack: CachePack): string {
  const stored = pack.get(NONCE_KEY);
  const nonce = proseNonceOf(stored);
  if (nonce !== stored) pack.set(NONCE_KEY, nonce);
  return nonce;
}

const unitLabel = (unit: TypesUnit) => `${unit.root}\0${unit.kind ?? ""}\0${unit.name ?? ""}`;

async function transformWhole(schema: Record<string, unknown>, ctx: GlobalContext) {
  const { transformSchema } = await openapiTypescriptInternals();
  return transformSchema(schema as never, ctx);
}

/** No resolve target (what `ctx.resolve` returns for a ref that leads nowhere is recorded so). */
const NOWHERE = Symbol("nowhere");

/**
 * What `ctx.resolve` returns for `ref` (openapi-typescript's `resolveRef`: the pointer, then its
 * `$ref` chain), read without openapi-typescript; {@link tracedContext} checks each unit's reads
 * return the very object `ctx.resolve` returned, else the unit is not cached.
 */
function resolveTarget(schema: Record<string, unknown>, ref: string): unknown {
  try {
    return resolveObject(schema, { $ref: ref });
  } catch {
    return NOWHERE; // a pointer to nothing, or a cycle
  }
}

/** The assembled text of the units, each from `pack` where its reads still hold. */
async function printMembers(
  schema: Record<string, unknown>,
  units: readonly TypesUnit[],
  discriminators: GlobalContext["discriminators"],
  printing: () => Promise<GlobalContext>,
  pack: CachePack,
  stats: MemberStats,
): Promise<string> {
  const resolvedHashes = new Map<string, string>();
  // what `ctx.resolve` returns for `ref` (see resolveTarget), hashed once per run
  const resolvedHash = (ref: string): string => {
    let hash = resolvedHashes.get(ref);
    if (hash === undefined) {
      const target = resolveTarget(schema, ref);
      hash = target === NOWHERE ? "nowhere" : sha256Hex(JSON.stringify(target) ?? "undefined");
      resolvedHashes.set(ref, hash);
    }
    return hash;
  };
  const objects = discriminators.objects as Record<string, unknown>;
  const still = (reads: Reads): boolean =>
    Object.entries(reads.resolved).every(([ref, hash]) => resolvedHash(ref) === hash) &&
    Object.entries(reads.discriminators).every(
      ([pointer, text]) => discriminatorText(objects, pointer) === text,
    ) &&
    Object.entries(reads.handled).every(
      ([pointer, held]) => discriminators.refsHandled.includes(pointer) === held,
    );
  const texts: UnitText[] = [];
  stats.units = units.length;
  try {
    for (const unit of units) {
      const key = unitKey(unit);
      const cached = key === undefined ? undefined : readEntry(pack, key);
      if (cached !== undefined && still(cached.reads)) {
        texts.push(cached.text);
        continue;
      }
      const traced = tracedContext(await printing(), discriminators, schema, resolvedHash);
      const text = await printUnit(unit, traced.ctx);
      stats.printed++;
      texts.push(text);
      const reads = traced.reads();
      if (key !== undefined && reads !== undefined) writeEntry(pack, key, { reads, text });
    }
  } catch (error) {
    if (!(error instanceof UnexpectedLayout)) throw error;
    return astText(await transformWhole(schema, await printing()));
  }
  return assembleTypes(schema, units, texts);
}

/**
 * The key of a unit's entry: the hash of where it is and its object (hashed here once: the entry's
 * texts are keyed from it); undefined when JSON cannot say it.
 */
function unitKey(unit: TypesUnit): string | undefined {
  try {
    const text = JSON.stringify([unit.root, unit.kind ?? null, unit.name ?? null, unit.value]);
    return text === undefined ? undefined : `member\0${sha256Hex(text)}`;
  } catch {
    return undefined; // a cycle: never cached
  }
}

function discriminatorText(objects: Record<string, unknown>, pointer: string): string {
  return Object.hasOwn(objects, pointer) ? (JSON.stringify(objects[pointer]) ?? "") : "";
}

/**
 * `ctx` with its `resolve` and discriminators recording what a unit's transform reads;
 * `reads()` is undefined when it read the discriminators in a way that is not recorded.
 */
function tracedContext(
  ctx: GlobalContext,
  discriminators: GlobalContext["discriminators"],
  schema: Record<string, unknown>,
  hash: (ref: string) => string,
): { readonly ctx: GlobalContext; reads(): Reads | undefined } {
  const resolved: Record<string, string> = {};
  const looked: Record<string, string> = {};
  const handled: Record<string, boolean> = {};
  let untraced = false;
  const objects = discriminators.objects as Record<string, unknown>;
  const tracedObjects = new Proxy(objects, {
    get: (target, key) => {
      if (typeof key === "string") looked[key] = discriminatorText(target, key);
      else untraced = true;
      return Reflect.get(target, key);
    },
    has: (target, key) => ((untraced = true), Reflect.has(target, key)),
    ownKeys: (target) => ((untraced = true), Reflect.ownKeys(target)),
  });
  const list = discriminators.refsHandled;
  const tracedHandled = new Proxy(list, {
    get: (target, key) => {
      if (key === "includes")
        return (pointer: string) => {
          const held = target.includes(pointer);
          handled[pointer] = held;
          return held;
        };
      untraced = true;
      return Reflect.get(target, key);
    },
  });
  const traced: GlobalContext = {
    ...ctx,
    injectFooter: [],
    discriminators: { objects: tracedObjects as never, refsHandled: tracedHandled },
    resolve: (ref: string) => {
      const value = ctx.resolve(ref);
      // what a later run checks is read without openapi-typescript: it must be this object
      const target = resolveTarget(schema, ref);
      if (target !== value && !(target === NOWHERE && value === undefined)) untraced = true;
      resolved[ref] = hash(ref);
      return value as never;
    },
  };
  return {
    ctx: traced,
    reads: () =>
      untraced ? undefined : ({ resolved, discriminators: looked, handled } satisfies Reads),
  };
}

function writeEntry(pack: CachePack, key: string, { reads, text }: Entry): void {
  const head: Head = { reads, footer: text.footer.map((entry) => entry.name) };
  pack.set(key, JSON.stringify(head));
  pack.set(`${key}\0member`, text.member);
  text.footer.forEach((entry, index) => pack.set(`${key}\0footer ${index}`, entry.text));
}

/** The entry of `key` (see {@link Head}); undefined when its head or any of its texts is absent or fails its check. */
function readEntry(pack: CachePack, key: string): Entry | undefined {
  const head = parseHead(pack.get(key));
  if (head === undefined) return undefined;
  const member = pack.get(`${key}\0member`);
  if (member === undefined) return undefined;
  const footer: { name: string; text: string }[] = [];
  for (const [index, name] of head.footer.entries()) {
    const text = pack.get(`${key}\0footer ${index}`);
    if (text === undefined) return undefined;
    footer.push({ name, text });
  }
  return { reads: head.reads, text: { member, footer } };
}

function parseHead(text: string | undefined): Head | undefined {
  if (text === undefined) return undefined;
  try {
    const head = JSON.parse(text) as Head;
    const ok =
      Array.isArray(head.footer) &&
      head.footer.every((name) => typeof name === "string") &&
      typeof head.reads?.resolved === "object" &&
      typeof head.reads.discriminators === "object" &&
      typeof head.reads.handled === "object";
    return ok ? head : undefined;
  } catch {
    return undefined;
  }
}
