/**
 * Contract conventions that other packages rely on and that no lint rule states, checked by
 * reading the spec's own declarations (never a frozen copy of its shape): a spec change that keeps
 * the conventions passes, whatever fields, operations or codes it adds, renames or removes. The
 * facts of the interface document are house/seed-facts (test/lint/seed-facts.test.ts); the house
 * conventions with a lint rule are in house-rules.test.ts.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { SPEC_PATH, deref, operations } from "./helpers.js";
import type { Doc } from "./helpers.js";

const spec: Doc = parse(readFileSync(SPEC_PATH, "utf8"));
const schemas: Doc = spec.components.schemas;
const ops = operations(spec);

describe("document", () => {
  it("has the server URL {base_url} as a server variable with a default", () => {
    expect(spec.servers).toHaveLength(1);
    expect(spec.servers[0].url).toBe("{base_url}");
    expect(spec.servers[0].variables.base_url.default).toMatch(/^https?:\/\/\S+[^/]$/);
  });
});

describe("schemas", () => {
  it("the Error description gives every Error.code value it declares a status", () => {
    const codes: string[] = schemas.Error.properties.code.enum ?? [];
    expect(codes.length).toBeGreaterThan(0);
    for (const code of codes) {
      // a table row `| \`code\` | status | meaning |`: the contract tests read the status from it
      expect(schemas.Error.description, code).toMatch(
        new RegExp(`^\\| \`${code}\` \\| \\d{3} \\|`, "m"),
      );
    }
  });

  it("every request body schema rejects unknown fields", () => {
    for (const { operation } of ops) {
      const media = deref(spec, operation.requestBody)?.content?.["application/json"];
      if (media === undefined) continue;
      const schema = deref(spec, media.schema);
      if (schema.type === "object")
        expect(schema.additionalProperties, operation.operationId).toBe(false);
    }
  });
});

describe("operations", () => {
  it("x-stability markers are only experimental or beta", () => {
    for (const { operation } of ops) {
      if (operation["x-stability"] !== undefined)
        expect(["experimental", "beta"]).toContain(operation["x-stability"]);
    }
  });

  it("every POST takes the optional Idempotency-Key header; other methods do not", () => {
    for (const { method, operation, parameters } of ops) {
      const key = parameters.find((p) => p.name === "Idempotency-Key");
      if (method !== "post") {
        expect(key, operation.operationId).toBeUndefined();
        continue;
      }
      expect(key, operation.operationId).toMatchObject({ in: "header", required: false });
      const created = operation.responses["201"];
      if (created !== undefined)
        expect(Object.keys(deref(spec, created).headers ?? {}), operation.operationId).toContain(
          "Idempotent-Replayed",
        );
    }
  });

  it("a 201 declares the Location header, which is required", () => {
    for (const { operation } of ops) {
      const created = operation.responses["201"];
      if (created === undefined) continue;
      const location = deref(spec, created).headers?.Location;
      expect(location, operation.operationId).toBeDefined();
      expect(deref(spec, location).required, operation.operationId).toBe(true);
    }
  });
});
