/**
 * Per-operation and per-schema cache parts of zod.ts, operations.ts, query.ts and server.ts (cache/cached-parts.ts): after a one-line
 * edit (an operation's parameter, a schema's keyword, a description) only the parts that read what
 * changed are made again, and the files are the ones a run without a cache writes, byte for byte.
 */
import { readdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { CachePack, cacheDir, packKeys } from "../../generator/cache/cache-pack.js";
import { PartCache } from "../../generator/cache/cached-parts.js";
import { RunCaches } from "../../generator/cache/run-caches.js";
import type { GeneratedFile } from "../../generator/emit/file.js";
import type { PartStore } from "../../generator/emit/part-store.js";
import { emitZod } from "../../generator/emit/zod/emit-zod.js";
import { operationsTemplate } from "../../generator/emit/client/emit-operations.js";
import { PART_TOKEN } from "../../generator/emit/client/operation-parts.js";
import { queryTemplates } from "../../generator/emit/query/emit-query.js";
import { serverTemplate } from "../../generator/emit/server/emit-server.js";
import { SchemaReach } from "../../generator/model/schema-reach.js";
import { render } from "../../generator/generate.js";
import type { ApiModel, OperationModel, SchemaModel } from "../../generator/model/types.js";
import { ROOT } from "./cli-helper.js";
import { loadLayoutSpec } from "./layout-specs.js";
import { copySpec, editDescription, editSchema, editSpec, operationsOf } from "./spec-edits.js";

const temps: string[] = [];
afterAll(() => temps.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

const context = { apiName: "Api", specPath: "spec.yaml" };

/** An emitter that takes a part store, how many parts a model has, and how many read the schemas `edited`. */
interface PartEmitter {
  readonly name: string;
  emit(model: ApiModel, parts?: PartStore): GeneratedFile[];
  count(model: ApiModel): number;
  reaching(model: ApiModel, edited: readonly string[]): number;
  /** How many parts a query parameter added to one operation makes again (default 1). */
  readonly parameterEdit?: number;
}

/**
 * An operation's part key as cache/cached-emitters.ts makes it: the operation (what the part reads
 * of the schemas is kept with it: emit/client/schema-reads.ts).
 */
function operationReads(_model: ApiModel): (operation: OperationModel) => string {
  return (operation) => JSON.stringify(operation);
}

/** The operations that reach one of the schemas `edited`. */
function operationsReaching(model: ApiModel, edited: readonly string[]): number {
  const reach = new SchemaReach(model);
  return model.operations.filter((operation) =>
    reach.reach([operation]).schemas.some((name) => edited.includes(name)),
  ).length;
}

const uniqueOperationIds = (model: ApiModel) =>
  new Set(model.operations.map((operation) => operation.operationId)).size;

const EMITTERS: readonly PartEmitter[] = [
  {
    name: "zod",
    emit: (model, parts) => emitZod(model, context, [], parts),
    // a part per component schema and per operationId, and the file with its slots
    count: (model) => Object.keys(model.schemas).length + uniqueOperationIds(model) + 1,
    // the edited component's own schema: the others and the operations refer to it by name
    reaching: () => 1,
  },
  {
    name: "operations",
    emit: (model, parts) => [
      operationsTemplate(model, context, parts, parts && operationReads(model)),
    ],
    count: (model) => model.operations.length,
    // the schemas a part reads: those its response headers' `$ref`s name (none in the pet store)
    reaching: () => 0,
  },
  {
    name: "query",
    emit: (model, parts) => queryTemplates(model, context, parts),
    count: (model) => model.operations.length,
    // a factory shows its operation's name and method only, never a schema or a parameter
    reaching: () => 0,
    parameterEdit: 0,
  },
  {
    name: "server",
    emit: (model, parts) => serverTemplate(model, context, parts),
    count: (model) => model.operations.length,
    // an operation's handler types index into types.ts's `paths`: they name no schema
    reaching: () => 0,
  },
];

/** Adds a query parameter `name` to the spec's `index`-th operation. */
function addQueryParameter(document: Record<string, unknown>, index: number, name: string): void {
  const { operation } = operationsOf(document)[index] ?? {};
  if (operation === undefined) throw new Error(`the spec has no operation ${index}`);
  const parameters = (operation.parameters ??= []) as unknown[];
  parameters.unshift({ in: "query", name, schema: { type: "string" } });
}

/** The keys of the entries of the one pack `emit/<name>` of the generator's cache in `cwd`. */
function partKeys(cwd: string, name: string): Set<string> {
  const folder = join(cacheDir(cwd), "emit", name);
  const packs = readdirSync(folder);
  expect(packs).toHaveLength(1);
  return new Set(packKeys(join(folder, packs[0] ?? "")));
}

/** The emitter's files through a part cache in `dir` (the pack of the run before), with its counts. */
function emitWithParts(emitter: PartEmitter, model: ApiModel, dir: string) {
  const parts = new PartCache(CachePack.open(dir, `test/${emitter.name}-parts`, "salt"), "shared");
  const files = emitter.emit(new RunCaches().proseFree(model), parts);
  parts.save();
  return { files, hits: parts.hits, made: parts.made };
}

describe.each(EMITTERS)("$name's parts", (emitter) => {
  it("makes only the edited operation's part again, and writes what a run without cache writes", async () => {
    const { dir, spec } = copySpec(join(ROOT, "spec/openapi.yaml"), `${emitter.name}-parts-`);
    temps.push(dir);
    const first = (await loadLayoutSpec(spec)).model;
    const count = emitter.count(first);
    const cold = emitWithParts(emitter, first, dir);
    // parts alike (two operations with the same parameters) are made once
    expect(cold.hits + cold.made).toBe(count);
    expect(cold.made).toBeGreaterThan(count / 2);
    expect(cold.files).toEqual(emitter.emit(first));
    expect(emitWithParts(emitter, first, dir)).toEqual({ ...cold, hits: count, made: 0 });

    editSpec(spec, (document) => addQueryParameter(document, 2, "editedByTheTest"));
    const edited = (await loadLayoutSpec(spec)).model;
    const warm = emitWithParts(emitter, edited, dir);
    const made = emitter.parameterEdit ?? 1;
    expect(warm).toMatchObject({ hits: count - made, made });
    expect(warm.files).toEqual(emitter.emit(edited));
    // zod.ts shows the parameter (operations.ts does not: a plain query parameter needs no style)
    if (emitter.name === "zod")
      expect(warm.files.map((file) => file.content).join("")).toContain("editedByTheTest");
  }, 120_000);

  it("makes only the parts that reach an edited schema again", async () => {
    const { dir, spec } = copySpec(join(ROOT, "spec/openapi.yaml"), `${emitter.name}-schema-`);
    temps.push(dir);
    const first = (await loadLayoutSpec(spec)).model;
    const cold = emitWithParts(emitter, first, dir);
    let changed = false;
    editSpec(spec, (document) => void (changed = editSchema(document, 77)));
    expect(changed).toBe(true);
    const edited = (await loadLayoutSpec(spec)).model;
    const warm = emitWithParts(emitter, edited, dir);
    const editedNames = Object.keys(edited.schemas).filter(
      (name) => JSON.stringify(edited.schemas[name]) !== JSON.stringify(first.schemas[name]),
    );
    expect(editedNames).toHaveLength(1);
    const reaching = emitter.reaching(edited, editedNames);
    if (emitter.name === "zod") expect(reaching).toBeGreaterThan(0);
    // operations reach the edited schema, and no part reads it: none is made again
    if (emitter.name === "operations")
      expect(operationsReaching(edited, editedNames)).toBeGreaterThan(0);
    expect(warm).toMatchObject({ hits: emitter.count(first) - reaching, made: reaching });
    expect(warm.files).toEqual(emitter.emit(edited));
  }, 120_000);

  it("makes nothing again after a description's edit", async () => {
    const { dir, spec } = copySpec(join(ROOT, "spec/openapi.yaml"), `${emitter.name}-prose-`);
    temps.push(dir);
    const first = (await loadLayoutSpec(spec)).model;
    emitWithParts(emitter, first, dir);
    editSpec(spec, (document) => editDescription(document, 1, "editedByTheTest"));
    const edited = (await loadLayoutSpec(spec)).model;
    const warm = emitWithParts(emitter, edited, dir);
    expect(warm).toMatchObject({ hits: emitter.count(first), made: 0 });
    expect(warm.files).toEqual(emitter.emit(new RunCaches().proseFree(edited)));
  }, 120_000);
});

describe("the generator's output with parts", () => {
  it("is a cold run's after each kind of edit", async () => {
    const { dir, spec } = copySpec(join(ROOT, "spec/openapi.yaml"), "parts-render-");
    temps.push(dir);
    const options = { specPath: spec, outDir: join(dir, "out"), cwd: dir, apiName: "Api" };
    const files = async (cache: boolean) => (await render({ ...options, cache })).files;
    expect(await files(true)).toEqual(await files(false));
    const edits: ((document: Record<string, unknown>) => void)[] = [
      (document) => addQueryParameter(document, 0, "firstEdit"),
      (document) => void editSchema(document, 33),
      (document) => editDescription(document, 3, "proseEdit"),
      (document) => addQueryParameter(document, 3, "secondEdit"),
    ];
    const operations = (await loadLayoutSpec(spec)).model.operations.length;
    let before = partKeys(dir, "operations-parts");
    expect(before.size).toBe(operations);
    const handlerTypes = partKeys(dir, "server-parts");
    expect(handlerTypes.size).toBe(operations);
    for (const [index, edit] of edits.entries()) {
      editSpec(spec, edit);
      expect(await files(true)).toEqual(await files(false));
      const after = partKeys(dir, "operations-parts");
      // an operation's edit keeps every other operation's part (the spec's hash is not in their
      // keys), the second one too: after the schema edit, whose run took client.ts whole from
      // the cache, no part is made again for it (none reads that schema: schema-reads.ts)
      if (index === 0 || index === 3)
        expect([...after].filter((key) => before.has(key))).toHaveLength(operations - 1);
      if (index === 0) {
        const kept = [...partKeys(dir, "server-parts")].filter((key) => handlerTypes.has(key));
        expect(kept).toHaveLength(operations - 1);
      }
      before = after;
    }
  }, 240_000);
});

describe("operations.ts's parts and the schemas they read", () => {
  it("makes again the part whose response header's `$ref`d schema changed, and only it", async () => {
    const { dir } = copySpec(join(ROOT, "spec/openapi.yaml"), "operations-header-ref-");
    temps.push(dir);
    const { model } = await loadLayoutSpec(join(ROOT, "spec/openapi.yaml"));
    const emitter = EMITTERS.find((each) => each.name === "operations") as PartEmitter;
    /** The pet store with a header of its first operation's first response typed by `HeaderList`. */
    const withHeader = (list: SchemaModel): ApiModel => {
      const [first, ...rest] = model.operations as OperationModel[];
      if (first === undefined) throw new Error("the pet store has operations");
      const [response, ...others] = first.responses;
      if (response === undefined) throw new Error("the first operation has responses");
      const header = {
        name: "X-List",
        required: true,
        schema: { $ref: "#/components/schemas/HeaderList" },
      };
      return {
        ...model,
        schemas: { ...model.schemas, HeaderList: list },
        operations: [
          {
            ...first,
            responses: [{ ...response, headers: [...response.headers, header] }, ...others],
          },
          ...rest,
        ],
      };
    };
    const integers = withHeader({ type: "array", items: { type: "integer" } });
    expect(emitWithParts(emitter, integers, dir).made).toBe(model.operations.length);
    const strings = withHeader({ type: "array", items: { type: "string" } });
    const warm = emitWithParts(emitter, strings, dir);
    expect(warm).toMatchObject({ hits: model.operations.length - 1, made: 1 });
    expect(warm.files).toEqual(emitter.emit(strings));
    expect(warm.files[0]?.content).toContain('"X-List": "string[]"');
  });
});

describe("operations.ts's parts against hostile input", () => {
  it("prints the file whole when an operation holds the token character", async () => {
    const { model } = await loadLayoutSpec(join(ROOT, "spec/openapi.yaml"));
    const [first, ...rest] = model.operations;
    if (first === undefined) throw new Error("the pet store has operations");
    const hostile: ApiModel = {
      ...model,
      operations: [{ ...first, operationId: `x${PART_TOKEN}RESPONSE_HEADERS_0` }, ...rest],
    };
    let offered = 0;
    const counting: PartStore = { part: (_kind, _reads, make) => (offered++, make()) };
    const files = operationsTemplate(hostile, context, counting, operationReads(hostile));
    expect(offered).toBe(0);
    expect(files).toEqual(operationsTemplate(hostile, context));
    expect(files.content).toContain(`x${PART_TOKEN}RESPONSE_HEADERS_0`);
  });

  it("makes a part again when the cache gives a text that is not a part", async () => {
    const { model } = await loadLayoutSpec(join(ROOT, "spec/openapi.yaml"));
    let offered = 0;
    const forged: PartStore = {
      part: (_kind, _reads, make, valid) => {
        offered++;
        const text = `[[],[]]\nconst ${PART_TOKEN}RESPONSE_HEADERS_7 = 1;`;
        return valid === undefined || valid(text) ? text : make();
      },
    };
    const files = operationsTemplate(model, context, forged, operationReads(model));
    expect(offered).toBe(model.operations.length);
    expect(files).toEqual(operationsTemplate(model, context));
  });
});
