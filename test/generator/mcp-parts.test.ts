/**
 * mcp.ts's per-tool parts (cache/cached-parts.ts): after an edit of one operation only that
 * operation's tool is made again, the others come from the cache, and the file is the one a run
 * without a cache writes; after an edit of a component schema (which any tool may reach through a
 * `$ref`) every tool is made again when the parts are keyed by every component, and only the tools
 * that read it (not every tool that reaches it) when they are keyed by their operation and checked
 * against what they read (as the generator keys them).
 */
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it, vi } from "vitest";
import { CachePack, cacheDir, packKeys } from "../../generator/cache/cache-pack.js";
import { PartCache, sharedPartKey } from "../../generator/cache/cached-parts.js";
import { RunCaches } from "../../generator/cache/run-caches.js";
import { emitMcp } from "../../generator/emit/mcp/emit-mcp.js";
import type { PartStore } from "../../generator/emit/part-store.js";
import { toolPlan } from "../../generator/emit/mcp/mcp-tools.js";
import { CONVERTER_MODEL_KEYS } from "../../generator/emit/mcp/tool-schemas.js";
import { render } from "../../generator/generate.js";
import { SchemaReach } from "../../generator/model/schema-reach.js";
import type { ApiModel } from "../../generator/model/types.js";
import { ROOT } from "./cli-helper.js";
import { loadLayoutSpec } from "./layout-specs.js";
import { copySpec, editDescription, editSchema, editSpec, operationsOf } from "./spec-edits.js";

