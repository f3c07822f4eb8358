/**
 * A split spec's structural edits patched into its recorded bundle (generator/load/split-patch.ts):
 * an edit that keeps a file's references, in a file nothing else depends on by content, is not
 * bundled again, and the document is exactly (key order included) what Redocly's bundle makes;
 * any other edit bundles again. On the corpus's split specs (DigitalOcean's 2,850 files among
 * them), many files at a time are edited and each load is checked against a load without the
 * cache.
 */
import {
  cpSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { basename, dirname, join } from "node:path";
import { afterAll, describe, expect, it, vi } from "vitest";
import { loadSpec } from "../../generator/load/load-spec.js";
import { fileRefs, patchRecords, type ReadFiles } from "../../generator/load/split-patch.js";
import { SyncFileResolver } from "../../generator/load/sync-file-resolver.js";
import { CORPUS_DIR, hasCorpus } from "../corpus/corpus-index.js";
import { editParameterLine, editSchemaLine } from "../../benchmarks/spec-line-edits.js";

const dirs: string[] = [];
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

const FILES: Record<string, string> = {
  "openapi.yaml": [
    "openapi: 3.0.3",
    "info: { title: Patch, version: 1.0.0 }",
    "paths:",
    "  /pets:",
    "    $ref: paths/pets.yaml",
    "  /pets/{id}:",
    "    get:",
    "      $ref: ops/get-pet.yaml",
    "  /animals/{id}:",
    "    get:",
    "      $ref: ops/get-pet.yaml",
    "components:",
    "  schemas:",
    "    Pet:",
    "      $ref: models/Pet.yaml",
    "",
  ].join("\n"),
  "paths/pets.yaml": ["get:", "  $ref: ../ops/list.yaml", ""].join("\n"),
  "ops/list.yaml": [
    "description: Every pet",
    "responses:",
    "  '200':",
    "    description: The pets",
    "    content:",
    "      application/json:",
    "        schema:",
    "          type: array",
    "          items:",
    "            $ref: ../models/Pet.yaml",
    "x-codeSamples:",
    "  - $ref: ../samples/list.yaml",
    "  - $ref: ../samples/list.yaml",
    "",
  ].join("\n"),
  "samples/list.yaml": "lang: curl\nsource: curl https://pets.example/pets\n",
  "ops/get-pet.yaml": [
    "summary: One pet",
    "parameters:",
    "  - $ref: ../params/id.yaml",
    "  - $ref: ../params/common.yaml#/limit",
    "responses:",
    "  '200':",
    "    description: The pet",
    "    content:",
    "      application/json:",
    "        schema:",
    "          $ref: ../models/Pet.yaml",
    "",
  ].join("\n"),
  "models/Pet.yaml": [
    "type: object",
    "description: A pet",
    "required: [name]",
    "properties:",
    "  name: { type: string, description: Its name }",
    "  owner:",
    "    $ref: Owner.yaml",
    "  kind:",
    "    $ref: Kind.yaml",
    "  tag:",
    "    $ref: TagAlias.yaml",
    "",
  ].join("\n"),
  "models/Owner.yaml": "type: object\nproperties:\n  name: { type: string }\n",
  "models/Kind.yaml": "type: string\nenum: [cat, dog]\n",
  "models/TagAlias.yaml": "$ref: Tag.yaml\n",
  "models/Tag.yaml": "type: object\nproperties:\n  label: { type: string }\n",
  "params/id.yaml": "name: id\nin: path\nrequired: true\nschema: { type: string }\n",
  "params/common.yaml": "limit:\n  name: limit\n  in: query\n  schema: { type: integer }\n",
};

function write(cwd: string, files: Record<string, string>): void {
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(dirname(join(cwd, name)), { recursive: true });
    writeFileSync(join(cwd, name), text);
  }
}

/** A fresh folder with the spec, loaded once with the cache (which records the bundle). */
async function recorded(): Promise<string> {
  const cwd = mkdtempSync(join(tmpdir(), "split-patch-"));
  dirs.push(cwd);
  write(cwd, FILES);
  await loadSpec(join(cwd, "openapi.yaml"), cwd, { cache: true });
  return cwd;
}

function edit(cwd: string, file: string, from: string, to: string): void {
  const text = readFileSync(join(cwd, file), "utf8");
  expect(text, `${file} holds ${from}`).toContain(from);
  writeFileSync(join(cwd, file), text.replace(from, to));
}

