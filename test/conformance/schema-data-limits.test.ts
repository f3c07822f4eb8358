/**
 * The data generator on what real specs throw at it: recursive schemas (self references through
 * optional properties, `anyOf` expansions, arrays; required self references that have no finite
 * value), patterns that are invalid in unicode mode or use `\b`, and the validator on `$ref`s
 * outside `#/components/schemas/<Name>` or of the wrong shape; requests never give a required
 * parameter a value it cannot carry.
 */
import { join } from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { loadApi } from "../../conformance/load-api.js";
import { positiveRequests } from "../../conformance/request-arbitrary.js";
import { hasRejected, schemaArbitrary } from "../../generator/schema/schema-arbitrary.js";
import { SchemaValidator } from "../../generator/schema/schema-validator.js";
import { ROOT } from "../corpus/run-entry.js";
import { documentSchemaRefs } from "../../generator/schema/schema-refs.js";

/** Nesting depth of a value (a scalar is 0). */
function depthOf(value: unknown): number {
  if (typeof value !== "object" || value === null) return 0;
  return 1 + Math.max(0, ...Object.values(value).map(depthOf));
}

const RECURSIVE: Record<string, unknown> = {
  // Stripe's shape: every reference to another object may be expanded or an id, objects refer back
  Customer: {
    type: "object",
    required: ["id", "default_source", "subscriptions"],
    properties: {
      id: { type: "string", maxLength: 5 },
      default_source: {
        anyOf: [{ type: "string", maxLength: 5 }, { $ref: "#/components/schemas/Source" }],
        nullable: true,
      },
      subscriptions: { type: "array", items: { $ref: "#/components/schemas/Subscription" } },
      parent: { $ref: "#/components/schemas/Customer" },
    },
  },
  Source: {
    type: "object",
    required: ["customer"],
    properties: {
      customer: {
        anyOf: [{ type: "string", maxLength: 5 }, { $ref: "#/components/schemas/Customer" }],
      },
    },
  },
  Subscription: {
    type: "object",
    required: ["customer", "items"],
    properties: {
      customer: {
        anyOf: [{ $ref: "#/components/schemas/Customer" }, { type: "string", maxLength: 5 }],
      },
      items: { type: "array", items: { $ref: "#/components/schemas/Subscription" } },
    },
  },
  // a tree whose children are a oneOf of itself or a leaf
  Node: {
    type: "object",
    required: ["child"],
    properties: { child: { oneOf: [{ $ref: "#/components/schemas/Node" }, { type: "integer" }] } },
  },
  // requires itself: no finite value exists
  Endless: {
    type: "object",
    required: ["next"],
    properties: { next: { allOf: [{ $ref: "#/components/schemas/Endless" }] } },
  },
};
const context = {
  refs: documentSchemaRefs({ components: { schemas: RECURSIVE } }),
  direction: "response",
} as const;

describe("generated data: recursive schemas", () => {
  it.each(["Customer", "Source", "Subscription", "Node"])(
    "%s: the arbitrary is built, draws are finite and valid",
    (name) => {
      const validator = new SchemaValidator(RECURSIVE, "3.0.3");
      const arbitrary = schemaArbitrary({ $ref: `#/components/schemas/${name}` }, context);
      expect(arbitrary).toBeDefined();
      const values = fc
        .sample(arbitrary!, { seed: 7, numRuns: 60 })
        .filter((value) => !hasRejected(value));
      expect(values.length).toBeGreaterThan(30);
      for (const value of values) {
        expect(
          validator.isValid({ $ref: `#/components/schemas/${name}` }, value),
          JSON.stringify(value),
        ).toBe(true);
        expect(depthOf(value)).toBeLessThan(40);
      }
    },
  );

  it("a schema that requires itself has no value: undefined, not a stack overflow", () => {
    expect(schemaArbitrary({ $ref: "#/components/schemas/Endless" }, context)).toBeUndefined();
    // as an optional property, it is left out
    const holder = {
      type: "object",
      properties: { endless: { $ref: "#/components/schemas/Endless" }, n: { type: "integer" } },
    };
    const values = fc.sample(schemaArbitrary(holder, context)!, { seed: 1, numRuns: 20 });
    expect(
      values.every((value) => typeof value === "object" && value !== null && !("endless" in value)),
    ).toBe(true);
  });
});

