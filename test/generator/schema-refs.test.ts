/**
 * generator/schema/schema-refs.ts: a schema `$ref` resolved against the model (components by name,
 * every other target by its pointer), the one walk that collects those targets, and the
 * OpenAPI → JSON Schema conversion reading them.
 */
import { describe, expect, it } from "vitest";
import {
  modelPlanner,
  operationTransforms,
} from "../../generator/emit/transforms/operation-transforms.js";
import { loadSpec } from "../../generator/load/load-spec.js";
import { buildModel } from "../../generator/model/build-model.js";
import { PointerError } from "../../generator/schema/json-pointer.js";
import {
  collectRefTargets,
  readSchemaRef,
  resolveSchemaObject,
} from "../../generator/schema/schema-refs.js";
import { toJsonSchema, type SchemaModel } from "../../generator/schema/to-json-schema.js";
import { ROOT } from "./cli-helper.js";

const node = {
  type: "object",
  properties: { next: { $ref: "#/components/schemas/Tree/$defs/node" } },
};
const inline = { type: "string", maxLength: 8 };
const document = {
  openapi: "3.1.0",
  info: { title: "Refs", version: "1.0.0" },
  paths: {
    "/a": {
      get: {
        responses: {
          "200": {
            description: "ok",
            content: { "application/json": { schema: inline } },
          },
        },
      },
    },
  },
  components: {
    schemas: {
      Pet: { type: "object", properties: { name: { type: "string", minLength: 1 } } },
      "a/b": { type: "integer" },
      Tree: {
        $defs: { node },
        properties: { root: { $ref: "#/components/schemas/Tree/$defs/node" } },
      },
      Nick: { $ref: "#/components/schemas/Pet/properties/name" },
      FromPath: { $ref: "#/paths/~1a/get/responses/200/content/application~1json/schema" },
      Loop: { $ref: "#/components/schemas/Loop2" },
      Loop2: { $ref: "#/components/schemas/Loop" },
      Missing: { $ref: "#/components/schemas/Pet/properties/age" },
    },
  },
};
const model = buildModel(document, "hash");
const schemas = document.components.schemas;

describe("readSchemaRef", () => {
  it.each([
    ["a component, by name", "#/components/schemas/Pet", schemas.Pet],
    ["a component whose name is escaped", "#/components/schemas/a~1b", schemas["a/b"]],
    [
      "a schema's property",
      "#/components/schemas/Pet/properties/name",
      schemas.Pet.properties.name,
    ],
    [
      "a target outside components",
      "#/paths/~1a/get/responses/200/content/application~1json/schema",
      inline,
    ],
    ["a recursive $defs entry", "#/components/schemas/Tree/$defs/node", node],
  ])("reads %s: the document's own object", (_name, ref, want) => {
    expect(readSchemaRef(model, ref)).toBe(want);
  });

  it("keeps a cycle as a reference: the target's own $ref leads back to the same object", () => {
    const target = readSchemaRef(model, "#/components/schemas/Tree/$defs/node") as typeof node;
    expect(readSchemaRef(model, target.properties.next.$ref)).toBe(target);
  });

  it.each([
    ["a target that does not exist", "#/components/schemas/Pet/properties/age", /does not exist/],
    ["a component that does not exist", "#/components/schemas/Dog", /does not exist/],
    ["an external reference", "other.yaml#/Pet", /Unresolved external reference/],
  ])("refuses %s with a PointerError naming the ref", (_name, ref, message) => {
    expect(() => readSchemaRef(model, ref)).toThrow(PointerError);
    expect(() => readSchemaRef(model, ref)).toThrow(message);
    try {
      readSchemaRef(model, ref);
    } catch (error) {
      expect((error as PointerError).where).toBe(ref);
    }
  });

  it("follows chains, and refuses a chain that loops", () => {
    expect(resolveSchemaObject(model, { $ref: "#/components/schemas/Nick" })).toBe(
      schemas.Pet.properties.name,
    );
    expect(() => resolveSchemaObject(model, { $ref: "#/components/schemas/Loop" })).toThrow(
      /refers to itself/,
    );
  });
});

describe("collectRefTargets", () => {
  it("holds every target but a component's root, sorted, each once, from one walk", () => {
    expect(Object.keys(model.refTargets)).toEqual([
      "#/components/schemas/Pet/properties/name",
      "#/components/schemas/Tree/$defs/node",
      "#/paths/~1a/get/responses/200/content/application~1json/schema",
    ]);
  });

  it("reaches refs inside targets and discriminator mappings, and skips what leads nowhere", () => {
    const doc = {
      x: { deep: { $ref: "#/y" } },
      y: { type: "string" },
      z: { type: "integer" },
      w: { type: "boolean" },
    };
    const root = {
      oneOf: [{ $ref: "#/x" }],
      discriminator: { propertyName: "kind", mapping: { a: "#/z", b: "Named", c: "#/nowhere" } },
      not: { $ref: "#/w" },
    };
    expect(collectRefTargets(doc, [root])).toEqual({
      "#/w": doc.w,
      "#/x": doc.x,
      "#/y": doc.y,
      "#/z": doc.z,
    });
  });
});

describe("toJsonSchema through the model", () => {
  const convert = (schema: unknown) =>
    toJsonSchema(schema as SchemaModel, {
      refs: model,
      openapi31: true,
      formats: new Set(),
      warnings: [],
    });

  it("inlines a target outside components and keeps a component as a ref", () => {
    expect(convert({ $ref: "#/components/schemas/Pet/properties/name" })).toEqual({
      type: "string",
      minLength: 1,
    });
    expect(convert({ $ref: "#/components/schemas/Pet" })).toEqual({
      $ref: "api#/components/schemas/Pet",
    });
  });

  it("stops at a cycle through a target outside components", () => {
    expect(convert({ $ref: "#/components/schemas/Tree/$defs/node" })).toEqual({
      type: "object",
      properties: { next: {} },
    });
  });

  it("says which ref leads nowhere", () => {
    expect(() => convert(schemas.Missing)).toThrow(/Pet\/properties\/age.*does not exist/);
  });
});

describe("transform plans through the model", () => {
  it("follow a property's $ref into another schema's $defs (date-time and int64 there)", async () => {
    const spec = `${ROOT}/test/fixtures/odd/schema-refs.yaml`;
    const loaded = await loadSpec(spec, ROOT, {});
    const refs = buildModel(loaded.document, loaded.specHash);
    const planner = modelPlanner(refs);
    operationTransforms(refs, planner);
    expect(planner.plans).toEqual({ Pet: { p: { born: "date-time", weight: "int64" } } });
  });
});
