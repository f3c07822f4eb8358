/**
 * The coercing validators' Ajv options keep evaluated-property tracking on exactly when some
 * schema's JSON text holds `"unevaluatedProperties"` or `"unevaluatedItems"` (emit-validators.ts
 * `coercionOptions`); `mentionsUnevaluated` answers that without making the text, and must answer
 * as the text would, hostile names and strings included.
 */
import { describe, expect, it } from "vitest";
import { mentionsUnevaluated } from "../../generator/emit/validators/emit-validators.js";

const byText = (value: unknown): boolean => {
  const text = JSON.stringify(value) ?? "";
  return text.includes('"unevaluatedProperties"') || text.includes('"unevaluatedItems"');
};

const VALUES: readonly unknown[] = [
  { type: "object", unevaluatedProperties: false },
  { items: [{ unevaluatedItems: { type: "string" } }] },
  { properties: { unevaluatedProperties: { type: "string" } } },
  { enum: ["unevaluatedItems"] },
  { enum: ['x"unevaluatedProperties'] },
  { enum: ['unevaluatedProperties"x'] },
  { enum: ["unevaluatedPropertiesx", "xunevaluatedItems", "unevaluated"] },
  { const: 'a\\"unevaluatedItems' },
  { const: "\\unevaluatedItems" },
  { ['x"unevaluatedItems']: 1 },
  { unevaluatedProperties: undefined },
  { a: [undefined, null, 1, true, { b: "unevaluated items" }] },
  { type: "string", pattern: "^unevaluatedProperties$" },
  "unevaluatedItems",
  ["unevaluatedProperties"],
  { nested: { deeper: [[{ unevaluatedItems: true }]] } },
];

describe("whether the coercing validators' schemas mention unevaluated keywords", () => {
  it("answers as their JSON text does", () => {
    const answers = VALUES.map((value) => mentionsUnevaluated(value));
    expect(answers).toEqual(VALUES.map(byText));
    // both answers occur
    expect(new Set(answers)).toEqual(new Set([true, false]));
  });
});
