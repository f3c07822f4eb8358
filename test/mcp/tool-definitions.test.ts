/**
 * Each tool's `definitions` (the components its schemas reach, directly or through other
 * components) and the definitions table: the closure over `$ref` cycles, each name once, in
 * code-unit order, and the table holding exactly the components the tools name.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { mcpTools } from "../../generator/emit/mcp/mcp-tools.js";
import { loadSpec } from "../../generator/load/load-spec.js";
import { buildModel } from "../../generator/model/build-model.js";

const dir = mkdtempSync(join(tmpdir(), "mcp-definitions-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const object = (properties: Record<string, unknown>) => ({ type: "object", properties });
const get = (operationId: string, schema: unknown) => ({
  get: {
    operationId,
    responses: { "200": { description: "ok", content: { "application/json": { schema } } } },
  },
});

const spec = {
  openapi: "3.1.0",
  info: { title: "cycles", version: "1.0.0" },
  paths: {
    "/d": get("getD", ref("D")),
    "/b": get("getB", object({ b: ref("B") })),
    "/e": get("getE", object({ e: ref("e") })),
    "/plain": get("getPlain", object({ n: { type: "integer" } })),
  },
  components: {
    schemas: {
      // A → B → C → A (a cycle), D → A, `e` (lower case: after the capitals) → C and Z
      A: object({ b: ref("B") }),
      B: object({ c: ref("C") }),
      C: object({ a: ref("A"), items: { type: "array", items: ref("C") } }),
      D: object({ a: ref("A") }),
      e: { allOf: [ref("C"), ref("Z")] },
      Z: { type: "string" },
      Unused: object({ a: ref("A") }),
    },
  },
};

describe("MCP tool definitions", async () => {
  const path = join(dir, "spec.json");
  writeFileSync(path, JSON.stringify(spec));
  const { document, specHash } = await loadSpec(path, dir);
  const { tools, definitions } = mcpTools(buildModel(document, specHash));
  const byName = new Map(tools.map((tool) => [tool.name, tool]));

  it("are the closure over cycles, each name once, in code-unit order", () => {
    expect(byName.get("getD")?.definitions).toEqual({ output: ["A", "B", "C", "D"] });
    expect(byName.get("getB")?.definitions).toEqual({ output: ["A", "B", "C"] });
    expect(byName.get("getE")?.definitions).toEqual({ output: ["A", "B", "C", "Z", "e"] });
    expect(byName.get("getPlain")?.definitions).toBeUndefined();
  });

  it("fill a table of exactly the components the tools name, in code-unit order", () => {
    expect(Object.keys(definitions)).toEqual(["A", "B", "C", "D", "Z", "e"]);
    expect(definitions["C"]).toMatchObject({
      properties: { a: { $ref: "#/$defs/A" }, items: { items: { $ref: "#/$defs/C" } } },
    });
  });
});
