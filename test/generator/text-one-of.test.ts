/**
 * The `oneOf`s that validators of text (parameters, response headers) read as the most specific
 * branch that fits: only those whose branches each have one type of their own, where `anyOf` says
 * the same as `oneOf` on JSON values.
 */
import { describe, expect, it } from "vitest";
import { textOneOf } from "../../generator/emit/validators/text-one-of.js";

describe("textOneOf", () => {
  it("turns a oneOf of distinct types into an anyOf, most specific type first, nested ones too", () => {
    const schema = { type: "object", properties: { id: { oneOf: [{ type: "string" }, { type: "integer" }] }, flag: { oneOf: [{ type: "null" }, { type: "boolean" }] } } };
    expect(textOneOf(schema)).toEqual({
      type: "object",
      properties: { id: { anyOf: [{ type: "integer" }, { type: "string" }] }, flag: { anyOf: [{ type: "boolean" }, { type: "null" }] } },
    });
  });

  it("keeps a oneOf whose branches may match one value: integer and number, the same type, a branch without one type", () => {
    const kept = [
      { oneOf: [{ type: "integer" }, { type: "number" }] },
      { oneOf: [{ type: "string", maxLength: 3 }, { type: "string", pattern: "^a" }] },
      { oneOf: [{ $ref: "#/components/schemas/Pet" }, { type: "string" }] },
      { oneOf: [{ type: ["string", "null"] }, { type: "integer" }] },
      { oneOf: [{ type: "integer" }, { type: "string" }], anyOf: [{ minimum: 1 }] },
    ];
    for (const schema of kept) expect(textOneOf(schema)).toBe(schema);
  });

  it("returns the same objects where nothing changes (the schemas are shared, not copied)", () => {
    const untouched = { type: "object", properties: { a: { type: "string" } } };
    const schema = { type: "object", properties: { untouched, id: { oneOf: [{ type: "integer" }, { type: "string" }] } } };
    const rewritten = textOneOf(schema) as { properties: Record<string, unknown> };
    expect(rewritten).not.toBe(schema);
    expect(rewritten.properties.untouched).toBe(untouched);
    expect(schema.properties.id).toEqual({ oneOf: [{ type: "integer" }, { type: "string" }] });
  });
});