/** Loads `spec` with the cache and without: whether the cached load bundled, and both JSONs. */
async function both(spec: string, cwd: string) {
  const parse = vi.spyOn(SyncFileResolver.prototype, "parseDocument");
  const cached = await loadSpec(spec, cwd, { cache: true });
  const bundled = parse.mock.calls.length > 0;
  parse.mockRestore();
  const fresh = await loadSpec(spec, cwd);
  return {
    bundled,
    cached: JSON.stringify(cached.document),
    fresh: JSON.stringify(fresh.document),
  };
}

describe("a split spec's structural edits, patched into its recorded bundle", () => {
  it("patches a component's file, and two files at once, as Redocly bundles them", async () => {
    const cwd = await recorded();
    const spec = join(cwd, "openapi.yaml");
    edit(cwd, "models/Pet.yaml", "properties:\n", "properties:\n  age: { type: integer }\n");
    edit(cwd, "models/Owner.yaml", "properties:\n", "required: [name]\nproperties:\n");
    let result = await both(spec, cwd);
    expect(result.bundled).toBe(false);
    expect(result.cached).toBe(result.fresh);
    expect(result.cached).toContain('"age":{"type":"integer"}');
    // the next edit starts from the same record: the first edit's file is patched again
    edit(cwd, "models/Kind.yaml", "enum: [cat, dog]", "enum: [cat, dog, fish]");
    edit(cwd, "models/Pet.yaml", "description: Its name", "description: What it is called");
    result = await both(spec, cwd);
    expect(result.bundled).toBe(false);
    expect(result.cached).toBe(result.fresh);
    expect(result.cached).toContain("What it is called");
    expect(result.cached).toContain("fish");
  });

  it("patches a file copied in place of each of two $refs, a list in it shifted", async () => {
    const cwd = await recorded();
    const spec = join(cwd, "openapi.yaml");
    edit(
      cwd,
      "ops/get-pet.yaml",
      "parameters:\n",
      "parameters:\n  - { name: q, in: query, schema: { type: string } }\n",
    );
    // a path item file and the operation file it holds, both edited
    edit(cwd, "paths/pets.yaml", "get:", "x-owner: shop\nget:");
    edit(cwd, "ops/list.yaml", "responses:", "deprecated: true\nresponses:");
    const result = await both(spec, cwd);
    expect(result.bundled).toBe(false);
    expect(result.cached).toBe(result.fresh);
    expect(result.cached.split('"name":"q"').length).toBe(3); // in both copies
    expect(result.cached).toContain('"x-owner":"shop"');
  });

  it("patches a file of strings (a code sample) where it replaced each `$ref` to it", async () => {
    const cwd = await recorded();
    const spec = join(cwd, "openapi.yaml");
    edit(
      cwd,
      "samples/list.yaml",
      "curl https://pets.example/pets",
      "curl -s https://pets.example/pets",
    );
    const result = await both(spec, cwd);
    expect(result.bundled).toBe(false);
    expect(result.cached).toBe(result.fresh);
    expect(result.cached.split("curl -s").length).toBe(3);
  });

  it("bundles again when an edit moves a reference, or a file is referenced in part", async () => {
    const cwd = await recorded();
    const spec = join(cwd, "openapi.yaml");
    // a reference added
    edit(
      cwd,
      "ops/list.yaml",
      "responses:",
      "parameters:\n  - $ref: ../params/id.yaml\nresponses:",
    );
    let result = await both(spec, cwd);
    expect(result.bundled).toBe(true);
    expect(result.cached).toBe(result.fresh);
    // a file other files reference a part of (`common.yaml#/limit`)
    edit(cwd, "params/common.yaml", "type: integer", "type: integer, minimum: 1");
    result = await both(spec, cwd);
    expect(result.bundled).toBe(true);
    expect(result.cached).toBe(result.fresh);
    // a file reached through a file that is a `$ref` (TagAlias.yaml)
    edit(
      cwd,
      "models/Tag.yaml",
      "label: { type: string }",
      "label: { type: string }\n  size: { type: integer }",
    );
    result = await both(spec, cwd);
    expect(result.bundled).toBe(true);
    expect(result.cached).toBe(result.fresh);
    // a reference's target changed in place
    write(cwd, { "models/Other.yaml": "type: object\n" });
    edit(cwd, "models/Pet.yaml", "$ref: Owner.yaml", "$ref: Other.yaml");
    result = await both(spec, cwd);
    expect(result.bundled).toBe(true);
    expect(result.cached).toBe(result.fresh);
  });

  it("does not patch a file whose component name another file's content could take", async () => {
    const cwd = await recorded();
    const spec = join(cwd, "openapi.yaml");
    // a second Pet.yaml, equal to the first: Redocly shares one name while they are equal
    write(cwd, {
      "other/Pet.yaml": FILES["models/Pet.yaml"]!.replaceAll("$ref: ", "$ref: ../models/"),
    });
    edit(cwd, "ops/list.yaml", "../models/Pet.yaml", "../other/Pet.yaml");
    let result = await both(spec, cwd);
    expect(result.cached).toBe(result.fresh);
    edit(cwd, "other/Pet.yaml", "properties:\n", "properties:\n  age: { type: integer }\n");
    result = await both(spec, cwd);
    expect(result.bundled).toBe(true);
    expect(result.cached).toBe(result.fresh);
    expect(result.cached).toContain('"Pet-2"');
  });
});

