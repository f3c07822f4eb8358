/**
 * The generation cache (node_modules/.cache/petstore-generator under the working directory):
 * after one-line edits (a description, a schema keyword, a new operation) a run that reuses the
 * cache writes exactly the bytes of a run without it, on the pet store, vendored hard specs
 * and, when ../shared is there, corpus specs; a corrupt or foreign cache is ignored.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { CachePack, cacheDir } from "../../generator/cache/cache-pack.js";
import { render, type Rendered } from "../../generator/generate.js";
import { CORPUS_DIR, hasCorpus } from "../corpus/corpus-index.js";
import { ROOT } from "./cli-helper.js";
import { addOperation, copySpec, editDescription, editSchema, editSpec } from "./spec-edits.js";

const temps: string[] = [];
afterAll(() => temps.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

function files(rendered: Rendered): Record<string, string> {
  return Object.fromEntries(rendered.files.map((file) => [file.path, file.content]));
}

async function renderBoth(
  spec: string,
  cwd: string,
): Promise<{ cached: Record<string, string>; cold: Record<string, string> }> {
  const options = { specPath: spec, outDir: join(cwd, "out"), cwd, apiName: "Api" };
  const cached = files(await render({ ...options, cache: true }));
  const cold = files(await render({ ...options, cache: false }));
  return { cached, cold };
}

/** Cold and cached renders agree before and after each edit . */
async function checkEdits(spec: string): Promise<void> {
  const { dir, spec: copy } = copySpec(spec);
  temps.push(dir);
  const first = await renderBoth(copy, dir);
  expect(first.cached).toEqual(first.cold);
  const edits: [string, (document: Record<string, unknown>) => void][] = [
    ["description", (document) => editDescription(document, 0, "edited-once")],
    ["another description", (document) => editDescription(document, 1, "edited-twice")],
    ["schema", (document) => void editSchema(document, 77)],
    ["new operation", (document) => addOperation(document, "addedByTheTest")],
  ];
  let previous = first.cold;
  for (const [what, edit] of edits) {
    editSpec(copy, edit);
    const { cached, cold } = await renderBoth(copy, dir);
    expect(cached, `cached render after the ${what} edit`).toEqual(cold);
    if (what !== "schema")
      expect(cold, `the ${what} edit changes the output`).not.toEqual(previous);
    previous = cold;
  }
}

describe("incremental generation", () => {
  it("writes what a cold run writes after edits of the pet store spec", async () => {
    await checkEdits(join(ROOT, "spec/openapi.yaml"));
  }, 300_000);

  it("writes what a cold run writes after edits of vendored hard specs (external refs, composition)", async () => {
    await checkEdits(join(ROOT, "test/fixtures/hard/external.yaml"));
    await checkEdits(join(ROOT, "test/fixtures/hard/composition.yaml"));
  }, 300_000);

  const corpus = hasCorpus();
  if (!corpus)
    console.log(
      `incremental generation on corpus specs skipped: no shared corpus at ${CORPUS_DIR}`,
    );
  it.skipIf(!corpus)(
    "writes what a cold run writes after edits of corpus specs",
    async () => {
      for (const spec of [
        "readme/3.1/yaml/train-travel.yaml",
        "heyapi/specs/3.0.x/external.yaml",
      ]) {
        const path = join(CORPUS_DIR, spec);
        if (existsSync(path)) await checkEdits(path);
      }
    },
    600_000,
  );

  it("ignores corrupt cache entries and packs, and entries of another generator version", async () => {
    const { dir, spec } = copySpec(join(ROOT, "spec/openapi.yaml"));
    temps.push(dir);
    const cold = (await renderBoth(spec, dir)).cold;
    // corrupt every pack: half get their entries' text changed (hash no longer matches), half are truncated
    const packs = readdirSync(cacheDir(dir), { recursive: true, withFileTypes: true }).filter(
      (entry) => entry.isFile(),
    );
    expect(packs.length).toBeGreaterThan(3);
    packs.forEach((entry, index) => {
      const path = join(entry.parentPath, entry.name);
      const text = readFileSync(path, "utf8");
      // the YAML pieces (load/yaml-sections.ts, not JSON) are truncated
      if (index % 2 === 0 && entry.name.endsWith(".json")) {
        const pack = JSON.parse(text) as { entries: Record<string, { text: string }> };
        for (const value of Object.values(pack.entries))
          value.text = value.text.replace(/[a-z]/, "X") + "// tampered\n";
        writeFileSync(path, JSON.stringify(pack));
      } else {
        writeFileSync(path, text.slice(0, Math.floor(text.length / 2)));
      }
    });
    const after = files(
      await render({
        specPath: spec,
        outDir: join(dir, "out"),
        cwd: dir,
        apiName: "Api",
        cache: true,
      }),
    );
    expect(after).toEqual(cold);
    expect(Object.values(after).some((content) => content.includes("tampered"))).toBe(false);
  }, 300_000);

  it("checks each entry: a tampered text is rejected, another salt (generator version) misses", async () => {
    const dir = mkdtempSync(join(tmpdir(), "cache-pack-"));
    temps.push(dir);
    const pack = CachePack.open(dir, "unit/a", "salt 1");
    pack.set("input", "output");
    pack.save();
    expect(CachePack.open(dir, "unit/a", "salt 1").get("input")).toBe("output");
    expect(CachePack.open(dir, "unit/a", "salt 2").get("input")).toBeUndefined();
    const file = join(cacheDir(dir), "unit/a.json");
    writeFileSync(file, readFileSync(file, "utf8").replace('"output"', '"0utput"'));
    const tampered = CachePack.open(dir, "unit/a", "salt 1");
    expect(tampered.get("input")).toBeUndefined();
    expect(tampered.rejected).toBe(1);
  });
});