const temps: string[] = [];
afterAll(() => temps.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

const context = { apiName: "Api", specPath: "spec.yaml" };

const DOG = "#/components/schemas/Dog";

/** The schemas of {@link readsSpec} that the test edits. */
interface ReadsSchemas {
  readonly Account: { properties: Record<string, unknown> };
  readonly Cat: { properties: { kind: { enum: string[] } } };
}
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const json = (schema: unknown) => ({ content: { "application/json": { schema } } });
const answers = (schema: unknown) => ({
  "200": { description: "ok", ...json(schema) },
  default: { description: "error", ...json(ref("Error")) },
});

/**
 * Five tools: getAccount answers Account (a tool reads its output component), getCharge and
 * listCharges reach Account through Charge, createPet's body is discriminated by Cat's and Dog's
 * tag values (read for them), ping reaches nothing but the error; every error reaches Account.
 */
function readsSpec(): Record<string, unknown> {
  const object = (properties: Record<string, unknown>) => ({ type: "object", properties });
  const kind = (value: string) => object({ kind: { type: "string", enum: [value] } });
  return {
    openapi: "3.0.3",
    info: { title: "Reads", version: "1.0.0" },
    paths: {
      "/account": { get: { operationId: "getAccount", responses: answers(ref("Account")) } },
      "/charge": { get: { operationId: "getCharge", responses: answers(ref("Charge")) } },
      "/charges": {
        get: {
          operationId: "listCharges",
          responses: answers(object({ data: { type: "array", items: ref("Charge") } })),
        },
      },
      "/pets": {
        post: {
          operationId: "createPet",
          requestBody: json({
            oneOf: [ref("Cat"), ref("Dog")],
            discriminator: { propertyName: "kind" },
          }),
          responses: answers(object({ id: { type: "string" } })),
        },
      },
      "/ping": { get: { operationId: "ping", responses: answers(object({})) } },
    },
    components: {
      schemas: {
        Account: object({ id: { type: "string" } }),
        Charge: object({ account: { anyOf: [{ type: "string" }, ref("Account")] } }),
        Error: object({ message: { type: "string" }, account: ref("Account") }),
        Cat: kind("cat"),
        Dog: kind("dog"),
      },
    },
  };
}

/** Adds a query parameter `name` to the spec's `index`-th operation. */
function addQueryParameter(document: Record<string, unknown>, index: number, name: string): void {
  const { operation } = operationsOf(document)[index] ?? {};
  if (operation === undefined) throw new Error(`the spec has no operation ${index}`);
  const parameters = (operation.parameters ??= []) as unknown[];
  parameters.unshift({ in: "query", name, schema: { type: "string" } });
}

/** The keys of the entries of the one MCP parts pack of the generator's cache in `cwd`. */
function partKeys(cwd: string): Set<string> {
  const folder = join(cacheDir(cwd), "emit/mcp-parts");
  const packs = readdirSync(folder);
  expect(packs).toHaveLength(1);
  return new Set(packKeys(join(folder, packs[0] ?? "")));
}

/**
 * mcp.ts made through a part cache in `cwd` (the pack of the run before), with its counts; the
 * parts' shared key covers the model's values `keys` (the generator's: the OpenAPI version, the
 * definitions table keyed by schema reach).
 */
function emitWithParts(
  model: ApiModel,
  cwd: string,
  keys: readonly string[] = CONVERTER_MODEL_KEYS,
) {
  const caches = new RunCaches();
  const parts = new PartCache(
    CachePack.open(cwd, "test/mcp-parts", "salt"),
    sharedPartKey(caches, model, keys, JSON.stringify(context)),
  );
  const reach = new SchemaReach(model);
  const reads = {
    tool: (operation: object) => reach.fingerprint([operation]),
    definitions: (names: readonly string[]) => reach.schemasFingerprint(names),
  };
  // the tools' and the definitions table's parts counted (not the lists of definitions the tools share)
  const counts = { hits: 0, made: 0 };
  const store: PartStore = {
    part: (kind, text, make, valid) => {
      if (kind === "definitions list") return parts.part(kind, text, make, valid);
      let made = false;
      const part = parts.part(kind, text, () => ((made = true), make()), valid);
      counts[made ? "made" : "hits"]++;
      return part;
    },
  };
  const warnings: string[] = [];
  const files = emitMcp(model, context, "api", warnings, { parts: store, reads });
  parts.save();
  return { files, warnings, ...counts };
}

/** A copy of the pet store's spec in a temporary folder, and its mcp.ts as `render` makes it there. */
function renderedCopy(prefix: string) {
  const { dir, spec } = copySpec(join(ROOT, "spec/openapi.yaml"), prefix);
  temps.push(dir);
  const options = { specPath: spec, outDir: join(dir, "out"), cwd: dir, apiName: "Api" };
  const mcp = async (cache: boolean) =>
    (await render({ ...options, cache })).files.filter((file) => file.path.endsWith("mcp.ts"));
  return { dir, spec, mcp };
}

describe("mcp.ts's per-tool parts", () => {
  it("makes only the edited operation's tool again, and writes what a run without cache writes", async () => {
    const { dir, spec } = copySpec(join(ROOT, "spec/openapi.yaml"), "mcp-parts-");
    temps.push(dir);
    const first = (await loadLayoutSpec(spec)).model;
    const tools = toolPlan(first).operations.length;
    expect(tools).toBeGreaterThan(3);
    const cold = emitWithParts(first, dir);
    expect(cold).toMatchObject({ hits: 0, made: tools + 1 });
    const uncachedWarnings: string[] = [];
    expect(cold.files).toEqual(emitMcp(first, context, "api", uncachedWarnings));
    expect(cold.warnings).toEqual(uncachedWarnings);
    // the same model again: every part from the cache
    expect(emitWithParts(first, dir)).toEqual({ ...cold, hits: tools + 1, made: 0 });

    editSpec(spec, (document) => addQueryParameter(document, 2, "editedByTheTest"));
    const edited = (await loadLayoutSpec(spec)).model;
    const warm = emitWithParts(edited, dir);
    // the edited tool is made again; the others and the definitions (same components) are not
    expect(warm).toMatchObject({ hits: tools, made: 1 });
    expect(warm.files).toEqual(emitMcp(edited, context, "api", []));
    expect(warm.files).not.toEqual(cold.files);
    expect(warm.files[0]?.content).toContain("editedByTheTest");
  }, 120_000);

  it("makes every tool again after a component schema's edit (any tool may reach it)", async () => {
    const { dir, spec } = copySpec(join(ROOT, "spec/openapi.yaml"), "mcp-parts-schema-");
    temps.push(dir);
    const first = (await loadLayoutSpec(spec)).model;
    const tools = toolPlan(first).operations.length;
    const cold = emitWithParts(first, dir);
    let changed = false;
    editSpec(spec, (document) => void (changed = editSchema(document, 77)));
    expect(changed).toBe(true);
    const edited = (await loadLayoutSpec(spec)).model;
    const warm = emitWithParts(edited, dir);
    expect(warm).toMatchObject({ hits: 0, made: tools + 1 });
    expect(warm.files).toEqual(emitMcp(edited, context, "api", []));
    expect(warm.files).not.toEqual(cold.files);
  }, 120_000);

  it("gives the generator's output of a cold run after one operation's edit, its other tools from the cache", async () => {
    const { dir, spec, mcp } = renderedCopy("mcp-parts-render-");
    expect(await mcp(true)).toEqual(await mcp(false));
    const tools = toolPlan((await loadLayoutSpec(spec)).model).operations.length;
    let before = partKeys(dir);
    // the tools, the definitions table and the lists of definitions, fewer than the tools (shared)
    expect(before.size).toBeGreaterThan(tools + 1);
    expect(before.size).toBeLessThan(2 * tools + 1);
    for (const [index, name] of [
      [0, "firstEdit"],
      [3, "secondEdit"],
    ] as const) {
      editSpec(spec, (document) => addQueryParameter(document, index, name));
      const cached = await mcp(true);
      expect(cached).toEqual(await mcp(false));
      expect(cached.map((file) => file.content).join("")).toContain(name);
      // the pack keeps the parts the run used: all but the edited tool's under the keys of the run before
      const after = partKeys(dir);
      expect(after.size).toBe(before.size);
      expect([...after].filter((key) => before.has(key))).toHaveLength(before.size - 1);
      before = after;
    }
  }, 240_000);

  it("makes again, after a component's edit, only the tools that read it, not all that reach it", async () => {
    const dir = mkdtempSync(join(tmpdir(), "mcp-parts-reads-"));
    temps.push(dir);
    const spec = join(dir, "spec.json");
    writeFileSync(spec, JSON.stringify(readsSpec()));
    const emit = async () =>
      emitWithParts((await loadLayoutSpec(spec)).model, dir, ["openapiVersion"]);
    const cold = await emit();
    expect(cold).toMatchObject({ hits: 0, made: 6 });
    const edits: [string, (schemas: ReadsSchemas) => void, number][] = [
      // a property added: getAccount reads Account (its output), the others name it only
      ["a property", (schemas) => (schemas.Account.properties.nickname = { type: "string" }), 1],
      // the tag values of a discriminated body: createPet reads Cat for them
      ["a tag value", (schemas) => (schemas.Cat.properties.kind.enum = ["cat", "kitty"]), 1],
      // a ref added: the three tools whose outputs reach Account name Dog too
      ["a ref", (schemas) => (schemas.Account.properties.pet = { $ref: DOG }), 3],
    ];
    for (const [what, edit, tools] of edits) {
      editSpec(spec, (document) =>
        edit((document.components as { schemas: ReadsSchemas }).schemas),
      );
      const model = (await loadLayoutSpec(spec)).model;
      const warm = await emit();
      // the tools that read the edit, and the definitions table (Account's entry changed)
      expect({ what, made: warm.made }).toEqual({ what, made: tools + 1 });
      expect(warm.files).toEqual(emitMcp(model, context, "api", []));
    }
  }, 120_000);

  it("makes a tool again when the cache gives a text that is not a tool's part", async () => {
    const { model } = await loadLayoutSpec(join(ROOT, "spec/openapi.yaml"));
    let offered = 0;
    const forged: PartStore = {
      part: (kind, _reads, make, valid) => {
        if (kind !== "tool") return make();
        offered++;
        return valid === undefined || valid("not a part") ? "not a part" : make();
      },
    };
    const files = emitMcp(model, context, "api", [], { parts: forged });
    expect(offered).toBe(toolPlan(model).operations.length);
    expect(files).toEqual(emitMcp(model, context, "api", []));
  });

  it("keeps each list of definitions once, shared by its tools, and makes a tool again when its list is not in the cache", async () => {
    const { model } = await loadLayoutSpec(join(ROOT, "spec/openapi.yaml"));
    const tools = toolPlan(model).operations.length;
    const stored = new Map<string, string>();
    const made: string[] = [];
    const store: PartStore = {
      part: (kind, reads, make, valid) => {
        const key = `${kind}\n${reads}`;
        const text = stored.get(key);
        if (text !== undefined && (valid === undefined || valid(text))) return text;
        made.push(kind);
        const fresh = make();
        stored.set(key, fresh);
        return fresh;
      },
    };
    const uncached = emitMcp(model, context, "api", []);
    expect(emitMcp(model, context, "api", [], { parts: store })).toEqual(uncached);
    const lists = [...stored.keys()].filter((key) => key.startsWith("definitions list\n"));
    expect(lists.length).toBeGreaterThan(0);
    expect(lists.length).toBeLessThan(tools);
    // a tool's part names its list (by its hash) instead of holding it
    const toolParts = [...stored].filter(([key]) => key.startsWith("tool\n"));
    expect(toolParts).toHaveLength(tools);
    for (const [, text] of toolParts) expect(text.split("\n")[1]).toMatch(/^[0-9a-f]{64}$/);
    made.length = 0;
    expect(emitMcp(model, context, "api", [], { parts: store })).toEqual(uncached);
    expect(made).toEqual([]);
    // the lists gone (a cache that lost them): the first tool naming each is made again, which
    // keeps its list again (the same text, the same id) for the tools after it
    for (const key of lists) stored.delete(key);
    expect(emitMcp(model, context, "api", [], { parts: store })).toEqual(uncached);
    expect(made.filter((kind) => kind === "tool")).toHaveLength(lists.length);
    for (const key of lists) expect(stored.get(key)).toMatch(/^\[.*\]$/);
  });

  it("keeps the texts of a pack written again, lone surrogates included", () => {
    const dir = mkdtempSync(join(tmpdir(), "mcp-parts-pack-"));
    temps.push(dir);
    const texts = ["plain \u00e9", "lone \ud800 surrogate", "pair \ud83d\ude00"];
    const first = CachePack.open(dir, "test/plain", "salt");
    texts.forEach((text, index) => first.set(`input ${index}`, text));
    first.save();
    // read back (known plain or not), one more entry added, written again, read back
    const second = CachePack.open(dir, "test/plain", "salt");
    texts.forEach((text, index) => expect(second.get(`input ${index}`)).toBe(text));
    second.set("input 3", "added \udc00");
    second.save();
    const third = CachePack.open(dir, "test/plain", "salt");
    [...texts, "added \udc00"].forEach((text, index) =>
      expect(third.get(`input ${index}`)).toBe(text),
    );
    expect(third.rejected).toBe(0);
  });

  it("does not read the parts' packs of mcp.ts and zod.ts when their files come from the cache", async () => {
    const { dir, spec, mcp } = renderedCopy("mcp-parts-unread-");
    await mcp(true);
    // an operation's description: mcp.ts is refilled from its whole-file entry, zod.ts shows no prose
    editSpec(spec, (document) => editDescription(document, 0, "edited"));
    const open = vi.spyOn(CachePack, "open");
    try {
      const warm = await mcp(true);
      const opened = open.mock.calls.map(([, name]) => name);
      expect(opened.some((name) => name.startsWith("emit/mcp/"))).toBe(true);
      expect(opened.filter((name) => /^emit\/(mcp|zod)-parts\//.test(name))).toEqual([]);
      expect(warm).toEqual(await mcp(false));
      expect(warm.find((file) => file.path === "mcp.ts")?.content).toContain("edited");
    } finally {
      open.mockRestore();
    }
    expect(readdirSync(join(cacheDir(dir), "emit/mcp-parts"))).toHaveLength(1);
  });
});