describe("a file's references (split-patch.ts fileRefs)", () => {
  it("signs the references and their places, list positions aside", () => {
    const list = (items: unknown[]) => fileRefs({ type: "object", allOf: items });
    const a = list([{ $ref: "a.yaml" }, { $ref: "b.yaml" }]);
    expect(list([{ type: "object" }, { $ref: "a.yaml" }, { $ref: "b.yaml" }]).signature).toBe(
      a.signature,
    );
    expect(list([{ $ref: "b.yaml" }, { $ref: "a.yaml" }]).signature).not.toBe(a.signature);
    expect(
      fileRefs({ type: "object", anyOf: [{ $ref: "a.yaml" }, { $ref: "b.yaml" }] }).signature,
    ).not.toBe(a.signature);
    expect(a.patchable).toBe(true);
    expect(a.paths).toEqual([
      ["allOf", 0],
      ["allOf", 1],
    ]);
    // a mapping's values are references
    const mapped = fileRefs({ discriminator: { propertyName: "k", mapping: { a: "a.yaml" } } });
    expect(mapped.values).toEqual(["a.yaml"]);
  });

  it("tells which files' shape does not allow a patch", () => {
    const shared = { type: "string" };
    expect(fileRefs({ properties: { a: shared, b: shared } }).patchable).toBe(false);
    expect(fileRefs({ $ref: "other.yaml" }).patchable).toBe(false);
    expect(fileRefs({ items: { $ref: "a.yaml", description: "sibling" } }).patchable).toBe(false);
    expect(fileRefs({ examples: { a: { externalValue: "a.json" } } }).patchable).toBe(false);
    expect(fileRefs(["list"]).patchable).toBe(false);
  });
});

describe("which files a record can patch (split-patch.ts patchRecords)", () => {
  type Node = Record<string, unknown>;
  /**
   * Two files: the root, whose `paths` hold a `$ref` per value of `rootRefs` (`/0`, `/1`, ...),
   * and `part.yaml` (root object `part`); the root is the bundle, as Redocly's is (changed in
   * place).
   */
  function readFiles(part: Node, rootRefs: string[]) {
    const paths: Record<string, Node> = {};
    rootRefs.forEach((value, at) => (paths[`/${at}`] = { $ref: value }));
    const root: Node = { paths };
    const owners = new Map<object, number>();
    const own = (node: unknown, index: number): void => {
      if (node === null || typeof node !== "object") return;
      owners.set(node, index);
      Object.values(node).forEach((value) => own(value, index));
    };
    own(root, 0);
    own(part, 1);
    const files: ReadFiles = {
      paths: ["/spec/openapi.yaml", "/spec/part.yaml"],
      refs: [fileRefs(root), fileRefs(part)],
      documents: [root, part],
      pinned: new Set(),
      rootNames: new Map(),
      ownerIndex: (node) => owners.get(node),
    };
    /** The bundle's `$ref` at `/<at>` replaced by a copy of the part (`entries`: other content). */
    const inline = (at: number, entries: Node = part) => {
      const node = paths[`/${at}`] as Node;
      delete node["$ref"];
      Object.assign(node, { ...entries });
    };
    return { files, root, paths, inline };
  }

  it("finds a file's root and its copies, and refuses a file with an object held elsewhere", () => {
    const part = { get: { responses: {} }, summary: "s" };
    const { files, root, inline } = readFiles(part, ["part.yaml", "part.yaml"]);
    inline(0);
    inline(1);
    const records = patchRecords(files, root);
    expect(records[0]).toBeNull();
    expect(records[1]?.places).toEqual([
      ["paths", "/0"],
      ["paths", "/1"],
    ]);
    // the file's object held by another object
    expect(patchRecords(files, { ...root, other: [part.get] })[1]).toBeNull();
    // a copy that no longer matches the root (the bundle changed the root after copying it)
    const stale = readFiles(part, ["part.yaml", "part.yaml"]);
    stale.inline(0);
    stale.inline(1, { get: part.get, summary: "old" });
    expect(patchRecords(stale.files, stale.root)[1]).toBeNull();
  });

  it("finds the copies of a file of strings by the `$ref`s they replaced", () => {
    const sample = { lang: "curl", source: "curl https://example.com" };
    const { files, root, inline } = readFiles(sample, ["part.yaml", "part.yaml"]);
    inline(0);
    inline(1);
    expect(patchRecords(files, root)[1]?.places).toEqual([
      ["paths", "/0"],
      ["paths", "/1"],
    ]);
    // a `$ref` whose siblings the copy took: not a copy of the file alone
    const merged = readFiles(sample, ["part.yaml", "part.yaml"]);
    merged.inline(0);
    merged.inline(1, { ...sample, "x-more": 1 });
    expect(patchRecords(merged.files, merged.root)[1]).toBeNull();
  });

  it("refuses a file referenced in part, or whose name a component of the root has", () => {
    const part = { type: "object", properties: {} };
    const component = (rootRefs: string[]) => {
      const made = readFiles(part, rootRefs);
      for (const node of Object.values(made.paths)) node["$ref"] = "#/components/schemas/part";
      made.root["components"] = { schemas: { part } };
      return made;
    };
    const whole = component(["part.yaml"]);
    expect(patchRecords(whole.files, whole.root)[1]?.places).toEqual([
      ["components", "schemas", "part"],
    ]);
    const inPart = component(["part.yaml", "part.yaml#/properties"]);
    expect(patchRecords(inPart.files, inPart.root)[1]).toBeNull();
    const named = { ...whole.files, rootNames: new Map([["part", undefined]]) };
    expect(patchRecords(named, whole.root)[1]).toBeNull();
    // a component of the root that is a `$ref` to the file itself takes its name by reference
    const byRef = { ...named, rootNames: new Map([["part", "part.yaml"]]) };
    expect(patchRecords(byRef, whole.root)[1]).not.toBeNull();
  });
});

