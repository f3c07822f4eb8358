/**
 * The bundle record's key (generator/load/bundle-skeleton.ts): what Redocly's bundle reads in a
 * one-file spec. Edits that leave it (a property, a constraint or a parameter holding no `$ref`)
 * must not change what the bundle does, checked by bundling edited copies of the pet store and of
 * real specs; edits near a `$ref` change it; a warm load after a structural edit skips the bundle
 * and gives what bundling gives.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, describe, expect, it, vi } from "vitest";
import { bundleSkeleton } from "../../generator/load/bundle-skeleton.js";
import { loadSpec } from "../../generator/load/load-spec.js";
import { bundleDocument, documentFromText } from "../../generator/load/sync-file-resolver.js";

const ROOT = resolve(import.meta.dirname, "../..");
const CORPUS = resolve(ROOT, "../shared/corpus");
const dirs: string[] = [];
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

type Json = Record<string, unknown>;
const key = (document: unknown) => bundleSkeleton(document, false, true).text;
const clone = <T>(value: T): T => structuredClone(value);

function shelf(): Json {
  return {
    openapi: "3.0.3",
    info: { title: "Shelf", version: "1.0.0" },
    paths: {
      "/books": {
        get: {
          operationId: "listBooks",
          parameters: [
            { $ref: "#/components/parameters/Limit" },
            { name: "q", in: "query", schema: { type: "string" } },
          ],
          responses: {
            "200": {
              description: "The books",
              content: { "application/json": { schema: { $ref: "#/components/schemas/Books" } } },
            },
          },
        },
      },
    },
    components: {
      parameters: { Limit: { name: "limit", in: "query", schema: { type: "integer" } } },
      schemas: {
        Books: { type: "array", items: { $ref: "#/components/schemas/Book" } },
        Book: {
          type: "object",
          properties: {
            title: { type: "string" },
            author: { $ref: "#/components/schemas/Author" },
          },
        },
        Author: { type: "object", properties: { name: { type: "string" } } },
      },
    },
  };
}

describe("bundleSkeleton", () => {
  const base = key(shelf());
  const edited = (edit: (document: Json) => void): string => {
    const document = clone(shelf());
    edit(document);
    return key(document);
  };
  const schemas = (document: Json) =>
    (document.components as { schemas: Record<string, Json> }).schemas;
  const bookProperties = (document: Json) => schemas(document).Book!.properties as Json;
  const listBooks = (document: Json) =>
    (document.paths as Record<string, Record<string, Json>>)["/books"]!.get!;

  it("keeps the key for edits holding no $ref", () => {
    expect(edited((d) => (bookProperties(d).isbn = { type: "string", maxLength: 13 }))).toBe(base);
    expect(edited((d) => (schemas(d).Author!.required = ["name"]))).toBe(base);
    expect(edited((d) => ((listBooks(d).parameters as Json[])[1]!.required = true))).toBe(base);
    expect(
      edited((d) =>
        (listBooks(d).parameters as Json[]).push({ name: "page", in: "query", schema: {} }),
      ),
    ).toBe(base);
    // before a $ref in a list: no list types its items by position
    expect(
      edited((d) => (listBooks(d).parameters as Json[]).unshift({ name: "a", in: "query" })),
    ).toBe(base);
    expect(edited((d) => (schemas(d).Tag = { type: "string" }))).toBe(base);
    expect(edited((d) => (schemas(d).Book!.description = "A book"))).toBe(base);
  });

  it("changes the key for edits near a $ref", () => {
    const keys = [
      edited((d) => (bookProperties(d).author = { $ref: "#/components/schemas/Book" })),
      edited((d) => (bookProperties(d).writer = bookProperties(d).author)),
      edited((d) =>
        (listBooks(d).parameters as Json[]).push({ $ref: "#/components/schemas/Book" }),
      ),
      edited((d) => (schemas(d).Book!.type = "string")),
      edited((d) => (schemas(d).Book!.discriminator = { propertyName: "kind" })),
      edited((d) => (schemas(d).Book!.example = { externalValue: "book.json" })),
      edited((d) => delete d.components),
    ];
    for (const changed of keys) expect(changed).not.toBe(base);
    // a list's $refs in another order
    const both = { allOf: [{ $ref: "#/a" }, { type: "object" }, { $ref: "#/b" }] };
    const swapped = { allOf: [{ $ref: "#/b" }, { $ref: "#/a" }] };
    expect(bundleSkeleton(both, false).text).not.toBe(bundleSkeleton(swapped, false).text);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it("lists the $refs and discriminator mapping targets, and an externalValue", () => {
    const document = shelf();
    schemas(document).Book!.discriminator = {
      propertyName: "kind",
      mapping: { paper: "#/components/schemas/Author", other: "Other" },
    };
    (bookProperties(document).cover as unknown) = { externalValue: "cover.png" };
    const skeleton = bundleSkeleton(document, false, true);
    expect([...skeleton.refs].sort()).toEqual([
      "#/components/parameters/Limit",
      "#/components/schemas/Author",
      "#/components/schemas/Book",
      "#/components/schemas/Books",
    ]);
    expect(skeleton.external).toBe(true);
  });
});

/** What Redocly's bundle does to `document` (the text at `path`), as load-spec.ts calls it. */
async function verdict(path: string, document: Json): Promise<string> {
  const before = JSON.stringify(document);
  const result = await bundleDocument(documentFromText(before, path, clone(document)));
  const after = JSON.stringify(result.bundle.parsed);
  if (result.problems.length > 0 || result.fileDependencies.size > 0) return "not recorded";
  if (after === before) return "unchanged";
  if (after === JSON.stringify({ ...document, components: document.components ?? {} }))
    return "components added";
  return "changed";
}

