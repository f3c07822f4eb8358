/**
 * server-api.ts writes a response descriptor that several operations declare alike once
 * (response-descriptors.ts, issue 41: the worker bundle carried a copy per operation), and keeps
 * apart the responses that differ in anything the runtime reads; likewise the error responses
 * several operations declare alike, the runs of headers several tables end with, and parameter
 * lists and security requirements; the runtime reads the same objects, in the same order.
 */
import { describe, expect, it } from "vitest";
import { serverApiModule } from "../../generator/emit/server/emit-server-api.js";
import { ErrorShapes } from "../../generator/emit/server/error-shapes.js";
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

describe("error shapes", () => {
  it("are found once per error schema and asked again from it", () => {
    const model = buildModel(spec(), "hash");
    const errorShapes = new ErrorShapes(model);
    const responses = model.operations.flatMap((operation) =>
      operation.responses.filter((response) => response.status !== "200"),
    );
    const shapes = responses.map((response) => errorShapes.ofResponse(response)?.shape);
    expect(shapes[0]).toEqual({ code: "code", message: "message" });
    // getA's 400, getB's 400 and 404 declare the same `Error` schema: one shape
    const sameSchema = responses.filter(
      (response) =>
        JSON.stringify(response.contents[0]?.schema) ===
        JSON.stringify(responses[0]?.contents[0]?.schema),
    );
    expect(sameSchema.length).toBeGreaterThanOrEqual(3);
    const first = errorShapes.ofResponse(sameSchema[0]!);
    for (const response of sameSchema)
      expect(errorShapes.ofResponse(response)?.shape).toBe(first?.shape);
    // another finder (another emit's) asks afresh, even about the same model's schemas
    expect(new ErrorShapes(model).ofResponse(sameSchema[0]!)?.shape).not.toBe(first?.shape);
    expect(new ErrorShapes(model).ofResponse(sameSchema[0]!)?.shape).toEqual(first?.shape);
  });
});

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

describe("server-api.ts shared tables", () => {
  const petStore = (operationId: string) => {
    const found = API.operations.find((operation) => operation.operationId === operationId);
    if (found === undefined) throw new Error(`no ${operationId}`);
    return found;
  };

  it("spreads the error responses operations declare alike, keeping the statuses' order", () => {
    const module = serverApiModule(buildModel(spec(), "hash"));
    const text = printDataModule(module);
    // getA and getB differ in their 404 only: no table has two entries they share alike
    expect(text).not.toContain("errorResponses");
    // the pet store: listPets, listCategories, listOrders, getInventory declare the same errors
    expect(Object.keys(petStore("listPets").responses)).toEqual([
      "200",
      "400",
      "401",
      "414",
      "429",
      "431",
      "500",
      "503",
    ]);
    expect(petStore("listPets").responses["429"]).toBe(petStore("listOrders").responses["429"]);
    expect(petStore("listPets").responses["500"]).toBe(petStore("getInventory").responses["500"]);
  });

  it("keeps a response table whole when a spread would change the order of its keys", () => {
    const document = spec();
    const paths = document.paths as Record<string, Record<string, Record<string, unknown>>>;
    const error = (paths["/a"]!["get"]!["responses"] as Record<string, unknown>)["400"];
    const ok = { description: "ok", content: { "application/json": { schema: {} } } };
    for (const path of ["/a", "/b"]) {
      // `4XX` and `default` around an own `2XX`: spread together, they would end up before it
      paths[path]!["get"]!["responses"] = { "4XX": error, "2XX": ok, default: error };
    }
    const text = printDataModule(serverApiModule(buildModel(document, "hash")));
    expect(text).not.toContain("...errorResponses");
    for (const path of ["/a", "/b"]) {
      paths[path]!["get"]!["responses"] = { "2XX": ok, "4XX": error, default: error };
    }
    const spread = printDataModule(serverApiModule(buildModel(document, "hash")));
    expect(responsesOf(spread, "getA")).toContain("...errorResponses1,");
    expect(spread).toMatch(
      /const errorResponses1: Readonly<Record<string, ResponseDescriptor>> = \{\n {2}"4XX": (response\d),\n {2}default: \1,\n\};/,
    );
  });

  it("writes once the run of headers several tables end with, in the tables' order", () => {
    const rate = ["X-RateLimit-Limit", "X-RateLimit-Remaining", "X-RateLimit-Reset"];
    expect(Object.keys(petStore("listPets").responses["200"]!.headers ?? {})).toEqual([
      "Link",
      "X-Total-Count",
      ...rate,
    ]);
    expect(Object.keys(petStore("createPet").responses["201"]!.headers ?? {})).toEqual([
      "Location",
      "Idempotent-Replayed",
      ...rate,
    ]);
    expect(petStore("createPet").responses["201"]!.headers?.["Location"]).toEqual({
      required: true,
      type: "string",
    });
    expect(Object.keys(petStore("getPet").responses["429"]!.headers ?? {})).toEqual([
      "Retry-After",
      "Deprecation",
      "Sunset",
      ...rate,
    ]);
    const text = printDataModule(serverApiModule(buildModel(spec(), "hash")));
    // one table for the 200s and 400s of the little spec: nothing to spread
    expect(text).not.toContain("...headers");
  });

  it("writes once the parameter lists and media types operations declare alike", () => {
    expect(petStore("getPet").parameters).toBe(petStore("deletePet").parameters);
    expect(petStore("getPet").parameters).toEqual([{ name: "petId", in: "path", required: true }]);
    // lists that differ share their parameters alike
    expect(petStore("listPets").parameters[1]).toBe(petStore("listOrders").parameters[1]);
    expect(petStore("listPets").parameters[1]).toEqual({ name: "limit", in: "query" });
    expect(petStore("createPet").body?.mediaTypes).toBe(petStore("placeOrder").body?.mediaTypes);
  });

  it("makes the requirements most operations declare the API's security", () => {
    expect(API.security).toEqual([{ ApiKeyAuth: [] }]);
    expect(API.operations.every((operation) => operation.security === undefined)).toBe(true);
    const document = spec();
    document["components"] = {
      ...(document["components"] as object),
      securitySchemes: { Key: { type: "apiKey", in: "header", name: "X-Key" } },
    };
    document["security"] = [{ Key: [] }];
    const paths = document.paths as Record<string, Record<string, Record<string, unknown>>>;
    paths["/other/c"]!["get"]!["security"] = [];
    const text = printDataModule(serverApiModule(buildModel(document, "hash")));
    expect(text).toContain("  security: [\n    {\n      Key: [],\n    },\n  ],\n");
    // getC declares none: it says so, or it would get the API's
    expect(text.slice(text.indexOf('operationId: "getC"'))).toContain("      security: [],\n");
    expect(
      text.slice(text.indexOf('operationId: "getA"'), text.indexOf('operationId: "getB"')),
    ).not.toContain("security");
  });
});
