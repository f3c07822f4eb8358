/**
 * The validators' function entries (emit/validators/validator-parts.ts: one per component, or
 * per cycle of components where Ajv tracks evaluated properties, one per export schema) and the mocks' per-operation parts (emit/mocks/mock-parts.ts):
 * after an edit of one operation, one schema or one description, only the entries that read what
 * changed are made again, and the files are byte for byte those of a run without a cache. The
 * spec reaches schemas through a `$ref` chain, a discriminator's mapping (by `$ref` and by bare
 * name), a cycle, and a mapping alone (a base schema naming a subtype that `allOf`s it).
 */
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { render } from "../../generator/generate.js";
import { editSpec } from "./spec-edits.js";
import { emittedSpec, emitWithParts, specFile } from "./validator-mock-emit.js";

const json = (schema: string) => ({
  description: "OK",
  content: { "application/json": { schema: { $ref: `#/components/schemas/${schema}` } } },
});

const SPEC = {
  openapi: "3.0.3",
  info: { title: "Parts", version: "1.0.0" },
  paths: {
    "/pets/{id}": {
      get: {
        operationId: "getPet",
        parameters: [{ in: "path", name: "id", required: true, schema: { type: "string" } }],
        responses: { "200": json("Pet") },
      },
    },
    "/chain": { get: { operationId: "getChain", responses: { "200": json("Chain1") } } },
    "/owners": {
      get: {
        operationId: "listOwners",
        parameters: [{ in: "query", name: "limit", schema: { type: "integer", maximum: 50 } }],
        responses: { "200": json("Owner") },
      },
    },
    "/animals": { get: { operationId: "getAnimal", responses: { "200": json("Animal") } } },
    "/plain": {
      post: {
        operationId: "postPlain",
        requestBody: json("Plain"),
        responses: { "201": json("Plain") },
      },
    },
  },
  components: {
    schemas: {
      Pet: {
        oneOf: [{ $ref: "#/components/schemas/Dog" }, { $ref: "#/components/schemas/Cat" }],
        discriminator: {
          propertyName: "kind",
          mapping: { dog: "#/components/schemas/Dog", cat: "Cat" },
        },
      },
      Dog: {
        type: "object",
        required: ["kind"],
        properties: { kind: { type: "string" }, bark: { type: "string", maxLength: 10 } },
      },
      Cat: {
        type: "object",
        required: ["kind"],
        properties: { kind: { type: "string" }, lives: { type: "integer", minimum: 1 } },
      },
      Chain1: { $ref: "#/components/schemas/Chain2" },
      Chain2: { type: "array", items: { $ref: "#/components/schemas/Chain3" } },
      Chain3: { type: "object", properties: { end: { type: "string", pattern: "^e" } } },
      Owner: {
        type: "object",
        properties: {
          name: { type: "string" },
          friends: { type: "array", items: { $ref: "#/components/schemas/Owner" } },
          best: { $ref: "#/components/schemas/Friend" },
        },
      },
      Friend: { type: "object", properties: { of: { $ref: "#/components/schemas/Owner" } } },
      Animal: {
        type: "object",
        required: ["type"],
        properties: { type: { type: "string" } },
        discriminator: { propertyName: "type", mapping: { lizard: "#/components/schemas/Lizard" } },
      },
      Lizard: {
        allOf: [
          { $ref: "#/components/schemas/Animal" },
          { type: "object", properties: { scales: { type: "integer" } } },
        ],
      },
      Plain: { type: "object", properties: { id: { type: "string", format: "uuid" } } },
    },
  },
};

type Spec = typeof SPEC & Record<string, unknown>;

/** The object at `keys` under `value` (a spec being edited). */
function at(value: unknown, ...keys: string[]): Record<string, unknown> {
  return keys.reduce(
    (node, key) => node[key] as Record<string, unknown>,
    value as Record<string, unknown>,
  );
}

const OPERATIONS = ["getPet", "getChain", "listOwners", "getAnimal", "postPlain"];

async function setUp(prefix: string) {
  const { dir, load, cold, edit: editOnce } = await emittedSpec<Spec>(SPEC, prefix);
  // every entry made once: each component reached, each export schema, the mocks of each operation
  expect(cold.validatorParts.functionsMade("bodies/component")).toEqual([
    [], // Chain1, `$ref: Chain2`: Ajv compiles it as Chain2
    ["validate$Animal"], // the conversion keeps no mapping on Animal: Lizard is not reached
    ["validate$Cat"],
    ["validate$Chain2"],
    ["validate$Chain3"],
    ["validate$Dog"],
    ["validate$Friend"], // each member of the cycle Owner → Friend → Owner on its own
    ["validate$Owner"],
    ["validate$Pet"],
    ["validate$Plain"],
  ]);
  expect(cold.validatorParts.count("bodies/export")).toBe(5); // `$ref` to Pet, Chain1, Owner, Animal, Plain
  expect(cold.validatorParts.count("parameters/export")).toBe(3); // getPet's, listOwners', and none
  expect(cold.mockParts.count("mock")).toBe(OPERATIONS.length);
  // the same spec again: nothing made
  const again = emitWithParts(await load(), dir);
  expect(again.files).toEqual(cold.files);
  expect(again.validatorParts.made).toEqual([]);
  expect(again.mockParts.made).toEqual([]);
  /** Edits the spec, emits through the caches, checks the files against a run without cache. */
  const edit = async (change: (document: Spec) => void) => {
    const warm = await editOnce(change);
    expect(warm.files).not.toEqual(cold.files);
    return warm;
  };
  return { edit };
}

