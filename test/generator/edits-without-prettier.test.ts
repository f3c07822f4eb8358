/**
 * types.ts and server-api.ts (the API descriptor) are printed in prettier's layout by our own
 * printers, so a run in which only one of them changes does not load prettier at all, even for a
 * spec with pieces the printers leave to prettier (an operationId beyond ASCII). For each,
 * an edit that only that file shows (a schema property's description; the ban duration of
 * `x-rate-limits`), with the cache warm: the generator's process (generator/run.mjs, as
 * `npm run generate` runs it; module-probe.ts records what it loads) resolves no module of
 * prettier, the other files are unchanged, and the rewritten file is still what prettier prints.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { formatSource } from "../../generator/emit/format.js";
import { ROOT } from "./cli-helper.js";
import { loadedByGenerator, packageOf } from "./module-probe.js";

const work = mkdtempSync(join(ROOT, ".tmp-edits-without-prettier-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const CASES = [
  {
    file: "types.ts",
    before: "Unique identifier assigned on creation; never changes or gets reused.",
    after: "Unique identifier assigned on creation; it never changes.",
    shown: "Unique identifier assigned on creation; it never changes.",
    unchanged: "server-api.ts",
  },
  {
    file: "server-api.ts",
    before: "    durationSeconds: 900\n",
    after: "    durationSeconds: 901\n",
    shown: "ban: { afterRejectedRequests: 5, durationSeconds: 901 },",
    unchanged: "server.ts",
  },
] as const;

describe("a run in which only a file printed without prettier changes", () => {
  for (const { file, before, after, shown, unchanged } of CASES) {
    it(`does not load prettier when only ${file} changes, and writes it as prettier would format it`, async () => {
      const folder = join(work, file);
      const spec = join(work, `${file}.yaml`);
      // (an operationId beyond ASCII: the printers leave its pieces to prettier, so the cold run loads it)
      const original = readFileSync(join(ROOT, "spec/openapi.yaml"), "utf8").replace("operationId: getInventory", "operationId: getInventário");
      expect(original).toContain(before);
      expect(original).toContain("getInventário");
      writeFileSync(spec, original);
      const args = ["--spec", spec, "--out", folder, "--name", "PetStore"];
      const cold = loadedByGenerator(work, args, `${file}-cold`);
      // the cold run formats that operation's pieces: prettier is loaded then (the probe sees it)
      expect(cold.some((path) => packageOf(path) === "prettier")).toBe(true);
      const other = readFileSync(join(folder, unchanged), "utf8");

      writeFileSync(spec, original.replace(before, after));
      const edited = loadedByGenerator(work, args, `${file}-edited`);
      expect(edited.filter((path) => packageOf(path) === "prettier")).toEqual([]);
      const text = readFileSync(join(folder, file), "utf8");
      expect(text).toContain(shown);
      expect(readFileSync(join(folder, unchanged), "utf8")).toBe(other);
      expect(await formatSource(file, text)).toBe(text);
    }, 360_000);
  }
});
