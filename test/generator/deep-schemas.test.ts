/** generator/schema/deep-schemas.ts: the names no view may leave out. */
import { describe, expect, it } from "vitest";
import { requiredNames } from "../../generator/schema/deep-schemas.js";

describe("requiredNames", () => {
  it("finds required and discriminator names, anywhere below the roots", () => {
    const names = requiredNames([
      {
        Pet: { required: ["id"], allOf: [{ required: ["name", 3] }] },
        Shape: { discriminator: { propertyName: "kind" }, properties: { size: {} } },
      },
    ]);
    expect([...names].sort()).toEqual(["id", "kind", "name"]);
  });

  it("walks an object shared at many places once (aliases of aliases: 2^40 places)", () => {
    let node: unknown = { required: ["deepest"] };
    for (let level = 0; level < 40; level++) node = { allOf: [node, node] };
    // without a memory of what it saw, the walk visits 2^40 objects and never ends
    expect([...requiredNames([node])]).toEqual(["deepest"]);
  });
});
