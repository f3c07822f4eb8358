/**
 * generator/cache/cached-validators.ts: the validators' and the mocks' files keyed by the prose-free
 * model, each file an entry of its own (as it is, not escaped into one JSON text) after an index
 * of the paths and warnings; a prose edit reads them back, a damaged file entry is rendered again,
 * and either way the files are those of a run without the cache.
 */
import { readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { cacheDir, packKeys } from "../../generator/cache/cache-pack.js";
import { render } from "../../generator/generate.js";
import { copySpec, editDescription, editSpec } from "./spec-edits.js";

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
