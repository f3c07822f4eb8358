/**
 * Emitters cached by what they read (generator/cache/traced-emit.ts): an edit of a top-level key
 * an emitter never read reuses its files without running it; an edit of a key it read, a key it
 * tested with `in` appearing, or any edit at all once it listed the keys, runs it again; an
 * emitter that writes to its input is never cached; a tampered pack is rendered again. And the
 * document the types are made from (cached-emitters.ts) leaves out only sections that never
 * change types.ts.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { CachePack, cacheDir } from "../../generator/cache/cache-pack.js";
import { typedSections } from "../../generator/cache/cached-emitters.js";
import { RunCaches } from "../../generator/cache/run-caches.js";
import { tracedEmit } from "../../generator/cache/traced-emit.js";
import { emitTypes } from "../../generator/emit/emit-types.js";
import type { GeneratedFile } from "../../generator/emit/file.js";
import { loadSpec } from "../../generator/load/load-spec.js";
import { CORPUS_DIR, hasCorpus } from "../corpus/corpus-index.js";
import { ROOT } from "./cli-helper.js";

const temps: string[] = [];
afterAll(() => temps.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

type Doc = Record<string, unknown>;

/** An emitter that counts its runs; `body` decides what it reads of the document. */
function counted(body: (document: Doc) => string): {
  runs: number;
  emit: (inputs: { document: Doc }) => Promise<GeneratedFile[]>;
} {
  const state = {
    runs: 0,
    emit: async ({ document }: { document: Doc }) => {
      state.runs++;
      return [{ path: "out.ts", content: body(document) }];
    },
  };
  return state;
}

