/** The MCP tool table comes from the emitter cache only for the same package name. */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { render } from "../../generator/generate.js";

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

describe("the MCP emitter's cache", () => {
  it("keys on the package name, which MCP_API prints", async () => {
    expect(await mcpName("@acme/petstore")).toBe("@acme/petstore");
    expect(await mcpName(undefined)).toBe("petstore-api");
    expect(await mcpName("@acme/petstore")).toBe("@acme/petstore");
  }, 120_000);
});
