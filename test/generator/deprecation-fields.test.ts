/** generate refuses lifecycle fields it cannot read, as lint and spec:diff do (lint/deprecation-policy.js). */
import { describe, expect, it } from "vitest";
import { GeneratorError } from "../../generator/errors.js";
import { buildModel } from "../../generator/model/build-model.js";

function modelWith(fields: Record<string, unknown>) {
  return buildModel(
    {
      openapi: "3.0.3",
      info: { title: "T", version: "1.0.0" },
      paths: {
        "/old": {
          get: {
            operationId: "getOld",
            deprecated: true,
            ...fields,
            responses: { "204": { description: "ok" } },
          },
        },
        "/new": { get: { operationId: "getNew", responses: { "204": { description: "ok" } } } },
      },
    },
    "hash",
  );
}

function refusal(fields: Record<string, unknown>): GeneratorError {
  try {
    modelWith(fields);
  } catch (error) {
    if (error instanceof GeneratorError) return error;
    throw error;
  }
  throw new Error("not refused");
}

describe("deprecation fields in generate", () => {
  it("reads well-formed fields", () => {
    const [operation] = modelWith({
      "x-deprecated-since": "2026-01-01",
      "x-sunset": "2027-06-30",
      "x-replaced-by": "getNew",
    }).operations;
    expect(operation?.deprecation).toMatchObject({
      since: "2026-01-01",
      sunset: "2027-06-30",
      replacedBy: "getNew",
    });
  });

  it("refuses an x-replaced-by that names no operation (exit 3), with a did-you-mean", () => {
    const error = refusal({ "x-replaced-by": "getNeww" });
    expect(error.exitCode).toBe(3);
    expect(error.message).toBe('x-replaced-by "getNeww" names no operation of this spec');
    expect(error.where).toBe("#/paths/~1old/get/x-replaced-by");
    expect(error.hint).toMatch(/Did you mean "getNew"\?/);
  });

  it("accepts a deprecation without dates (other APIs need not follow the house policy)", () => {
    expect(modelWith({}).operations[0]?.deprecation).toMatchObject({
      since: undefined,
      sunset: undefined,
    });
  });

  it.each([
    [
      { "x-deprecated-since": "23/11/2026", "x-sunset": "2027-06-30" },
      "x-deprecated-since",
      /"23\/11\/2026" is not a real ISO date, so no `Deprecation` header could be sent/,
    ],
    [
      { "x-deprecated-since": "2026-01-01", "x-sunset": "2027-02-30" },
      "x-sunset",
      /"2027-02-30" is not a real ISO date/,
    ],
    [
      { "x-deprecated-since": "2027-01-01", "x-sunset": "2026-06-30" },
      "x-sunset",
      /2026-06-30 is not after `x-deprecated-since` 2027-01-01/,
    ],
  ])(
    "refuses %j (exit 3), pointing at the field and saying how to fix it",
    (fields, field, message) => {
      const error = refusal(fields);
      expect(error.exitCode).toBe(3);
      expect(error.message).toMatch(message);
      expect(error.where).toBe(`#/paths/~1old/get/${field}`);
      expect(error.hint).toMatch(/^(Write|The sunset)/);
    },
  );
});
