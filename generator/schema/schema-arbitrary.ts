/**
 * fast-check arbitraries of values that match an OpenAPI schema (positive data): types, formats,
 * ranges, lengths, patterns, enums, `nullable`, `allOf`/`oneOf`/`anyOf` (with discriminators),
 * arrays and objects. Values are kept small so that requests stay readable and shrink well; the
 * caller filters them through the validator, so a case this misses costs a skipped example, never
 * a false failure.
 */
import fc from "fast-check";
import { isObject } from "./json-pointer.js";
import { resolveSchemaObject, type SchemaRefs } from "./schema-refs.js";
import { edgeNumbers, edgeString, withFormatEdges } from "./edge-data.js";
import { ownValues } from "./json-value.js";

export type Direction = "request" | "response";

export interface ArbitraryContext {
  /** Where a `$ref` leads (schema-refs.ts): the model, or a document's refs. */
  readonly refs: SchemaRefs;
  /** Requests leave out `readOnly` properties; responses leave out `writeOnly` ones. */
  readonly direction: Direction;
  /**
   * Data that finds bugs (edge-data.ts): full-Unicode strings, lengths and numbers at their
   * limits, formats at their edges. Off for mocks and examples, which stay readable.
   */
  readonly edges?: boolean;
  /**
   * Where a `$ref` leads for a schema drawn only past {@link MAX_DEPTH} (required properties
   * alone): `refs` with the properties no schema requires left out (deep-schemas.ts), so that a
   * reader recording what was read (the mocks' cache) sees what the value depends on. Absent:
   * `refs`.
   */
  readonly deepRefs?: SchemaRefs;
}

/** `context`, reading `$ref`s as a schema drawn at `depth` needs them (see {@link ArbitraryContext.deepRefs}). */
function at(context: ArbitraryContext, depth: number): ArbitraryContext {
  return depth >= MAX_DEPTH && context.deepRefs !== undefined && context.refs !== context.deepRefs
    ? { ...context, refs: context.deepRefs }
    : context;
}

/**
 * Marks a value that could not be drawn (a format longer than maxLength, a value the validator
 * refuses). Arbitraries never loop with `filter` (fast-check would retry forever on an impossible
 * schema): they map to this mark, and a request that contains it is skipped (`fc.pre`), which
 * fast-check bounds.
 */
export const REJECTED: unique symbol = Symbol("rejected");

/** `arbitrary`, with the values `keep` refuses replaced by {@link REJECTED}. */
export function rejectUnless<T>(
  arbitrary: fc.Arbitrary<T>,
  keep: (value: T) => boolean,
): fc.Arbitrary<T | typeof REJECTED> {
  return arbitrary.map((value) => (hasRejected(value) || !keep(value) ? REJECTED : value));
}

/** Whether a value is, or contains, {@link REJECTED}. */
export function hasRejected(value: unknown): boolean {
  if (value === REJECTED) return true;
  if (Array.isArray(value)) return value.some(hasRejected);
  if (value !== null && typeof value === "object") return Object.values(value).some(hasRejected);
  return false;
}

/**
 * Nesting past this depth generates only what is required, and one alternative of each choice
 * (the simplest: `null` when nullable, an empty array, the first branch that can be drawn), so
 * that recursive schemas terminate and the arbitraries built stay linear in the depth.
 */
const MAX_DEPTH = 4;
/** Past this depth nothing is drawn: a schema whose required properties recurse forever has no finite value. */
const HARD_DEPTH = MAX_DEPTH + 12;
/** Extra length above a minimum when no maximum bounds it. */
const SPAN = 12;

