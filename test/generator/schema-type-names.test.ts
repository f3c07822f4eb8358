/** The client entry's short schema type names: never a word a type alias cannot be named. */
import { describe, expect, it } from "vitest";
import { schemaTypeNames } from "../../generator/emit/package/emit-entries.js";
import { buildModel } from "../../generator/model/build-model.js";

const schema = { type: "object", properties: { id: { type: "string" } } };

function namesFor(schemas: readonly string[]): Map<string, string> {
  const document = {
    openapi: "3.0.3",
    info: { title: "Names", version: "1.0.0" },
    paths: {},
    components: { schemas: Object.fromEntries(schemas.map((name) => [name, schema])) },
  };
  const model = buildModel(document, "0");
  return new Map(schemaTypeNames(model, { apiName: "Names", specPath: "names.yaml" }));
}

describe("schemaTypeNames", () => {
  it.each([
    ["default", "defaultSchema"],
    ["import", "importSchema"],
    ["string", "stringSchema"],
    ["Error", "ErrorSchema"],
    ["Pet", "Pet"],
  ])("exports the schema %s as %s", (name, exported) => {
    expect(namesFor([name]).get(name)).toBe(exported);
  });

  it("leaves a name that is not an identifier to components", () => {
    expect(namesFor(["my-schema"]).has("my-schema")).toBe(false);
  });
});
