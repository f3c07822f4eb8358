/**
 * zod-transforms.ts as generated for an odd spec: one codec per component with a transform plan,
 * named after its wire schema's constant even when two names sanitize alike (`A.B`, `A_B` →
 * `A_BCodec`, `A_BCodec2`), none for a schema without a plan, and `operationCodecs` keyed by
 * operationId while the plans are keyed by method name.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import type { z } from "zod";
import { generate } from "../../generator/generate.js";
import { ROOT } from "./cli-helper.js";

const work = mkdtempSync(join(ROOT, ".tmp-zod-transforms-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const SPEC = `openapi: 3.0.3
info: { title: Odd names, version: 1.0.0 }
paths:
  /things/{thing-id}:
    post:
      operationId: post-thing
      parameters:
        - { name: thing-id, in: path, required: true, schema: { type: integer, format: int64 } }
      requestBody:
        content:
          application/json:
            schema: { $ref: "#/components/schemas/A.B" }
      responses:
        "204": { description: done }
components:
  schemas:
    A.B:
      type: object
      properties: { at: { type: string, format: date-time } }
    A_B:
      type: object
      properties: { id: { type: integer, format: int64 } }
    Plain:
      type: object
      properties: { name: { type: string } }
`;

describe("generated zod-transforms.ts", () => {
  it("names each codec after its wire schema and keys operations by operationId", async () => {
    const spec = join(work, "odd.yaml");
    writeFileSync(spec, SPEC);
    const outDir = join(work, "generated");
    await generate({ specPath: spec, outDir, apiName: "Odd", cwd: ROOT });
    const zod = (await import(join(outDir, "entry/zod.ts"))) as Record<string, unknown>;
    const ON = { dates: true, int64: "bigint" };
    const codec = (name: string) => (zod[name] as (options: object) => z.ZodType)(ON);
    expect(codec("A_BCodec").parse({ at: "2026-01-02T03:04:05Z" })).toEqual({
      at: new Date("2026-01-02T03:04:05Z"),
    });
    expect(codec("A_BCodec2").parse({ id: 4 })).toEqual({ id: 4n });
    expect(zod.PlainCodec).toBeUndefined();
    expect(zod.PlainSchema).toBeDefined();
    const operationCodecs = zod.operationCodecs as (
      id: string,
      options: object,
    ) => { body: z.ZodType; params: z.ZodType };
    const post = operationCodecs("post-thing", ON);
    expect(post.body.parse({ at: "2026-01-02T03:04:05Z" })).toEqual({
      at: new Date("2026-01-02T03:04:05Z"),
    });
    expect(post.params.parse({ path: { "thing-id": 9 } })).toEqual({ path: { "thing-id": 9n } });
  }, 120_000);
});
