/**
 * server-api.ts (the API descriptor) is printed in prettier's layout by our own printer, so a run
 * in which only the descriptor changes does not load prettier at all: after an edit of the ban
 * duration of `x-rate-limits` (which only the descriptor shows), with the cache warm, the
 * generator's process (generator/run.mjs, as `npm run generate` runs it) resolves no module of
 * prettier, and the rewritten server-api.ts is still what prettier would print.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { formatSource } from "../../generator/emit/format.js";
import { ROOT } from "./cli-helper.js";
import { loadedByGenerator, packageOf } from "./module-probe.js";

const work = mkdtempSync(join(ROOT, ".tmp-server-api-without-prettier-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe("a run in which only server-api.ts changes", () => {
  it("does not load prettier, and writes server-api.ts as prettier would format it", async () => {
    const spec = join(work, "openapi.yaml");
    const original = readFileSync(join(ROOT, "spec/openapi.yaml"), "utf8");
    const before = "    durationSeconds: 900\n";
    expect(original).toContain(before);
    writeFileSync(spec, original);
    const out = join(work, "out");
    const args = ["--spec", spec, "--out", out, "--name", "PetStore"];
    const cold = loadedByGenerator(work, args, "cold");
    expect(cold.some((path) => packageOf(path) === "prettier")).toBe(true);
    const server = readFileSync(join(out, "server.ts"), "utf8");

    writeFileSync(spec, original.replace(before, "    durationSeconds: 901\n"));
    const edited = loadedByGenerator(work, args, "edited");
    expect(edited.filter((path) => packageOf(path) === "prettier")).toEqual([]);
    const api = readFileSync(join(out, "server-api.ts"), "utf8");
    expect(api).toContain("ban: { afterRejectedRequests: 5, durationSeconds: 901 },");
    expect(readFileSync(join(out, "server.ts"), "utf8")).toBe(server);
    expect(await formatSource("server-api.ts", api)).toBe(api);
  }, 360_000);
});
