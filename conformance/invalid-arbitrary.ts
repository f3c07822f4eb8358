/**
 * fast-check arbitraries of values that BREAK an OpenAPI schema (negative data), each with what
 * was broken: a wrong type, a missing required property, an out-of-range number, a too long or
 * too short string or array, a value outside an enum, a wrong format or pattern, an unknown
 * property where `additionalProperties: false`. The caller keeps only values the validator
 * rejects, so a mutation that happens to stay valid is never sent as "invalid".
 */
import fc from "fast-check";
import { escapePointer, isObject } from "../generator/schema/json-pointer.js";
import { resolveSchemaObject, type SchemaRefs } from "../generator/schema/schema-refs.js";
import {
  integerBounds,
  mergeAllOf,
  REJECTED,
  schemaArbitrary,
  typesOf,
  type ArbitraryContext,
} from "../generator/schema/schema-arbitrary.js";

export interface InvalidValue {
  readonly value: unknown;
  /** What was broken, e.g. `wrong type (string instead of integer) at /quantity`. */
  readonly mutation: string;
}

export interface InvalidOptions {
  /** Scalars only (parameters travel as text: objects and arrays would not mean what they say). */
  readonly scalarsOnly?: boolean;
}

const WRONG_TYPE_VALUES: ReadonlyArray<readonly [string, unknown]> = [
  ["string", "not-a-number"],
  ["integer", 123456],
  ["number", 1.5],
  ["boolean", true],
  ["object", { unexpected: 1 }],
  ["array", [1, "two"]],
  ["null", null],
];

const WRONG_FORMAT: Readonly<Record<string, string>> = {
  "date-time": "not-a-date-time",
  date: "2021-13-45",
  time: "25:99",
  email: "not-an-email",
  uuid: "not-a-uuid",
  uri: "not a uri",
  ipv4: "999.1.1.1",
  ipv6: "not-an-ipv6",
  hostname: "-bad-.host-",
  byte: "***",
};

/**
 * The ways a value can break `schema` itself (not its items or properties), each with the values
 * that do it, in order of preference: a wrong type, a discriminator naming no schema, a value
 * outside the enum, out of range, too long or too short, a wrong format, a pattern mismatch.
 * Deterministic, so the boundary phase can send each one once.
 */
export function scalarViolations(
  schema: unknown,
  context: ArbitraryContext,
  options: InvalidOptions = {},
  pointer = "",
): Violation[] {
  if (!isObject(schema)) return [];
  const resolved = mergeAllOf(resolveSchemaObject(context.refs, schema) ?? {}, context);
  const at = pointer === "" ? "" : ` at ${pointer}`;
  const out: Violation[] = [];
  const add = (mutation: string, ...values: unknown[]): void => {
    out.push({ mutation: `${mutation}${at}`, values });
  };
  const types = typesOf(resolved).length > 0 ? typesOf(resolved) : branchTypes(resolved, context);
  const scalarTypes = new Set(["string", "integer", "number", "boolean", "null"]);

  if (types.length > 0) {
    const allowed = new Set(types);
    if (allowed.has("number")) allowed.add("integer");
    if (resolved.nullable === true) allowed.add("null");
    for (const [type, value] of WRONG_TYPE_VALUES) {
      if (allowed.has(type)) continue;
      if (options.scalarsOnly === true && (!scalarTypes.has(type) || type === "null")) continue;
      add(`wrong type (${type} instead of ${types.join(" or ")})`, value);
    }
  }
  const discriminator = resolved.discriminator;
  if (
    options.scalarsOnly !== true &&
    isObject(discriminator) &&
    typeof discriminator.propertyName === "string"
  ) {
    add(`a ${discriminator.propertyName} that names no schema`, {
      [discriminator.propertyName]: "not-a-mapped-value",
    });
  }
  if (Array.isArray(resolved.enum) && resolved.enum.every((item) => typeof item === "string"))
    add("a value outside the enum", "not-in-enum");
  if (types.includes("integer") || types.includes("number")) {
    const { min, max } = types.includes("integer")
      ? integerBounds(resolved)
      : { min: Number(resolved.minimum ?? -Infinity), max: Number(resolved.maximum ?? Infinity) };
    if (Number.isFinite(min) && min > Number.MIN_SAFE_INTEGER)
      add(`below the minimum (${min})`, min - 1);
    if (Number.isFinite(max) && max < Number.MAX_SAFE_INTEGER)
      add(`above the maximum (${max})`, max + 1);
  }
  if (types.includes("string")) {
    if (typeof resolved.maxLength === "number")
      add(`longer than maxLength ${resolved.maxLength}`, "x".repeat(resolved.maxLength + 1));
    if (typeof resolved.minLength === "number" && resolved.minLength > 0)
      add(`shorter than minLength ${resolved.minLength}`, "x".repeat(resolved.minLength - 1));
    if (typeof resolved.format === "string" && WRONG_FORMAT[resolved.format] !== undefined)
      add(`wrong format (not ${resolved.format})`, WRONG_FORMAT[resolved.format]);
    if (typeof resolved.pattern === "string")
      add(`not matching the pattern ${resolved.pattern}`, " ", "", "\u0000", "!!");
  }
  return out;
}