describe("the validators' and the mocks' per-operation parts", () => {
  it("make only the edited operation's parts again", async () => {
    const { edit } = await setUp("parts-operation-");
    const warm = await edit((document) => {
      (at(document, "paths", "/owners", "get").parameters as unknown[]).push({
        in: "query",
        name: "addedByTheTest",
        schema: { type: "string" },
      });
    });
    // listOwners' parameters schema only: no component, no body
    expect(warm.validatorParts.made.map((entry) => entry.kind)).toEqual(["parameters/export"]);
    expect(warm.validatorParts.made[0]?.text).toContain("addedByTheTest");
    // the mocks do not read an operation's parameters (mock-parts.ts: mockedOperationInput)
    expect(warm.mockParts.made).toEqual([]);
    expect(warm.files.find((file) => file.path.endsWith("parameters.js"))?.content).toContain(
      "addedByTheTest",
    );
    // a response added: that operation's bodies and mocks only
    const responded = await edit((document) => {
      at(document, "paths", "/chain", "get", "responses")["404"] = {
        description: "Not found",
        content: { "application/json": { schema: { $ref: "#/components/schemas/Plain" } } },
      };
    });
    // its schema (`$ref: Plain`) is postPlain's body's: nothing compiled, one export line more
    expect(responded.validatorParts.made).toEqual([]);
    expect(responded.files.find((file) => file.path.endsWith("bodies.js"))?.content).toContain(
      "export const getChain$404 = validate$ref$Plain;",
    );
    expect(responded.mockParts.madeOf("mock", OPERATIONS)).toEqual(["getChain"]);
    expect(responded.mockParts.count("mock")).toBe(1);
  }, 60_000);

  it("compile again only the edited schema, and the mocks that reach it: through a $ref chain, a cycle, a mapping", async () => {
    const { edit } = await setUp("parts-schema-");
    // reached only through Chain1 → Chain2 → Chain3
    let warm = await edit((document) => {
      (document.components.schemas.Chain3.properties as Record<string, unknown>).added = {
        type: "integer",
      };
    });
    // Chain3 alone: not Chain2 nor Chain1, which call it by name, nor getChain's export
    expect(warm.validatorParts.functionsMade("bodies/component")).toEqual([["validate$Chain3"]]);
    expect(warm.validatorParts.made).toHaveLength(1);
    expect(warm.mockParts.count("mock")).toBe(1);
    // reached through the discriminator's mapping by bare name (and the oneOf)
    warm = await edit((document) => {
      at(document, "components", "schemas", "Cat", "properties", "lives").minimum = 2;
    });
    expect(warm.validatorParts.functionsMade("bodies/component")).toEqual([["validate$Cat"]]);
    expect(warm.validatorParts.made).toHaveLength(1);
    expect(warm.mockParts.count("mock")).toBe(1);
    // in a cycle (Owner → Friend → Owner)
    warm = await edit((document) => {
      (document.components.schemas.Friend.properties as Record<string, unknown>).since = {
        type: "string",
      };
    });
    // Friend alone: compiled with Owner a stand-in, it calls validate$Owner by name, as Owner
    // calls it (a cycle's members are compiled apart: validator-parts.ts)
    expect(warm.validatorParts.functionsMade("bodies/component")).toEqual([["validate$Friend"]]);
    // the members call one another directly; only Owner, whose friends are Owners, calls itself
    // through a wrapper (a cycle compiled whole calls back its first member, Friend, through one)
    const bodies = warm.files.find((file) => file.path.endsWith("bodies.js"))?.content;
    expect(bodies).toContain("validate$Owner(");
    expect(bodies).not.toContain("wrapper$Friend");
    expect(bodies).toContain("wrapper$Owner");
    expect(warm.validatorParts.made).toHaveLength(1);
    // reached only through a base schema's mapping (Animal names Lizard, which `allOf`s it): its
    // validator does not read it (the conversion keeps a discriminator only on a oneOf), its mocks'
    // key counts every mapping (over-approximated: made again)
    warm = await edit((document) => {
      (at(document, "components", "schemas", "Lizard").allOf as unknown[])[1] = {
        type: "object",
        properties: { scales: { type: "integer", minimum: 0 } },
      };
    });
    expect(warm.validatorParts.made).toEqual([]);
    expect(warm.mockParts.madeOf("mock", OPERATIONS)).toEqual(["getAnimal"]);
    expect(warm.mockParts.count("mock")).toBe(1);
  }, 60_000);

  it("give the generator's output of a run without cache after each kind of edit", async () => {
    const { dir, spec } = specFile(SPEC, "parts-render-");
    const options = { specPath: spec, outDir: join(dir, "out"), cwd: dir, apiName: "Api" };
    const files = async (cache: boolean) =>
      (await render({ ...options, cache })).files.filter(
        (file) => file.path.startsWith("validators/") || file.path === "mocks.ts",
      );
    expect(await files(true)).toEqual(await files(false));
    const edits: ((document: Spec) => void)[] = [
      (document) => void (document.components.schemas.Dog.properties.bark.maxLength = 12),
      (document) =>
        void Object.assign(document.paths["/chain"].get, {
          parameters: [{ in: "query", name: "q", schema: { type: "string" } }],
        }),
      (document) =>
        void Object.assign(document.components.schemas.Plain, { description: "A plain one." }),
    ];
    for (const change of edits) {
      editSpec(spec, (document) => change(document as Spec));
      expect(await files(true)).toEqual(await files(false));
    }
  }, 120_000);
});

