/**
 * The MCP endpoint in front of the reference pet store, driven by the SDK's own client over real
 * HTTP on 127.0.0.1: tools listed as the spec says, structured results that match the spec's
 * schemas, and every call behind the same key checks, plan limits and idempotency as HTTP.
 */
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPetStoreServer, type PetStoreServer } from "../../examples/petstore/index.js";
import {
  createPet$201,
  listPets$200,
  listPets$401,
  listPets$429,
} from "../../generated/validators/bodies.js";

let server: PetStoreServer;
let url: string;

beforeAll(async () => {
  server = createPetStoreServer({ seed: true, mcp: {} });
  url = await server.listen({ port: 0 });
});
afterAll(() => server.close());

function keyOf(plan: string): string {
  const found = server.keys.find((key) => key.plan === plan);
  if (found === undefined) throw new Error(`no demo key of plan ${plan}`);
  return found.key;
}

async function connect(key: string | undefined): Promise<Client> {
  const client = new Client({ name: "mcp-http-test", version: "1.0.0" });
  const headers: Record<string, string> = key === undefined ? {} : { "X-API-Key": key };
  await client.connect(
    new StreamableHTTPClientTransport(new URL(`${url}/mcp`), { requestInit: { headers } }),
  );
  return client;
}

interface ToolError {
  readonly status: number;
  readonly retryAfterSeconds?: number;
  readonly error: { readonly code: string; readonly message: string };
}

/** The JSON part of a tool error. */
function toolError(result: Awaited<ReturnType<Client["callTool"]>>): ToolError {
  expect(result.isError).toBe(true);
  const content = result.content as { type: string; text: string }[];
  return JSON.parse(content[1]?.text ?? "null") as ToolError;
}

describe("MCP over Streamable HTTP at /mcp", () => {
  it("lists stable operations with derived annotations, without deprecated or experimental ones", async () => {
    const client = await connect(keyOf("pro"));
    const { tools } = await client.listTools();
    const names = tools.map((tool) => tool.name);
    expect(names).toContain("listPets");
    expect(names).not.toContain("getPet");
    expect(names).not.toContain("setInventoryStock");
    const byName = new Map(tools.map((tool) => [tool.name, tool]));
    expect(byName.get("listPets")?.annotations).toMatchObject({
      readOnlyHint: true,
      destructiveHint: false,
      idempotentHint: false,
      title: "List pets",
    });
    expect(byName.get("deletePet")?.annotations).toMatchObject({
      readOnlyHint: false,
      destructiveHint: true,
      idempotentHint: true,
    });
    expect(byName.get("updatePet")?.annotations).toMatchObject({
      readOnlyHint: false,
      destructiveHint: false,
      idempotentHint: true,
    });
    expect(byName.get("createPet")?.annotations).toMatchObject({
      readOnlyHint: false,
      destructiveHint: false,
      idempotentHint: true,
    });
    expect(byName.get("createPet")?.title).toBe(byName.get("createPet")?.annotations?.title);
    await client.close();
  });

  it("calls listPets and createPet, their structuredContent matching the spec's schemas", async () => {
    const client = await connect(keyOf("pro"));
    const listed = await client.callTool({ name: "listPets", arguments: { query: { limit: 2 } } });
    expect(listed.isError).not.toBe(true);
    const pets = (listed.structuredContent as { result: unknown[] }).result;
    expect(pets.length).toBe(2);
    expect(listPets$200(pets)).toBe(true);
    const created = await client.callTool({
      name: "createPet",
      arguments: { body: { name: "Tool-made", categoryId: 1 } },
    });
    expect(created.isError).not.toBe(true);
    expect(createPet$201(created.structuredContent)).toBe(true);
    expect(created.structuredContent).toMatchObject({ name: "Tool-made", categoryId: 1 });
    await client.close();
  });

  it("answers GET on the stateless endpoint with 405, and passes other paths to the handler", async () => {
    const get = await fetch(`${url}/mcp`, { headers: { Accept: "text/event-stream" } });
    expect(get.status).toBe(405);
    expect(get.headers.get("allow")).toBe("POST");
    const pets = await fetch(`${url}/pets`, { headers: { "X-API-Key": keyOf("pro") } });
    expect(pets.status).toBe(200);
  });

  it("answers a call without a key with the spec's 401 as a tool error", async () => {
    const client = await connect(undefined);
    const result = await client.callTool({ name: "listPets", arguments: {} });
    const error = toolError(result);
    expect(error.status).toBe(401);
    expect(listPets$401(error.error)).toBe(true);
    await client.close();
  });

  it("gives a Free key's 61st call in a minute the spec's 429 with its retry time", async () => {
    const client = await connect(keyOf("free"));
    for (let call = 1; call <= 60; call += 1) {
      const result = await client.callTool({
        name: "listPets",
        arguments: { query: { limit: 1 } },
      });
      expect(result.isError, `call ${call}`).not.toBe(true);
    }
    const error = toolError(
      await client.callTool({ name: "listPets", arguments: { query: { limit: 1 } } }),
    );
    expect(error.status).toBe(429);
    expect(error.error.code).toBe("rate_limited");
    expect(listPets$429(error.error)).toBe(true);
    expect(error.retryAfterSeconds).toBeGreaterThan(0);
    expect(error.retryAfterSeconds).toBeLessThanOrEqual(60);
    await client.close();
  });

  it("replays a call repeated with the same Idempotency-Key instead of creating a second pet", async () => {
    const client = await connect(keyOf("business"));
    const args = {
      header: { "Idempotency-Key": "mcp-test-replay-1" },
      body: { name: "Once", categoryId: 1 },
    };
    const first = await client.callTool({ name: "createPet", arguments: args });
    const second = await client.callTool({ name: "createPet", arguments: args });
    expect(first.isError).not.toBe(true);
    expect(second.structuredContent).toEqual(first.structuredContent);
    const all = await client.callTool({ name: "listPets", arguments: { query: { limit: 100 } } });
    const named = (all.structuredContent as { result: { name: string }[] }).result.filter(
      (pet) => pet.name === "Once",
    );
    expect(named).toHaveLength(1);
    await client.close();
    // runs after the Free key's 429 above: another caller's key is not held back by it (the
    // endpoint forwards each caller's key as a header, which keys the client's rate-limit state)
  });
});
