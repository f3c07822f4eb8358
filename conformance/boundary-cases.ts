/**
 * The boundary phase's requests for one operation, made from one valid request (`base`, its ids
 * bound to live resources): for each field (a parameter, the body, a top-level body property)
 * every way to break that field alone (missing when required, each violation of its schema) and
 * the field at its limits (strings exactly `minLength`/`maxLength` code points long, ASCII and
 * full Unicode; integers and numbers at their bounds), every other field as in `base`. So the
 * negative requests are spread evenly over the fields, each kind of breakage is sent once,
 * deterministically, and a server that only mishandles one field's edge is found whatever the seed.
 */
import { isObject, escapePointer } from "../generator/schema/json-pointer.js";
import { resolveSchemaObject, type SchemaRefs } from "../generator/schema/schema-refs.js";
import type { OperationModel, ParameterModel } from "../generator/model/types.js";
import { limitString, TRICKY_CODE_POINTS } from "../generator/schema/edge-data.js";
import { isIdempotencyKey } from "./idempotency-key.js";
import { scalarViolations, type Violation } from "./invalid-arbitrary.js";
import type { ConformanceApi } from "./load-api.js";
import {
  generatedParameters,
  requestMedia,
  sendsInvalid,
  sendsValid,
  type GeneratedRequest,
} from "./request-arbitrary.js";
import { integerBounds, mergeAllOf, typesOf } from "../generator/schema/schema-arbitrary.js";

export interface BoundaryCase {
  /** `negative`: must be rejected with a 4xx; `limit`: valid, at an edge. */
  readonly kind: "negative" | "limit";
  /** The one field changed, e.g. `query parameter limit`, `body /quantity`, `body`. */
  readonly field: string;
  readonly request: GeneratedRequest;
}

/** Letters for ASCII strings at a limit, and one letter then every tricky code point for Unicode ones. */
const ASCII_FILL = [..."abcdefghijklmnopqrstuvwxyz"];
const UNICODE_FILL = ["a", ...TRICKY_CODE_POINTS.filter((point) => point !== "\u0000")];

/** Valid values of a schema at its limits (lengths, bounds), each with what limit it is at. */
export function limitValues(
  api: ConformanceApi,
  schema: unknown,
): Array<{ value: unknown; limit: string }> {
  const resolved = isObject(schema)
    ? mergeAllOf(resolveSchemaObject(api.model, schema) ?? {}, { refs: api.model })
    : undefined;
  if (resolved === undefined || resolved.enum !== undefined || "const" in resolved) return [];
  const types = typesOf(resolved);
  const out: Array<{ value: unknown; limit: string }> = [];
  if (types.includes("string") && resolved.format === undefined) {
    for (const [name, length] of [
      ["maxLength", resolved.maxLength],
      ["minLength", resolved.minLength],
    ] as const) {
      if (typeof length !== "number" || length > 10_000) continue;
      out.push(
        { value: limitString(length, ASCII_FILL), limit: `${name} ${length}` },
        { value: limitString(length, UNICODE_FILL), limit: `${name} ${length}, full Unicode` },
      );
    }
  }
  if (types.includes("integer")) {
    const { min, max } = integerBounds(resolved);
    if (min > Number.MIN_SAFE_INTEGER) out.push({ value: min, limit: `the minimum ${min}` });
    if (max < Number.MAX_SAFE_INTEGER) out.push({ value: max, limit: `the maximum ${max}` });
  } else if (types.includes("number")) {
    if (typeof resolved.minimum === "number")
      out.push({ value: resolved.minimum, limit: `the minimum ${resolved.minimum}` });
    if (typeof resolved.maximum === "number")
      out.push({ value: resolved.maximum, limit: `the maximum ${resolved.maximum}` });
  }
  return out;
}

