/**
 * Schema reach (generator/model/schema-reach.ts): what an operation can read through `$ref`s,
 * discriminator mappings and nested keywords, transitively, and a fingerprint that changes with
 * exactly the values reached.
 */
import { describe, expect, it } from "vitest";
import { SchemaReach } from "../../generator/model/schema-reach.js";
import type { SchemaRefs } from "../../generator/schema/schema-refs.js";

const schemas = {
  Pet: {
    oneOf: [{ $ref: "#/components/schemas/Dog" }, { $ref: "#/components/schemas/Cat" }],
    discriminator: {
      propertyName: "kind",
      mapping: { bird: "Bird", fish: "#/components/schemas/Fish" },
    },
  },
  Dog: {
    allOf: [{ $ref: "#/components/schemas/Base" }],
    properties: { toy: { items: { $ref: "#/components/schemas/Toy" } } },
  },
  Cat: { properties: { self: { $ref: "#/components/schemas/Cat" } } },
  Bird: { type: "object" },
  Fish: { additionalProperties: { $ref: "#/components/schemas/Water/properties/depth" } },
  Water: { properties: { depth: { $ref: "#/$defs/Depth" } } },
  Base: { type: "object" },
  Toy: { type: "string" },
  Lonely: { type: "string" },
  "A/B": { $ref: "#/components/schemas/Toy" },
};
const refTargets = {
  "#/components/schemas/Water/properties/depth": schemas.Water.properties.depth,
  "#/$defs/Depth": { type: "number" },
  "#/$defs/Unused": { type: "number" },
};

describe("schema reach", () => {
  it("follows refs, compositions, items, properties and mappings transitively", () => {
    const reach = new SchemaReach({ schemas, refTargets });
    const operation = {
      responses: [{ contents: [{ schema: { $ref: "#/components/schemas/Pet" } }] }],
    };
    expect(reach.reach([operation])).toEqual({
      schemas: ["Base", "Bird", "Cat", "Dog", "Fish", "Pet", "Toy", "Water"],
      refTargets: ["#/$defs/Depth", "#/components/schemas/Water/properties/depth"],
      missing: [],
    });
  });

  it("reaches nothing from an operation without refs, and keeps dangling refs by their text", () => {
    const reach = new SchemaReach({ schemas, refTargets });
    expect(reach.reach([{ parameters: { query: [{ schema: { type: "string" } }] } }])).toEqual({
      schemas: [],
      refTargets: [],
      missing: [],
    });
    expect(reach.reach([{ $ref: "#/components/schemas/Nope" }]).missing).toEqual([
      "#/components/schemas/Nope",
    ]);
  });

  it("unescapes component names and reaches from schemas by name", () => {
    const reach = new SchemaReach({ schemas, refTargets });
    expect(reach.reachFromSchemas(["A/B"]).schemas).toEqual(["A/B", "Toy"]);
    expect(reach.reachFromSchemas(["Lonely"]).schemas).toEqual(["Lonely"]);
  });

  it("changes its fingerprint exactly when a reached value changes", () => {
    const operation = { schema: { $ref: "#/components/schemas/Dog" } };
    const fingerprint = (model: SchemaRefs) => {
      const reach = new SchemaReach(model);
      return reach.fingerprint([operation]);
    };
    const before = fingerprint({ schemas, refTargets });
    // an edit of a schema the operation does not reach (Lonely, Cat, an unused ref target) keeps it
    expect(
      fingerprint({
        schemas: { ...schemas, Lonely: { type: "integer" }, Cat: { type: "null" } },
        refTargets: { ...refTargets, "#/$defs/Unused": { type: "string" } },
      }),
    ).toBe(before);
    // an edit two refs away (Dog → Toy) changes it
    expect(fingerprint({ schemas: { ...schemas, Toy: { type: "integer" } }, refTargets })).not.toBe(
      before,
    );
    // a reached component removed changes it
    const { Base: _removed, ...withoutBase } = schemas;
    expect(fingerprint({ schemas: withoutBase, refTargets })).not.toBe(before);
  });

  it("changes its fingerprint through reference cycles, whichever member is edited", () => {
    const cyclic = {
      A: { properties: { b: { $ref: "#/components/schemas/B" } } },
      B: { items: { $ref: "#/components/schemas/C" } },
      C: {
        properties: {
          a: { $ref: "#/components/schemas/A" },
          d: { $ref: "#/components/schemas/D" },
        },
      },
      D: { type: "string" },
      E: { properties: { a: { $ref: "#/components/schemas/A" } } },
    };
    const fingerprint = (edited: Record<string, unknown>) => {
      const reach = new SchemaReach({ schemas: { ...cyclic, ...edited }, refTargets: {} });
      // asked in another order first: the hashes of a run do not depend on the order of questions
      reach.fingerprint([{ $ref: "#/components/schemas/E" }]);
      return reach.fingerprint([{ schema: { $ref: "#/components/schemas/B" } }]);
    };
    const before = fingerprint({});
    expect(
      new SchemaReach({ schemas: cyclic, refTargets: {} }).fingerprint([
        { schema: { $ref: "#/components/schemas/B" } },
      ]),
    ).toBe(before);
    for (const name of ["A", "B", "C", "D"])
      expect(fingerprint({ [name]: { type: "null" } }), name).not.toBe(before);
    expect(fingerprint({ E: { type: "null" } })).toBe(before);
  });
});