describe("tracedEmit", () => {
  const dir = mkdtempSync(join(tmpdir(), "traced-emit-"));
  temps.push(dir);
  let packs = 0;
  /** A fresh pack name per emitter under test; reopened per run as generate.ts does. */
  const newPack = () => {
    const name = `unit/emitter-${packs++}`;
    return () => CachePack.open(dir, name, "salt");
  };
  const run = async (open: () => CachePack, document: Doc, emitter: ReturnType<typeof counted>) =>
    (await tracedEmit(open(), new RunCaches(), { document }, "fixed", emitter.emit))[0]?.content;

  it("reuses the files when only keys the emitter did not read changed, and runs it when one it read changed", async () => {
    const open = newPack();
    const emitter = counted((document) => `paths: ${JSON.stringify(document.paths)}`);
    expect(await run(open, { paths: { a: 1 }, servers: ["x"] }, emitter)).toBe('paths: {"a":1}');
    expect(await run(open, { paths: { a: 1 }, servers: ["y"], tags: [] }, emitter)).toBe(
      'paths: {"a":1}',
    );
    expect(emitter.runs).toBe(1);
    expect(await run(open, { paths: { a: 2 }, servers: ["y"] }, emitter)).toBe('paths: {"a":2}');
    expect(emitter.runs).toBe(2);
  });

  it("runs the emitter again when a key it tested with `in` appears", async () => {
    const open = newPack();
    const emitter = counted((document) => ("webhooks" in document ? "with webhooks" : "without"));
    expect(await run(open, { paths: {} }, emitter)).toBe("without");
    expect(await run(open, { paths: {}, info: {} }, emitter)).toBe("without");
    expect(emitter.runs).toBe(1);
    expect(await run(open, { paths: {}, webhooks: {} }, emitter)).toBe("with webhooks");
    expect(emitter.runs).toBe(2);
  });

  it("depends on every key once the emitter listed them", async () => {
    const open = newPack();
    const emitter = counted((document) => Object.keys(document).join(","));
    await run(open, { paths: {}, info: { title: "a" } }, emitter);
    expect(await run(open, { paths: {}, info: { title: "b" } }, emitter)).toBe("paths,info");
    expect(emitter.runs).toBe(2);
    await run(open, { paths: {}, info: { title: "b" } }, emitter);
    expect(emitter.runs).toBe(2);
  });

  it("depends on the schemas it read by name alone, on every schema once it listed them", async () => {
    const open = newPack();
    const model = (error: string, pet: string) => ({
      schemas: { Error: { type: error }, Pet: { type: pet } },
    });
    const byName = counted((input) => JSON.stringify((input.schemas as Doc).Error));
    expect(await run(open, model("object", "object"), byName)).toBe('{"type":"object"}');
    expect(await run(open, model("object", "string"), byName)).toBe('{"type":"object"}');
    expect(byName.runs).toBe(1);
    expect(await run(open, model("string", "string"), byName)).toBe('{"type":"string"}');
    expect(byName.runs).toBe(2);
    // a schema it asked for with `in` appearing, and the schemas no longer an object, run it again
    const asked = counted((input) => String("Tag" in (input.schemas as Doc)));
    await run(open, model("object", "object"), asked);
    await run(open, model("object", "string"), asked);
    expect(asked.runs).toBe(1);
    expect(await run(open, { schemas: { ...model("a", "b").schemas, Tag: {} } }, asked)).toBe(
      "true",
    );
    expect(asked.runs).toBe(2);
    const none = counted((input) => typeof input.schemas);
    await run(open, model("a", "b"), none);
    await run(open, model("a", "c"), none);
    expect(none.runs).toBe(1);
    expect(await run(open, { schemas: ["a"] }, none)).toBe("object");
    expect(none.runs).toBe(2);
    const listed = counted((input) => Object.keys(input.schemas as Doc).join(","));
    await run(open, model("a", "b"), listed);
    await run(open, model("a", "c"), listed);
    expect(listed.runs).toBe(2);
    // and one that writes to the schemas is never cached
    const writer = counted((input) => (((input.schemas as Doc).Added = {}), "w"));
    await run(open, model("a", "b"), writer);
    await run(open, model("a", "b"), writer);
    expect(writer.runs).toBe(2);
  });

  it("never caches an emitter that writes to its input", async () => {
    const open = newPack();
    const emitter = counted((document) => {
      document.seen = true;
      return "wrote";
    });
    await run(open, { paths: {} }, emitter);
    await run(open, { paths: {} }, emitter);
    expect(emitter.runs).toBe(2);
  });

  it("renders again when the pack was tampered with", async () => {
    const open = newPack();
    const emitter = counted((document) => `v${String(document.version)}`);
    await run(open, { version: 1 }, emitter);
    const files = readdirSync(cacheDir(dir), { recursive: true, withFileTypes: true }).filter(
      (entry) => entry.isFile(),
    );
    for (const file of files) {
      const path = join(file.parentPath, file.name);
      writeFileSync(path, readFileSync(path, "utf8").replaceAll("v1", "v9"));
    }
    expect(await run(open, { version: 1 }, emitter)).toBe("v1");
    expect(emitter.runs).toBe(2);
  });

  it("gives every file back as it was on a hit: several, empty, and texts JSON would escape", async () => {
    const open = newPack();
    const files: GeneratedFile[] = [
      { path: "a.ts", content: 'export const a = "x\\n";\n' },
      { path: "empty.ts", content: "" },
      { path: "sub/b.ts", content: '// \u0000 \ud800 lone, \u{1f408} pair, \r\n\t"\n' },
    ];
    let runs = 0;
    const emit = async () => (runs++, files);
    const again = () => tracedEmit(open(), new RunCaches(), { document: { a: 1 } }, "fixed", emit);
    expect(await again()).toEqual(files);
    const hit = await again();
    expect(runs).toBe(1);
    expect(hit).toEqual(files);
  });

  it("renders again when one file of an entry fails its check, the listing being whole", async () => {
    const open = newPack();
    const emitter = counted(() => "only file");
    await run(open, { a: 1 }, emitter);
    // the same length, so the pack's header still fits: only that file's entry fails its hash
    const packs = readdirSync(cacheDir(dir), { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => join(entry.parentPath, entry.name))
      .filter((path) => readFileSync(path, "utf8").includes("only file"));
    expect(packs).toHaveLength(1);
    const [path] = packs as [string];
    writeFileSync(path, readFileSync(path, "utf8").replace("only file", "only fil!"));
    expect(await run(open, { a: 1 }, emitter)).toBe("only file");
    expect(emitter.runs).toBe(2);
  });

  it("gives the warnings of the run that filled the cache again on a hit", async () => {
    const open = newPack();
    let runs = 0;
    const emit = (inputs: { document: Doc }, warnings: string[]) => {
      runs++;
      warnings.push(`left out: ${String(inputs.document.left)}`);
      return [{ path: "out.ts", content: "x" }];
    };
    const warned = async (document: Doc) => {
      const warnings: string[] = [];
      await tracedEmit(open(), new RunCaches(), { document }, "fixed", emit, warnings);
      return warnings;
    };
    expect(await warned({ left: "a", servers: [1] })).toEqual(["left out: a"]);
    expect(await warned({ left: "a", servers: [2] })).toEqual(["left out: a"]);
    expect(runs).toBe(1);
    expect(await warned({ left: "b" })).toEqual(["left out: b"]);
    expect(runs).toBe(2);
  });

  it("runs the emitter without a pack, tracing nothing", async () => {
    const emitter = counted((document) => String(Object.keys(document).length));
    const files = await tracedEmit(
      undefined,
      new RunCaches(),
      { document: { a: 1 } },
      "fixed",
      emitter.emit,
    );
    await tracedEmit(undefined, new RunCaches(), { document: { a: 1 } }, "fixed", emitter.emit);
    expect(files).toEqual([{ path: "out.ts", content: "1" }]);
    expect(emitter.runs).toBe(2);
  });
});

describe("the document the types are made from", () => {
  const specs = [
    join(ROOT, "spec/openapi.yaml"),
    join(ROOT, "test/fixtures/hard/external.yaml"),
    join(ROOT, "test/fixtures/hard/hostile.yaml"),
  ];
  if (hasCorpus()) {
    specs.push(
      join(CORPUS_DIR, "readme/3.1/yaml/train-travel.yaml"),
      join(CORPUS_DIR, "heyapi/specs/3.1.x/full.yaml"),
    );
  } else {
    console.log(
      `types from the typed sections of corpus specs skipped: no shared corpus at ${CORPUS_DIR}`,
    );
  }

  it("gives the same types.ts as the whole document", async () => {
    for (const spec of specs) {
      const { document } = await loadSpec(spec, ROOT);
      const sections = typedSections(document, new RunCaches());
      expect(Object.keys(sections), spec).not.toContain("servers");
      expect(await emitTypes(sections), spec).toEqual(await emitTypes(document));
    }
  }, 120_000);

  it("keeps a left-out section that a $ref points into", () => {
    const document = {
      openapi: "3.0.3",
      info: { title: "t", version: "1", "x-shared": { type: "string" } },
      servers: [],
      paths: {},
      components: { schemas: { Name: { $ref: "#/info/x-shared" } } },
    };
    expect(Object.keys(typedSections(document, new RunCaches()))).toEqual([
      "openapi",
      "info",
      "paths",
      "components",
    ]);
  });
});
