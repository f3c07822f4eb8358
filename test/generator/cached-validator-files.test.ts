/**
 * generator/cache/cached-validators.ts: the validators' and the mocks' files keyed by the prose-free
 * model, each file an entry of its own (as it is, not escaped into one JSON text) after an index
 * of the paths and warnings; a prose edit reads them back, a damaged file entry is rendered again,
 * and either way the files are those of a run without the cache. A validators module's file is the
 * entry its emitter keeps it in as printed (stored even when compiled in part): an operation edit
 * after a schema edit reuses the bodies' module, handing its text to no pack again.
 */
import { readdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it, vi } from "vitest";
import { CachePack, cacheDir, packKeys } from "../../generator/cache/cache-pack.js";
import { generate, render } from "../../generator/generate.js";
import { copySpec, editDescription, editSchema, editSpec, operationsOf } from "./spec-edits.js";

const temps: string[] = [];
afterAll(() => temps.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

const VALIDATOR_FILES = (path: string) => path.startsWith("validators/") || path === "mocks.ts";

async function files(spec: string, cwd: string, cache: boolean) {
  const rendered = await render({ specPath: spec, outDir: join(cwd, "out"), cwd, cache });
  return rendered.files.filter((file) => VALIDATOR_FILES(file.path));
}

/** The pack file of `name` (one output folder: one file). */
function packFile(cwd: string, name: string): string {
  const folder = join(cacheDir(cwd), name);
  const [file] = readdirSync(folder).filter((entry) => entry.endsWith(".json"));
  return join(folder, file as string);
}

describe("the validators' and the mocks' whole files through the cache", () => {
  it("are one entry per file, read back after a prose edit, rendered again when damaged", async () => {
    const { dir, spec } = copySpec("spec/openapi.yaml", "validator-files-");
    temps.push(dir);
    const cold = await files(spec, dir, true);
    expect(await files(spec, dir, false)).toEqual(cold);
    const validators = packFile(dir, "validators");
    // the index, then validators/*.js and *.d.ts (six files)
    expect(packKeys(validators)).toHaveLength(7);
    expect(packKeys(packFile(dir, "mocks"))).toHaveLength(2);
    // stored as it is: the generated code's quotes unescaped
    const stored = readFileSync(validators, "utf8");
    const written = cold.find((file) => file.path === "validators/bodies.js")?.content ?? "";
    // the file as the emitter made it (the run puts the generated-file header above it)
    const bodies = written.slice(written.indexOf("function validate"));
    expect(bodies.length).toBeGreaterThan(1000);
    expect(stored).toContain(bodies);

    editSpec(spec, (document) => editDescription(document, 0, "edited by the test"));
    const keys = packKeys(validators);
    expect(await files(spec, dir, true)).toEqual(cold);
    expect(packKeys(validators), "a prose edit reads the same entries").toEqual(keys);

    // a damaged file entry (its hash no longer matches) is not used: the files are rendered again
    writeFileSync(validators, stored.replace(bodies, bodies.replace(/validate/u, "validatf")));
    expect(await files(spec, dir, true)).toEqual(cold);
  }, 120_000);
});

/** `run`'s result, and whether a text holding `part` was decoded from a pack while it ran. */
async function decodedDuring<T>(
  run: () => Promise<T>,
): Promise<{ result: T; decoded: (part: string) => boolean }> {
  const spy = vi.spyOn(CachePack.prototype, "getKey");
  try {
    const result = await run();
    const texts = spy.mock.results.map((each) => each.value as unknown);
    return {
      result,
      decoded: (part) => texts.some((text) => typeof text === "string" && text.includes(part)),
    };
  } finally {
    spy.mockRestore();
  }
}

describe("the validators' files the output already holds", () => {
  it("are handed back unread after a prose edit, and kept as they are", async () => {
    const { dir, spec } = copySpec("spec/openapi.yaml", "validator-files-held-");
    temps.push(dir);
    const out = join(dir, "out");
    const first = await generate({ specPath: spec, outDir: out, cwd: dir });
    // written before the manifest's clock tick, as by an earlier run (one written in the same
    // tick is not vouched for: write/known-hashes.ts)
    for (const file of first.rendered.files)
      utimesSync(join(out, file.path), new Date(2020, 0, 1), new Date(2020, 0, 1));
    editSpec(spec, (document) => editDescription(document, 0, "edited by the test"));
    const written = await decodedDuring(() => generate({ specPath: spec, outDir: out, cwd: dir }));
    const { rendered, report } = written.result;
    const bodies = rendered.files.find((file) => file.path === "validators/bodies.js");
    expect(bodies?.origin).toBeDefined();
    expect(report.unchanged).toEqual(expect.arrayContaining(["validators/bodies.js", "mocks.ts"]));
    // neither the bodies' text nor the mocks' was read from the cache
    expect(written.decoded("function validate")).toBe(false);
    expect(written.decoded("export const MOCK")).toBe(false);
    // a render that is not for the write (`--check`) reads every entry at once
    const checked = await decodedDuring(() => render({ specPath: spec, outDir: out, cwd: dir }));
    expect(checked.decoded("function validate")).toBe(true);
    expect(checked.decoded("export const MOCK")).toBe(true);
    // and the output is what a run without the cache gives
    const fresh = await render({ specPath: spec, outDir: out, cwd: dir, cache: false });
    for (const file of fresh.files)
      if (file.path !== ".generated-manifest.json")
        expect(readFileSync(join(out, file.path), "utf8"), file.path).toBe(file.content);
  }, 120_000);
});

describe("a validators module's file", () => {
  it("is the module's entry: after a schema edit, an operation edit stores the bodies' module no more", async () => {
    const { dir, spec } = copySpec("spec/openapi.yaml", "validator-modules-");
    temps.push(dir);
    await files(spec, dir, true);
    // the bodies' module compiled in part (one component's cycle again), yet kept as printed
    editSpec(spec, (document) => expect(editSchema(document, 17)).toBe(true));
    expect(await files(spec, dir, true)).toEqual(await files(spec, dir, false));
    editSpec(spec, (document) => {
      const [first] = operationsOf(document).filter(({ operation }) =>
        Array.isArray(operation.parameters),
      );
      (first?.operation.parameters as unknown[]).unshift({
        in: "query",
        name: "added",
        schema: { type: "string" },
      });
    });
    const stored = vi.spyOn(CachePack.prototype, "setKey");
    try {
      const warm = await files(spec, dir, true);
      const texts = stored.mock.calls.map(([, text]) => text);
      stored.mockRestore();
      expect(warm).toEqual(await files(spec, dir, false));
      const bodies = warm.find((file) => file.path === "validators/bodies.js")?.content ?? "";
      const module = bodies.slice(bodies.indexOf("function validate"));
      expect(module.length).toBeGreaterThan(1000);
      // neither printed and stored again (the parts' pack) nor encoded again (the files' pack)
      expect(texts.filter((text) => text.includes(module))).toEqual([]);
      // the parameters' module, edited, is stored once
      const parameters = warm.find((file) => file.path === "validators/parameters.js")?.content;
      const edited = parameters?.slice(parameters.indexOf("function validate")) ?? "";
      expect(texts.filter((text) => text.includes(edited))).toHaveLength(1);
    } finally {
      stored.mockRestore();
    }
  }, 120_000);
});
