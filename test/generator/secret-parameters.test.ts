/** Parameters whose schema is `format: password` are marked `secret` for telemetry's redaction. */
import { describe, expect, it } from "vitest";
import { buildModel } from "../../generator/model/build-model.js";
import { parameterDescriptors } from "../../generator/emit/server/parameter-descriptors.js";

function spec(): Record<string, unknown> {
  return {
    openapi: "3.0.3",
    info: { title: "T", version: "1.0.0" },
    paths: {
      "/login": {
        get: {
          operationId: "login",
          parameters: [
            { name: "user", in: "query", schema: { type: "string" } },
            { name: "pin", in: "query", schema: { type: "string", format: "password" } },
            { name: "X-Passphrase", in: "header", schema: { $ref: "#/components/schemas/Secret" } },
          ],
          responses: { "204": { description: "ok" } },
        },
      },
    },
    components: { schemas: { Secret: { type: "string", format: "password" } } },
  };
}

describe("parameter descriptors", () => {
  it("mark format: password parameters secret, through a $ref too, and no other", () => {
    const document = spec();
    const model = buildModel(document, "hash");
    const operation = model.operations.find((op) => op.operationId === "login")!;
    const secret = Object.fromEntries(
      parameterDescriptors(operation).map((p) => [p.name, p.secret === true]),
    );
    expect(secret).toEqual({ user: false, pin: true, "X-Passphrase": true });
  });
});
