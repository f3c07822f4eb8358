/**
 * Remote mode: tools that call the reference pet store over HTTP on 127.0.0.1 through the
 * generated client, driven by the SDK's client, in process (linked transports) and through the
 * stdio launcher (`npm run -s mcp`) as a local agent starts it.
 */
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPetStoreServer, type PetStoreServer } from "../../examples/petstore/index.js";
import {
  createRemoteMcpServer,
  MCP_API,
  ToolLimitError,
  type RemoteMcpOptions,
} from "../../generated/entry/mcp.js";
import { createPet$201 } from "../../generated/validators/bodies.js";

let api: PetStoreServer;
let url: string;

beforeAll(async () => {
  api = createPetStoreServer({ seed: true });
  url = await api.listen({ port: 0 });
});
afterAll(() => api.close());

function proKey(): string {
  return api.keys.find((key) => key.plan === "pro")?.key ?? "";
}

async function connected(
  options: Omit<RemoteMcpOptions, "client">,
  apiKey = proKey(),
): Promise<Client> {
  const server = createRemoteMcpServer(MCP_API, {
    ...options,
    client: { baseUrl: url, apiKey, onDeprecation: () => {} },
  });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = new Client({ name: "mcp-remote-test", version: "1.0.0" });
  await client.connect(clientSide);
  return client;
}

describe("remote MCP server (through the generated client)", () => {
  it("creates a pet with a fresh Idempotency-Key per call: two calls, two pets", async () => {
    const client = await connected({});
    const args = { body: { name: "Remote", categoryId: 1 } };
    const first = await client.callTool({ name: "createPet", arguments: args });
    const second = await client.callTool({ name: "createPet", arguments: args });
    expect(createPet$201(first.structuredContent)).toBe(true);
    expect(createPet$201(second.structuredContent)).toBe(true);
    expect((first.structuredContent as { id: number }).id).not.toBe(
      (second.structuredContent as { id: number }).id,
    );
    await client.close();
  });

  it("shows deprecated tools on request, with their sunset and successor; beta and experimental on opt-in", async () => {
    const plain = await connected({});
    const plainNames = (await plain.listTools()).tools.map((tool) => tool.name);
    const wide = await connected({ deprecated: true, stability: ["beta", "experimental"] });
    const { tools } = await wide.listTools();
    const getPet = tools.find((tool) => tool.name === "getPet");
    expect(getPet?.description).toContain(
      "It stops working on 2027-06-30. Use getPetById instead.",
    );
    const stable = MCP_API.tools.filter(
      (tool) => tool.stability === undefined && tool.deprecation === undefined,
    );
    expect(plainNames).toEqual(stable.map((tool) => tool.name));
    expect(tools.length).toBe(MCP_API.tools.length);
    await Promise.all([plain.close(), wide.close()]);
  });

  it("never lists an operation past its sunset, even when deprecated tools are shown", async () => {
    const client = await connected({
      deprecated: true,
      now: () => Date.parse("2027-06-30T00:00:00Z"),
    });
    const names = (await client.listTools()).tools.map((tool) => tool.name);
    expect(names).not.toContain("getPet");
    expect(names).toContain("getPetById");
    await client.close();
  });

  it("filters by tag and operationId, and refuses more tools than maxTools", async () => {
    const client = await connected({
      include: { operations: ["listPets", "createPet"] },
      exclude: { operations: ["createPet"] },
    });
    expect((await client.listTools()).tools.map((tool) => tool.name)).toEqual(["listPets"]);
    await client.close();
    expect(() => createRemoteMcpServer(MCP_API, { client: { baseUrl: url }, maxTools: 3 })).toThrow(
      ToolLimitError,
    );
    expect(() => createRemoteMcpServer(MCP_API, { client: { baseUrl: url }, maxTools: 3 })).toThrow(
      /more than maxTools \(3\)/,
    );
  });

  it("answers a wrong key with the spec's 401 as a tool error, and bad arguments without a request", async () => {
    const client = await connected({}, "not-a-key");
    const denied = await client.callTool({ name: "listPets", arguments: {} });
    expect(denied.isError).toBe(true);
    expect(JSON.parse((denied.content as { text: string }[])[1]?.text ?? "{}")).toMatchObject({
      status: 401,
      error: { code: "unauthorized" },
    });
    const bad = await client.callTool({ name: "listPets", arguments: { limit: 3 } });
    expect(bad.isError).toBe(true);
    expect((bad.content as { text: string }[])[0]?.text).toBe(
      'listPets failed: unknown argument "limit": listPets takes query',
    );
    await client.close();
  });

  it("serves over stdio as a local agent starts it", async () => {
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [
        "--import",
        "tsx",
        "examples/petstore/mcp-stdio.ts",
        "--url",
        url,
        "--api-key",
        proKey(),
        "--tag",
        "Pets",
      ],
      stderr: "pipe",
    });
    const client = new Client({ name: "mcp-stdio-test", version: "1.0.0" });
    await client.connect(transport);
    const names = (await client.listTools()).tools.map((tool) => tool.name);
    expect(names).toContain("listPets");
    expect(names).not.toContain("listOrders");
    const listed = await client.callTool({ name: "listPets", arguments: { query: { limit: 1 } } });
    expect((listed.structuredContent as { result: unknown[] }).result).toHaveLength(1);
    await client.close();
  }, 30_000);
});