/** An arbitrary of values matching `schema`, or undefined when no value can (`false`, `not: {}`). */
export function schemaArbitrary(
  schema: unknown,
  context: ArbitraryContext,
  depth = 0,
): fc.Arbitrary<unknown> | undefined {
  if (schema === true || schema === undefined) return smallJson();
  if (schema === false || !isObject(schema) || depth > HARD_DEPTH) return undefined;
  const resolved = resolveSchemaObject(at(context, depth).refs, schema) ?? {};
  const nullable = resolved.nullable === true;
  if (nullable && depth >= MAX_DEPTH) return fc.constant(null);
  const base = nonNullArbitrary(resolved, context, depth);
  if (!nullable) return base;
  return base === undefined
    ? fc.constant(null)
    : fc.oneof({ arbitrary: base, weight: 4 }, { arbitrary: fc.constant(null), weight: 1 });
}

function nonNullArbitrary(
  schema: Record<string, unknown>,
  context: ArbitraryContext,
  depth: number,
): fc.Arbitrary<unknown> | undefined {
  if ("const" in schema) return fc.constant(schema.const);
  if (Array.isArray(schema.enum))
    return schema.enum.length === 0 ? undefined : fc.constantFrom(...(schema.enum as unknown[]));
  if (Array.isArray(schema.allOf))
    return schemaArbitrary(mergeAllOf(schema, at(context, depth + 1)), context, depth + 1);
  for (const keyword of ["oneOf", "anyOf"] as const) {
    const branches = schema[keyword];
    if (!Array.isArray(branches) || branches.length === 0) continue;
    const { [keyword]: _branches, discriminator, ...rest } = schema;
    const branch = (item: unknown): fc.Arbitrary<unknown> | undefined => {
      const merged = mergeAllOf({ allOf: [rest, item] }, at(context, depth + 1));
      return schemaArbitrary(
        withDiscriminatorValue(merged, item, discriminator, at(context, depth + 1)),
        context,
        depth + 1,
      );
    };
    return alternatives(simplestFirst(branches, context, depth), branch, depth);
  }
  const types = typesOf(schema);
  if (types.length === 0) return smallJson();
  const ordered =
    depth >= MAX_DEPTH
      ? [...types].sort((a, b) => Number(COMPOUND_TYPES.has(a)) - Number(COMPOUND_TYPES.has(b)))
      : types;
  return alternatives(ordered, (type) => typedArbitrary(type, schema, context, depth), depth);
}

const COMPOUND_TYPES = new Set(["object", "array"]);

/**
 * One arbitrary over the alternatives that can be drawn (`fc.oneof`); past {@link MAX_DEPTH} only
 * the first that can, so a recursive choice is not built again for every branch.
 */
function alternatives<T>(
  items: readonly T[],
  arbitraryOf: (item: T) => fc.Arbitrary<unknown> | undefined,
  depth: number,
): fc.Arbitrary<unknown> | undefined {
  const arbitraries: fc.Arbitrary<unknown>[] = [];
  for (const item of items) {
    const arbitrary = arbitraryOf(item);
    if (arbitrary === undefined) continue;
    if (depth >= MAX_DEPTH) return arbitrary;
    arbitraries.push(arbitrary);
  }
  if (arbitraries.length === 0) return undefined;
  return arbitraries.length === 1 ? arbitraries[0] : fc.oneof(...arbitraries);
}

/** Past {@link MAX_DEPTH}, the branches of a choice that are not objects or arrays first (they end a recursion). */
function simplestFirst(
  branches: readonly unknown[],
  context: ArbitraryContext,
  depth: number,
): readonly unknown[] {
  if (depth < MAX_DEPTH) return branches;
  const compound = (branch: unknown): number => {
    const resolved = resolveSchemaObject(at(context, depth).refs, branch);
    if (resolved === undefined) return 1;
    const types = typesOf(resolved);
    return types.length > 0 && types.every((type) => COMPOUND_TYPES.has(type)) ? 1 : 0;
  };
  return [...branches].sort((a, b) => compound(a) - compound(b));
}

