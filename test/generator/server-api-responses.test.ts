/**
 * server-api.ts writes a response descriptor that several operations declare alike once
 * (response-descriptors.ts, issue 41: the worker bundle carried a copy per operation), and keeps
 * apart the responses that differ in anything the runtime reads.
 */
import { describe, expect, it } from "vitest";
import { serverApiModule } from "../../generator/emit/server/emit-server-api.js";
import { buildModel } from "../../generator/model/build-model.js";
import { dataText, printDataModule } from "../../generator/emit/ts/data-layout.js";
import { API } from "../../generated/server.js";
import type { ResponseDescriptor } from "../../generated/runtime/server/core/descriptor.js";

const RATE_HEADER = { description: "per minute", schema: { type: "integer" } };

function spec(): Record<string, unknown> {
  const error = (description: string) => ({
    description,
    headers: { "X-RateLimit-Limit": RATE_HEADER },
    content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } },
  });
  const operation = (operationId: string, extra: Record<string, unknown> = {}) => ({
    operationId,
    responses: {
      "200": {
        description: "ok",
        headers: { "X-RateLimit-Limit": RATE_HEADER },
        content: {
          "application/json": { schema: { type: "string", maxLength: operationId.charCodeAt(3) } },
        },
      },
      "400": error(`bad ${operationId}`),
      ...extra,
    },
  });
  return {
    openapi: "3.0.3",
    info: { title: "T", version: "1.0.0" },
    paths: {
      "/a": { get: operation("getA") },
      "/b": { get: operation("getB", { "404": error("gone") }) },
      "/other/c": {
        get: operation("getC", {
          "404": {
            description: "another schema",
            content: { "application/json": { schema: { $ref: "#/components/schemas/Other" } } },
          },
        }),
      },
    },
    components: {
      schemas: {
        Error: {
          type: "object",
          required: ["code", "message"],
          properties: { code: { type: "string" }, message: { type: "string" } },
        },
        Other: {
          type: "object",
          required: ["code", "message"],
          properties: { code: { type: "string", maxLength: 5 }, message: { type: "string" } },
        },
      },
    },
  };
}

function responsesOf(text: string, operationId: string): string {
  const start = text.indexOf(`operationId: "${operationId}"`);
  const from = text.indexOf("responses: {", start);
  return text.slice(from, text.indexOf("\n    },", from));
}

describe("server-api.ts response descriptors", () => {
  it("share a response declared alike (descriptions aside) and keep different ones apart", () => {
    const document = spec();
    const module = serverApiModule(buildModel(document, "hash"));
    const text = printDataModule(module);
    const shared = module.constants.filter((constant) => constant.type === "ResponseDescriptor");
    // The 400 of all three and the 404 of getB are alike; getC's 404 has another schema.
    expect(shared.map((constant) => constant.name)).toEqual(["response1"]);
    expect(dataText(shared[0]!.value)).toContain("validate: bodyValidators.getA$400,");
    expect(responsesOf(text, "getA")).toContain(`"400": response1,`);
    expect(responsesOf(text, "getB")).toContain(`"404": response1,`);
    expect(responsesOf(text, "getC")).toContain(`"404": {\n`);
    expect(responsesOf(text, "getC")).toContain("validate: bodyValidators.getC$404,");
    // The 200s differ in validator only: their header table is shared instead.
    expect(responsesOf(text, "getA")).toContain("headers: headers1,");
    expect(responsesOf(text, "getC")).toContain("validate: bodyValidators.getC$200,");
  });

  it("give the pet store's operations one object per response descriptor alike", () => {
    const seen = new Map<string, ResponseDescriptor>();
    const validators: unknown[] = [];
    const validatorIndex = (validate: unknown) =>
      validators.includes(validate) ? validators.indexOf(validate) : validators.push(validate) - 1;
    let alike = 0;
    for (const operation of API.operations) {
      for (const descriptor of Object.values(operation.responses)) {
        // Alike: the same literal and the same validator function (validators/bodies.js exports
        // one function under every operation's name for a schema).
        const key = JSON.stringify([descriptor, validatorIndex(descriptor.validate)]);
        const first = seen.get(key);
        if (first === undefined) {
          seen.set(key, descriptor);
          continue;
        }
        alike += 1;
        expect(descriptor).toBe(first);
      }
    }
    // 17 operations, most declaring 400, 401, 414, 429, 431, 500, 503 alike.
    expect(alike).toBeGreaterThan(100);
  });
});
