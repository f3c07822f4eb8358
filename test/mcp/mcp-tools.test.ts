/**
 * The pet store's tool table as the emitter derives it: names, annotations, lifecycle notes,
 * input grouping and output wrapping, read from the spec's facts (never from a frozen list).
 */
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { mcpTools } from "../../generator/emit/mcp/mcp-tools.js";
import { loadSpec } from "../../generator/load/load-spec.js";
import { buildModel } from "../../generator/model/build-model.js";
import { MCP_API } from "../../generated/entry/mcp.js";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));

describe("MCP tools of the pet store", async () => {
  const { document, specHash } = await loadSpec(`${ROOT}spec/openapi.yaml`, ROOT);
  const model = buildModel(document, specHash);
  const { tools, definitions, warnings } = mcpTools(model);
  const byName = new Map(tools.map((tool) => [tool.name, tool]));

  it("has one tool per operation, as generated into mcp.ts, with no warning", () => {
    expect(tools.map((tool) => tool.operationId)).toEqual(
      model.operations.map((op) => op.operationId),
    );
    expect(warnings).toEqual([]);
    expect(MCP_API.tools).toEqual(tools);
    expect(MCP_API.definitions).toEqual(definitions);
  });

  it("derives every annotation from method and Idempotency-Key", () => {
    for (const operation of model.operations) {
      const method = operation.method.toUpperCase();
      expect(byName.get(operation.operationId)?.annotations, operation.operationId).toEqual({
        ...(operation.summary === undefined ? {} : { title: operation.summary }),
        readOnlyHint: method === "GET" || method === "HEAD",
        destructiveHint: method === "DELETE",
        idempotentHint:
          method === "PUT" || method === "DELETE" || operation.idempotencyKeyHeader !== undefined,
        openWorldHint: false,
      });
    }
  });

  it("says a deprecated tool's sunset and successor, and marks stability", () => {
    const getPet = byName.get("getPet");
    expect(getPet?.deprecation).toEqual({ sunset: "2027-06-30", replacedBy: "getPetById" });
    expect(getPet?.description).toMatch(
      /Deprecated\. It stops working on 2027-06-30\. Use getPetById instead\.$/,
    );
    expect(byName.get("setInventoryStock")?.stability).toBe("experimental");
    expect(byName.get("setInventoryStock")?.description).toContain(
      "Experimental: may change or be removed without notice.",
    );
  });

  it("groups parameters by location, wraps a list output, refers to components once", () => {
    const createPet = byName.get("createPet");
    expect(Object.keys(createPet?.inputSchema["properties"] as object)).toEqual(["header", "body"]);
    expect(createPet?.inputSchema["required"]).toEqual(["body"]);
    expect(createPet?.outputSchema).toEqual({ type: "object", allOf: [{ $ref: "#/$defs/Pet" }] });
    expect(createPet?.definitions?.output).toEqual(["Pet", "PetStatus"]);
    const listPets = byName.get("listPets");
    expect(listPets?.wrapsOutput).toBe(true);
    expect(listPets?.outputSchema?.["required"]).toEqual(["result"]);
    for (const name of Object.keys(definitions)) expect(model.schemas[name], name).toBeDefined();
  });
});