/** The JSON types a schema allows (3.1 type arrays; inferred from keywords when `type` is absent). */
export function typesOf(schema: Record<string, unknown>): string[] {
  if (typeof schema.type === "string") return [schema.type];
  if (Array.isArray(schema.type))
    return schema.type.filter((type): type is string => typeof type === "string");
  if (
    isObject(schema.properties) ||
    schema.additionalProperties !== undefined ||
    Array.isArray(schema.required)
  )
    return ["object"];
  if (schema.items !== undefined) return ["array"];
  if (
    typeof schema.pattern === "string" ||
    typeof schema.format === "string" ||
    schema.minLength !== undefined
  )
    return ["string"];
  if (schema.minimum !== undefined || schema.maximum !== undefined) return ["number"];
  return [];
}

function typedArbitrary(
  type: string,
  schema: Record<string, unknown>,
  context: ArbitraryContext,
  depth: number,
): fc.Arbitrary<unknown> | undefined {
  switch (type) {
    case "null":
      return fc.constant(null);
    case "boolean":
      return fc.boolean();
    case "integer":
      return integerArbitrary(schema, context.edges === true);
    case "number":
      return numberArbitrary(schema, context.edges === true);
    case "string":
      return stringArbitrary(schema, context.edges === true);
    case "array":
      return arrayArbitrary(schema, context, depth);
    case "object":
      return objectArbitrary(schema, context, depth);
    default:
      return undefined;
  }
}

/** Inclusive integer bounds of a schema (3.0 boolean and 3.1 numeric exclusive bounds, formats). */
export function integerBounds(schema: Record<string, unknown>): { min: number; max: number } {
  const int32 = schema.format === "int32";
  let min = int32 ? -(2 ** 31) : Number.MIN_SAFE_INTEGER;
  let max = int32 ? 2 ** 31 - 1 : Number.MAX_SAFE_INTEGER;
  if (typeof schema.minimum === "number")
    min = Math.max(
      min,
      Math.ceil(schema.minimum) +
        (schema.exclusiveMinimum === true && Number.isInteger(schema.minimum) ? 1 : 0),
    );
  if (typeof schema.exclusiveMinimum === "number")
    min = Math.max(min, Math.floor(schema.exclusiveMinimum) + 1);
  if (typeof schema.maximum === "number")
    max = Math.min(
      max,
      Math.floor(schema.maximum) -
        (schema.exclusiveMaximum === true && Number.isInteger(schema.maximum) ? 1 : 0),
    );
  if (typeof schema.exclusiveMaximum === "number")
    max = Math.min(max, Math.ceil(schema.exclusiveMaximum) - 1);
  return { min, max };
}

function integerArbitrary(
  schema: Record<string, unknown>,
  edges: boolean,
): fc.Arbitrary<unknown> | undefined {
  const { min, max } = integerBounds(schema);
  if (min > max) return undefined;
  const step =
    typeof schema.multipleOf === "number" &&
    Number.isInteger(schema.multipleOf) &&
    schema.multipleOf > 0
      ? schema.multipleOf
      : 1;
  if (step === 1) {
    // Edge values first in shrinking: the smallest allowed value (or 0) is the simplest.
    const limits = fc.constantFrom(...new Set([min, max]));
    const near = edgeNumbers(min, max, 1).filter((value) => value !== min && value !== max);
    return edges && near.length > 0
      ? fc.oneof(
          { arbitrary: fc.integer({ min, max }), weight: 2 },
          { arbitrary: limits, weight: 2 },
          { arbitrary: fc.constantFrom(...near), weight: 1 },
        )
      : fc.oneof(fc.integer({ min, max }), limits);
  }
  const low = Math.ceil(min / step);
  const high = Math.floor(max / step);
  return low > high ? undefined : fc.integer({ min: low, max: high }).map((n) => n * step);
}

