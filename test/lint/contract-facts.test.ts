/**
 * Every fact of the source document (../shared/source/pet-store-interface.md) and of the
 * contract decisions the other packages rely on survives in spec/openapi.yaml.
 * The spec is read with the `yaml` package, independently of Redocly.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { SPEC_PATH, deref, operations } from "./helpers.js";
import type { Doc } from "./helpers.js";

const spec: Doc = parse(readFileSync(SPEC_PATH, "utf8"));
const schemas: Doc = spec.components.schemas;
const ops = operations(spec);
const byId = new Map(ops.map((entry) => [entry.operation.operationId as string, entry]));

function op(operationId: string) {
  const entry = byId.get(operationId);
  if (!entry) throw new Error(`No operation ${operationId}`);
  return entry;
}

type Field = readonly [type: string, format: string | undefined, required: boolean];
const INT64 = ["integer", "int64", true] as const;

/** Field -> [type, format, required]; `$PetStatus` means `$ref: '#/components/schemas/PetStatus'`. */
const EXPECTED_FIELDS: Record<string, Record<string, Field>> = {
  NewPet: {
    name: ["string", undefined, true],
    categoryId: INT64,
    status: ["$PetStatus", undefined, false],
  },
  Pet: {
    id: INT64,
    name: ["string", undefined, true],
    categoryId: INT64,
    status: ["$PetStatus", undefined, false],
  },
  NewCategory: { name: ["string", undefined, true], description: ["string", undefined, false] },
  Category: {
    id: INT64,
    name: ["string", undefined, true],
    description: ["string", undefined, false],
  },
  Order: {
    id: ["integer", "int64", false],
    petId: ["integer", "int64", false],
    quantity: ["integer", undefined, false],
    shipDate: ["string", "date-time", false],
    complete: ["boolean", undefined, false],
  },
  InventoryItem: {
    petId: INT64,
    quantity: ["integer", undefined, true],
    status: ["$PetStatus", undefined, true],
  },
  InventoryUpdate: { quantity: ["integer", undefined, true] },
  Error: {
    code: ["string", undefined, true],
    message: ["string", undefined, true],
    status: ["integer", undefined, true],
  },
};

describe("document", () => {
  it("is OpenAPI 3.0.3, interface version 1.x.y (the spec evolves by minor and patch releases)", () => {
    expect(spec.openapi).toBe("3.0.3");
    expect(spec.info.version).toMatch(/^1\.\d+\.\d+$/);
  });

  it("has the server URL {base_url} as a server variable with a default", () => {
    expect(spec.servers).toHaveLength(1);
    expect(spec.servers[0].url).toBe("{base_url}");
    expect(spec.servers[0].variables.base_url.default).toMatch(/^https?:\/\/\S+[^/]$/);
  });

  it("documents auth, rate limits, errors, pagination, versioning and stability in info.description", () => {
    const text: string = spec.info.description;
    for (const topic of [
      "X-API-Key",
      "401",
      "fixed windows",
      "Retry-After",
      "key_banned",
      "Error",
      "limit",
      "offset",
      "X-Total-Count",
      "Deprecation",
      "Sunset",
      "x-stability",
      "experimental",
      "beta",
      "1 MiB",
      // the source's rate-limit rules, unchanged
      "exponential backoff",
      "higher limits are obtained by moving to a higher",
      "agreed per customer",
      "banned",
      // idempotent POSTs, availability and the sunset
      "Idempotency-Key",
      "idempotency_key_reused",
      "idempotency_request_in_progress",
      "24 hours",
      "service_unavailable",
      "410",
      "gone",
    ]) {
      expect(text, topic).toContain(topic);
    }
  });
});

