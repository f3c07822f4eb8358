/**
 * A validators module assembled from its function entries is walked once (validator-parts.ts
 * `wholeModuleSlice`), not once per operation: the functions most operations share are visited
 * by the first operation reaching them only, and the module's bytes are those of a module printed
 * from every operation's slice (a run without cache), also where a cycle of several components is
 * exported directly (its members' two copies read different `wrapper$...` values).
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { CachePack } from "../../generator/cache/cache-pack.js";
import { PartCache } from "../../generator/cache/cached-parts.js";
import type { BatchPartStore } from "../../generator/emit/part-store.js";
import { emitValidators } from "../../generator/emit/validators/emit-validators.js";
import { walkCounts } from "../../generator/emit/validators/validator-parts.js";
import { loadLayoutSpec } from "./layout-specs.js";
import { editSpec } from "./spec-edits.js";

const temps: string[] = [];
/** The part cache without `keep`: each module assembled from its entries, never reused as printed (validator-module-record.test.ts). */
const entriesOnly = (parts: PartCache): BatchPartStore => ({
  lookup: (kind, reads) => parts.lookup(kind, reads),
  store: (kind, reads, text) => parts.store(kind, reads, text),
});
afterAll(() => temps.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

const context = { apiName: "Api", specPath: "spec.yaml" };
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const json = (schema: object) => ({
  description: "OK",
  content: { "application/json": { schema } },
});

/**
 * `count` operations: every one reaches the chain Shared0 → ... → Shared9; some reach the cycle
 * A → B → C → A, directly or not (the first exports C: C's copy `b` is reached before its copy `a`,
 * which alone reads `wrapper$A`).
 */
function spec(count: number): Record<string, unknown> {
  const paths: Record<string, unknown> = {};
  const cycle = [ref("C"), ref("B"), ref("A"), { type: "array", items: ref("B") }, ref("Holder")];
  for (let index = 0; index < count; index++) {
    const own = { type: "object", properties: { shared: ref("Shared0"), n: { type: "integer" } } };
    paths[`/items${index}`] = {
      get: {
        operationId: `get${index}`,
        parameters: [{ in: "query", name: `q${index}`, schema: ref("Shared0") }],
        responses: {
          "200": json(index % 3 === 0 ? (cycle[index % cycle.length] as object) : own),
          default: json(ref("Error")),
        },
      },
    };
  }
  const schemas: Record<string, unknown> = {
    Error: { type: "object", properties: { code: { type: "integer" }, detail: ref("Shared0") } },
    A: { type: "object", properties: { b: ref("B"), name: { type: "string", pattern: "^a" } } },
    B: { type: "object", properties: { c: ref("C"), shared: ref("Shared0") } },
    C: { type: "object", properties: { a: ref("A"), at: { type: "string", format: "date-time" } } },
    Holder: { type: "object", properties: { c: ref("C"), a: ref("A") } },
  };
  for (let index = 0; index < 10; index++)
    schemas[`Shared${index}`] = {
      type: "object",
      properties: {
        value: { type: "string", maxLength: 10 + index },
        ...(index < 9 ? { next: ref(`Shared${index + 1}`) } : {}),
      },
    };
  return {
    openapi: "3.0.3",
    info: { title: "Walk", version: "1.0.0" },
    paths,
    components: { schemas },
  };
}

/**
 * `count` operations each answering C directly (copy `b`) and Holder, which calls C's copy `a`
 * (which reads `wrapper$A`), the cycle A → B → C → A reaching the chain Shared0 → ... → Shared9:
 * each operation's walk reaches C's copy `a` first (its exports are walked last first), so it
 * never reaches C's copy `b`, which its calls lead to.
 */
function directCycleSpec(count: number): Record<string, unknown> {
  const document = spec(count);
  const paths = document.paths as Record<string, { get: Record<string, unknown> }>;
  Object.values(paths).forEach((item, index) => {
    item.get.responses = { "200": json(ref("C")), default: json(ref("Holder")) };
  });
  return document;
}

/** The validators of `document`, with a cache (filled first) and without; the walks' counters of the warm one. */
async function warmAndWhole(document: Record<string, unknown>) {
  const dir = mkdtempSync(join(tmpdir(), "validator-walk-"));
  temps.push(dir);
  const file = join(dir, "spec.json");
  writeFileSync(file, JSON.stringify(document, null, 2));
  const emit = async (cached: boolean, walks = walkCounts()) => {
    const parts = new PartCache(CachePack.open(dir, "test/walk", "salt"), "shared");
    const model = (await loadLayoutSpec(file)).model;
    const files = emitValidators(
      model,
      context,
      [],
      cached ? { parts: entriesOnly(parts), walks } : {},
    );
    parts.save();
    return files;
  };
  await emit(true);
  const walks = walkCounts();
  const warm = await emit(true, walks);
  return { warm, whole: await emit(false), visits: walks.visits, wholeWalks: walks.wholeWalks };
}

describe("a validators module assembled from its entries", () => {
  it("stops walking parts whole once every value the reachable copies read is in", async () => {
    const operations = 60;
    const { warm, whole, visits, wholeWalks } = await warmAndWhole(directCycleSpec(operations));
    expect(warm).toEqual(whole);
    expect(wholeWalks).toBeGreaterThanOrEqual(2);
    // waiting for C's copy `b` walked each operation whole (1,030 visits): every value is in
    // after the first operation, the others walk their own exports only
    expect(visits).toBeLessThan(2 * operations + 40);
  }, 120_000);

  it("is walked once, visiting shared functions once, with the bytes of a module printed part by part", async () => {
    const dir = mkdtempSync(join(tmpdir(), "validator-walk-"));
    temps.push(dir);
    const file = join(dir, "spec.json");
    const operations = 30;
    writeFileSync(file, JSON.stringify(spec(operations), null, 2));
    const load = async () => (await loadLayoutSpec(file)).model;
    const emit = async (cached: boolean, walks = walkCounts()) => {
      const parts = new PartCache(CachePack.open(dir, "test/walk", "salt"), "shared");
      const model = await load();
      const warnings: string[] = [];
      const files = emitValidators(
        model,
        context,
        warnings,
        cached ? { parts: entriesOnly(parts), walks } : {},
      );
      return { files, warnings, parts };
    };
    const run = async () => {
      const walks = walkCounts();
      const cached = await emit(true, walks);
      cached.parts.save();
      const whole = await emit(false);
      // the bytes of the module compiled whole (printed from every operation's slice)
      expect({ files: cached.files, warnings: cached.warnings }).toEqual({
        files: whole.files,
        warnings: whole.warnings,
      });
      return walks;
    };
    await run(); // fills the cache
    const warm = await run(); // every function from the entries
    // parameters, bodies and response headers (when it has exports) each walked once
    expect(warm.slicedWalks).toBe(0);
    expect(warm.wholeWalks).toBeGreaterThanOrEqual(2);
    // each operation reaches the ten Shared functions (parameters and bodies): walked per
    // operation that is more than 2 × 30 × 10 visits; once, about one per export and function
    expect(warm.visits).toBeLessThan(4 * operations + 40);
    // after a schema edit in the cycle and one in the shared chain: the same bytes
    editSpec(file, (document) => {
      type Schema = { properties: Record<string, Record<string, unknown>> };
      const schemas = (document as { components: { schemas: Record<string, Schema> } }).components
        .schemas;
      (schemas.B as Schema).properties.extra = { type: "boolean" };
      ((schemas.Shared5 as Schema).properties.value as Record<string, unknown>).maxLength = 99;
    });
    const edited = await run();
    expect(edited.slicedWalks).toBe(0);
    expect(edited.visits).toBeLessThan(4 * operations + 40);
  }, 120_000);
});

describe("a missed export that reaches no component", () => {
  it("is compiled without the API's components, to the same module", async () => {
    const dir = mkdtempSync(join(tmpdir(), "validator-walk-"));
    temps.push(dir);
    const file = join(dir, "spec.json");
    const document = spec(6);
    const paths = document.paths as Record<string, { get: { parameters: unknown[] } }>;
    for (const item of Object.values(paths))
      item.get.parameters = [{ in: "query", name: "plain", schema: { type: "string" } }];
    const emit = async (cached: boolean, walks = walkCounts()) => {
      writeFileSync(file, JSON.stringify(document, null, 2));
      const parts = new PartCache(CachePack.open(dir, "test/walk", "salt"), "shared");
      const files = emitValidators(
        (await loadLayoutSpec(file)).model,
        context,
        [],
        cached ? { parts: entriesOnly(parts), walks } : {},
      );
      parts.save();
      return files;
    };
    await emit(true);
    // a query parameter added to one operation: its parameters' export misses
    paths["/items0"]?.get.parameters.push({
      in: "query",
      name: "added",
      schema: { type: "integer" },
    });
    const walks = walkCounts();
    const warm = await emit(true, walks);
    expect(walks.withoutComponents).toBe(1);
    expect(warm).toEqual(await emit(false));
  }, 120_000);
});