function numberArbitrary(schema: Record<string, unknown>, edges: boolean): fc.Arbitrary<unknown> {
  const min =
    typeof schema.minimum === "number"
      ? schema.minimum
      : typeof schema.exclusiveMinimum === "number"
        ? schema.exclusiveMinimum
        : -1e6;
  const max =
    typeof schema.maximum === "number"
      ? schema.maximum
      : typeof schema.exclusiveMaximum === "number"
        ? schema.exclusiveMaximum
        : 1e6;
  const minExcluded =
    schema.exclusiveMinimum === true || typeof schema.exclusiveMinimum === "number";
  const maxExcluded =
    schema.exclusiveMaximum === true || typeof schema.exclusiveMaximum === "number";
  if (typeof schema.multipleOf === "number" && schema.multipleOf > 0) {
    const step = schema.multipleOf;
    return fc
      .integer({
        min: Math.ceil(min / step),
        max: Math.max(Math.ceil(min / step), Math.floor(max / step)),
      })
      .map((n) => n * step);
  }
  const double = fc.double({
    min,
    max,
    noNaN: true,
    noDefaultInfinity: true,
    minExcluded,
    maxExcluded,
  });
  if (!edges) return double;
  const inside = edgeNumbers(min, max, 0.5).filter(
    (value) => !(minExcluded && value === min) && !(maxExcluded && value === max),
  );
  return inside.length === 0
    ? double
    : fc.oneof(
        { arbitrary: double, weight: 3 },
        { arbitrary: fc.constantFrom(...inside), weight: 1 },
      );
}

/** Arbitraries of formatted strings, each made once on first use (an arbitrary is immutable; making `webUrl` costs milliseconds). */
const FORMAT_ARBITRARIES: Readonly<Record<string, () => fc.Arbitrary<string>>> = Object.fromEntries(
  Object.entries({
    "date-time": () =>
      fc
        .date({
          min: new Date("2000-01-01T00:00:00Z"),
          max: new Date("2099-12-31T23:59:59Z"),
          noInvalidDate: true,
        })
        .map((date) => date.toISOString()),
    date: () =>
      fc
        .date({
          min: new Date("2000-01-01T00:00:00Z"),
          max: new Date("2099-12-31T00:00:00Z"),
          noInvalidDate: true,
        })
        .map((date) => date.toISOString().slice(0, 10)),
    time: () =>
      fc
        .tuple(
          fc.integer({ min: 0, max: 23 }),
          fc.integer({ min: 0, max: 59 }),
          fc.integer({ min: 0, max: 59 }),
        )
        .map(([h, m, s]) => `${pad(h)}:${pad(m)}:${pad(s)}Z`),
    email: () =>
      fc
        .tuple(
          fc.string({ unit: fc.constantFrom(...EMAIL_LOCAL_UNITS), minLength: 1, maxLength: 10 }),
          fc.domain(),
        )
        .map(([local, host]) => `${local}@${host}`),
    uuid: () => fc.uuid(),
    uri: () => webUrl(),
    url: () => webUrl(),
    "uri-reference": () => webPath().map((path) => (path === "" ? "/" : path)),
    hostname: () => fc.domain(),
    ipv4: () => fc.ipV4(),
    ipv6: () => fc.ipV6(),
    byte: () => fc.base64String({ maxLength: 16 }),
  } satisfies Record<string, () => fc.Arbitrary<string>>).map(([format, make]) => [
    format,
    once(make),
  ]),
);

/**
 * `http(s)://domain/segments`, as fast-check's `webUrl()` draws them by default, made from our own
 * path segments: fast-check builds its percent-encoding character arbitrary in about 0.6 s (a
 * reverse mapping of every character), and `emailAddress()` its own in about 0.1 s, once per
 * process: a large share of a generate run of a spec with `format: uri`.
 */
function webUrl(): fc.Arbitrary<string> {
  return fc
    .tuple(fc.constantFrom("https", "http"), fc.domain(), webPath())
    .map(([scheme, host, path]) => `${scheme}://${host}${path}`);
}

