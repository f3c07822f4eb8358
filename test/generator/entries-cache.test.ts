/**
 * The package entries (entry/*.ts, bin/*.ts) are cached by the model with its component schemas'
 * names only (cache/cached-emitters.ts, `entriesModel`): that is only right if they read nothing
 * else of a schema. Checked on the pet store, every fixture spec and the corpus subset; and
 * through a whole run, a schema's edit reuses the cached entries and still writes what a run
 * without a cache writes.
 */
import { rmSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { entriesModel } from "../../generator/cache/cached-emitters.js";
import { emitPackageEntries } from "../../generator/emit/package/emit-entries.js";
import { render } from "../../generator/generate.js";
import { ROOT } from "./cli-helper.js";
import { emitPackKeys } from "./emit-pack-keys.js";
import { itEachLayoutModel } from "./layout-specs.js";
import { copySpec, editSchema, editSpec, operationsOf } from "./spec-edits.js";

const temps: string[] = [];
afterAll(() => temps.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

const context = { apiName: "Api", specPath: "spec.yaml" };

describe("the package entries from the schemas' names", () => {
  itEachLayoutModel("are the entries of the whole model", (model, bare) => {
    expect(emitPackageEntries(entriesModel(bare), context, "api")).toEqual(
      emitPackageEntries(model, context, "api"),
    );
  });
});

/** The keys of the one pack `emit/<name>` of the generator's cache in `cwd`. */

/** The files a run on `spec` writes into `<dir>/out`, with the cache of `dir` or without one. */
async function renderedFiles(spec: string, dir: string, cache: boolean) {
  return (
    await render({ specPath: spec, outDir: join(dir, "out"), cwd: dir, apiName: "Api", cache })
  ).files;
}

describe("the cached package entries", () => {
  it("are reused after a schema's edit and a parameter's, and are a cold run's", async () => {
    const { dir, spec } = copySpec(join(ROOT, "spec/openapi.yaml"), "entries-cache-");
    temps.push(dir);
    const files = (cache: boolean) => renderedFiles(spec, dir, cache);
    expect(await files(true)).toEqual(await files(false));
    const before = emitPackKeys(dir, "entries");
    let changed = false;
    editSpec(spec, (document) => void (changed = editSchema(document, 41)));
    expect(changed).toBe(true);
    expect(await files(true)).toEqual(await files(false));
    // the same entry read: no new text for the edit
    expect(emitPackKeys(dir, "entries")).toEqual(before);
    // a parameter added to an operation: read by none of them
    editSpec(spec, (document) => {
      const [{ operation } = { operation: {} }] = operationsOf(document);
      const parameters = ((operation as { parameters?: unknown[] }).parameters ??= []);
      parameters.unshift({ in: "query", name: "addedByTheTest", schema: { type: "string" } });
    });
    expect(await files(true)).toEqual(await files(false));
    expect(emitPackKeys(dir, "entries")).toEqual(before);
    // a new schema is a new exported type: that misses
    editSpec(spec, (document) => {
      const components = document.components as { schemas: Record<string, unknown> };
      components.schemas.AddedByTheTest = { type: "string" };
    });
    const added = await files(true);
    expect(added).toEqual(await files(false));
    expect(emitPackKeys(dir, "entries")).not.toEqual(before);
    const entry = added.find((file) => file.path === "entry/client.ts");
    expect(entry?.content).toContain("AddedByTheTest");
  }, 120_000);
});