/**
 * Every `$ref`-free edit the key ignores, at once: a property added to each `properties` map, a
 * `maxLength` on each string schema holding no `$ref`, a query parameter put first and another
 * last in each `parameters` list.
 */
function refFreeEdits(document: Json): Json {
  const copy = clone(document);
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (node === null || typeof node !== "object") return;
    const object = node as Json;
    for (const [name, item] of Object.entries(object)) {
      if (name === "example" || name === "examples" || name.startsWith("x-")) continue;
      visit(item);
    }
    if (object.properties && typeof object.properties === "object")
      (object.properties as Json).zzEdited = { type: "string" };
    if (object.type === "string" && !JSON.stringify(object).includes('"$ref"'))
      object.maxLength = 7;
    if (Array.isArray(object.parameters)) {
      const parameter = { name: "zzEdited", in: "query", schema: { type: "string" } };
      object.parameters.unshift(parameter); // before the list's $refs, as the bench's edit
      object.parameters.push({ ...parameter, name: "zzEditedLast" });
    }
  };
  visit(copy.paths);
  visit(copy.components);
  return copy;
}

const REAL_SPECS = [
  "readme/3.0/yaml/discriminators.yaml",
  "readme/3.0/yaml/readme.yaml",
  "guru/APIs/adyen.com/AccountService/3/openapi.yaml",
  "guru/APIs/box.com/2.0/openapi.yaml",
  "heyapi/specs/3.1.x/opencode.yaml",
  "heyapi/specs/3.0.x/clerk-2025-11-10.yaml",
  "heyapi/specs/3.0.x/dutchie.json",
  "stripe/openapi/spec3.yaml",
];

describe("what the bundle does, after edits the key ignores", () => {
  const check = async (path: string, document: Json, expected?: string) => {
    const edited = refFreeEdits(document);
    expect(JSON.stringify(edited)).not.toBe(JSON.stringify(document));
    expect(key(edited)).toBe(key(document));
    const before = await verdict(path, document);
    if (expected !== undefined) expect(before).toBe(expected);
    expect(await verdict(path, edited)).toBe(before);
  };
  const read = async (path: string) => {
    const { parse } = await import("yaml");
    return parse(readFileSync(path, "utf8"), { maxAliasCount: -1 }) as Json;
  };

  it("is what it was, on the pet store", async () => {
    const path = join(ROOT, "spec/openapi.yaml");
    await check(path, await read(path), "unchanged");
  });

  it("is what it was where the bundle inlines a $ref or adds components", async () => {
    const inlined = shelf();
    const books = (inlined.components as { schemas: Record<string, Json> }).schemas.Books!;
    books.example = { $ref: "#/x-sample" };
    inlined["x-sample"] = [{ title: "Dune" }];
    await check("inlined.json", inlined, "changed");
    const bare = shelf();
    bare.paths = {
      "/books": {
        get: {
          parameters: [{ name: "q", in: "query", schema: { type: "string" } }],
          responses: { "200": { description: "ok" } },
        },
      },
    };
    delete bare.components;
    await check("bare.json", bare, "components added");
  });

  const present = existsSync(CORPUS);
  if (!present) console.log("skipped: the real specs need ../shared/corpus beside the project");
  it.skipIf(!present).each(REAL_SPECS)(
    "is what it was, on %s",
    async (spec) => {
      const path = join(CORPUS, spec);
      await check(path, await read(path));
    },
    120_000,
  );
});

describe("a warm load after a structural edit", () => {
  it("skips the bundle where the key is kept, and gives what bundling gives", async () => {
    const cwd = mkdtempSync(join(tmpdir(), "bundle-skeleton-"));
    dirs.push(cwd);
    const path = join(cwd, "openapi.json");
    const load = async (document: Json) => {
      writeFileSync(path, JSON.stringify(document));
      const lines: string[] = [];
      const write = vi.spyOn(process.stderr, "write").mockImplementation((chunk) => {
        lines.push(String(chunk));
        return true;
      });
      vi.stubEnv("PETSTORE_GENERATOR_TIMINGS", "1");
      try {
        const cached = await loadSpec(path, cwd, { cache: true });
        const skipped = lines.some((line) => line.includes("bundle (as recorded)"));
        vi.unstubAllEnvs();
        const fresh = await loadSpec(path, cwd);
        expect(JSON.stringify(cached.document)).toBe(JSON.stringify(fresh.document));
        return skipped;
      } finally {
        write.mockRestore();
        vi.unstubAllEnvs();
      }
    };
    const first = shelf();
    expect(await load(first)).toBe(false);
    const property = clone(first);
    ((property.components as Json).schemas as Record<string, Json>).Book!.properties = {
      title: { type: "string", maxLength: 200 },
      isbn: { type: "string" },
      author: { $ref: "#/components/schemas/Author" },
    };
    expect(await load(property)).toBe(true);
    const moved = clone(property);
    ((moved.components as Json).schemas as Record<string, Json>).Books!.items = {
      $ref: "#/components/schemas/Author",
    };
    expect(await load(moved)).toBe(false);
  });
});
