/** Shared form field shapes are written once and named; everything else inline. */
import { describe, expect, it } from "vitest";
import { FormShapeWriter } from "../../generator/emit/server/form-shape-writer.js";
import { dataText } from "../../generator/emit/ts/data-layout.js";
import type { FormFieldShape } from "../../templates/server/core/descriptor.js";

const address: FormFieldShape = {
  types: ["object"],
  properties: {
    line1: { types: ["string"] },
    city: { types: ["string"] },
    postal_code: { types: ["string"] },
  },
};
const expand: FormFieldShape = { types: ["array"], items: { types: ["string"] } };

describe("FormShapeWriter", () => {
  it("names a long shape used twice, in use order, and keeps short or single shapes inline", () => {
    const first = { address, expand, note: { types: ["string"] } } satisfies Record<
      string,
      FormFieldShape
    >;
    const second = {
      shipping: { types: ["object"], properties: { address } },
      expand,
    } satisfies Record<string, FormFieldShape>;
    const writer = new FormShapeWriter([...Object.values(first), ...Object.values(second)]);
    const a = dataText(writer.writeFields(first));
    const b = dataText(writer.writeFields(second));
    expect(writer.constants.map((constant) => constant.name)).toEqual(["formShape1"]);
    const shared = writer.constants[0] === undefined ? "" : dataText(writer.constants[0].value);
    expect(shared).toContain('  postal_code: {\n      types: ["string"],\n    },\n');
    expect(a).toBe(
      [
        "{",
        "  address: formShape1,",
        "  expand: {",
        '    types: ["array"],',
        "    items: {",
        '      types: ["string"],',
        "    },",
        "  },",
        "  note: {",
        '    types: ["string"],',
        "  },",
        "}",
      ].join("\n"),
    );
    expect(b).toContain(
      [
        "  shipping: {",
        '    types: ["object"],',
        "    properties: {",
        "      address: formShape1,",
        "    },",
        "  },",
      ].join("\n"),
    );
    // The written text is the same data: evaluate it with the constant in scope.
    const evaluate = new Function("formShape1", `return ${b};`) as (shared: unknown) => unknown;
    expect(evaluate(new Function(`return ${shared};`)())).toEqual(second);
  });

  it("writes a __proto__ field as a computed key, so it stays an own property", () => {
    const writer = new FormShapeWriter([]);
    const fields = JSON.parse('{ "__proto__": { "types": ["string"] } }') as Record<
      string,
      FormFieldShape
    >; // an own key, as a parsed spec has it
    const text = dataText(writer.writeFields(fields));
    expect(text).toBe(
      ["{", '  ["__proto__"]: {', '    types: ["string"],', "  },", "}"].join("\n"),
    );
    const value = new Function(`return ${text};`)() as object;
    expect(Object.hasOwn(value, "__proto__")).toBe(true);
  });
});
