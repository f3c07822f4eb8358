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
  "impossible-enums",
] as const;

// inside the project, so generated code resolves openapi-fetch and ajv from node_modules
const work = mkdtempSync(join(ROOT, ".tmp-hard-"));
const outOf = (name: string) => join(work, name);
const operations = new Map<string, string[]>();
const warningsOf = new Map<string, readonly string[]>();

beforeAll(async () => {
  for (const name of CASES) {
    const { rendered } = await generate({
      specPath: join(FIXTURES, `${name}.yaml`),
      outDir: outOf(name),
      cwd: ROOT,
    });
    operations.set(
      name,
      rendered.model.operations.map((operation) => operation.name),
    );
    warningsOf.set(name, rendered.warnings);
  }
}, 300_000);
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe("hard inputs", () => {
  it("generate code that type-checks under strict", () => {
    expect(typecheckFolders(CASES.map(outOf))).toEqual([]);
  }, 180_000);

  it("give each per-operation descriptor the narrowest body writer, and alias reserved words", () => {
    const operations = (name: string) => readFileSync(join(outOf(name), "operations.ts"), "utf8");
    const media = operations("media-types");
    const descriptor = (id: string) => {
      const start = media.indexOf(`const $${id} = {`);
      return media.slice(start, media.indexOf("} as const satisfies", start));
    };
    // JSON or text: the whole encoder; multipart only: the multipart writer; none: no codecs
    expect(descriptor("postNote")).toContain("otherBody: $encodeOtherBody");
    expect(descriptor("uploadFile")).toContain("otherBody: $encodeMultipartBody");
    expect(descriptor("downloadFile")).not.toContain("codecs");
    expect(media).toContain(
      'import { encodeMultipartBody as $encodeMultipartBody } from "./runtime/client/multipart-body.js"',
    );
    // operations named by reserved words: declared as $$name, exported under their name
    const ids = operations("operation-ids");
    expect(ids).toMatch(/export \{[^}]*\$\$delete as delete/);
    expect(ids).toMatch(/export \{[^}]*\$\$class as class/);
    expect(ids).toContain("export function getAThing<");
  });

  it("give the client runtime only the optional serializers the spec needs", () => {
    const client = (name: string) => readFileSync(join(outOf(name), "client.ts"), "utf8");
    // media-types has a multipart/form-data request body and no styled query parameter
    expect(client("media-types")).toMatch(
      // (and `transforms`, the option's loader: undefined unless the option is given)
      /createClientRuntimeWith\(options, API_KEY, \{\n\s*otherBody: encodeOtherBody,\n\s*body: writeBody,\n\s*transforms,\n\s*\}, SECURITY\)/,
    );
    expect(client("media-types")).toContain(
      'import { encodeOtherBody } from "./runtime/client/request-body.js"',
    );
    expect(client("media-types")).not.toContain("serializeQuery");
    // names has a cookie parameter
    expect(client("names")).toContain(
      'import { setCookieParams } from "./runtime/client/cookies.js"',
    );
    expect(client("names")).toMatch(
      /createClientRuntimeWith\(\s*options,\s*API_KEY,\s*\{[^}]*cookies: setCookieParams/,
    );
    // the pet store's bodies are all JSON and its query parameters form + explode; its writes
    // declare Idempotency-Key (no route keys, no JSON-content parameters); it has query and
    // header parameters and request bodies
    const petStore = readFileSync(join(ROOT, "generated/client.ts"), "utf8");
    expect(petStore).toMatch(
      /createClientRuntimeWith\(options, API_KEY, \{\n\s*idempotencyKey: newIdempotencyKey,\n\s*query: serializeFormQuery,\n\s*headerParams: setHeaderParams,\n\s*body: writeBody,\n\s*transforms,\n\s*\}, SECURITY\)/,
    );
    expect(petStore).not.toContain("routeKeysOf");
    expect(petStore).not.toContain("withJsonText");
    expect(petStore).not.toContain("encodeOtherBody");
    expect(petStore).not.toContain("setCookieParams");
  });

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

  it("warn about every name that had to change because of a collision", () => {
    expect(
      (warningsOf.get("operation-ids") ?? []).filter((warning) =>
        warning.includes("an earlier operation has its name"),
      ),
    ).toEqual(["operation getAThing is named getAThing2: an earlier operation has its name"]);
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
    const error = await render({
      specPath: join(FIXTURES, "duplicate-operation-ids.yaml"),
      outDir: outOf("dup"),
      cwd: ROOT,
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(GeneratorError);
    expect((error as GeneratorError).message).toContain('Duplicate operationId "same"');
    expect((error as GeneratorError).where).toContain("#/paths/~1a/get");
    expect((error as GeneratorError).where).toContain("#/paths/~1b/get");
    expect((error as GeneratorError).hint).toContain("--allow-duplicate-operation-ids");
  });

  it("with --allow-duplicate-operation-ids, reads the later duplicate under an id from its method and path, and says so", async () => {
    const specPath = join(FIXTURES, "duplicate-operation-ids.yaml");
    const { rendered } = await generate({
      specPath,
      outDir: outOf("dup-allowed"),
      cwd: ROOT,
      allowDuplicateOperationIds: true,
    });
    expect(rendered.model.operations.map((operation) => operation.operationId)).toEqual([
      "same",
      "getB",
    ]);
    expect(rendered.warnings).toContain(
      '#/paths/~1b/get: operationId "same" is already used by #/paths/~1a/get: read as "getB"',
    );
    expect(typecheckFolders([outOf("dup-allowed")])).toEqual([]);
  }, 120_000);
});

describe("enums that contradict their type", () => {
  it("drop the impossible values with a warning per schema, and keep every enum that fits", () => {
    const repairs = (warningsOf.get("impossible-enums") ?? []).filter((warning) =>
      warning.includes("cannot be of type"),
    );
    expect(repairs).toEqual([
      '#/paths/~1files~1{id}/get/parameters/1/schema: enum value "low" cannot be of type integer: dropped from the enum',
      '#/components/schemas/File/properties/metadata: enum values "global", "enterprise_<id>" cannot be of type object: the enum is ignored',
      '#/components/schemas/File/properties/roles: enum values "open", "company" cannot be of type array: the enum is ignored',
      '#/components/schemas/File/properties/default: enum value "yes" cannot be of type boolean: dropped from the enum',
    ]);
    const types = readFileSync(join(outOf("impossible-enums"), "types.ts"), "utf8");
    expect(types).toMatch(/kind\?: "file" \| "folder"/);
    expect(types).toMatch(/default\?: true/);
    expect(types).toMatch(/level\?: 1 \| 2/);
  });
});
