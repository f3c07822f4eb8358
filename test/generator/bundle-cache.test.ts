/**
 * The bundle skipped as an earlier run recorded it (generator/load/bundle-cache.ts): after an edit
 * of prose the document is exactly what Redocly's bundle makes; an edit of anything else bundles
 * again; a spec the bundle changes beyond adding `components: {}` (a `$ref` in an `example`, which
 * it inlines), or whose `$ref` points into prose, is never skipped.
 */
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { loadSpec } from "../../generator/load/load-spec.js";

const dirs: string[] = [];
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

function spec(
  description: string,
  extra: Record<string, unknown> = {},
  media: Record<string, unknown> = {},
): Record<string, unknown> {
  return {
    openapi: "3.0.3",
    info: { title: "Shelf", version: "1.0.0", description },
    paths: {
      "/books": {
        get: {
          operationId: "listBooks",
          description,
          responses: {
            "200": {
              description: "The books",
              content: {
                "application/json": { schema: { $ref: "#/components/schemas/Books" }, ...media },
              },
            },
          },
        },
      },
    },
    components: {
      schemas: {
        Books: { type: "array", items: { $ref: "#/components/schemas/Book" } },
        Book: { type: "object", properties: { title: { type: "string", description } } },
      },
    },
    ...extra,
  };
}

/** Loads `document` (as JSON or YAML text) twice: with the cache of `cwd`, and without any. */
async function both(cwd: string, document: Record<string, unknown>, yaml = false) {
  const path = join(cwd, yaml ? "openapi.yaml" : "openapi.json");
  // JSON is YAML: the YAML path is taken when the text does not start like JSON
  writeFileSync(
    path,
    yaml ? `# a YAML spec\n${JSON.stringify(document)}\n` : JSON.stringify(document),
  );
  const cached = await loadSpec(path, cwd, { cache: true });
  const fresh = await loadSpec(path, cwd);
  return { cached, fresh };
}

function recorded(cwd: string): number {
  const dir = join(cwd, "node_modules/.cache/petstore-generator/load/bundle");
  return existsSync(dir) ? readdirSync(dir).length : 0;
}

describe("the bundle as recorded", () => {
  it.each([
    ["JSON", false],
    ["YAML", true],
  ] as const)(
    "gives what the bundle gives after prose edits, and bundles again after other edits (%s)",
    async (_name, yaml) => {
      const cwd = mkdtempSync(join(tmpdir(), "bundle-cache-"));
      dirs.push(cwd);
      for (const document of [
        spec("first"),
        spec("second"), // prose only: recorded bundle
        spec("third", { servers: [{ url: "https://x.test" }] }), // a new key: bundles again
        spec("fourth", { servers: [{ url: "https://x.test" }] }),
      ]) {
        const { cached, fresh } = await both(cwd, document, yaml);
        expect(cached.document).toEqual(fresh.document);
        expect(JSON.stringify(cached.document)).toBe(JSON.stringify(fresh.document));
        expect(cached.files).toEqual(fresh.files);
        expect(cached.specHash).toBe(fresh.specHash);
      }
      expect(recorded(cwd)).toBe(1);
    },
  );

  it("adds components: {} where the bundle does", async () => {
    const cwd = mkdtempSync(join(tmpdir(), "bundle-cache-"));
    dirs.push(cwd);
    const bare = (description: string) => ({
      openapi: "3.1.0",
      info: { title: "Bare", version: "1", description },
      paths: {},
    });
    await both(cwd, bare("one"));
    const { cached, fresh } = await both(cwd, bare("two"));
    expect(Object.keys(cached.document)).toEqual(Object.keys(fresh.document));
    expect(cached.document).toEqual(fresh.document);
    expect(fresh.document.components).toEqual({});
  });

  it("never skips a bundle that inlines a $ref, nor one whose $ref points into prose", async () => {
    const cwd = mkdtempSync(join(tmpdir(), "bundle-cache-"));
    dirs.push(cwd);
    const inlined = (description: string) =>
      spec(
        description,
        { "x-sample": { book: { title: "Dune" } } },
        { example: { $ref: "#/x-sample/book" } },
      );
    for (const text of ["one", "two"]) {
      const { cached, fresh } = await both(cwd, inlined(text));
      expect(cached.document).toEqual(fresh.document);
    }
    const intoProse = (description: string) =>
      spec(description, { "x-note": { $ref: "#/info/description" } });
    for (const text of ["one", "two"]) {
      const { cached, fresh } = await both(cwd, intoProse(text));
      expect(cached.document).toEqual(fresh.document);
    }
    expect(recorded(cwd)).toBe(0);
  });

  it("records a spec whose $refs to other files the bundle leaves, not one it follows", async () => {
    const cwd = mkdtempSync(join(tmpdir(), "bundle-cache-"));
    dirs.push(cwd);
    // an example's value is not resolved (Octokit's point at api.github.com): no file is read
    const examples = (description: string, maxLength: number) => {
      const document = spec(
        description,
        {},
        { examples: { one: { $ref: "#/components/examples/one" } } },
      );
      const components = document.components as Record<string, Record<string, unknown>>;
      const book = components.schemas!.Book as { properties: Record<string, unknown> };
      book.properties.title = { type: "string", maxLength };
      components.examples = {
        one: { value: { author: { $ref: "https://api.example.test/authors/1" } } },
      };
      return document;
    };
    for (const [text, maxLength] of [
      ["one", 1],
      ["two", 1],
      ["three", 2],
    ] as const) {
      const { cached, fresh } = await both(cwd, examples(text, maxLength));
      expect(cached.document).toEqual(fresh.document);
      expect(cached.files).toEqual(fresh.files);
    }
    expect(recorded(cwd)).toBe(1);
    // a $ref the bundle follows reads the file: never recorded, and always what the bundle gives
    const other = mkdtempSync(join(tmpdir(), "bundle-cache-"));
    dirs.push(other);
    writeFileSync(join(other, "book.json"), JSON.stringify({ type: "object", description: "A" }));
    const split = (description: string) => {
      const document = spec(description);
      const schemas = (document.components as Record<string, Record<string, unknown>>).schemas!;
      schemas.Book = { $ref: "book.json" };
      return document;
    };
    for (const text of ["one", "two"]) {
      writeFileSync(
        join(other, "book.json"),
        JSON.stringify({ type: "object", description: text }),
      );
      const { cached, fresh } = await both(other, split(text));
      expect(cached.document).toEqual(fresh.document);
      expect(JSON.stringify(cached.document)).toContain(`"description":"${text}"`);
    }
    expect(recorded(other)).toBe(0);
  });
});