describe("schemas", () => {
  it("PetStatus is the enumeration available, pending, sold", () => {
    expect(schemas.PetStatus.type).toBe("string");
    expect(schemas.PetStatus.enum).toEqual(["available", "pending", "sold"]);
  });

  for (const [name, fields] of Object.entries(EXPECTED_FIELDS)) {
    it(`${name} has exactly the source's fields, types, formats and required flags`, () => {
      const schema = schemas[name];
      expect(schema.type).toBe("object");
      expect(Object.keys(schema.properties).sort()).toEqual(Object.keys(fields).sort());
      const required = Object.entries(fields)
        .filter(([, [, , isRequired]]) => isRequired)
        .map(([field]) => field)
        .sort();
      expect([...(schema.required ?? [])].sort()).toEqual(required);
      for (const [field, [type, format]] of Object.entries(fields)) {
        const property = schema.properties[field];
        if (type.startsWith("$")) {
          expect(property, `${name}.${field}`).toEqual({
            $ref: `#/components/schemas/${type.slice(1)}`,
          });
        } else {
          expect(property.type, `${name}.${field}`).toBe(type);
          expect(property.format, `${name}.${field}`).toBe(format);
        }
      }
    });
  }

  it("Pet is NewPet plus id, with identical field definitions; Category is NewCategory plus id", () => {
    const { id: petId, ...petRest } = schemas.Pet.properties;
    expect(petId.format).toBe("int64");
    const describeless = (props: Doc) =>
      Object.fromEntries(
        Object.entries<Doc>(props).map(([k, v]) => [k, { ...v, description: undefined }]),
      );
    expect(describeless(petRest)).toEqual(describeless(schemas.NewPet.properties));
    const { id: categoryId, ...categoryRest } = schemas.Category.properties;
    expect(categoryId.format).toBe("int64");
    expect(describeless(categoryRest)).toEqual(describeless(schemas.NewCategory.properties));
  });

  it("Order marks no field required", () => {
    expect(schemas.Order.required ?? []).toEqual([]);
  });

  it("Pets is an array of Pet", () => {
    expect(schemas.Pets).toMatchObject({
      type: "array",
      items: { $ref: "#/components/schemas/Pet" },
    });
  });

  it("request bodies reject unknown fields", () => {
    for (const name of ["NewPet", "NewCategory", "NewOrder", "InventoryUpdate"]) {
      expect(schemas[name].additionalProperties, name).toBe(false);
    }
    expect(schemas.NewOrder.required).toEqual(["petId", "quantity"]);
  });

  it("every scalar field has limits and an example", () => {
    for (const [name, schema] of Object.entries<Doc>(schemas)) {
      for (const [field, property] of Object.entries<Doc>(schema.properties ?? {})) {
        if (property.$ref) continue;
        expect(property.example, `${name}.${field} example`).toBeDefined();
        if (property.type === "string" && !property.format && !property.enum)
          expect(property.maxLength, `${name}.${field} maxLength`).toBeTypeOf("number");
        if (property.type === "integer") {
          expect(property.minimum, `${name}.${field} minimum`).toBeTypeOf("number");
          expect(property.maximum, `${name}.${field} maximum`).toBeTypeOf("number");
        }
      }
    }
  });

  it("Error lists every error code", () => {
    expect(schemas.Error.properties.code.enum).toEqual([
      "validation_failed",
      "unauthorized",
      "not_found",
      "method_not_allowed",
      "conflict",
      "payload_too_large",
      "unsupported_media_type",
      "rate_limited",
      "key_banned",
      "internal",
      "not_implemented",
      "service_unavailable",
      "gone",
      "idempotency_key_reused",
      "idempotency_request_in_progress",
      "uri_too_long",
      "headers_too_large",
      "idempotency_outcome_unknown",
      "expectation_failed",
      "request_timeout",
    ]);
    for (const code of schemas.Error.properties.code.enum as string[]) {
      expect(schemas.Error.description).toContain(`\`${code}\``);
    }
  });
});