/** SPEC with Chain2 → Chain3Alias (`$ref: Chain3`) → Chain3: Chain2's code calls validate$Chain3. */
function withChain3Alias(): Spec {
  const document = structuredClone(SPEC) as Spec;
  const schemas = document.components.schemas as Record<string, unknown>;
  schemas.Chain3Alias = { $ref: "#/components/schemas/Chain3" };
  at(document, "components", "schemas", "Chain2").items = {
    $ref: "#/components/schemas/Chain3Alias",
  };
  return document;
}

describe("the validators' function entries", () => {
  /** The spec `document` written to a new folder, emitted through its caches, then edited by `change`. */
  async function editedTwice(document: object, change: (document: Spec) => void) {
    const { cold, edit } = await emittedSpec<Spec>(document, "parts-entries-");
    const warm = await edit(change);
    return { cold, warm };
  }

  it("compile the callers too where Ajv tracks evaluated properties (OpenAPI 3.1 bodies)", async () => {
    const { warm } = await editedTwice({ ...SPEC, openapi: "3.1.0" }, (document) => {
      (document.components.schemas.Chain3.properties as Record<string, unknown>).added = {
        type: "integer",
      };
    });
    // a caller's code reads what its callees evaluate: Chain2 (Chain1 is Chain2) and getChain's export
    expect(warm.validatorParts.functionsMade("bodies/cycle")).toEqual([
      [],
      ["validate$Chain2"],
      ["validate$Chain3"],
    ]);
    expect(warm.validatorParts.count("bodies/export")).toBe(1);
  }, 60_000);

  it("keep an alias an alias among the stand-ins", async () => {
    const document = withChain3Alias();
    // Chain2 alone compiled again, against stand-ins for the alias and Chain3
    const { warm } = await editedTwice(document, (edited) => {
      at(edited, "components", "schemas", "Chain2").maxItems = 5;
    });
    expect(warm.validatorParts.functionsMade("bodies/component")).toEqual([["validate$Chain2"]]);
    // the entry made calls the alias's target by name, as a whole compilation does
    const made = warm.validatorParts.made.find((entry) => entry.kind === "bodies/component")?.text;
    expect(made).toContain("validate$Chain3(");
    expect(made).not.toContain("validate$Chain3Alias");
  }, 60_000);

  it("compile the callers of an alias again when it stops being one", async () => {
    const document = withChain3Alias();
    const { warm } = await editedTwice(document, (edited) => {
      (edited.components.schemas as Record<string, unknown>).Chain3Alias = {
        type: "object",
        properties: { end: { type: "string" } },
      };
    });
    // Chain2's own schema is unchanged, but it now calls validate$Chain3Alias
    expect(warm.validatorParts.functionsMade("bodies/component")).toContainEqual([
      "validate$Chain2",
    ]);
    expect(warm.files.find((file) => file.path.endsWith("bodies.js"))?.content).toContain(
      "validate$Chain3Alias(",
    );
  }, 60_000);

  it("compile the module whole where an alias is in a cycle (its copies differ), with the same bytes", async () => {
    const document = structuredClone(SPEC) as Spec;
    const schemas = document.components.schemas as Record<string, unknown>;
    // Friend becomes an alias of Owner's new twin, in the cycle Owner → Friend → Twin → Owner
    schemas.Friend = { $ref: "#/components/schemas/Twin" };
    schemas.Twin = {
      type: "object",
      properties: { of: { $ref: "#/components/schemas/Owner" }, n: { type: "integer" } },
    };
    const { cold, warm } = await editedTwice(document, (edited) => {
      at(edited, "components", "schemas", "Twin", "properties", "n").minimum = 1;
    });
    expect(cold.validatorParts.count("bodies/component")).toBe(0);
    expect(warm.validatorParts.count("bodies/component")).toBe(0);
  }, 60_000);
});
