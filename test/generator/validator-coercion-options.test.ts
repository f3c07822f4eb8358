/**
 * The coercing validators' Ajv options keep evaluated-property tracking on exactly when the JSON
 * text of the api schema or of an export's schema holds `"unevaluatedProperties"` or
 * `"unevaluatedItems"` (emit-validators.ts `coercionOptions`), which reads the api schema's text
 * as its components' (each made once for the entries' keys too): it must answer as the whole text
 * would, hostile names and strings included.
 */
import { describe, expect, it } from "vitest";
import { coercionOptions } from "../../generator/emit/validators/emit-validators.js";
import { jsonTexts } from "../../generator/emit/validators/component-order.js";

const byText = (...values: unknown[]): boolean =>
  values.some((value) => {
    const text = JSON.stringify(value) ?? "";
    return text.includes('"unevaluatedProperties"') || text.includes('"unevaluatedItems"');
  });

const SCHEMAS: readonly unknown[] = [
  { type: "object", unevaluatedProperties: false },
  { items: [{ unevaluatedItems: { type: "string" } }] },
  { properties: { unevaluatedProperties: { type: "string" } } },
  { enum: ["unevaluatedItems"] },
  { enum: ['x"unevaluatedProperties'] },
  { enum: ['unevaluatedProperties"x'] },
  { enum: ["unevaluatedPropertiesx", "xunevaluatedItems", "unevaluated"] },
  { const: 'a\\"unevaluatedItems' },
  { const: "\\unevaluatedItems" },
  { unevaluatedProperties: undefined },
  { type: "string", pattern: "^unevaluatedProperties$" },
  true,
];
const NAMES = ["Pet", "unevaluatedItems", 'x"unevaluatedProperties', "unevaluatedPropertiesX"];

describe("whether the coercing validators track evaluated properties", () => {
  it("answers as the JSON texts of the api schema and the exports do", () => {
    const cases = [
      ...SCHEMAS.map((schema) => ({ components: { Pet: schema }, exports: [] })),
      ...NAMES.map((name) => ({ components: { [name]: { type: "string" } }, exports: [] })),
      ...SCHEMAS.map((schema) => ({ components: { Pet: {} }, exports: [schema] })),
    ];
    const tracking = (components: Record<string, unknown>, exports: unknown[]) =>
      coercionOptions(
        { $id: "api.json", components: { schemas: components } },
        [new Map(exports.map((schema, index) => [`e${index}`, schema]))],
        jsonTexts(),
      ).unevaluated !== false;
    const answers = cases.map(({ components, exports }) => tracking(components, exports));
    expect(answers).toEqual(
      cases.map(({ components, exports }) =>
        byText({ $id: "api.json", components: { schemas: components } }, ...exports),
      ),
    );
    expect(new Set(answers)).toEqual(new Set([true, false]));
  });
});
