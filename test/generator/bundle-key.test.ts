/**
 * The bundle record's key from a YAML spec's pieces (generator/load/bundle-key.ts): the same key
 * exactly when what the bundle reads is the same (a description edit, an edit of a schema or an
 * extension holding no `$ref` keep it; a `$ref` or a plain value on the way to one changes it);
 * a `$ref` into prose is never keyed; and the loader gives what a run without cache gives after
 * each of those edits.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { stringify } from "yaml";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CachePack } from "../../generator/cache/cache-pack.js";
import { redoclyParseYaml, type ParseYaml } from "../../generator/internal/redocly-yaml.js";
import { bundleRecord } from "../../generator/load/bundle-cache.js";
import { jsonLeaves, sectionKey } from "../../generator/load/bundle-key.js";
import { loadSpec } from "../../generator/load/load-spec.js";
import { parseBySection, YamlPieces } from "../../generator/load/yaml-sections.js";

const dirs: string[] = [];
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));
let parse: ParseYaml;
beforeAll(async () => {
  parse = await redoclyParseYaml();
});

function folder(): string {
  const dir = mkdtempSync(join(tmpdir(), "bundle-key-"));
  dirs.push(dir);
  return dir;
}

const LONG = "A sentence that makes each section long enough to be cut into pieces. ".repeat(8);

/** A spec whose `components`, `schemas` and `x-notes` are long enough to be cut at their keys. */
function spec(
  edit: { prose?: string; type?: string; note?: string; ref?: string; id?: string } = {},
) {
  const schemas: Record<string, unknown> = {};
  for (let n = 0; n < 40; n++)
    schemas[`Thing${n}`] = {
      type: "object",
      description: `${LONG}${n}`,
      properties: { name: { type: "string", description: "The name." } },
    };
  schemas["Thing7"] = {
    type: "object",
    description: `${LONG}7${edit.prose ?? ""}`,
    properties: { name: { type: edit.type ?? "string", description: "The name." } },
  };
  const notes: Record<string, unknown> = {};
  for (let n = 0; n < 40; n++) notes[`note${n}`] = { description: `${LONG}${n}` };
  notes["note3"] = { description: `${LONG}3${edit.note ?? ""}` };
  return {
    openapi: "3.1.0",
    info: { title: "Things", version: "1", description: `Things.${edit.prose ?? ""}` },
    paths: {
      "/things": {
        get: {
          operationId: edit.id ?? "listThings",
          responses: {
            "200": {
              description: "The things",
              content: {
                "application/json": {
                  schema: { $ref: edit.ref ?? "#/components/schemas/Thing7" },
                },
              },
            },
          },
        },
      },
    },
    components: { schemas },
    "x-notes": notes,
  };
}

/** The document and its pieces, as the loader reads a YAML spec (by section) or a JSON one. */
function read(document: object, cwd: string, json: boolean) {
  if (json) {
    const parsed = JSON.parse(JSON.stringify(document)) as Record<string, unknown>;
    return { document: parsed, leaves: jsonLeaves(parsed) };
  }
  const pieces = YamlPieces.open(cwd, "spec.yaml", "salt");
  const parsed = parseBySection(stringify(document), parse, pieces);
  pieces.save();
  return { document: parsed, leaves: pieces.leaves };
}

const FORMATS = [["YAML", false] as const, ["JSON", true] as const];

describe.each(FORMATS)("the bundle record's key from the pieces of a %s spec", (_format, json) => {
  function key(document: object, cwd: string): string | undefined {
    const { document: parsed, leaves } = read(document, cwd, json);
    const pack = CachePack.open(cwd, "facts", "salt");
    const found = sectionKey(parsed, leaves, pack);
    pack.save();
    return found?.key;
  }

  it("is the same exactly when what the bundle reads is (bundle-skeleton.ts)", () => {
    const cwd = folder();
    const base = key(spec(), cwd);
    expect(base).toMatch(/^[0-9a-f]{64}$/);
    // twice: once working out the pieces' facts, once from the cache
    for (let round = 0; round < 2; round++) {
      expect(key(spec(), cwd)).toBe(base);
      expect(key(spec({ prose: " more" }), cwd)).toBe(base);
      // a schema holding no $ref, an extension holding none: not read by the bundle
      expect(key(spec({ type: "integer" }), cwd)).toBe(base);
      expect(key(spec({ note: " more" }), cwd)).toBe(base);
      const others = [
        key(spec({ ref: "#/components/schemas/Thing8" }), cwd),
        key(spec({ id: "listAllThings" }), cwd), // a plain value on the way to a $ref
      ];
      expect(new Set([base, ...others]).size).toBe(3);
    }
  });

  it("keys no document with a $ref into prose (a description it would drop)", async () => {
    const cwd = folder();
    const record = async (document: object) => {
      const { document: parsed, leaves } = read(document, cwd, json);
      return bundleRecord(cwd, "spec.yaml", parsed, leaves);
    };
    expect(await record(spec({}))).toBeDefined();
    expect(await record(spec({ ref: "#/x-notes/note3/description" }))).toBeDefined(); // kept whole
    expect(await record(spec({ ref: "#/components/schemas/Thing7/description" }))).toBeUndefined();
    expect(await record(spec({ ref: "#/components/schemas/Nothing" }))).toBeUndefined();
    // a $ref in a mapping cut at its keys (not in a piece) is checked as well
    const cutRef = spec({});
    Object.assign(cutRef.components, { $ref: "#/components/schemas/Nothing" });
    expect(await record(cutRef)).toBeUndefined();
  });

  it.each([
    ["a description edit", { prose: " edited" }],
    ["a type edit", { type: "integer" }],
    ["an extension's description edit", { note: " edited" }],
    ["a $ref into prose", { ref: "#/components/schemas/Thing7/description" }],
    ["a $ref into an extension's description", { ref: "#/x-notes/note3/description" }],
    ["the first document again", {}],
  ] as const)("loads what a run without cache loads after %s", async (_name, edit) => {
    const cwd = folder();
    const path = join(cwd, json ? "openapi.json" : "openapi.yaml");
    for (const document of [spec(), spec({ prose: " first" }), spec(edit)]) {
      writeFileSync(path, json ? JSON.stringify(document, null, 2) : stringify(document));
      const cached = await loadSpec(path, cwd, { cache: true });
      const fresh = await loadSpec(path, cwd);
      expect(JSON.stringify(cached.document)).toBe(JSON.stringify(fresh.document));
      expect(cached.specHash).toBe(fresh.specHash);
    }
  });
});
