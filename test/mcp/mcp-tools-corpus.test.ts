/**
 * Tool definitions from real specs of the shared corpus (skips without ../shared) and from bad
 * input: each generation succeeds, every listed tool is valid against the MCP `Tool` schema and
 * its input and output schemas compile; operations MCP cannot serve are warned about by name.
 *
 * The `Tool` schema: the SDK ships Zod schemas, not JSON Schema; the one here is derived from the
 * SDK's `ToolSchema` with Zod's `toJSONSchema` (what Zod cannot express, such as the tool name's
 * pattern, is checked beside it), then compiled with Ajv.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ToolSchema } from "@modelcontextprotocol/sdk/types.js";
import { Ajv as Ajv07 } from "ajv";
import { Ajv2020 } from "ajv/dist/2020.js";
import { toJSONSchema } from "zod/v4";
import { afterAll, describe, expect, it } from "vitest";
import { emitAll, prepare } from "../../generator/generate.js";
import { mcpTools } from "../../generator/emit/mcp/mcp-tools.js";
import { listedTool } from "../../templates/mcp/mcp-server.js";
import { CORPUS_DIR, hasCorpus } from "../corpus/corpus-index.js";

const ENTRIES = [
  "readme/3.0/json/star-trek.json", // 120 operations
  "readme/3.0/yaml/schema-circular.yaml", // recursive components
  "readme/3.0/yaml/discriminators.yaml", // oneOf + discriminator
  "readme/3.0/yaml/file-uploads.yaml", // bodies that are not JSON
  "readme/3.1/yaml/train-travel.yaml", // 3.1
  "heyapi/specs/3.0.x/full.yaml", // a bit of everything
  "oai/examples/v3.1/webhook-example.yaml", // webhooks only: no operation, no tool
] as const;

const toolValidator = new Ajv2020({ strict: false }).compile(
  toJSONSchema(ToolSchema, { unrepresentable: "any", io: "input", target: "draft-2020-12" }),
);
const TOOL_NAME = /^[A-Za-z0-9_.-]{1,128}$/;
const out = mkdtempSync(join(tmpdir(), "mcp-tools-"));
afterAll(() => rmSync(out, { recursive: true, force: true }));

/** Generates `specPath` (nothing written); every listed tool checked; the warnings returned. */
async function checkTools(specPath: string): Promise<{ count: number; warnings: string[] }> {
  const { loaded, input } = await prepare({
    specPath,
    outDir: out,
    cache: false,
    apiName: "Api",
    allowUndeclaredPathParameters: true,
    allowDuplicateOperationIds: true,
  });
  const { model, warnings } = input;
  const emitted = await emitAll(input, loaded.document);
  expect(emitted.map((file) => file.path)).toEqual(
    expect.arrayContaining(["mcp.ts", "entry/mcp.ts"]),
  );
  const { tools, definitions } = mcpTools(model);
  const schemas = model.openapiVersion.startsWith("3.1")
    ? new Ajv2020({ strict: false })
    : new Ajv07({ strict: false });
  for (const tool of tools) {
    const listed = listedTool(tool, definitions);
    expect(toolValidator(listed), `${tool.name}: ${JSON.stringify(toolValidator.errors)}`).toBe(
      true,
    );
    expect(listed.name).toMatch(TOOL_NAME);
    expect(() => schemas.compile(listed.inputSchema), `${tool.name} inputSchema`).not.toThrow();
    if (listed.outputSchema !== undefined) {
      expect(
        () => schemas.compile(listed.outputSchema as object),
        `${tool.name} outputSchema`,
      ).not.toThrow();
    }
  }
  expect(new Set(tools.map((tool) => tool.name)).size).toBe(tools.length);
  return { count: tools.length, warnings: warnings.filter((line) => line.startsWith("MCP:")) };
}

describe("MCP tools from bad input", () => {
  it("warns, naming the operation, and goes on without a tool whose name collides or whose body is not JSON", async () => {
    const dir = mkdtempSync(join(out, "bad-"));
    const spec = join(dir, "openapi.yaml");
    writeFileSync(
      spec,
      `openapi: 3.0.3
info: { title: Bad, version: "1" }
paths:
  /a:
    get:
      operationId: get_thing
      responses: { "200": { description: ok, content: { application/json: { schema: { type: object } } } } }
  /b:
    get:
      operationId: get thing
      responses: { "200": { description: ok } }
  /form:
    post:
      operationId: sendForm
      requestBody: { content: { application/x-www-form-urlencoded: { schema: { type: object, properties: { a: { type: string } } } } } }
      responses: { "204": { description: done } }
  /upload:
    post:
      operationId: upload
      requestBody: { required: true, content: { application/octet-stream: { schema: { type: string, format: binary } } } }
      responses: { "204": { description: done } }
`,
    );
    const { count, warnings } = await checkTools(spec);
    expect(count).toBe(2);
    expect(warnings).toEqual([
      "MCP: operation get thing (GET /b) is not a tool: its tool name get_thing is the name of get_thing's tool. Give it an operationId that differs in letters, digits, _ - or . to expose it.",
      "MCP: operation upload (POST /upload) is not a tool: its request body (application/octet-stream) is neither JSON nor a URL-encoded form nor XML with a schema, which MCP tool arguments (JSON) cannot carry.",
    ]);
  });
});

describe.skipIf(!hasCorpus())("MCP tools on corpus specs", () => {
  it.each(ENTRIES)(
    "%s: valid MCP tools",
    async (entry) => {
      const { count, warnings } = await checkTools(join(CORPUS_DIR, entry));
      expect(count > 0).toBe(!/webhook-example|file-uploads/.test(entry));
      if (entry.includes("file-uploads"))
        expect(warnings.join("\n")).toContain("is neither JSON nor");
    },
    60_000,
  );
});
