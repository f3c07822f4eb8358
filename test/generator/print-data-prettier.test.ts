/**
 * server-api.ts (the API descriptor) is printed in prettier's layout by our own printer
 * (generator/emit/ts/print-data-prettier.ts), so the generator does not run prettier on it.
 * These tests prove that prettier with our options would not change what we emit: on the pet
 * store, every fixture spec, the corpus subset (with ../shared) and random data literals, our
 * printing is byte for byte prettier's printing of the module's unformatted source, and prettier
 * leaves it unchanged; no fixture may fall back. test/corpus/check-types-layout.ts runs the same
 * comparison over the whole corpus.
 */
import { readFileSync } from "node:fs";
import { join, relative } from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatSource } from "../../generator/emit/format.js";
import { emitServerApi, SERVER_API_PATH } from "../../generator/emit/server/emit-server-api.js";
import { DataObject, dataModuleSource, printDataModule, reference, type DataModule, type DataValue } from "../../generator/emit/ts/print-data-prettier.js";
import { render } from "../../generator/generate.js";
import { loadSpec } from "../../generator/load/load-spec.js";
import { buildModel } from "../../generator/model/build-model.js";
import { CORPUS_DIR, hasCorpus } from "../corpus/corpus-index.js";
import { ROOT } from "./cli-helper.js";
import { compareDataModuleLayout, compareServerApiLayout } from "./data-layout.js";
import { LAYOUT_CORPUS_SPECS, LAYOUT_SPECS } from "./layout-specs.js";
import { dataValue } from "./data-arbitrary.js";
import { prettierTypes } from "./types-layout.js";

if (!hasCorpus()) console.log(`server-api layout corpus specs skipped: no shared corpus at ${CORPUS_DIR}`);

