/**
 * The mocks' per-body entries (emit/mocks/mock-bodies.ts): when an operation's mocks are made again
 * (a schema its responses reach changed), a checked body is drawn again only when a schema its
 * drawing read changed (its arbitrary's `$ref`s, the validator functions that ran on its
 * candidates); the files stay those of a run without cache.
 */
import { describe, expect, it } from "vitest";
import { emittedSpec } from "./validator-mock-emit.js";

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const json = (schema: string) => ({
  description: "OK",
  content: { "application/json": { schema: ref(schema) } },
});

/**
 * `Nest` holds itself (optional) down to `Leaf`, past the depth where an arbitrary still draws
 * optional properties: no drawn `Nest` reaches `Leaf`, whose validator never runs. `Shallow`'s
 * required property is `Leaf` itself.
 */
const SPEC = {
  openapi: "3.0.3",
  info: { title: "Bodies", version: "1.0.0" },
  paths: {
    "/nest": { get: { operationId: "getNest", responses: { "200": json("Nest") } } },
    "/shallow": { get: { operationId: "getShallow", responses: { "200": json("Shallow") } } },
  },
  components: {
    schemas: {
      Nest: {
        type: "object",
        required: ["id"],
        properties: { id: { type: "string", maxLength: 8 }, next: ref("Nest1") },
      },
      ...Object.fromEntries(
        [1, 2, 3, 4, 5, 6].map((level) => [
          `Nest${level}`,
          {
            type: "object",
            properties: { next: ref(level === 6 ? "Leaf" : `Nest${level + 1}`) },
          },
        ]),
      ),
      Shallow: { type: "object", required: ["leaf"], properties: { leaf: ref("Leaf") } },
      Leaf: {
        type: "object",
        required: ["name"],
        properties: { name: { type: "string", maxLength: 5 } },
      },
    },
  },
};

type Spec = typeof SPEC;

async function setUp(document: object, bodies = 2) {
  const { cold, edit } = await emittedSpec<Spec>(document, "mock-bodies-");
  expect(cold.mockParts.count("mock-body")).toBe(bodies);
  return { edit, cold };
}

const mocksOf = (files: readonly { path: string; content: string }[]) =>
  files.find((file) => file.path === "mocks.ts")?.content;

describe("the mocks' per-body entries", () => {
  it("draw again only the bodies whose drawing read the edited schema", async () => {
    const { edit, cold } = await setUp(SPEC);
    // Leaf gains a property: both operations reach it, so both parts are made again, but only
    // Shallow's body read it (Nest's draws stop before it): one body drawn again
    const leaf = await edit((document) => {
      const properties = document.components.schemas.Leaf.properties as Record<string, unknown>;
      properties.added = { type: "integer", minimum: 3, maximum: 3 };
      document.components.schemas.Leaf.required.push("added");
    });
    expect(leaf.mockParts.count("mock")).toBe(2);
    expect(leaf.mockParts.count("mock-body")).toBe(1);
    expect(leaf.mockParts.count("mock-file")).toBe(1);
    expect(mocksOf(leaf.files)).toContain("added: 3");
    expect(mocksOf(leaf.files)).not.toEqual(mocksOf(cold.files));
    // a property of Nest itself: Nest's body is drawn again, Shallow's mocks are not made
    const nest = await edit((document) => {
      const properties = document.components.schemas.Nest.properties as Record<string, unknown>;
      properties.tag = { type: "string", enum: ["only"] };
      document.components.schemas.Nest.required.push("tag");
    });
    expect(nest.mockParts.count("mock")).toBe(1);
    expect(nest.mockParts.count("mock-body")).toBe(1);
    expect(mocksOf(nest.files)).toContain('tag: "only"');
  });

  it("keep a body that reads a schema only past the arbitraries' depth when an optional property is added to it", async () => {
    // Deep reaches `Wide` past the depth where only required properties are drawn (a choice there
    // takes its simplest branch, a string, which the validator checks first): what its
    // drawing reads of Wide is Wide without its optional properties (schema/deep-schemas.ts)
    const spec = {
      ...SPEC,
      paths: {
        "/deep": { get: { operationId: "getDeep", responses: { "200": json("Deep") } } },
        "/wide": { get: { operationId: "getWide", responses: { "200": json("Wide") } } },
      },
      components: {
        schemas: {
          Deep: { type: "object", required: ["a"], properties: { a: ref("Deep1") } },
          Deep1: { type: "object", required: ["b"], properties: { b: ref("Deep2") } },
          Deep2: { type: "object", required: ["c"], properties: { c: ref("Deep3") } },
          Deep3: {
            type: "object",
            required: ["pick"],
            properties: { pick: { anyOf: [{ type: "string", maxLength: 3 }, ref("Wide")] } },
          },
          Wide: {
            type: "object",
            required: ["id"],
            properties: { id: { type: "string", maxLength: 4 } } as Record<string, unknown>,
          },
        },
      },
    };
    const { cold, edit } = await emittedSpec<typeof spec>(spec, "mock-bodies-deep-");
    expect(cold.mockParts.count("mock-body")).toBe(2);
    const wide = await edit((document) => {
      document.components.schemas.Wide.properties.added = {
        type: "integer",
        minimum: 7,
        maximum: 7,
      };
    });
    // both operations reach Wide, so both parts are made again; only Wide's body is drawn again
    expect(wide.mockParts.count("mock")).toBe(2);
    expect(wide.mockParts.count("mock-body")).toBe(1);
    expect(mocksOf(wide.files)).toContain("added: 7");
  });

  it("keep a body's entry while its operation is taken whole from the cache", async () => {
    const { edit } = await setUp(SPEC);
    // an edit no operation's mocks read (a parameter) keeps every part and body entry, and
    // mocks.ts is not printed again...
    const parameter = await edit((document) => {
      (document.paths["/nest"].get as Record<string, unknown>).parameters = [
        { in: "query", name: "q", schema: { type: "string" } },
      ];
    });
    expect(parameter.mockParts.made).toEqual([]);
    // ...so that an edit of Leaf after it still finds Nest's body
    const leaf = await edit((document) => {
      document.components.schemas.Leaf.properties.name.maxLength = 4;
    });
    expect(leaf.mockParts.count("mock")).toBe(2);
    expect(leaf.mockParts.count("mock-body")).toBe(1);
  });

  it("cache no body on an OpenAPI 3.1 spec (callers read what their callees evaluate)", async () => {
    const { edit } = await setUp({ ...SPEC, openapi: "3.1.0" }, 0);
    const leaf = await edit((document) => {
      document.components.schemas.Leaf.properties.name.maxLength = 4;
    });
    expect(leaf.mockParts.count("mock")).toBe(2);
    expect(leaf.mockParts.count("mock-body")).toBe(0);
  });
});