const corpus = hasCorpus();
if (!corpus)
  console.log(`split-spec patches on corpus specs skipped: no shared corpus at ${CORPUS_DIR}`);

/** The YAML files under `dir`, sorted. */
function yamlFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: "utf8" })
    .filter((name) => /\.ya?ml$/.test(name))
    .sort()
    .map((name) => join(dir, name));
}

/** A structural edit of a YAML file: a property or a parameter added, else a key at its root. */
function structuralEdit(text: string, n: number): string {
  return (
    editSchemaLine(text, n) ??
    editParameterLine(text, n) ??
    (/^[A-Za-z_"'$]/.test(text) ? `${text.replace(/\n*$/, "\n")}x-edit${n}: ${n}\n` : text)
  );
}

describe.skipIf(!corpus)("structural edits of the corpus's split specs", () => {
  it.each([
    ["digitalocean/specification", "DigitalOcean-public.v2.yaml"],
    ["heyapi/specs/3.0.x", "external.yaml"],
  ])(
    "loads %s/%s after edits of many files as Redocly bundles it",
    async (folder, root) => {
      const cwd = mkdtempSync(join(tmpdir(), "split-patch-corpus-"));
      dirs.push(cwd);
      cpSync(join(CORPUS_DIR, folder), join(cwd, "spec"), { recursive: true });
      const spec = join(cwd, "spec", root);
      await loadSpec(spec, cwd, { cache: true });
      const files = yamlFiles(join(cwd, "spec")).filter((file) => basename(file) !== root);
      // operations and schemas (code samples, most of DigitalOcean's files, are strings only)
      const shaped = files.filter((file) =>
        /\/(?:models|resources\/[^/]+)\/[^/]+\.ya?ml$/.test(file),
      );
      const spread = (from: number, count: number, list: readonly string[]) =>
        list.length === 0
          ? []
          : Array.from(
              { length: count },
              (_, at) => list[(from + at * Math.ceil(list.length / count)) % list.length]!,
            );
      const rounds = [
        spread(0, 7, files),
        spread(3, 7, files),
        spread(1, 12, shaped),
        spread(5, 12, shaped),
        spread(2, 1, shaped),
        spread(9, 2, shaped),
      ];
      let patched = 0;
      for (const [round, edited] of rounds.entries()) {
        for (const [at, file] of edited.entries())
          writeFileSync(file, structuralEdit(readFileSync(file, "utf8"), round * 100 + at));
        const result = await both(spec, cwd);
        expect(result.cached, `round ${round}: ${edited.join(", ")}`).toBe(result.fresh);
        if (!result.bundled) patched++;
      }
      if (root === "DigitalOcean-public.v2.yaml") expect(patched).toBeGreaterThan(1);
    },
    300_000,
  );
});
