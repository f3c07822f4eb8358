/**
 * A validators module whose entries' keys and parts did not change is reused as it was printed
 * (emit/validators/validator-parts.ts: the `<kind>/module` entry), its function entries kept for
 * the next run unread: after an operation edit, the bodies' module is neither read entry by entry
 * nor walked; a later schema edit still finds every other entry (only the edited component is
 * compiled again); the mocks, drawn with the body validators of a reused module, and every file
 * are those of a run without a cache.
 */
import { describe, expect, it } from "vitest";
import { CachePack } from "../../generator/cache/cache-pack.js";
import { PartCache } from "../../generator/cache/cached-parts.js";
import { emitMocks } from "../../generator/emit/mocks/emit-mocks.js";
import { emitValidators } from "../../generator/emit/validators/emit-validators.js";
import { walkCounts } from "../../generator/emit/validators/validator-parts.js";
import { loadLayoutSpec } from "./layout-specs.js";
import { editSpec } from "./spec-edits.js";
import { CountingStore, emitWhole, specFile } from "./validator-mock-emit.js";

const context = { apiName: "Api", specPath: "spec.yaml" };
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const json = (schema: object) => ({
  description: "OK",
  content: { "application/json": { schema } },
});

const SPEC = {
  openapi: "3.0.3",
  info: { title: "Record", version: "1.0.0" },
  paths: {
    "/nodes": {
      get: {
        operationId: "listNodes",
        parameters: [{ in: "query", name: "limit", schema: { type: "integer", maximum: 50 } }],
        responses: { "200": json({ type: "array", items: ref("Node") }) },
      },
    },
    "/owners": {
      get: {
        operationId: "getOwner",
        parameters: [{ in: "query", name: "q", schema: { type: "string" } }],
        responses: { "200": json(ref("Owner")), default: json(ref("Error")) },
      },
    },
  },
  components: {
    schemas: {
      Node: {
        type: "object",
        required: ["id"],
        properties: { id: { type: "string" }, owner: ref("Owner") },
      },
      Owner: {
        type: "object",
        required: ["name"],
        properties: { name: { type: "string", maxLength: 20 }, nodes: { items: ref("Node") } },
      },
      Error: { type: "object", properties: { code: { type: "integer" } } },
    },
  },
};

/** A counting store (validator-mock-emit.ts) that keeps entries unread, as PartCache does. */
class KeepingStore extends CountingStore {
  keep(kind: string, reads: string): boolean {
    return this.inner.keep(kind, reads);
  }
}

type Spec = typeof SPEC;

describe("a validators module whose entries' keys did not change", () => {
  it("is reused as printed, keeps its entries, and gives the mocks its validators", async () => {
    const { dir, spec } = specFile(SPEC, "validator-record-");
    /** validators/* (through the folder's packs) and mocks.ts (a new mocks pack each time: every mock drawn). */
    const run = async (round: number) => {
      const model = (await loadLayoutSpec(spec)).model;
      const store = new KeepingStore(
        new PartCache(CachePack.open(dir, "test/validator-parts", "salt"), "shared"),
      );
      const mocks = new PartCache(CachePack.open(dir, `test/mocks-${round}`, "salt"), "shared");
      const walks = walkCounts();
      const warnings: string[] = [];
      const files = [
        ...emitValidators(model, context, warnings, { parts: store, walks }),
        ...emitMocks(model, context, warnings, { parts: mocks }),
      ];
      store.inner.save();
      mocks.save();
      expect({ files, warnings }).toEqual(emitWhole(model));
      return { store, walks };
    };
    await run(0);
    // unchanged: every module made from its entries alone, and stored as printed
    const unchanged = await run(1);
    expect(unchanged.walks.moduleHits).toBe(0);
    expect(unchanged.store.count("bodies/module")).toBe(1);
    // a query parameter added: the bodies' module (and no other) is reused as printed
    editSpec(spec, (document) => {
      const parameters = (document as Spec).paths["/owners"].get.parameters as unknown[];
      parameters.push({ in: "query", name: "added", schema: { type: "boolean" } });
    });
    const operation = await run(2);
    expect(operation.walks.moduleHits).toBe(1);
    // the parameters' module walked; the bodies' slices made for the mocks, not walked whole
    expect(operation.walks.wholeWalks).toBe(1);
    expect(operation.store.count("bodies/component")).toBe(0);
    // a module compiled in part is not stored as printed
    expect(operation.store.count("parameters/module")).toBe(0);
    // a property added to Error: it alone is compiled again (the others' entries kept)
    const editError = (property: string) =>
      editSpec(spec, (document) => {
        const error = (document as Spec).components.schemas.Error as {
          properties: Record<string, unknown>;
        };
        error.properties[property] = { type: "string" };
      });
    editError("detail");
    const schema = await run(3);
    expect(schema.store.functionsMade("bodies/component")).toEqual([["validate$Error"]]);
    expect(schema.store.count("bodies/export")).toBe(0);
    expect(schema.store.count("bodies/module")).toBe(0);
    expect(schema.store.count("parameters/module")).toBe(1);
    // another: the parameters' module, stored by the run before, is reused
    editError("hint");
    const again = await run(4);
    expect(again.walks.moduleHits).toBe(1);
    expect(again.store.functionsMade("bodies/component")).toEqual([["validate$Error"]]);
  }, 120_000);

  it("is not reused through a store that cannot keep entries unread", async () => {
    const { dir, spec } = specFile(SPEC, "validator-record-");
    const emit = async () => {
      const model = (await loadLayoutSpec(spec)).model;
      const store = new CountingStore(
        new PartCache(CachePack.open(dir, "test/validator-parts", "salt"), "shared"),
      );
      const walks = walkCounts();
      const files = emitValidators(model, context, [], { parts: store, walks });
      store.inner.save();
      return { files, walks };
    };
    await emit();
    const warm = await emit();
    expect(warm.walks.moduleHits).toBe(0);
    expect(warm.walks.wholeWalks).toBe(2);
    expect(warm.files).toEqual(emitWhole((await loadLayoutSpec(spec)).model).files.slice(0, 6));
  }, 120_000);
});
