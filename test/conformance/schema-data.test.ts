/**
 * The data the tool generates, schema by schema (OpenAPI 3.0 and 3.1): positive draws match the
 * schema, negative draws break it (and say how), the discriminator decides overlapping `oneOf`
 * branches, and the helpers of stateful sequences and rate pacing read what servers send.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { invalidArbitrary } from "../../conformance/invalid-arbitrary.js";
import { evaluateExpression } from "../../conformance/link-expressions.js";
import { hasRejected, schemaArbitrary } from "../../generator/schema/schema-arbitrary.js";
import { SchemaValidator } from "../../generator/schema/schema-validator.js";
import { createdId } from "../../conformance/stateful-plan.js";
import { retryAfterMs } from "../../conformance/sender.js";
import type { GeneratedRequest } from "../../conformance/request-arbitrary.js";
import { documentSchemaRefs } from "../../generator/schema/schema-refs.js";

const SCHEMAS: Record<string, unknown> = {
  Cat: {
    type: "object",
    required: ["kind", "lives"],
    properties: { kind: { type: "string" }, lives: { type: "integer", minimum: 1, maximum: 9 } },
  },
  Dog: {
    type: "object",
    required: ["kind"],
    properties: { kind: { type: "string" }, good: { type: "boolean" } },
  },
  Pet: {
    oneOf: [{ $ref: "#/components/schemas/Cat" }, { $ref: "#/components/schemas/Dog" }],
    discriminator: {
      propertyName: "kind",
      mapping: { cat: "#/components/schemas/Cat", dog: "Dog" },
    },
  },
};
const refs = documentSchemaRefs({ components: { schemas: SCHEMAS } });

const CASES: ReadonlyArray<readonly [string, string, unknown]> = [
  [
    "3.0 nullable string with length and pattern",
    "3.0.3",
    { type: "string", nullable: true, minLength: 2, maxLength: 5, pattern: "^[a-z]+$" },
  ],
  [
    "3.0 exclusive integer range",
    "3.0.3",
    { type: "integer", minimum: 0, maximum: 10, exclusiveMinimum: true, exclusiveMaximum: true },
  ],
  [
    "formats",
    "3.0.3",
    {
      type: "object",
      required: ["at", "mail", "id", "day"],
      additionalProperties: false,
      properties: {
        at: { type: "string", format: "date-time" },
        mail: { type: "string", format: "email" },
        id: { type: "string", format: "uuid" },
        day: { type: "string", format: "date" },
        n: { type: "integer", format: "int32" },
      },
    },
  ],
  [
    "web formats",
    "3.0.3",
    {
      type: "object",
      required: ["home", "link", "ref", "mail"],
      additionalProperties: false,
      properties: {
        home: { type: "string", format: "uri" },
        link: { type: "string", format: "url" },
        ref: { type: "string", format: "uri-reference" },
        mail: { type: "string", format: "email", maxLength: 60 },
      },
    },
  ],
  [
    "allOf",
    "3.0.3",
    {
      allOf: [
        { $ref: "#/components/schemas/Dog" },
        {
          type: "object",
          required: ["name"],
          properties: { name: { type: "string", maxLength: 3 } },
        },
      ],
    },
  ],
  ["oneOf with a discriminator", "3.0.3", { $ref: "#/components/schemas/Pet" }],
  [
    "arrays",
    "3.0.3",
    {
      type: "array",
      minItems: 1,
      maxItems: 3,
      uniqueItems: true,
      items: { type: "integer", minimum: 0, maximum: 50 },
    },
  ],
  [
    "3.1 type arrays and numeric exclusive bounds",
    "3.1.0",
    { type: ["number", "null"], exclusiveMinimum: 0, exclusiveMaximum: 1 },
  ],
  [
    "3.1 enum and const",
    "3.1.0",
    {
      type: "object",
      required: ["mode", "v"],
      properties: { mode: { enum: ["a", "b"] }, v: { const: 2 } },
    },
  ],
];

describe("generated data", () => {
  it.each(CASES)(
    "%s: positive draws match, negative draws break the schema",
    (_name, version, schema) => {
      const validator = new SchemaValidator(SCHEMAS, version);
      const context = { refs, direction: "request" } as const;
      const positive = fc
        .sample(schemaArbitrary(schema, context)!, { seed: 1, numRuns: 200 })
        .filter((value) => !hasRejected(value));
      // Draws the validator refuses are skipped by the tool; most must be usable.
      expect(positive.length).toBeGreaterThan(80);
      for (const value of positive)
        expect(validator.compile(schema)(value), JSON.stringify(value)).toEqual([]);
      const negative = fc
        .sample(invalidArbitrary(schema, context)!, { seed: 1, numRuns: 200 })
        .filter(({ value }) => !hasRejected(value));
      const stillValid = negative.filter(({ value }) => validator.isValid(schema, value));
      // Mutations may rarely stay valid (the tool drops those before sending); nearly all break it.
      expect(stillValid.length).toBeLessThan(negative.length / 10);
      for (const { mutation } of negative)
        expect(mutation).toMatch(
          /wrong type|missing required|below|above|longer|shorter|outside the enum|wrong format|pattern|unknown property|maxItems|names no schema/,
        );
    },
  );

  it("the discriminator, not 'exactly one branch', decides overlapping oneOf branches", () => {
    const validator = new SchemaValidator(SCHEMAS, "3.0.3");
    const pet = { $ref: "#/components/schemas/Pet" };
    // A dog matches Cat's shape too (lives is extra there): plain oneOf would refuse it.
    expect(validator.compile(pet)({ kind: "dog", lives: 3 })).toEqual([]);
    expect(validator.isValid(pet, { kind: "cat" })).toBe(false);
    expect(validator.isValid(pet, { kind: "cow" })).toBe(false);
    expect(validator.compile(pet)({ kind: "cat", lives: 12 })).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ pointer: "/lives", message: "must be <= 9" }),
      ]),
    );
  });
});

describe("nullable with subschemas (Clerk's `type: object, nullable: true, oneOf` + discriminator)", () => {
  it("accepts null as a value of the whole schema, and still checks the branches", () => {
    const validator = new SchemaValidator(SCHEMAS, "3.0.3");
    const schema = {
      type: "object",
      nullable: true,
      oneOf: [{ $ref: "#/components/schemas/Cat" }, { $ref: "#/components/schemas/Dog" }],
      discriminator: {
        propertyName: "kind",
        mapping: { cat: "#/components/schemas/Cat", dog: "#/components/schemas/Dog" },
      },
    };
    expect(validator.compile(schema)(null)).toEqual([]);
    expect(validator.isValid(schema, { kind: "dog" })).toBe(true);
    expect(validator.isValid(schema, { kind: "cat" })).toBe(false);
    expect(validator.isValid(schema, "text")).toBe(false);
    const allOf = { nullable: true, allOf: [{ $ref: "#/components/schemas/Dog" }] };
    expect(validator.isValid(allOf, null)).toBe(true);
    expect(validator.isValid(allOf, {})).toBe(false);
    // drawn values (null among them) are all accepted
    const drawn = fc.sample(schemaArbitrary(schema, { refs, direction: "response" })!, {
      seed: 3,
      numRuns: 100,
    });
    expect(drawn.some((value) => value === null)).toBe(true);
    for (const value of drawn.filter((each) => !hasRejected(each)))
      expect(validator.compile(schema)(value), JSON.stringify(value)).toEqual([]);
  });
});

describe("reading what servers send", () => {
  const generated: GeneratedRequest = {
    operationId: "x",
    method: "POST",
    path: "/things",
    parameters: { path: {}, query: { q: 1 }, header: {}, cookie: {} },
    body: { mediaType: "application/json", value: { name: "n" } },
    mutation: undefined,
  };
  const context = (body: unknown, headers: Record<string, string> = {}) => ({
    generated,
    request: {
      operationId: "x",
      method: "POST",
      url: "http://h/things?q=1",
      headers: [["X-Trace", "t1"]] as Array<[string, string]>,
      body: "{}",
    },
    response: { status: 201, headers: new Headers(headers), bodyText: JSON.stringify(body) },
    responseBody: body,
  });

  it.each([
    ["$response.body#/owner/name", { owner: { name: "ann" } }, {}, "ann"],
    ["$response.header.Location", {}, { location: "/things/7" }, "/things/7"],
    ["$request.query.q", {}, {}, 1],
    ["$request.body#/name", {}, {}, "n"],
    ["$request.header.x-trace", {}, {}, "t1"],
    ["$statusCode", {}, {}, 201],
    ["/things/{$response.body#/id}/parts", { id: 4 }, {}, "/things/4/parts"],
    ["$response.body#/missing", {}, {}, undefined],
    [42, {}, {}, 42],
  ] as const)("link expression %j", (expression, body, headers, want) => {
    expect(evaluateExpression(expression, context(body, headers))).toEqual(want);
  });

  it.each([
    [{ thingId: 3, id: 9 }, {}, 3],
    [{ id: "abc" }, {}, "abc"],
    [{}, { location: "http://h/things/12" }, "12"],
    [{}, {}, undefined],
  ] as const)("created id from %j %j", (body, headers, want) => {
    expect(createdId(context(body, headers), "thingId")).toEqual(want);
  });

  it.each([
    ["12", 12_000],
    [" 0 ", 0],
    ["Wed, 01 Jan 2025 00:00:30 GMT", 30_000],
    ["soon", undefined],
    [null, undefined],
  ] as const)("Retry-After %j", (value, want) => {
    expect(retryAfterMs(value, Date.UTC(2025, 0, 1))).toEqual(want);
  });
});
