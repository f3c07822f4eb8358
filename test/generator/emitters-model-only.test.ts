/**
 * Every emitter but the types reads the model only (generator/emit/emitters.ts, issue 42): run with
 * a document that throws on any access, each gives the files the whole pipeline gives; and with the
 * model's ref table (the targets of schema `$ref`s, model/types.ts) replaced by one made from every
 * `$ref` of the whole document, the files are the same, so the model's one walk misses no target
 * an emitter resolves. The pet store's files are also the ones committed in generated/.
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { EMITTERS, type EmitInput, type TypesDocument } from "../../generator/emit/emitters.js";
import { generatedHeader, withHeader } from "../../generator/emit/header.js";
import { prepare, render } from "../../generator/generate.js";
import { RunCaches } from "../../generator/cache/run-caches.js";
import { documentSchemaRefs } from "../../generator/schema/schema-refs.js";
import { ROOT } from "./cli-helper.js";

const work = mkdtempSync(join(tmpdir(), "model-only-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** A document no emitter may read: any access throws, naming what was read. */
const ABSENT: TypesDocument = new Proxy(
  {},
  {
    get: (_target, key) => {
      throw new Error(`an emitter read the document (${String(key)})`);
    },
    has: (_target, key) => {
      throw new Error(`an emitter asked the document for ${String(key)}`);
    },
    ownKeys: () => {
      throw new Error("an emitter listed the document");
    },
  },
);

const SPECS = [
  "spec/openapi.yaml",
  "test/fixtures/odd/schema-refs.yaml",
  "test/fixtures/runtime-specs/harness-edges.yaml",
  "test/fixtures/hard/recursive.yaml",
  "test/fixtures/hard/hostile.yaml",
  "test/fixtures/odd/odd-schemas.yaml",
];

const options = (specPath: string) => ({
  specPath: join(ROOT, specPath),
  outDir: join(work, "out"),
  cwd: ROOT,
  cache: false,
  allowDuplicateOperationIds: true,
  allowUndeclaredPathParameters: true,
});

/** Every emitter's files but the types', headed as the pipeline heads them, by path. */
async function modelOnlyFiles(input: EmitInput): Promise<Map<string, string>> {
  const header = generatedHeader(input.context.specPath);
  const files = new Map<string, string>();
  for (const emitter of EMITTERS) {
    if (emitter.name === "types") continue;
    for (const file of await emitter.emit(input, ABSENT))
      files.set(file.path, emitter.headed ? withHeader(header, file.content) : file.content);
  }
  return files;
}

describe("the emitters other than the types'", () => {
  it.each(SPECS)(
    "give %s's files from the model alone",
    async (spec) => {
      const rendered = await render(options(spec));
      const whole = new Map(rendered.files.map((file) => [file.path, file.content]));
      const { loaded, input } = await prepare(options(spec));
      const fromModel = await modelOnlyFiles({ ...input, warnings: [] });
      expect(fromModel.size).toBeGreaterThan(10);
      for (const [path, content] of fromModel) expect(content, path).toBe(whole.get(path));
      // every $ref of the document in the table: the same files, so the model's walk missed none
      const complete = documentSchemaRefs(loaded.document).refTargets;
      const withAll = await modelOnlyFiles({
        ...input,
        model: { ...input.model, refTargets: complete },
        caches: new RunCaches(),
        warnings: [],
      });
      expect(withAll).toEqual(fromModel);
      if (spec === "spec/openapi.yaml")
        for (const [path, content] of fromModel)
          expect(readFileSync(join(ROOT, "generated", path), "utf8"), path).toBe(content);
    },
    120_000,
  );

  it("resolve refs to a schema's property, its $defs and a recursive $defs entry through the model", async () => {
    const { input } = await prepare(options("test/fixtures/odd/schema-refs.yaml"));
    expect(Object.keys(input.model.refTargets)).toEqual([
      "#/components/schemas/Error/$defs/code",
      "#/components/schemas/Error/$defs/message",
      "#/components/schemas/Pet/properties/name",
      "#/components/schemas/Stamp/$defs/grams",
      "#/components/schemas/Stamp/$defs/when",
      "#/components/schemas/Tree/$defs/node",
    ]);
    const files = await modelOnlyFiles({ ...input, warnings: [] });
    // the error body's fields are refs: the server still fills it (error-shapes.ts)
    expect(files.get("server-api.ts")).toMatch(/code: "code",\s*message: "message"/);
    // the parameter's schema is a property of Pet: its limits are enforced
    expect(files.get("validators/parameters.js")).toContain("20");
    // a header example its schema (a ref to Pet's property) refuses: the mocks draw a value
    expect(files.get("mocks.ts")).toMatch(/"X-Name"/);
    expect(files.get("mocks.ts")).not.toContain("an-example-far-too-long-for-twenty");
    expect(files.get("package.json")).toContain('"license": "MIT"');
    expect(files.get("README.md")).toContain("https://eu.example.com/v1");
    expect(input.warnings.some((warning) => warning.includes("callback adopted"))).toBe(true);
    expect(input.warnings.some((warning) => warning.includes("webhook petAdded"))).toBe(true);
  });
});
