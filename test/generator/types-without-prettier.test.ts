/**
 * types.ts is printed in prettier's layout by our own printer, so a run in which only types.ts
 * changes does not load prettier at all: after an edit of a schema property's description (which
 * only types.ts shows), with the cache warm, the generator's process (generator/run.mjs, as
 * `npm run generate` runs it) resolves no module of prettier, and the rewritten types.ts is still
 * what prettier would print (module-probe.ts records what the process loads).
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { formatSource } from "../../generator/emit/format.js";
import { ROOT } from "./cli-helper.js";
import { loadedByGenerator, packageOf } from "./module-probe.js";

const work = mkdtempSync(join(ROOT, ".tmp-types-without-prettier-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe("a run in which only types.ts changes", () => {
  it("does not load prettier, and writes types.ts as prettier would format it", async () => {
    const spec = join(work, "openapi.yaml");
    const original = readFileSync(join(ROOT, "spec/openapi.yaml"), "utf8");
    const before = "Unique identifier assigned on creation; never changes or gets reused.";
    expect(original).toContain(before);
    writeFileSync(spec, original);
    const out = join(work, "out");
    const args = ["--spec", spec, "--out", out, "--name", "PetStore"];
    const cold = loadedByGenerator(work, args, "cold");
    // the cold run formats client.ts and the others: prettier is loaded then (the probe sees it)
    expect(cold.some((path) => packageOf(path) === "prettier")).toBe(true);

    writeFileSync(spec, original.replace(before, "Unique identifier assigned on creation; it never changes."));
    const edited = loadedByGenerator(work, args, "edited");
    expect(edited.filter((path) => packageOf(path) === "prettier")).toEqual([]);
    const types = readFileSync(join(out, "types.ts"), "utf8");
    expect(types).toContain("Unique identifier assigned on creation; it never changes.");
    expect(await formatSource("types.ts", types)).toBe(types);
  }, 360_000);
});
