/**
 * The model and the client descriptor for idempotent writes: an operation declaring a header
 * parameter named `Idempotency-Key` (any case, path- or operation-level) gets
 * `idempotencyKeyHeader` with the name as declared, emitted into its client descriptor; others
 * get none. And operation names never take the client's own `use`/`eject`.
 */
import { describe, expect, it } from "vitest";
import { emitClient } from "../../generator/emit/client/emit-client.js";
import { buildModel } from "../../generator/model/build-model.js";

function spec(paths: Record<string, unknown>): Record<string, unknown> {
  return { openapi: "3.0.3", info: { title: "T", version: "1" }, paths };
}
const ok = { responses: { "201": { description: "created" } } };
const keyHeader = (name: string) => ({
  name,
  in: "header",
  required: false,
  schema: { type: "string" },
});

describe("idempotencyKeyHeader", () => {
  const model = buildModel(
    spec({
      "/orders": {
        post: { operationId: "placeOrder", parameters: [keyHeader("idempotency-key")], ...ok },
        put: { operationId: "replaceOrders", ...ok },
      },
      "/payments": {
        parameters: [keyHeader("Idempotency-Key")],
        post: { operationId: "pay", ...ok },
      },
      "/notes": {
        post: { operationId: "addNote", parameters: [keyHeader("X-Idempotency-Key")], ...ok },
      },
    }),
    "0",
  );
  const byId = Object.fromEntries(
    model.operations.map((operation) => [operation.operationId, operation.idempotencyKeyHeader]),
  );

  it("is the declared name of an Idempotency-Key header parameter, matched without case", () => {
    expect(byId).toEqual({
      placeOrder: "idempotency-key",
      replaceOrders: undefined,
      pay: "Idempotency-Key",
      addNote: undefined, // another header, even if similar
    });
  });

  it("is emitted into the operation's client descriptor, and only there", () => {
    const client = emitClient(model, { apiName: "T", specPath: "spec.yaml" }).find(
      (file) => file.path === "client.ts",
    )!.content;
    expect(client).toMatch(/placeOrder: \{[^}]*"?idempotencyKeyHeader"?: ?"idempotency-key"/);
    expect(client).toMatch(/pay: \{[^}]*"?idempotencyKeyHeader"?: ?"Idempotency-Key"/);
    expect(client.match(/idempotencyKeyHeader/g)).toHaveLength(2);
  });
});

describe("operation names", () => {
  it("never take the client's middleware methods use and eject (renamed and reported)", () => {
    const model = buildModel(
      spec({
        "/use": { get: { operationId: "use", ...ok } },
        "/eject": { post: { operationId: "Eject", ...ok } },
      }),
      "0",
    );
    expect(model.operations.map((operation) => operation.name)).toEqual(["use2", "eject2"]);
    expect(model.renames).toEqual([
      {
        kind: "operation",
        from: "use",
        to: "use2",
        reason: "reserved: a method of the client (middleware)",
      },
      {
        kind: "operation",
        from: "Eject",
        to: "eject2",
        reason: "reserved: a method of the client (middleware)",
      },
    ]);
  });
});