export interface Violation {
  readonly mutation: string;
  /** Values that break the schema this way, the preferred first. */
  readonly values: readonly unknown[];
}

/** Arbitraries of invalid values for `schema`, or undefined when nothing is invalid (`{}`). */
export function invalidArbitrary(
  schema: unknown,
  context: ArbitraryContext,
  options: InvalidOptions = {},
  pointer = "",
  depth = 0,
): fc.Arbitrary<InvalidValue> | undefined {
  if (!isObject(schema) || depth > 3) return undefined;
  const resolved = mergeAllOf(resolveSchemaObject(context.refs, schema) ?? {}, context);
  const at = pointer === "" ? "" : ` at ${pointer}`;
  const types = typesOf(resolved).length > 0 ? typesOf(resolved) : branchTypes(resolved, context);
  const candidates: Array<fc.Arbitrary<InvalidValue>> = scalarViolations(
    schema,
    context,
    options,
    pointer,
  ).map(({ mutation, values }) =>
    values.length === 1
      ? fc.constant({ value: values[0], mutation })
      : fc.constantFrom(...values).map((value) => ({ value, mutation })),
  );
  if (options.scalarsOnly !== true && types.includes("array")) {
    if (typeof resolved.maxItems === "number") {
      const item = schemaArbitrary(resolved.items ?? true, context, depth + 1);
      if (item !== undefined)
        candidates.push(
          fc
            .array(item, { minLength: resolved.maxItems + 1, maxLength: resolved.maxItems + 1 })
            .map((value) => ({
              value,
              mutation: `more than maxItems ${String(resolved.maxItems)}${at}`,
            })),
        );
    }
    const badItem = invalidArbitrary(resolved.items, context, options, `${pointer}/0`, depth + 1);
    if (badItem !== undefined)
      candidates.push(badItem.map(({ value, mutation }) => ({ value: [value], mutation })));
  }
  if (options.scalarsOnly !== true && types.includes("object"))
    candidates.push(...objectMutations(resolved, context, options, pointer, depth));
  if (candidates.length === 0) return undefined;
  return fc.oneof(...candidates);
}

function objectMutations(
  schema: Record<string, unknown>,
  context: ArbitraryContext,
  options: InvalidOptions,
  pointer: string,
  depth: number,
): Array<fc.Arbitrary<InvalidValue>> {
  const valid = schemaArbitrary(schema, context, depth);
  if (valid === undefined) return [];
  // A base that is not a plain valid-looking object becomes REJECTED through its properties.
  const asRecord = valid.map((value) =>
    isObject(value) ? value : { rejected: REJECTED },
  ) as fc.Arbitrary<Record<string, unknown>>;
  const out: Array<fc.Arbitrary<InvalidValue>> = [];
  const required = Array.isArray(schema.required)
    ? schema.required.filter((name): name is string => typeof name === "string")
    : [];
  if (required.length > 0) {
    out.push(
      fc.tuple(asRecord, fc.constantFrom(...required)).map(([value, name]) => {
        const { [name]: _removed, ...rest } = value;
        return {
          value: rest,
          mutation: `missing required property ${JSON.stringify(name)}${pointer === "" ? "" : ` at ${pointer}`}`,
        };
      }),
    );
  }
  if (schema.additionalProperties === false) {
    out.push(
      asRecord.map((value) => ({
        value: { ...value, unexpectedProperty: 1 },
        mutation: `an unknown property "unexpectedProperty"${pointer === "" ? "" : ` at ${pointer}`}`,
      })),
    );
  }
  const properties = isObject(schema.properties) ? schema.properties : {};
  for (const [name, propertySchema] of Object.entries(properties)) {
    const resolved = resolveSchemaObject(context.refs, propertySchema);
    if (resolved?.readOnly === true) continue;
    const bad = invalidArbitrary(
      propertySchema,
      context,
      options,
      `${pointer}/${escapePointer(name)}`,
      depth + 1,
    );
    if (bad === undefined) continue;
    out.push(
      fc.tuple(asRecord, bad).map(([value, { value: badValue, mutation }]) => ({
        value: { ...value, [name]: badValue },
        mutation,
      })),
    );
  }
  return out;
}

/** The JSON types the branches of a `oneOf`/`anyOf` allow, for schemas without a `type`. */
function branchTypes(schema: Record<string, unknown>, context: ArbitraryContext): string[] {
  const branches = [
    ...(Array.isArray(schema.oneOf) ? schema.oneOf : []),
    ...(Array.isArray(schema.anyOf) ? schema.anyOf : []),
  ];
  const types = new Set<string>();
  for (const branch of branches) {
    const resolved = resolveSchemaObject(context.refs, branch);
    if (resolved === undefined) return [];
    const own = typesOf(mergeAllOf(resolved, context));
    if (own.length === 0) return []; // a branch that allows anything: no type is wrong
    for (const type of own) types.add(type);
  }
  return [...types];
}
