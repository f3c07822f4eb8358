/** Path template parameters: refused when undeclared, read as strings with the lenient option. */
import { describe, expect, it } from "vitest";
import { GeneratorError } from "../../generator/errors.js";
import { declareMissingPathParameters } from "../../generator/load/declare-path-parameters.js";
import { buildModel } from "../../generator/model/build-model.js";
import {
  checkPathTemplate,
  templateParameters,
} from "../../generator/model/check-path-template.js";

function spec(): Record<string, unknown> {
  return {
    openapi: "3.0.3",
    info: { title: "T", version: "1.0.0" },
    paths: {
      "/v{version}/pets/{petId}": {
        parameters: [{ $ref: "#/components/parameters/PetId" }],
        get: { operationId: "getPet", responses: { "204": { description: "ok" } } },
        delete: {
          operationId: "deletePet",
          parameters: [
            { name: "version", in: "path", required: true, schema: { type: "integer" } },
          ],
          responses: { "204": { description: "ok" } },
        },
      },
    },
    components: {
      parameters: {
        PetId: { name: "petId", in: "path", required: true, schema: { type: "integer" } },
      },
    },
  };
}

describe("path templates", () => {
  it.each([
    ["/pets/{petId}", ["petId"]],
    ["/a/{x}/b/{y}.json", ["x", "y"]],
    ["/m/{;matrix}/{.label}/{list*}", ["matrix", "label", "list"]],
    ["/plain", []],
  ])("%s has the parameters %j", (path, names) => {
    expect(templateParameters(path)).toEqual(names);
  });

  it("refuses an expression no parameter declares, saying which, where and how to declare it", () => {
    const error = (() => {
      try {
        buildModel(spec(), "hash");
      } catch (caught) {
        return caught;
      }
      return undefined;
    })();
    expect(error).toBeInstanceOf(GeneratorError);
    expect((error as GeneratorError).message).toBe(
      "The path /v{version}/pets/{petId} has {version} but declares no path parameter of that name",
    );
    expect((error as GeneratorError).where).toBe("#/paths/~1v{version}~1pets~1{petId}/get");
    expect((error as GeneratorError).hint).toContain("- { name: version, in: path, required: true");
    expect(() => checkPathTemplate("/pets/{petId}", [{ name: "petId" }], "#")).not.toThrow();
  });

  it("with the lenient option, declares the missing one as a required string on that operation only, with a warning", () => {
    const document = spec();
    const warnings: string[] = [];
    declareMissingPathParameters(document, warnings);
    expect(warnings).toEqual([
      "#/paths/~1v{version}~1pets~1{petId}/get: {version} declared by no parameter: read as a required string path parameter",
    ]);
    const model = buildModel(document, "hash");
    const [getPet, deletePet] = model.operations;
    expect(
      getPet!.parameters.path.map((parameter) => [parameter.name, parameter.required]),
    ).toEqual([
      ["petId", true],
      ["version", true],
    ]);
    expect(deletePet!.parameters.path.map((parameter) => parameter.name)).toEqual([
      "petId",
      "version",
    ]);
  });
});
