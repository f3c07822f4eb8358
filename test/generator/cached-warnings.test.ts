/**
 * generator/cache/cached-warnings.ts: the warnings `prepare()` works out from the model are cached
 * like an emitter's: a run that reuses them prints what a run without the cache prints, an edit
 * of prose reuses the cached entry, and an edit they read works them out again.
 */
import { readdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { cacheDir, packKeys as packFileKeys } from "../../generator/cache/cache-pack.js";
import { prepare } from "../../generator/generate.js";
import { FIXTURES } from "../runtime-specs/serve-fixture.js";
import { addOperation, copySpec, editDescription, editSpec } from "./spec-edits.js";

const temps: string[] = [];
afterAll(() => temps.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

async function warnings(spec: string, cwd: string, cache: boolean): Promise<readonly string[]> {
  const prepared = await prepare({ specPath: spec, outDir: join(cwd, "out"), cwd, cache });
  return prepared.input.warnings;
}

/** The keys of the warnings pack's entries (a hit keeps them, a miss replaces its entry). */
function packKeys(cwd: string): string[] {
  const folder = join(cacheDir(cwd), "emit/warnings");
  const [file] = readdirSync(folder);
  return (packFileKeys(join(folder, file!)) ?? []).sort();
}

describe("the model's warnings through the cache", () => {
  it("are the same with and without it, reused after a prose edit, worked out again after others", async () => {
    const { dir, spec } = copySpec(join(FIXTURES, "route-keys.yaml"));
    temps.push(dir);
    const cold = await warnings(spec, dir, false);
    expect(cold.some((warning) => warning.startsWith("routing: "))).toBe(true);
    expect(await warnings(spec, dir, true)).toEqual(cold);
    const keys = packKeys(dir);
    expect(await warnings(spec, dir, true)).toEqual(cold);

    editSpec(spec, (document) => editDescription(document, 0, "edited"));
    expect(await warnings(spec, dir, true)).toEqual(cold);
    expect(packKeys(dir), "a prose edit reuses the entry").toEqual(keys);

    editSpec(spec, (document) => addOperation(document, "addedByTheTest"));
    const after = await warnings(spec, dir, false);
    expect(await warnings(spec, dir, true)).toEqual(after);
    expect(packKeys(dir), "an operation added is worked out again").not.toEqual(keys);
  }, 120_000);
});
