/**
 * Hard inputs: one small spec per case (test/fixtures/hard). Each must generate (types, client,
 * server, validators) and the output must type-check under strict; hostile text must stay inert.
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GeneratorError } from "../../generator/errors.js";
import { generate, render } from "../../generator/generate.js";
import { ROOT } from "./cli-helper.js";
import { typecheckFolders } from "./typecheck.js";

const FIXTURES = join(ROOT, "test/fixtures/hard");
const CASES = [
  "recursive",
  "composition",
  "nullable-enums",
  "operation-ids",
  "names",
  "responses",
  "media-types",
  "external",
  "yaml-anchors",
  "hostile",
  "empty-paths",
  "openapi-31",
] as const;

// inside the project, so generated code resolves openapi-fetch and ajv from node_modules
const work = mkdtempSync(join(ROOT, ".tmp-hard-"));
const outOf = (name: string) => join(work, name);
const operations = new Map<string, string[]>();

beforeAll(async () => {
  for (const name of CASES) {
    const { rendered } = await generate({ specPath: join(FIXTURES, `${name}.yaml`), outDir: outOf(name), cwd: ROOT });
    operations.set(name, rendered.model.operations.map((operation) => operation.name));
  }
}, 300_000);
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe("hard inputs", () => {
  it("generate code that type-checks under strict", () => {
    expect(typecheckFolders(CASES.map(outOf))).toEqual([]);
  }, 180_000);

  it("turn every operationId into a unique identifier, deterministically", () => {
    // spec order: paths as written, methods in the OpenAPI order (get, put, post, delete, ..., patch)
    expect(operations.get("operation-ids")).toEqual([
      "delete",
      "default",
      "class",
      "aRemove",
      "getAThing",
      "listAllTheB",
      "op2faCheck",
      "créerB",
      "getAThing2",
      "getCByCIdItems",
      "postCByCIdItems",
    ]);
  });

  it("keep hostile spec text inert: loading the generated modules runs none of it", async () => {
    const global = globalThis as { __pwned?: unknown };
    delete global.__pwned;
    await import(pathToFileURL(join(outOf("hostile"), "client.ts")).href);
    await import(pathToFileURL(join(outOf("hostile"), "server.ts")).href);
    expect(global.__pwned).toBeUndefined();
    const client = readFileSync(join(outOf("hostile"), "client.ts"), "utf8");
    // every `*/` from the spec is escaped inside comments
    for (const comment of client.match(/\/\*\*[\s\S]*?\*\//g) ?? []) {
      expect(comment.slice(3, -2)).not.toContain("*/");
    }
  });

  it("refuses duplicate operationIds, naming both places", async () => {
    const error = await render({ specPath: join(FIXTURES, "duplicate-operation-ids.yaml"), outDir: outOf("dup"), cwd: ROOT }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(GeneratorError);
    expect((error as GeneratorError).message).toContain('Duplicate operationId "same"');
    expect((error as GeneratorError).where).toContain("#/paths/~1a/get");
    expect((error as GeneratorError).where).toContain("#/paths/~1b/get");
  });
});
