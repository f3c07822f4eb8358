/**
 * A split spec's bundle replayed from its record (generator/load/split-bundle.ts): after an edit of
 * prose in any file the bundle is not made again and the document is exactly what Redocly's bundle
 * makes; any other edit (a schema, a `$ref` retargeted, a file renamed, added or gone) bundles
 * again and gives the same as a load without the cache; a damaged record is ignored. The spec has
 * two schema files of the same name that differ in prose only, so that whether the bundle names
 * them apart depends on their descriptions (the record pins them).
 */
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, afterEach, describe, expect, it, vi } from "vitest";
import { loadSpec } from "../../generator/load/load-spec.js";
import { computeInputsHash, computeToolHash } from "../../generator/write/inputs-hash.js";
import { SplitBundle } from "../../generator/load/split-bundle.js";
import { decodeShared, encodeShared } from "../../generator/load/shared-json.js";
import { SyncFileResolver } from "../../generator/load/sync-file-resolver.js";

const dirs: string[] = [];
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));
afterEach(() => vi.restoreAllMocks());

const FILES: Record<string, string> = {
  "openapi.yaml": [
    "openapi: 3.0.3",
    "info: { title: Shelf, version: 1.0.0, description: The shelf }",
    "servers:",
    "  - url: https://shelf.example",
    "    description: production",
    "paths:",
    "  /books:",
    "    get:",
    "      $ref: paths/list-books.yaml",
    "  /authors:",
    "    get:",
    "      $ref: paths/list-authors.yaml",
    "",
  ].join("\n"),
  "paths/list-books.yaml": [
    "operationId: listBooks",
    "summary: List the books",
    "description: |",
    "  Every book on the shelf.",
    "responses:",
    "  '200':",
    "    description: The books",
    "    content:",
    "      application/json:",
    "        schema:",
    "          type: array",
    "          items:",
    "            $ref: ../models/item.yaml",
    "",
  ].join("\n"),
  "paths/list-authors.yaml": [
    "operationId: listAuthors",
    "description: Every author.",
    "responses:",
    "  '200':",
    "    description: The authors",
    "    content:",
    "      application/json:",
    "        schema:",
    "          $ref: ../other/item.yaml",
    "",
  ].join("\n"),
  "models/item.yaml": "type: object\ndescription: A book\nproperties:\n  title: { type: string }\n",
  "other/item.yaml":
    "type: object\ndescription: An author\nproperties:\n  title: { type: string }\n",
};

function write(cwd: string, files: Record<string, string>): void {
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(dirname(join(cwd, name)), { recursive: true });
    writeFileSync(join(cwd, name), text);
  }
}

/** A fresh folder with the spec, loaded once with the cache (which records the bundle). */
async function recorded(): Promise<string> {
  const cwd = mkdtempSync(join(tmpdir(), "split-bundle-"));
  dirs.push(cwd);
  write(cwd, FILES);
  await loadSpec(join(cwd, "openapi.yaml"), cwd, { cache: true });
  return cwd;
}

/** Loads the spec with the cache and without: how many files Redocly parsed, and both results. */
async function both(cwd: string) {
  const parse = vi.spyOn(SyncFileResolver.prototype, "parseDocument");
  const cached = await loadSpec(join(cwd, "openapi.yaml"), cwd, { cache: true });
  const parsed = parse.mock.calls.length;
  parse.mockRestore();
  const fresh = await loadSpec(join(cwd, "openapi.yaml"), cwd);
  return { cached, fresh, parsed };
}

function schemaNames(document: Record<string, unknown>): string[] {
  const components = document.components as { schemas?: object } | undefined;
  return Object.keys(components?.schemas ?? {});
}

function edit(cwd: string, file: string, from: string, to: string): void {
  write(cwd, { [file]: (FILES[file] as string).replace(from, to) });
}

/** The same spec in one file (its `$ref`s to other files inlined). */
const INLINED = FILES["openapi.yaml"]!.replace(
  "      $ref: paths/list-authors.yaml",
  "      operationId: listAuthors\n      responses: { '200': { description: Fine } }",
).replace(
  "      $ref: paths/list-books.yaml",
  "      operationId: listBooks\n      responses: { '204': { description: Empty } }",
);

/** The split records in the cache of `cwd`, by file name. */
function splitRecords(cwd: string): string[] {
  const folder = join(cwd, "node_modules/.cache/petstore-generator/load/split-bundle");
  return existsSync(folder) ? readdirSync(folder).sort() : [];
}