describe("generated data: patterns", () => {
  const validator = new SchemaValidator({}, "3.0.3");
  it.each([
    ["an escape invalid in unicode mode", "^[a-zA-Z0-9_\\-\\:]+$"],
    [
      "word boundaries (fast-check cannot generate \\b)",
      "^$|[0-9a-f]{8}\\b-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-\\b[0-9a-f]{12}",
    ],
  ])("%s: values are drawn and the validator accepts them", (_name, pattern) => {
    const schema = { type: "string", pattern };
    const values = fc
      .sample(schemaArbitrary(schema, { refs: documentSchemaRefs({}), direction: "request" })!, {
        seed: 3,
        numRuns: 40,
      })
      .filter((value) => !hasRejected(value));
    expect(values.length).toBeGreaterThan(10);
    for (const value of values) {
      expect(new RegExp(pattern).test(value as string)).toBe(true);
      expect(validator.isValid(schema, value)).toBe(true);
    }
  });
});

describe("schema validator: $refs outside components.schemas", () => {
  // shapes from openapi-typescript's jsonschema-defs fixture and hey-api's full.yaml
  const spec = {
    $defs: { StringType: { type: "string" } },
    components: {
      schemas: {
        Object: {
          type: "object",
          properties: {
            rootDef: { $ref: "#/$defs/StringType" },
            nestedDef: { $ref: "#/components/schemas/Other/$defs/nestedDef" },
          },
        },
        Other: { type: "object", $defs: { nestedDef: { type: "boolean" } } },
      },
      parameters: { Simple: { name: "p", in: "query", schema: { type: "string" } } },
    },
  };
  const validator = new SchemaValidator(spec.components.schemas, "3.1.0", {
    refs: documentSchemaRefs(spec),
  });

  it("validates through a ref to the document's $defs and to another schema's $defs", () => {
    expect(
      validator.isValid({ $ref: "#/components/schemas/Object" }, { rootDef: "a", nestedDef: true }),
    ).toBe(true);
    expect(validator.isValid({ $ref: "#/components/schemas/Object" }, { rootDef: 1 })).toBe(false);
    expect(validator.isValid({ $ref: "#/components/schemas/Object" }, { nestedDef: "yes" })).toBe(
      false,
    );
    expect(
      validator.isValid({ type: "array", items: { $ref: "#/$defs/StringType" } }, ["a", 2]),
    ).toBe(false);
  });

  it("says what is wrong with a ref that points at nothing, or when it has no document", () => {
    expect(() => validator.isValid({ $ref: "#/$defs/Missing" }, 1)).toThrow(
      /#\/\$defs\/Missing.*does not exist/,
    );
    expect(() =>
      new SchemaValidator({}, "3.1.0").isValid({ $ref: "#/$defs/StringType" }, "a"),
    ).toThrow(/unsupported \$ref in a schema: #\/\$defs\/StringType \(no document/);
  });
});

describe("generated data: a discriminator without a mapping over branches with their own values", () => {
  // OpenAI's shape: `type` is `custom` / `logs` in the branches, not the schema names
  const schemas: Record<string, unknown> = {
    Custom: {
      type: "object",
      required: ["type", "schema"],
      properties: { type: { type: "string", enum: ["custom"] }, schema: { type: "object" } },
    },
    Logs: {
      type: "object",
      required: ["type"],
      properties: { type: { const: "logs" }, metadata: { type: "object" } },
    },
    Config: {
      anyOf: [{ $ref: "#/components/schemas/Custom" }, { $ref: "#/components/schemas/Logs" }],
      discriminator: { propertyName: "type" },
    },
  };
  const spec = { components: { schemas } };

  it("draws the branches' own values, and the validator accepts them (and only them)", () => {
    const validator = new SchemaValidator(schemas, "3.1.0", { refs: documentSchemaRefs(spec) });
    const values = fc
      .sample(
        schemaArbitrary(
          { $ref: "#/components/schemas/Config" },
          { refs: documentSchemaRefs(spec), direction: "request" },
        )!,
        { seed: 5, numRuns: 40 },
      )
      .filter((value) => !hasRejected(value));
    expect(new Set(values.map((value) => (value as { type: string }).type))).toEqual(
      new Set(["custom", "logs"]),
    );
    for (const value of values)
      expect(
        validator.isValid({ $ref: "#/components/schemas/Config" }, value),
        JSON.stringify(value),
      ).toBe(true);
    expect(
      validator.isValid({ $ref: "#/components/schemas/Config" }, { type: "Custom", schema: {} }),
    ).toBe(false);
    expect(
      validator.isValid({ $ref: "#/components/schemas/Config" }, { type: "logs", metadata: 1 }),
    ).toBe(false);
  });
});

describe("schema validator: keywords of the wrong shape", () => {
  it("ignores `required: true` on a property and a non-array enum (as the generated validators do) instead of throwing", () => {
    const validator = new SchemaValidator({}, "3.0.3");
    const schema = {
      type: "object",
      properties: {
        list: { type: "array", required: true, items: { type: "string" } },
        mode: { type: "string", enum: "a" },
      },
    };
    expect(validator.isValid(schema, { list: ["a"], mode: "b" })).toBe(true);
    expect(validator.isValid(schema, { list: "a" })).toBe(false);
  });
});

describe("generated requests: parameters a request cannot carry", () => {
  it("never gives a required query parameter an empty array (it would not be sent); an optional one may be empty", async () => {
    const api = await loadApi(join(ROOT, "test/fixtures/runtime-specs/harness-edges.yaml"));
    const generated = positiveRequests(api, api.operation("moved"));
    if (generated.kind !== "ok") throw new Error(generated.reason);
    const requests = fc
      .sample(generated.arbitrary, { seed: 11, numRuns: 300 })
      .filter((request) => request !== undefined);
    expect(requests.length).toBeGreaterThan(100);
    expect(
      requests.every(
        (request) =>
          Array.isArray(request.parameters.query.tags) &&
          (request.parameters.query.tags as unknown[]).length > 0,
      ),
    ).toBe(true);
    expect(
      requests.some(
        (request) =>
          Array.isArray(request.parameters.query.labels) &&
          request.parameters.query.labels.length === 0,
      ),
    ).toBe(true);
  });

  it("draws valid requests for many required parameters that are often refused (null or empty: six nullable arrays)", async () => {
    const api = await loadApi(join(ROOT, "test/fixtures/runtime-specs/harness-edges.yaml"));
    const generated = positiveRequests(api, api.operation("lists"));
    if (generated.kind !== "ok") throw new Error(generated.reason);
    const requests = fc
      .sample(generated.arbitrary, { seed: 9, numRuns: 40 })
      .filter((request) => request !== undefined);
    // one value in two is null and one array in four empty: whole requests would pass 1 time in 300
    expect(requests.length).toBeGreaterThan(20);
  });

  it("never leaves a required form field empty (a form cannot carry [] or {}: it would arrive missing)", async () => {
    const api = await loadApi(join(ROOT, "test/fixtures/runtime-specs/harness-edges.yaml"));
    const operation = api.operation("createCharge");
    const generated = positiveRequests(
      api,
      operation,
      new Set(),
      operation.requestBody!.contents[0],
    );
    if (generated.kind !== "ok") throw new Error(generated.reason);
    const bodies = fc
      .sample(generated.arbitrary, { seed: 4, numRuns: 200 })
      .flatMap((request) =>
        request?.body === undefined ? [] : [request.body.value as Record<string, unknown>],
      );
    expect(bodies.length).toBeGreaterThan(50);
    expect(
      bodies.every((body) => Array.isArray(body.line_items) && body.line_items.length > 0),
    ).toBe(true);
  });
});

describe("generated data: allOf parts with types", () => {
  const context = { refs: documentSchemaRefs({}), direction: "request" } as const;
  it("draws only values of the types every part allows", () => {
    const values = fc.sample(
      schemaArbitrary(
        { allOf: [{ type: ["number", "string"] }, { type: "integer", minimum: 0, maximum: 9 }] },
        context,
      )!,
      { seed: 2, numRuns: 30 },
    );
    expect(values.every((value) => Number.isInteger(value))).toBe(true);
  });

  it("has no value when the parts share no type (allOf: [string, integer])", () => {
    expect(
      schemaArbitrary({ allOf: [{ type: "string" }, { type: "integer" }] }, context),
    ).toBeUndefined();
  });
});
