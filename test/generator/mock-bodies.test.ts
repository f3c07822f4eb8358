/**
 * The mocks' per-body entries (emit/mocks/mock-bodies.ts): when an operation's mocks are made again
 * (a schema its responses reach changed), a checked body is drawn again only when a schema its
 * drawing read changed (its arbitrary's `$ref`s, the validator functions that ran on its
 * candidates); the files stay those of a run without cache.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { CachePack } from "../../generator/cache/cache-pack.js";
import { PartCache } from "../../generator/cache/cached-parts.js";
import { emitMocks } from "../../generator/emit/mocks/emit-mocks.js";
import type { BatchPartStore } from "../../generator/emit/part-store.js";
import { emitValidators } from "../../generator/emit/validators/emit-validators.js";
import type { ApiModel } from "../../generator/model/types.js";
import { loadLayoutSpec } from "./layout-specs.js";
import { editSpec } from "./spec-edits.js";

const temps: string[] = [];
afterAll(() => temps.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

const context = { apiName: "Api", specPath: "spec.yaml" };
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

/** A store that records what is made (by kind). */
class CountingStore implements BatchPartStore {
  readonly made: string[] = [];
  constructor(readonly inner: PartCache) {}
  lookup(kind: string, reads: string): string | undefined {
    return this.inner.lookup(kind, reads);
  }
  store(kind: string, reads: string, text: string): void {
    this.made.push(kind);
    this.inner.store(kind, reads, text);
  }
  count(kind: string): number {
    return this.made.filter((made) => made === kind).length;
  }
}

function emitWithParts(model: ApiModel, dir: string) {
  const open = (name: string) =>
    new CountingStore(new PartCache(CachePack.open(dir, `test/${name}`, "salt"), "shared"));
  const validatorParts = open("validator-parts");
  const mockParts = open("mock-parts");
  const warnings: string[] = [];
  const files = [
    ...emitValidators(model, context, warnings, { parts: validatorParts }),
    ...emitMocks(model, context, warnings, { parts: mockParts }),
  ];
  for (const store of [validatorParts, mockParts]) store.inner.save();
  return { files, warnings, mockParts };
}

function emitWhole(model: ApiModel) {
  const warnings: string[] = [];
  const files = [
    ...emitValidators(model, context, warnings),
    ...emitMocks(model, context, warnings),
  ];
  return { files, warnings };
}

async function setUp(document: object, bodies = 2) {
  const dir = mkdtempSync(join(tmpdir(), "mock-bodies-"));
  temps.push(dir);
  const spec = join(dir, "spec.json");
  writeFileSync(spec, JSON.stringify(document, null, 2));
  const load = async () => (await loadLayoutSpec(spec)).model;
  const cold = emitWithParts(await load(), dir);
  expect({ files: cold.files, warnings: cold.warnings }).toEqual(emitWhole(await load()));
  expect(cold.mockParts.count("mock-body")).toBe(bodies);
  const edit = async (change: (document: Spec) => void) => {
    editSpec(spec, (document) => change(document as unknown as Spec));
    const model = await load();
    const warm = emitWithParts(model, dir);
    expect({ files: warm.files, warnings: warm.warnings }).toEqual(emitWhole(model));
    return warm;
  };
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
