/**
 * The `x-pagination` declaration in the model: read from any spec into plain data, and a
 * declaration that does not fit its operation refused by `generate` (exit 3, what, where and
 * what to do), as lint refuses it.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { stringify } from "yaml";
import { GeneratorError } from "../../generator/errors.js";
import { buildModel } from "../../generator/model/build-model.js";
import { ROOT, runCli } from "./cli-helper.js";
import { STRIPE_CURSOR } from "./pagination-declarations.js";

/** A Stripe-like list: `{ data, has_more }`, paged by `starting_after` (the last item's id). */
function cursorSpec(declaration: unknown): Record<string, unknown> {
  return {
    openapi: "3.0.3",
    info: { title: "Cursor", version: "1.0.0" },
    paths: {
      "/v1/customers": {
        get: {
          operationId: "listCustomers",
          "x-pagination": declaration,
          parameters: [
            { name: "limit", in: "query", schema: { type: "integer" } },
            { $ref: "#/components/parameters/StartingAfter" },
          ],
          responses: {
            "200": {
              description: "A page.",
              content: {
                "application/json": {
                  schema: {
                    type: "object",
                    properties: {
                      data: { type: "array", items: { $ref: "#/components/schemas/Customer" } },
                      has_more: { type: "boolean" },
                    },
                  },
                },
              },
            },
          },
        },
      },
    },
    components: {
      parameters: {
        StartingAfter: { name: "starting_after", in: "query", schema: { type: "string" } },
      },
      schemas: {
        Customer: { type: "object", properties: { id: { type: "string" } } },
      },
    },
  };
}

const STRIPE = STRIPE_CURSOR;

describe("x-pagination in the model", () => {
  it("reads a cursor declaration through $refs into plain data", () => {
    const model = buildModel(cursorSpec(STRIPE), "0");
    expect(model.operations[0]?.pagination).toEqual({
      style: "cursor",
      cursor: "starting_after",
      limit: "limit",
      items: { in: "body", pointer: ["data"] },
      nextCursor: { in: "body", pointer: ["data", "-1", "id"] },
      hasMore: { in: "body", pointer: ["has_more"] },
    });
  });

  it("leaves an operation without a declaration unpaginated (no heuristics)", () => {
    const spec = cursorSpec(undefined);
    const model = buildModel(spec, "0");
    expect(model.operations[0]).not.toHaveProperty("pagination");
  });

  it("refuses a declaration that does not fit, naming the field and the fix", () => {
    const bad = { ...STRIPE, nextCursor: "$response.body#/data/-1/uuid" };
    let error: unknown;
    try {
      buildModel(cursorSpec(bad), "0");
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(GeneratorError);
    const refused = error as GeneratorError;
    expect(refused.kind).toBe("invalidSpec");
    expect(refused.message).toBe(
      "x-pagination: `#/data/-1/uuid` of the 200 response body is not declared (`nextCursor` reads it)",
    );
    expect(refused.where).toBe("#/paths/~1v1~1customers/get/x-pagination/nextCursor");
    expect(refused.hint).toBe(
      "Point `nextCursor` at a property the body schema declares (see docs/pagination.md; `npm run lint` reports the same).",
    );
  });
});

describe("generate with a bad x-pagination", () => {
  const work = mkdtempSync(join(ROOT, ".tmp-pagination-"));
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  it("exits 3 with one paragraph: what, where (file:line), what to do", () => {
    const spec = join(work, "bad.yaml");
    writeFileSync(spec, stringify(cursorSpec({ ...STRIPE, style: "page" })));
    const result = runCli("generator/cli.ts", ["--spec", spec, "--out", join(work, "out")]);
    expect(result.status).toBe(3);
    expect(result.stderr).toMatch(
      /error: x-pagination: `style` is "page", not one of offset, cursor, link \(at .*bad\.yaml:\d+:\d+/,
    );
    expect(result.stderr).toMatch(/Set `style: offset`, `cursor` or `link`/);
    expect(result.stderr).not.toMatch(/\n\s+at /); // no stack trace
  }, 120_000);
});