/** RFC 3986 path segment characters: unreserved, sub-delimiters, `:`, `@`, and some percent-encoded octets. */
const SEGMENT_UNITS = [
  ..."abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~!$&'()*+,;=:@",
  "%20",
  "%2F",
  "%C3%A9",
];
/** Characters of an e-mail address's local part (dots left out: they may not lead, end or repeat). */
const EMAIL_LOCAL_UNITS = [..."abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-+"];

/** `/segment/segment` (up to 3 segments, possibly empty: `""`, `//`). */
function webPath(): fc.Arbitrary<string> {
  return fc
    .array(fc.string({ unit: fc.constantFrom(...SEGMENT_UNITS), maxLength: 8 }), { maxLength: 3 })
    .map((segments) => segments.map((segment) => `/${segment}`).join(""));
}

function once<T>(make: () => T): () => T {
  let made: { readonly value: T } | undefined;
  return () => (made ??= { value: make() }).value;
}

function pad(n: number): string {
  return String(n).padStart(2, "0");
}

function stringArbitrary(
  schema: Record<string, unknown>,
  edges: boolean,
): fc.Arbitrary<unknown> | undefined {
  const minLength = typeof schema.minLength === "number" ? schema.minLength : 0;
  const maxLength = typeof schema.maxLength === "number" ? schema.maxLength : minLength + SPAN;
  if (minLength > maxLength) return undefined;
  const format = typeof schema.format === "string" ? FORMAT_ARBITRARIES[schema.format] : undefined;
  // Formats and patterns have their own lengths: only the declared bounds apply to them.
  const declaredMax = typeof schema.maxLength === "number" ? schema.maxLength : Infinity;
  // JSON Schema counts code points (an emoji is one)
  const lengthOk = (value: string): boolean =>
    codePoints(value) >= minLength && codePoints(value) <= declaredMax;
  if (format !== undefined)
    return rejectUnless(
      edges ? withFormatEdges(schema.format as string, format()) : format(),
      lengthOk,
    );
  const edge = edges ? edgeString(minLength, maxLength, SPAN) : undefined;
  if (typeof schema.pattern === "string")
    return patternArbitrary(schema.pattern, minLength, maxLength, lengthOk, edge);
  return edge ?? plainString(minLength, Math.min(maxLength, minLength + SPAN));
}

function codePoints(value: string): number {
  let count = 0;
  for (const _ of value) count++;
  return count;
}

/** Arbitraries of plain strings, by length bounds: made once each (fast-check's set-up of a string arbitrary costs about a millisecond, and a spec has thousands of string schemas). */
const PLAIN_STRINGS = new Map<string, fc.Arbitrary<string>>();

function plainString(minLength: number, maxLength: number): fc.Arbitrary<string> {
  const key = `${minLength}:${maxLength}`;
  let arbitrary = PLAIN_STRINGS.get(key);
  if (arbitrary === undefined) {
    arbitrary = fc.string({ minLength, maxLength, unit: "grapheme-ascii" });
    PLAIN_STRINGS.set(key, arbitrary);
  }
  return arbitrary;
}

/**
 * Strings matching a spec's `pattern`, compiled as the validators compile it: without the `u` flag
 * (`^[\w\-\:]+$` is valid there, an "invalid escape" in unicode mode); with it only when the
 * pattern needs it. A pattern fast-check cannot generate from (`\b`, `\B`) is generated without
 * those zero-width assertions and the results that do not match are dropped; one still refused
 * falls back to short strings filtered by the pattern. A pattern no engine compiles draws plain
 * strings (the validator filters them).
 */
