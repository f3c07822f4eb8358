/** Shared form field shapes are written once and named; everything else inline. */
import { describe, expect, it } from "vitest";
import { FormShapeWriter } from "../../generator/emit/server/form-shape-writer.js";
import { dataSource } from "../../generator/emit/ts/print-data-prettier.js";
import type { FormFieldShape } from "../../templates/server/core/descriptor.js";

const address: FormFieldShape = {
  types: ["object"],
  properties: { line1: { types: ["string"] }, city: { types: ["string"] }, postal_code: { types: ["string"] } },
};
const expand: FormFieldShape = { types: ["array"], items: { types: ["string"] } };

describe("FormShapeWriter", () => {
  it("names a long shape used twice, in use order, and keeps short or single shapes inline", () => {
    const first = { address, expand, note: { types: ["string"] } } satisfies Record<string, FormFieldShape>;
    const second = { shipping: { types: ["object"], properties: { address } }, expand } satisfies Record<string, FormFieldShape>;
    const writer = new FormShapeWriter([...Object.values(first), ...Object.values(second)]);
    const a = dataSource(writer.writeFields(first));
    const b = dataSource(writer.writeFields(second));
    expect(writer.constants.map((constant) => constant.name)).toEqual(["formShape1"]);
    const shared = writer.constants[0] === undefined ? "" : dataSource(writer.constants[0].value);
    expect(shared).toContain('"postal_code": { "types": ["string"] }');
    expect(a).toBe('{ "address": formShape1, "expand": { "types": ["array"], "items": { "types": ["string"] } }, "note": { "types": ["string"] } }');
    expect(b).toContain('"shipping": { "types": ["object"], "properties": { "address": formShape1 } }');
    // The written text is the same data: evaluate it with the constant in scope.
    const evaluate = new Function("formShape1", `return ${b};`) as (shared: unknown) => unknown;
    expect(evaluate(new Function(`return ${shared};`)())).toEqual(second);
  });

  it("writes a __proto__ field as a computed key, so it stays an own property", () => {
    const writer = new FormShapeWriter([]);
    const fields = JSON.parse('{ "__proto__": { "types": ["string"] } }') as Record<string, FormFieldShape>; // an own key, as a parsed spec has it
    const text = dataSource(writer.writeFields(fields));
    expect(text).toBe('{ ["__proto__"]: { "types": ["string"] } }');
    const value = new Function(`return ${text};`)() as object;
    expect(Object.hasOwn(value, "__proto__")).toBe(true);
  });
});