export function boundaryCases(
  api: ConformanceApi,
  operation: OperationModel,
  base: GeneratedRequest,
  skipHeaders: ReadonlySet<string>,
): BoundaryCase[] {
  const cases: BoundaryCase[] = [];
  const context = { refs: api.model, direction: "request" } as const;
  for (const parameter of generatedParameters(operation, skipHeaders)) {
    const field = `${parameter.in} parameter ${parameter.name}`;
    const withValue = (value: unknown, mutation: string | undefined): GeneratedRequest =>
      withParameter(
        base,
        parameter,
        value,
        mutation === undefined ? undefined : `${field}: ${mutation}`,
      );
    if (parameter.required && parameter.in !== "path")
      cases.push({
        kind: "negative",
        field,
        request: { ...withValue(undefined, undefined), mutation: `missing required ${field}` },
      });
    for (const violation of fewer(
      scalarViolations(parameter.schema, context, { scalarsOnly: true }),
    )) {
      const value = violation.values.find((candidate) => sendsInvalid(api, parameter, candidate));
      if (value !== undefined)
        cases.push({ kind: "negative", field, request: withValue(value, violation.mutation) });
    }
    // an idempotency key at its limit would be one fixed key: keys stay fresh (idempotency-key.ts)
    for (const { value, limit } of isIdempotencyKey(parameter)
      ? []
      : limitValues(api, parameter.schema)) {
      if (sendsValid(api, parameter, value))
        cases.push({
          kind: "limit",
          field,
          request: { ...withValue(value, undefined), mutation: `${field} at ${limit}` },
        });
    }
  }
  const media = requestMedia(operation);
  if (media === undefined || !/json/i.test(media.mediaType)) return cases;
  const schema = media.schema ?? {};
  const withBody = (value: unknown, mutation: string): GeneratedRequest => ({
    ...base,
    body: value === undefined ? undefined : { mediaType: media.mediaType, value },
    mutation,
  });
  const invalid = (value: unknown): boolean =>
    value === undefined || !api.validator.isValid(schema, value);
  if (operation.requestBody?.required === true)
    cases.push({
      kind: "negative",
      field: "body",
      request: withBody(undefined, "missing required body"),
    });
  for (const violation of fewer(scalarViolations(schema, context))) {
    const value = violation.values.find(invalid);
    if (value !== undefined)
      cases.push({
        kind: "negative",
        field: "body",
        request: withBody(value, `body: ${violation.mutation}`),
      });
  }
  const body = base.body?.value;
  const resolved = mergeAllOf(resolveSchemaObject(api.model, schema) ?? {}, context);
  if (!isObject(body) || Array.isArray(body) || !isObject(resolved.properties)) return cases;
  const required = new Set(Array.isArray(resolved.required) ? resolved.required : []);
  if (resolved.additionalProperties === false) {
    cases.push({
      kind: "negative",
      field: "body",
      request: withBody(
        { ...body, unexpectedProperty: 1 },
        'body: an unknown property "unexpectedProperty"',
      ),
    });
  }
  for (const [name, propertySchema] of Object.entries(resolved.properties)) {
    if (resolveSchemaObject(api.model, propertySchema)?.readOnly === true) continue;
    const pointer = `/${escapePointer(name)}`;
    const field = `body ${pointer}`;
    if (required.has(name)) {
      const { [name]: _removed, ...rest } = body;
      cases.push({
        kind: "negative",
        field,
        request: withBody(rest, `body: missing required property ${JSON.stringify(name)}`),
      });
    }
    for (const violation of fewer(scalarViolations(propertySchema, context, {}, pointer))) {
      const value = violation.values
        .map((candidate) => ({ ...body, [name]: candidate }))
        .find(invalid);
      if (value !== undefined)
        cases.push({
          kind: "negative",
          field,
          request: withBody(value, `body: ${violation.mutation}`),
        });
    }
    for (const { value, limit } of limitValues(api, propertySchema)) {
      const changed = { ...body, [name]: value };
      if (!invalid(changed))
        cases.push({ kind: "limit", field, request: withBody(changed, `${field} at ${limit}`) });
    }
  }
  return cases;
}

function withParameter(
  base: GeneratedRequest,
  parameter: ParameterModel,
  value: unknown,
  mutation: string | undefined,
): GeneratedRequest {
  const values = { ...base.parameters[parameter.in] };
  if (value === undefined) delete values[parameter.name];
  else values[parameter.name] = value;
  return { ...base, parameters: { ...base.parameters, [parameter.in]: values }, mutation };
}

/** Wrong types kept per field (the first two: text where a number goes, and so on), so fields stay even. */
const WRONG_TYPES = 2;

function fewer(violations: readonly Violation[]): Violation[] {
  let wrongTypes = 0;
  return violations.filter(
    (violation) => !violation.mutation.startsWith("wrong type") || ++wrongTypes <= WRONG_TYPES,
  );
}
