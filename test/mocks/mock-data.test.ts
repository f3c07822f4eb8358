/**
 * The mocks' data (generator/emit/mocks/mock-data.ts): the spec's example when it matches its
 * schema, else a value drawn from the schema with the fixed seed (the same on every run), always
 * valid against the schema (checked with an independent Ajv validator here), never a value that
 * breaks it, and nothing when no value can match.
 */
import { describe, expect, it } from "vitest";
import { MockData } from "../../generator/emit/mocks/mock-data.js";
import { buildModel } from "../../generator/model/build-model.js";
import { SchemaValidator } from "../../generator/schema/schema-validator.js";

const DOCUMENT = {
  openapi: "3.0.3",
  info: { title: "Data", version: "1.0.0" },
  paths: {},
  components: {
    schemas: {
      Tag: {
        type: "object",
        required: ["id", "label"],
        properties: {
          id: { type: "integer", minimum: 1, readOnly: true },
          label: { type: "string", pattern: "^[a-z]{3,8}$" },
        },
      },
      Order: {
        type: "object",
        required: ["id", "placed", "tags", "kind"],
        properties: {
          id: { type: "string", format: "uuid" },
          placed: { type: "string", format: "date-time" },
          total: { type: "number", minimum: 0, exclusiveMaximum: true, maximum: 1000 },
          tags: {
            type: "array",
            minItems: 1,
            maxItems: 3,
            items: { $ref: "#/components/schemas/Tag" },
          },
          kind: { type: "string", enum: ["online", "store"] },
          note: { type: "string", nullable: true, maxLength: 20 },
        },
      },
    },
  },
};

const model = buildModel(DOCUMENT, "0");
const validator = new SchemaValidator(model.schemas, model.openapiVersion);
const ORDER = { $ref: "#/components/schemas/Order" };

describe("mock data", () => {
  it("draws a value valid against the schema when there is no example, the same on every run", () => {
    const value = new MockData(model).value(ORDER);
    expect(value).toBeDefined();
    expect(validator.compile(ORDER)(value)).toEqual([]);
    expect(new MockData(model).value(ORDER)).toEqual(value);
    expect(JSON.parse(JSON.stringify(value))).toEqual(value);
  });

  it("uses the first example that matches, and skips one that does not", () => {
    const good = {
      id: "7b1c2f4e-8d7a-4a4e-9f0b-0a2b3c4d5e6f",
      placed: "2026-01-01T00:00:00Z",
      tags: [{ id: 1, label: "abc" }],
      kind: "store",
    };
    const bad = { ...good, kind: "mail" };
    const data = new MockData(model);
    expect(data.value(ORDER, [good])).toEqual(good);
    expect(data.value(ORDER, [bad, good])).toEqual(good);
    const drawn = data.value(ORDER, [bad]);
    expect(drawn).not.toEqual(bad);
    expect(validator.compile(ORDER)(drawn)).toEqual([]);
  });

  it("uses the schema's own example when valid", () => {
    expect(new MockData(model).value({ type: "integer", minimum: 5, example: 12 })).toBe(12);
    const drawn = new MockData(model).value({ type: "integer", minimum: 5, example: 2 });
    expect(typeof drawn === "number" && drawn >= 5).toBe(true);
  });

  it("gives nothing when no value can match", () => {
    const data = new MockData(model);
    expect(data.value({ type: "string", enum: [] })).toBeUndefined();
    expect(
      data.value({
        allOf: [
          { type: "integer", minimum: 10 },
          { type: "integer", maximum: 5 },
        ],
      }),
    ).toBeUndefined();
  });
});