describe("operations", () => {
  const EXPECTED: Record<string, readonly [method: string, path: string, tag: "Pets" | "Store"]> = {
    listPets: ["get", "/pets", "Pets"],
    createPet: ["post", "/pets", "Pets"],
    getPet: ["get", "/pets/{petId}", "Pets"],
    getPetById: ["get", "/pets/by-id/{petId}", "Pets"],
    updatePet: ["put", "/pets/{petId}", "Pets"],
    deletePet: ["delete", "/pets/{petId}", "Pets"],
    listCategories: ["get", "/categories", "Pets"],
    createCategory: ["post", "/categories", "Pets"],
    getCategory: ["get", "/categories/{categoryId}", "Pets"],
    updateCategory: ["put", "/categories/{categoryId}", "Pets"],
    deleteCategory: ["delete", "/categories/{categoryId}", "Pets"],
    listOrders: ["get", "/store/orders", "Store"],
    placeOrder: ["post", "/store/orders", "Store"],
    getOrder: ["get", "/store/orders/{orderId}", "Store"],
    cancelOrder: ["delete", "/store/orders/{orderId}", "Store"],
    getInventory: ["get", "/store/inventory", "Store"],
    setInventoryStock: ["put", "/store/inventory/{petId}", "Store"],
  };

  it("include every seed operation of the source document, with its method, path and tag", () => {
    // New operations may join (a minor release); none of these may go or move.
    const actual = Object.fromEntries(
      ops.map((e) => [e.operation.operationId, [e.method, e.path, e.operation.tags?.[0]]]),
    );
    expect(actual).toMatchObject(EXPECTED);
  });

  it("the tags are Pets and Store; each operation has exactly one, a summary and a description", () => {
    expect(spec.tags.map((t: Doc) => t.name)).toEqual(["Pets", "Store"]);
    for (const { operation } of ops) {
      expect(operation.tags, operation.operationId).toHaveLength(1);
      expect(operation.summary, operation.operationId).toBeTruthy();
      expect(operation.description, operation.operationId).toBeTruthy();
    }
  });

  it("GET /pets/{petId} is deprecated with a sunset date, a replacement, and Sunset/Deprecation headers on every response", () => {
    const { operation } = op("getPet");
    expect(operation.deprecated).toBe(true);
    expect(operation["x-sunset"]).toBe("2027-06-30");
    expect(operation["x-replaced-by"]).toBe("getPetById");
    expect(byId.has(operation["x-replaced-by"])).toBe(true);
    expect(operation.description).toContain("getPetById");
    for (const [status, response] of Object.entries<Doc>(operation.responses)) {
      const headers = deref(spec, response).headers ?? {};
      expect(Object.keys(headers), status).toEqual(
        expect.arrayContaining(["Sunset", "Deprecation"]),
      );
    }
    expect(ops.filter((e) => e.operation.deprecated).map((e) => e.operation.operationId)).toContain(
      "getPet",
    );
    expect(deref(spec, spec.components.headers.Deprecation).schema.example).toBe("@1767225600");
    expect(deref(spec, spec.components.headers.Sunset).schema.example).toBe(
      "Wed, 30 Jun 2027 00:00:00 GMT",
    );
  });

  it("getPet and getPetById take the same int64 petId and return the same Pet", () => {
    for (const id of ["getPet", "getPetById"]) {
      const { parameters, operation } = op(id);
      expect(parameters.find((p) => p.name === "petId")).toMatchObject({
        in: "path",
        required: true,
        schema: { type: "integer", format: "int64" },
      });
      expect(operation.responses["200"].content["application/json"].schema).toEqual({
        $ref: "#/components/schemas/Pet",
      });
    }
  });

  it("GET /store/orders has interactive testing disabled (x-hideTryItPanel, x-hideReplay)", () => {
    const { operation } = op("listOrders");
    expect(operation["x-hideTryItPanel"]).toBe(true);
    expect(operation["x-hideReplay"]).toBe(true);
  });

  it("stability markers: at least one experimental and one beta, nothing else", () => {
    const markers = ops.map((e) => e.operation["x-stability"]).filter((m) => m !== undefined);
    expect(markers).toContain("experimental");
    expect(markers).toContain("beta");
    expect(new Set(markers)).toEqual(new Set(["experimental", "beta"]));
    expect(op("setInventoryStock").operation["x-stability"]).toBe("experimental");
    expect(op("listCategories").operation["x-stability"]).toBe("beta");
  });

  it("list operations paginate with limit (1..100, default 20) and offset (>= 0, default 0) and report X-Total-Count", () => {
    for (const id of ["listPets", "listCategories", "listOrders"]) {
      const { parameters, operation } = op(id);
      expect(parameters.find((p) => p.name === "limit")?.schema, id).toMatchObject({
        type: "integer",
        minimum: 1,
        maximum: 100,
        default: 20,
      });
      expect(parameters.find((p) => p.name === "offset")?.schema, id).toMatchObject({
        type: "integer",
        minimum: 0,
        default: 0,
      });
      expect(Object.keys(operation.responses["200"].headers), id).toContain("X-Total-Count");
    }
    expect(op("listPets").parameters.find((p) => p.name === "status")?.schema).toEqual({
      $ref: "#/components/schemas/PetStatus",
    });
  });
});

describe("security", () => {
  it("ApiKeyAuth is an apiKey in the X-API-Key header, applied to every operation", () => {
    expect(spec.components.securitySchemes.ApiKeyAuth).toMatchObject({
      type: "apiKey",
      in: "header",
      name: "X-API-Key",
    });
    expect(spec.security).toEqual([{ ApiKeyAuth: [] }]);
    for (const { operation } of ops) {
      const effective: Doc[] = operation.security ?? spec.security;
      expect(effective.length, operation.operationId).toBeGreaterThan(0);
      for (const requirement of effective)
        expect(Object.keys(requirement), operation.operationId).toContain("ApiKeyAuth");
    }
  });
});

