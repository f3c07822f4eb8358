/**
 * types.ts is printed in prettier's layout by our own printer, so a run in which only types.ts
 * changes does not load prettier at all: after an edit of a schema property's description (which
 * only types.ts shows), with the cache warm, the generator's process (generator/run.mjs, as
 * `npm run generate` runs it) resolves no module of prettier, and the rewritten types.ts is still
 * what prettier would print. A preloaded ES module hook records every module the process resolves.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { formatSource } from "../../generator/emit/format.js";
import { ROOT } from "./cli-helper.js";

const work = mkdtempSync(join(ROOT, ".tmp-types-without-prettier-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const RESOLVE_HOOK = `import { appendFileSync } from "node:fs";
let log;
export function initialize(data) { log = data.log; }
export async function resolve(specifier, context, next) {
  const resolved = await next(specifier, context);
  appendFileSync(log, resolved.url + "\\n");
  return resolved;
}
`;

/** Runs the generator on `spec` into `out` and returns the URLs of the modules it resolved. */
function generateRecording(spec: string, out: string, name: string): string[] {
  const log = join(work, `${name}.log`);
  writeFileSync(log, "");
  const preload = join(work, `${name}-preload.mjs`);
  writeFileSync(preload, `import { register } from "node:module";\nregister(${JSON.stringify(pathToFileURL(join(work, "hook.mjs")).href)}, { data: { log: ${JSON.stringify(log)} } });\n`);
  const result = spawnSync(process.execPath, ["--import", pathToFileURL(preload).href, join(ROOT, "generator/run.mjs"), "cli", "--spec", spec, "--out", out, "--name", "PetStore"], {
    cwd: ROOT,
    encoding: "utf8",
    timeout: 180_000,
  });
  expect(result.stderr).toBe("");
  expect(result.status).toBe(0);
  return readFileSync(log, "utf8").split("\n").filter((url) => url !== "");
}

describe("a run in which only types.ts changes", () => {
  it("does not load prettier, and writes types.ts as prettier would format it", async () => {
    writeFileSync(join(work, "hook.mjs"), RESOLVE_HOOK);
    const spec = join(work, "openapi.yaml");
    const original = readFileSync(join(ROOT, "spec/openapi.yaml"), "utf8");
    const before = "Unique identifier assigned on creation; never changes or gets reused.";
    expect(original).toContain(before);
    writeFileSync(spec, original);
    const out = join(work, "out");
    const cold = generateRecording(spec, out, "cold");
    // the cold run formats client.ts and the others: prettier is loaded then (the probe sees it)
    expect(cold.some((url) => url.includes("/node_modules/prettier/"))).toBe(true);

    writeFileSync(spec, original.replace(before, "Unique identifier assigned on creation; it never changes."));
    const edited = generateRecording(spec, out, "edited");
    expect(edited.filter((url) => url.includes("/node_modules/prettier/"))).toEqual([]);
    const types = readFileSync(join(out, "types.ts"), "utf8");
    expect(types).toContain("Unique identifier assigned on creation; it never changes.");
    expect(await formatSource("types.ts", types)).toBe(types);
  }, 360_000);
});