describe("server-api.ts in prettier's layout without prettier", () => {
  it.each(LAYOUT_SPECS.map((spec) => [relative(ROOT, spec), spec]))("prints what prettier prints, without falling back, for %s", async (_name, spec) => {
    expect(await compareServerApiLayout(spec, ROOT)).toEqual({ kind: "same" });
  }, 60_000);

  it.each(LAYOUT_CORPUS_SPECS.map((spec) => [relative(CORPUS_DIR, spec), spec]))("prints what prettier prints for corpus %s", async (_name, spec) => {
    expect(await compareServerApiLayout(spec, ROOT)).toEqual({ kind: "same" });
  }, 300_000);

  it("leaves the committed generated/server-api.ts as prettier formats it", async () => {
    const committed = readFileSync(join(ROOT, "generated/server-api.ts"), "utf8");
    expect(committed).toContain("export const API: ApiDescriptor = {\n");
    expect(await formatSource("server-api.ts", committed)).toBe(committed);
  }, 60_000);

  it("marks server-api.ts as formatted, and the pipeline writes it as the printer printed it", async () => {
    const loaded = await loadSpec(join(ROOT, "spec/openapi.yaml"), ROOT);
    const file = emitServerApi(buildModel(loaded.document, loaded.specHash), loaded.document);
    expect(file.formatted).toBe(true);
    const { files } = await render({ specPath: "spec/openapi.yaml", outDir: "generated", cwd: ROOT, cache: false });
    const written = files.find((entry) => entry.path === SERVER_API_PATH);
    expect(written?.content.endsWith(file.content)).toBe(true);
    expect(written?.content).toBe(readFileSync(join(ROOT, "generated/server-api.ts"), "utf8"));
  }, 120_000);

  it("falls back to prettier for what it does not measure, and prettier then prints the same layout", async () => {
    const loaded = await loadSpec(join(ROOT, "spec/openapi.yaml"), ROOT);
    const model = buildModel(loaded.document, loaded.specHash);
    const declined = emitServerApi({ ...model, title: "Pet Store 🦉" }, loaded.document);
    expect(declined.formatted).toBeUndefined();
    const formatted = await formatSource(SERVER_API_PATH, declined.content);
    expect(formatted).toContain('  title: "Pet Store 🦉",\n');
    // the emoji is two columns wide: with two letters instead, the fast path prints the same bytes
    const printed = emitServerApi({ ...model, title: "Pet Store xx" }, loaded.document);
    expect(printed.formatted).toBe(true);
    expect(formatted.replace("🦉", "xx")).toBe(printed.content);
  }, 60_000);

  it("prints what prettier prints for random data literals", async () => {
    let printed = 0;
    const declined = new Map<string, number>();
    await fc.assert(
      fc.asyncProperty(dataModule, async (module) => {
        const outcome = await compareDataModuleLayout(module);
        if (outcome.kind === "fallback") {
          declined.set(outcome.reason, (declined.get(outcome.reason) ?? 0) + 1);
          return;
        }
        printed++;
        expect(outcome).toEqual({ kind: "same" });
      }),
      { numRuns: 300, seed: 17 },
    );
    // random literals hold nothing the printer declines (emoji, non-ASCII identifier keys) but for a few keys
    expect(printed, JSON.stringify([...declined])).toBeGreaterThan(200);
  }, 300_000);

  it("prints what prettier prints for strings and keys of any code points, or declines", async () => {
    let printed = 0;
    await fc.assert(
      fc.asyncProperty(fc.string({ unit: character, maxLength: 12 }), fc.string({ unit: character, maxLength: 4 }), fc.integer({ min: 0, max: 90 }), async (value, key, indent) => {
        const module: DataModule = { imports: [], constants: [{ name: "x", type: "T", value: new DataObject([["k".repeat(indent + 1), value], [key, "v".repeat(indent)]]) }] };
        const outcome = await compareDataModuleLayout(module);
        if (outcome.kind === "fallback") return;
        printed++;
        expect(outcome).toEqual({ kind: "same" });
      }),
      { numRuns: 800, seed: 17 },
    );
    expect(printed).toBeGreaterThan(80);
  }, 300_000);

  it("keeps an expanded object broken, breaks arrays of objects, and quotes keys as prettier does", () => {
    const module = (value: DataValue): DataModule => ({ imports: [], constants: [{ name: "x", type: "T", value }] });
    expect(printDataModule(module(new DataObject([["a", 1]], true)))).toBe("const x: T = {\n  a: 1,\n};\n");
    expect(printDataModule(module(new DataObject([["a", 1]])))).toBe("const x: T = { a: 1 };\n");
    const twoEntries = new DataObject([["a", 1], ["b", 2]]);
    expect(printDataModule(module([twoEntries, twoEntries]))).toBe("const x: T = [\n  { a: 1, b: 2 },\n  { a: 1, b: 2 },\n];\n");
    expect(printDataModule(module(new DataObject([["200", "ok"], ["x-y", null], ["$ok", reference("a.b")], ["__proto__", true]])))).toBe(
      'const x: T = { "200": "ok", "x-y": null, $ok: a.b, ["__proto__"]: true };\n',
    );
    expect(printDataModule(module(`it's "quoted"`))).toBe(`const x: T = 'it\\'s "quoted"';\n`);
    const numbers = Array.from({ length: 40 }, (_, index) => index * 1001);
    expect(printDataModule(module(numbers))).toBe(
      "const x: T = [\n  0, 1001, 2002, 3003, 4004, 5005, 6006, 7007, 8008, 9009, 10010, 11011, 12012, 13013, 14014, 15015,\n" +
        "  16016, 17017, 18018, 19019, 20020, 21021, 22022, 23023, 24024, 25025, 26026, 27027, 28028, 29029,\n" +
        "  30030, 31031, 32032, 33033, 34034, 35035, 36036, 37037, 38038, 39039,\n];\n",
    );
    // undecided: emoji widths, non-ASCII identifier keys
    expect(printDataModule(module("🐶"))).toBeUndefined();
    expect(printDataModule(module(new DataObject([["café", 1]])))).toBeUndefined();
    // the source prettier formats instead holds the same data
    const source = dataModuleSource(module(new DataObject([["__proto__", [1, 2]], ["k", "🐶"]], true)));
    const value = new Function(`${source.replace("const x: T =", "return")}`)() as object;
    expect(Object.hasOwn(value, "__proto__")).toBe(true);
    expect(JSON.stringify(value)).toBe('{"__proto__":[1,2],"k":"🐶"}');
  });

  it("compares with prettier for real: a wrong layout is reported as different", async () => {
    const module: DataModule = { imports: [], constants: [{ name: "x", type: "T", value: new DataObject([["key", "a".repeat(120)]]) }] };
    const ours = printDataModule(module)!;
    expect(ours).toBe(`const x: T = {\n  key: "${"a".repeat(120)}",\n};\n`);
    expect(await prettierTypes(ours)).toBe(ours);
    expect(await prettierTypes(ours.replace("{\n  key", "{ key"))).not.toBe(ours.replace("{\n  key", "{ key"));
    const numbers: DataModule = { imports: [], constants: [{ name: "x", type: "T", value: Array.from({ length: 40 }, (_, index) => index * 1001) }] };
    expect(await prettierTypes(dataModuleSource(numbers))).toBe(printDataModule(numbers));
  }, 60_000);
});

/** Any code point, mostly those below U+1100 (control characters, Latin, combining marks, U+2028) and wide ones. */
const character = fc.oneof(
  { weight: 4, arbitrary: fc.integer({ min: 0, max: 0x10ff }).map((code) => String.fromCodePoint(code)) },
  fc.constantFrom("日", "한", "ｱ", "\u2028", "\u0301", "\u00ad", "\ud800"),
  fc.string({ unit: "binary", minLength: 1, maxLength: 1 }),
);
const dataModule: fc.Arbitrary<DataModule> = fc.record({
  imports: fc.constant([{ namespace: "bodyValidators", from: "./validators/bodies.js" }, { typeOnly: true, names: ["ApiDescriptor"], from: "./descriptor.js" }]),
  constants: fc.array(
    fc.record({ doc: fc.option(fc.constantFrom("One line of documentation.", "The API."), { nil: undefined }), exported: fc.boolean(), name: fc.constantFrom("x", "API", "errorShape1"), type: fc.constantFrom("T", "ApiDescriptor"), value: dataValue }),
    { minLength: 1, maxLength: 3 },
  ),
});