describe("responses", () => {
  const RATE_LIMIT_HEADERS = ["X-RateLimit-Limit", "X-RateLimit-Remaining", "X-RateLimit-Reset"];

  it("every response of every operation declares the X-RateLimit-* headers; every 429 also Retry-After", () => {
    for (const { operation } of ops) {
      for (const [status, raw] of Object.entries<Doc>(operation.responses)) {
        const headers = deref(spec, raw).headers ?? {};
        const where = `${operation.operationId} ${status}`;
        expect(Object.keys(headers), where).toEqual(expect.arrayContaining(RATE_LIMIT_HEADERS));
        for (const name of RATE_LIMIT_HEADERS)
          expect(deref(spec, headers[name]).schema.type, where).toBe("integer");
        if (status === "429")
          expect(deref(spec, headers["Retry-After"]).schema.type, where).toBe("integer");
      }
    }
  });

  it("every 4xx/5xx body is application/json with the Error schema", () => {
    for (const { operation } of ops) {
      for (const [status, raw] of Object.entries<Doc>(operation.responses)) {
        if (!/^[45]/.test(status)) continue;
        const content = deref(spec, raw).content;
        expect(Object.keys(content), `${operation.operationId} ${status}`).toEqual([
          "application/json",
        ]);
        expect(content["application/json"].schema).toEqual({ $ref: "#/components/schemas/Error" });
      }
    }
  });

  it("declares 400, 401, 414, 429, 431, 500 everywhere (transport-level refusals); 404 with a path id; 413/415 with a body", () => {
    for (const { operation, parameters } of ops) {
      const statuses = Object.keys(operation.responses);
      const where: string = operation.operationId;
      expect(statuses, where).toEqual(
        expect.arrayContaining(["400", "401", "414", "429", "431", "500"]),
      );
      if (parameters.some((p) => p.in === "path")) expect(statuses, where).toContain("404");
      if (operation.requestBody)
        expect(statuses, where).toEqual(expect.arrayContaining(["413", "415"]));
      else expect(statuses, where).not.toContain("415");
    }
  });

  it("declares 503 (Retry-After) everywhere and 410 (Sunset, Link) on every operation with x-sunset", () => {
    for (const { operation } of ops) {
      const where: string = operation.operationId;
      const unavailable = deref(spec, operation.responses["503"]);
      expect(Object.keys(unavailable.headers ?? {}), where).toContain("Retry-After");
      const gone = operation.responses["410"];
      if (operation["x-sunset"] === undefined) {
        expect(gone, where).toBeUndefined();
        continue;
      }
      expect(Object.keys(deref(spec, gone).headers ?? {}), where).toEqual(
        expect.arrayContaining(["Sunset", "Link", "Deprecation"]),
      );
    }
    expect(ops.filter((e) => e.operation["x-sunset"]).map((e) => e.operation.operationId)).toContain(
      "getPet",
    );
  });

  it("every POST takes the optional Idempotency-Key header and declares 409, 422 and Idempotent-Replayed", () => {
    const posts = ops.filter((e) => e.method === "post");
    expect(posts.map((e) => e.operation.operationId)).toEqual(
      expect.arrayContaining(["createPet", "createCategory", "placeOrder"]),
    );
    for (const { operation, parameters } of posts) {
      const where: string = operation.operationId;
      expect(parameters.find((p) => p.name === "Idempotency-Key"), where).toMatchObject({
        in: "header",
        required: false,
        schema: { type: "string", minLength: 1, maxLength: 255 },
      });
      const statuses = Object.keys(operation.responses);
      expect(statuses, where).toEqual(expect.arrayContaining(["409", "422"]));
      expect(deref(spec, operation.responses["409"]).description, where).toContain(
        "idempotency_request_in_progress",
      );
      expect(deref(spec, operation.responses["422"]).description, where).toContain(
        "idempotency_key_reused",
      );
      const created = deref(spec, operation.responses["201"]);
      expect(deref(spec, created.headers["Idempotent-Replayed"]).required, where).toBe(false);
    }
    for (const { operation, parameters } of ops.filter((e) => e.method !== "post")) {
      expect(parameters.map((p) => p.name), operation.operationId).not.toContain("Idempotency-Key");
    }
  });

  it("declares 409 where a business conflict can happen", () => {
    for (const id of [
      "deletePet",
      "createCategory",
      "updateCategory",
      "deleteCategory",
      "placeOrder",
      "cancelOrder",
    ]) {
      expect(Object.keys(op(id).operation.responses), id).toContain("409");
    }
  });

  it("Location is a required header (a creation must say where the record is)", () => {
    expect(spec.components.headers.Location.required).toBe(true);
  });

  it("creations answer 201 with Location; deletions answer 204", () => {
    for (const id of ["createPet", "createCategory", "placeOrder"]) {
      expect(Object.keys(op(id).operation.responses["201"].headers), id).toContain("Location");
    }
    for (const id of ["deletePet", "deleteCategory", "cancelOrder"]) {
      expect(Object.keys(op(id).operation.responses), id).toContain("204");
    }
  });
});

describe("rate limits", () => {
  it("the root x-rate-limits extension carries the plan table and the ban policy exactly", () => {
    expect(spec["x-rate-limits"]).toEqual({
      algorithm: "fixed-window",
      plans: [
        { name: "free", perMinute: 60, perDay: 1000 },
        { name: "pro", perMinute: 300, perDay: 10000 },
        { name: "business", perMinute: 1000, perDay: 100000 },
        { name: "enterprise", perMinute: null, perDay: null },
      ],
      ban: { afterRejectedRequests: 5, durationSeconds: 900 },
    });
  });
});
