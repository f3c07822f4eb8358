/**
 * The MCP tool table comes from the emitter cache only for the same package name, and a run whose
 * MCP files come from the cache still warns about the tools it leaves out; after an edit of an
 * operation's prose, mcp.ts, server.ts and the client's files are made from their cached text
 * (their prose in slots, filled again).
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { cacheDir } from "../../generator/cache/cache-pack.js";
import { render } from "../../generator/generate.js";
import { copySpec, editSpec, operationsOf } from "./spec-edits.js";

const ROOT = resolve(import.meta.dirname, "../..");
const out = mkdtempSync(join(tmpdir(), "mcp-cache-"));
afterAll(() => rmSync(out, { recursive: true, force: true }));

async function mcpName(packageName: string | undefined): Promise<string | undefined> {
  const rendered = await render({
    specPath: "spec/openapi.yaml",
    outDir: out,
    cwd: ROOT,
    apiName: "PetStore",
    ...(packageName === undefined ? {} : { packageName }),
  });
  const text = rendered.files.find((file) => file.path === "mcp.ts")?.content ?? "";
  return /export const MCP_API: McpApi = \{\s*name: "([^"]+)"/.exec(text)?.[1];
}

/** A spec with one operation whose body is neither JSON nor a form: no MCP tool for it. */
function specWithoutTool(description: string): string {
  return JSON.stringify({
    openapi: "3.0.3",
    info: { title: "Uploads", version: "1.0.0" },
    paths: {
      "/files": {
        post: {
          operationId: "uploadFile",
          description,
          requestBody: {
            required: true,
            content: { "application/octet-stream": { schema: { type: "string" } } },
          },
          responses: { "204": { description: "Stored" } },
        },
      },
    },
  });
}

describe("the MCP emitter's cache", () => {
  it("keys on the package name, which MCP_API prints", async () => {
    expect(await mcpName("@acme/petstore")).toBe("@acme/petstore");
    expect(await mcpName(undefined)).toBe("petstore-api");
    expect(await mcpName("@acme/petstore")).toBe("@acme/petstore");
  }, 120_000);

  it("warns about a tool left out when its files come from the cache", async () => {
    const dir = mkdtempSync(join(tmpdir(), "mcp-warnings-"));
    try {
      const spec = join(dir, "openapi.json");
      const warningsAfter = async (description: string, cache: boolean) => {
        writeFileSync(spec, specWithoutTool(description));
        const options = { specPath: spec, outDir: join(dir, "out"), cwd: ROOT, cache };
        return (await render(options)).warnings.filter((warning) => warning.startsWith("MCP:"));
      };
      const fresh = await warningsAfter("Stores a file.", false);
      expect(fresh).toHaveLength(1);
      expect(fresh[0]).toContain("uploadFile");
      expect(await warningsAfter("Stores a file.", true)).toEqual(fresh);
      // this run's MCP files come from the cache the run before filled
      expect(await warningsAfter("Stores a file.", true)).toEqual(fresh);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);

  it("reuses mcp.ts, server.ts and the client's text after an operation's prose edit", async () => {
    const { dir, spec } = copySpec(join(ROOT, "spec/openapi.yaml"), "mcp-prose-");
    try {
      const options = { specPath: spec, outDir: join(dir, "out"), cwd: dir, apiName: "PetStore" };
      // a pack is written again only when an entry misses (cache/cache-pack.ts)
      const packs = () =>
        ["mcp", "server", "client", "query"].map((name) => {
          const folder = join(cacheDir(dir), "emit", name);
          return readdirSync(folder).map((file) => readFileSync(join(folder, file), "utf8"));
        });
      const before = (await render(options)).files.find((file) => file.path === "mcp.ts");
      const cached = packs();
      editSpec(spec, (document) => {
        const operation = operationsOf(document)[0]?.operation;
        if (operation === undefined) throw new Error("the pet store has no operation");
        operation.description = "Edited: lists the pets.";
        operation.summary = "Edited summary";
      });
      const after = (await render(options)).files.find((file) => file.path === "mcp.ts");
      expect(after?.content).toContain('title: "Edited summary"');
      expect(after?.content).not.toEqual(before?.content);
      expect(packs()).toEqual(cached);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