function patternArbitrary(
  source: string,
  minLength: number,
  maxLength: number,
  lengthOk: (value: string) => boolean,
  edge: fc.Arbitrary<string> | undefined,
): fc.Arbitrary<unknown> {
  const pattern = compilePattern(source);
  const plain = plainString(minLength, Math.min(maxLength, minLength + SPAN));
  if (pattern === undefined) return edge ?? plain;
  const matches = (value: string): boolean => lengthOk(value) && pattern.test(value);
  const matching = patternMatching(source, pattern, matches, plain);
  if (edge === undefined) return matching;
  // Edge strings (full Unicode, at the length limits) that happen to match: often for a loose
  // pattern such as `\S`, seldom for an anchored one, which gets them less often.
  const anchored = source.startsWith("^") && source.endsWith("$");
  return fc.oneof(
    { arbitrary: matching, weight: anchored ? 3 : 1 },
    { arbitrary: rejectUnless(edge, matches), weight: 1 },
  );
}

function patternMatching(
  source: string,
  pattern: RegExp,
  matches: (value: string) => boolean,
  plain: fc.Arbitrary<string>,
): fc.Arbitrary<unknown> {
  // A pattern without anchors matches anywhere: build around a match, inside the length bounds.
  for (const candidate of [source, source.replace(/(?<!\\)((?:\\\\)*)\\[bB]/g, "$1")]) {
    const compiled = compilePattern(candidate, pattern.flags);
    if (compiled === undefined) continue;
    try {
      return rejectUnless(fc.stringMatching(compiled), matches);
    } catch {
      // fast-check does not implement a construct of this pattern: try the next candidate
    }
  }
  return rejectUnless(plain, matches);
}

function compilePattern(source: string, flags?: string): RegExp | undefined {
  for (const flag of flags === undefined ? ["", "u"] : [flags]) {
    try {
      return new RegExp(source, flag);
    } catch {
      // the next flag
    }
  }
  return undefined;
}

function arrayArbitrary(
  schema: Record<string, unknown>,
  context: ArbitraryContext,
  depth: number,
): fc.Arbitrary<unknown> | undefined {
  const minItems = typeof schema.minItems === "number" ? schema.minItems : 0;
  const deep = depth >= MAX_DEPTH;
  const maxItems = Math.min(
    typeof schema.maxItems === "number" ? schema.maxItems : minItems + 3,
    deep ? minItems : minItems + 3,
  );
  if (minItems > maxItems) return undefined;
  if (maxItems === 0) return fc.constant([]);
  const items = schemaArbitrary(schema.items ?? true, context, depth + 1);
  if (items === undefined) return minItems === 0 ? fc.constant([]) : undefined;
  if (schema.uniqueItems === true)
    return fc.uniqueArray(items, {
      minLength: minItems,
      maxLength: maxItems,
      selector: (value) => JSON.stringify(value),
    });
  return fc.array(items, { minLength: minItems, maxLength: maxItems });
}

function objectArbitrary(
  schema: Record<string, unknown>,
  context: ArbitraryContext,
  depth: number,
): fc.Arbitrary<unknown> | undefined {
  const properties = isObject(schema.properties) ? schema.properties : {};
  const required = new Set(
    Array.isArray(schema.required)
      ? schema.required.filter((name): name is string => typeof name === "string")
      : [],
  );
  const model: Record<string, fc.Arbitrary<unknown>> = {};
  const requiredKeys: string[] = [];
  for (const [name, propertySchema] of Object.entries(properties)) {
    // past the depth, before its schema is read (nothing of an optional property is read there)
    if (depth >= MAX_DEPTH && !required.has(name)) continue;
    const resolved = resolveSchemaObject(at(context, depth + 1).refs, propertySchema);
    const hidden =
      context.direction === "request" ? resolved?.readOnly === true : resolved?.writeOnly === true;
    if (hidden && !required.has(name)) continue;
    const arbitrary = schemaArbitrary(propertySchema, context, depth + 1);
    if (arbitrary === undefined) {
      if (required.has(name)) return undefined;
      continue;
    }
    model[name] = arbitrary;
    if (required.has(name)) requiredKeys.push(name);
  }
  // Required names without a declared property: any small value.
  for (const name of required) {
    if (!(name in model)) {
      model[name] = smallJson();
      requiredKeys.push(name);
    }
  }
  return fc.record(model, { requiredKeys });
}

