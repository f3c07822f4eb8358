/**
 * The mocks check their response bodies with the generated body validators
 * (validators/bodies.js, compiled once per run for both: generator/emit/validators/
 * emit-validators.ts `bodyValidatorFunctions`): the functions the validators emitter compiled are
 * reused, and a run whose validators came from the cache compiles the same ones, so mocks.ts has
 * the same bytes either way; every mocked JSON body passes its validator.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { parse } from "yaml";
import { describe, expect, it } from "vitest";
import { emitMocks } from "../../generator/emit/mocks/emit-mocks.js";
import {
  bodyValidatorFunctions,
  emitValidators,
} from "../../generator/emit/validators/emit-validators.js";
import { buildModel } from "../../generator/model/build-model.js";
import { ROOT } from "../generator/cli-helper.js";

const document = parse(readFileSync(join(ROOT, "spec/openapi.yaml"), "utf8")) as Record<
  string,
  unknown
>;
const context = { apiName: "PetStore", specPath: "spec/openapi.yaml" };

describe("the mocks' body checks", () => {
  it("reuse the validators the validators emitter compiled, and compile the same ones without it", () => {
    const afterValidators = buildModel(document, "0");
    emitValidators(afterValidators, context);
    const reused = bodyValidatorFunctions(afterValidators);
    expect(bodyValidatorFunctions(afterValidators)).toBe(reused);
    const alone = buildModel(document, "0");
    const compiled = bodyValidatorFunctions(alone);
    expect(compiled).not.toBe(reused);
    expect([...compiled.keys()]).toEqual([...reused.keys()]);
    expect(compiled.has("listPets$200")).toBe(true);
    expect(emitMocks(alone, context)).toEqual(emitMocks(afterValidators, context));
  });

  it("mock every JSON body with a value its generated validator accepts", async () => {
    const model = buildModel(document, "0");
    const validators = bodyValidatorFunctions(model);
    const { MOCK_OPERATIONS } = await import("../../generated/mocks.js");
    let checked = 0;
    for (const operation of model.operations) {
      const mocked = (
        MOCK_OPERATIONS as Record<string, { responses: Record<string, { json?: unknown }> }>
      )[operation.name];
      for (const [status, response] of Object.entries(mocked?.responses ?? {})) {
        const validate =
          validators.get(`${operation.name}$${status}`) ??
          validators.get(`${operation.name}$${status[0]}XX`) ??
          validators.get(`${operation.name}$default`);
        if (response.json === undefined || validate === undefined) continue;
        expect(validate(response.json), `${operation.name} ${status}`).toBe(true);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(50);
  });
});