/** How a load with the cache of `cwd` bundled the spec: the name of its timed bundle stage. */
async function bundleStage(cwd: string): Promise<string | undefined> {
  const lines: string[] = [];
  vi.stubEnv("PETSTORE_GENERATOR_TIMINGS", "1");
  const spy = vi.spyOn(process.stderr, "write").mockImplementation((chunk) => {
    lines.push(String(chunk));
    return true;
  });
  try {
    await loadSpec(join(cwd, "openapi.yaml"), cwd, { cache: true });
  } finally {
    spy.mockRestore();
    vi.unstubAllEnvs();
  }
  return lines.map((line) => /^timing +(bundle[^:]*):/.exec(line)?.[1]).find(Boolean);
}

describe("a split spec's bundle record", () => {
  it("replays the bundle after a prose edit in any file, with the new prose", async () => {
    const cwd = await recorded();
    edit(cwd, "openapi.yaml", "description: production", "description: production edited");
    edit(cwd, "paths/list-books.yaml", "Every book on the shelf.", "Every book, edited.");
    edit(cwd, "paths/list-authors.yaml", "description: The authors", "description: Authors");
    const { cached, fresh, parsed } = await both(cwd);
    expect(parsed).toBe(0);
    expect(cached.document).toEqual(fresh.document);
    expect(cached.files).toEqual(fresh.files);
    expect(JSON.stringify(cached.document)).toContain("Every book, edited.");
    // and again, from the record the replay updated
    edit(cwd, "paths/list-books.yaml", "Every book on the shelf.", "Every book, again.");
    const again = await both(cwd);
    expect(again.parsed).toBe(0);
    expect(again.cached.document).toEqual(again.fresh.document);
  });

  it("reads again only the files whose bytes the run's quick check found changed", async () => {
    const cwd = await recorded();
    const digests = new Map<string, string>();
    // the quick check's digests, then an edit it did not see (made after it, as in a race)
    await computeInputsHash({ specFiles: Object.keys(FILES), apiName: "Shelf", cwd }, digests);
    edit(cwd, "paths/list-books.yaml", "Every book on the shelf.", "Every book, unseen.");
    const replayed = await loadSpec(join(cwd, "openapi.yaml"), cwd, { cache: true, digests });
    // not read: the bytes the digests vouch for are the recorded ones (the spec the quick check saw)
    expect(JSON.stringify(replayed.document)).toContain("Every book on the shelf.");
    // without the digests (or with the file's new digest), the file is read and its edit seen
    const seen = await loadSpec(join(cwd, "openapi.yaml"), cwd, { cache: true });
    expect(JSON.stringify(seen.document)).toContain("Every book, unseen.");
    expect(seen.document).toEqual((await loadSpec(join(cwd, "openapi.yaml"), cwd)).document);
  });

  it("names two components alike whose prose is made equal, as the bundle does", async () => {
    const cwd = await recorded();
    edit(cwd, "other/item.yaml", "An author", "A book");
    const { cached, fresh } = await both(cwd);
    expect(schemaNames(fresh.document)).toEqual(["item"]);
    expect(cached.document).toEqual(fresh.document);
    edit(cwd, "other/item.yaml", "An author", "Another");
    const apart = await both(cwd);
    expect(schemaNames(apart.fresh.document)).toEqual(["item", "item-2"]);
    expect(apart.cached.document).toEqual(apart.fresh.document);
  });

  it("bundles again after any other edit, as a load without the cache does", async () => {
    const cwd = await recorded();
    edit(cwd, "models/item.yaml", "title: { type: string }", "title: { type: integer }");
    let result = await both(cwd);
    expect(result.parsed).toBeGreaterThan(0);
    expect(result.cached.document).toEqual(result.fresh.document);
    // a file renamed, its $ref retargeted
    write(cwd, { "models/book.yaml": FILES["models/item.yaml"] as string });
    rmSync(join(cwd, "models/item.yaml"));
    edit(cwd, "paths/list-books.yaml", "../models/item.yaml", "../models/book.yaml");
    result = await both(cwd);
    expect(result.cached.document).toEqual(result.fresh.document);
    expect(result.cached.files).toEqual(result.fresh.files);
    // a file added, then a $ref to it
    write(cwd, { "models/extra.yaml": "type: string\ndescription: Extra\n" });
    result = await both(cwd);
    expect(result.parsed).toBe(0);
    edit(cwd, "paths/list-books.yaml", "../models/item.yaml", "../models/extra.yaml");
    result = await both(cwd);
    expect(result.cached.document).toEqual(result.fresh.document);
    expect(result.cached.files).toContain("models/extra.yaml");
  });

  it("goes to the split record alone, and leaves it once the spec stops referencing other files", async () => {
    const cwd = await recorded();
    // the one-file record's pieces, which keying that record reads and marks used
    const folder = join(cwd, "node_modules/.cache/petstore-generator/load/bundle-pieces");
    const pieces = readdirSync(folder).map((name) => join(folder, name));
    expect(pieces).toHaveLength(1);
    const long = new Date(2000, 0, 1);
    for (const path of pieces) utimesSync(path, long, long);
    edit(cwd, "openapi.yaml", "description: production", "description: production edited");
    const { cached, fresh, parsed } = await both(cwd);
    expect(parsed).toBe(0);
    expect(cached.document).toEqual(fresh.document);
    // not keyed: the whole document was not walked for a record it cannot have
    for (const path of pieces) expect(statSync(path).mtime.getTime()).toBe(long.getTime());
    // the same spec in one file: what a load without the cache gives, and the split record goes
    write(cwd, { "openapi.yaml": INLINED });
    let result = await both(cwd);
    expect(result.cached.document).toEqual(result.fresh.document);
    expect(result.cached.files).toEqual(["openapi.yaml"]);
    expect(splitRecords(cwd)).toEqual([]);
    // so that the one-file record takes it: recorded by the next bundle, then skipping the bundle
    // after an edit that adds a response (no `$ref` in it) and after a prose edit alike
    for (const [from, to, stage] of [
      ["description: Fine", "description: Good", "bundle"],
      [
        "description: Fine",
        "description: Fine }, '404': { description: Gone",
        "bundle (as recorded)",
      ],
      ["description: Empty", "description: Nothing", "bundle (as recorded)"],
    ] as const) {
      write(cwd, { "openapi.yaml": INLINED.replace(from, to) });
      expect(await bundleStage(cwd), to).toBe(stage);
      result = await both(cwd);
      expect(result.cached.document).toEqual(result.fresh.document);
    }
    expect(JSON.stringify(result.cached.document)).toContain("Nothing");
  });

  it("does not keep a spec it refused off the one-file record", async () => {
    const cwd = await recorded();
    const spec = join(cwd, "openapi.yaml");
    SplitBundle.open(cwd, spec, await computeToolHash()).refuse();
    expect(splitRecords(cwd)).toEqual([expect.stringMatching(/\.refused\.v8$/)]);
    // refused: bundled each run as the files are, with the same result
    edit(cwd, "openapi.yaml", "description: production", "description: production edited");
    const split = await both(cwd);
    expect(split.parsed).toBeGreaterThan(0);
    expect(split.cached.document).toEqual(split.fresh.document);
    expect(splitRecords(cwd)).toEqual([expect.stringMatching(/\.refused\.v8$/)]);
    // in one file: the one-file record is kept and read, though the refusal stays
    write(cwd, { "openapi.yaml": INLINED });
    await both(cwd);
    write(cwd, { "openapi.yaml": INLINED.replace("description: Fine", "description: Good") });
    const result = await both(cwd);
    expect(result.cached.document).toEqual(result.fresh.document);
    expect(JSON.stringify(result.cached.document)).toContain("Good");
    expect(await bundleStage(cwd)).toBe("bundle (as recorded)");
  });

  it("reports a file that is gone as a load without the cache does", async () => {
    const cwd = await recorded();
    rmSync(join(cwd, "other/item.yaml"));
    const spec = join(cwd, "openapi.yaml");
    const fresh = await loadSpec(spec, cwd).catch((error: unknown) => error);
    const cached = await loadSpec(spec, cwd, { cache: true }).catch((error: unknown) => error);
    expect(fresh).toBeInstanceOf(Error);
    expect(String(cached)).toBe(String(fresh));
  });

  it("ignores a damaged record", async () => {
    const cwd = await recorded();
    const folder = join(cwd, "node_modules/.cache/petstore-generator/load/split-bundle");
    for (const name of readdirSync(folder)) {
      const path = join(folder, name);
      const bytes = Buffer.from(readFileSync(path));
      bytes.writeUInt8(bytes.readUInt8(bytes.length - 10) ^ 0xff, bytes.length - 10);
      writeFileSync(path, bytes);
    }
    edit(cwd, "openapi.yaml", "description: production", "description: damaged");
    const { cached, fresh, parsed } = await both(cwd);
    expect(parsed).toBeGreaterThan(0);
    expect(cached.document).toEqual(fresh.document);
  });
});

describe("the recorded bundle's text (shared-json.ts)", () => {
  it("reads back the objects a document shares as shared, and what JSON cannot carry", () => {
    const shared = { type: "string", description: "shared" };
    const document = { a: { x: shared, list: [shared, { y: 1 }] }, b: shared };
    const back = decodeShared(encodeShared(document)) as typeof document;
    expect(back).toEqual(document);
    expect(back.a.x).toBe(back.b);
    expect(back.a.list[0]).toBe(back.b);
    expect(encodeShared(document).subarray(0, 1).toString()).toBe("J");
    const odd = { n: Number.NaN, z: -0, bytes: new Uint8Array([1, 2]) };
    const encoded = encodeShared(odd);
    expect(encoded.subarray(0, 1).toString()).toBe("V");
    expect(decodeShared(encoded)).toEqual(odd);
  });
});