/** `allOf` folded into one schema: properties and required merged, the other keywords of the last. */
export function mergeAllOf(
  schema: Record<string, unknown>,
  context: ArbitraryContext | { readonly refs: SchemaRefs },
  seen = 0,
): Record<string, unknown> {
  const { allOf, ...rest } = schema;
  if (!Array.isArray(allOf) || seen > MAX_DEPTH) return schema;
  let merged: Record<string, unknown> = { ...rest };
  for (const part of allOf) {
    const resolved = resolveSchemaObject(context.refs, part);
    if (resolved === undefined) continue;
    const flat = mergeAllOf(resolved, context, seen + 1);
    const properties = {
      ...(isObject(merged.properties) ? merged.properties : {}),
      ...(isObject(flat.properties) ? flat.properties : {}),
    };
    const required = [...new Set([...asStrings(merged.required), ...asStrings(flat.required)])];
    const { discriminator: _discriminator, ...flatRest } = flat;
    merged = { ...flatRest, ...merged, properties, required };
    if (merged.type === undefined && flat.type !== undefined) merged.type = flat.type;
    else if (merged.type !== undefined && flat.type !== undefined) {
      // both parts must hold: only the types they share (none: no value, as `enum: []` says)
      const shared = sharedTypes(typesOf(merged), typesOf(flat));
      if (shared.length === 0) merged.enum = [];
      else merged.type = shared.length === 1 ? shared[0] : shared;
    }
  }
  if (Object.keys(merged.properties as object).length === 0) delete merged.properties;
  if ((merged.required as unknown[]).length === 0) delete merged.required;
  return merged;
}

/**
 * With a discriminator, the branch's discriminating property is pinned to its mapped value; an
 * unmapped branch that gives the property its own `enum`/`const` keeps them (as the validator
 * reads it), else the schema name.
 */
function withDiscriminatorValue(
  merged: Record<string, unknown>,
  branch: unknown,
  discriminator: unknown,
  context: ArbitraryContext,
): Record<string, unknown> {
  if (
    !isObject(discriminator) ||
    typeof discriminator.propertyName !== "string" ||
    !isObject(branch) ||
    typeof branch.$ref !== "string"
  )
    return merged;
  const ref = branch.$ref;
  const name = ref.split("/").pop() ?? ref;
  const mapping = isObject(discriminator.mapping) ? discriminator.mapping : {};
  const mapped = Object.entries(mapping).find(
    ([, target]) => target === ref || target === name,
  )?.[0];
  const property = discriminator.propertyName;
  const own =
    mapped === undefined ? ownValues(resolveSchemaObject(context.refs, branch), property) : [];
  return {
    ...merged,
    properties: {
      ...(isObject(merged.properties) ? merged.properties : {}),
      [property]: own.length > 0 ? { enum: own } : { type: "string", enum: [mapped ?? name] },
    },
    required: [...new Set([...asStrings(merged.required), property])],
  };
}

/** The types two schemas both allow (`number` and `integer` share `integer`). */
function sharedTypes(a: readonly string[], b: readonly string[]): string[] {
  const out = new Set<string>();
  for (const x of a)
    for (const y of b)
      if (x === y || (x === "number" && y === "integer") || (x === "integer" && y === "number"))
        out.add(x === "number" ? y : x);
  return [...out];
}

function asStrings(value: unknown): string[] {
  return Array.isArray(value)
    ? value.filter((item): item is string => typeof item === "string")
    : [];
}

/** Any small JSON value, for schemas that say nothing. */
export function smallJson(): fc.Arbitrary<unknown> {
  return fc.oneof(plainString(0, 8), fc.integer({ min: -100, max: 100 }), fc.boolean());
}
