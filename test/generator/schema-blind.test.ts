/**
 * validate.ts, server-api.ts, the client's, server's and query's templates and the package
 * entries are also cached by the operations with their bodies' (and for validate.ts the
 * responses') schemas as placeholders (cache/schema-blind.ts):
 * that is only right if they read nothing of those schemas but whether there is one. Checked on
 * the pet store, every fixture spec and the corpus subset; and through whole runs, an edit inside
 * an operation's own body or response schema reuses them and still writes what a run without a
 * cache writes.
 */
import { rmSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { schemaBlindModel } from "../../generator/cache/schema-blind.js";
import { emitResponseValidation } from "../../generator/emit/client/emit-response-validation.js";
import { emitServerApi } from "../../generator/emit/server/emit-server-api.js";
import { serverTemplate } from "../../generator/emit/server/emit-server.js";
import { queryTemplates } from "../../generator/emit/query/emit-query.js";
import { clientTemplates } from "../../generator/emit/client/emit-client.js";
import { operationsTemplate } from "../../generator/emit/client/emit-operations.js";
import { isTransformable } from "../../generator/emit/transforms/operation-transforms.js";
import { render } from "../../generator/generate.js";
import { ROOT } from "./cli-helper.js";
import { emitPackKeys } from "./emit-pack-keys.js";
import { itEachLayoutModel } from "./layout-specs.js";
import { copySpec, editSpec, operationsOf } from "./spec-edits.js";

const temps: string[] = [];
afterAll(() => temps.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

const context = { apiName: "Api", specPath: "spec.yaml" };

describe("the files from the schema-blind operations", () => {
  itEachLayoutModel("are validate.ts of the whole model", (model, bare) => {
    expect(
      emitResponseValidation(
        schemaBlindModel(bare, { responses: true, parameters: true }),
        context,
      ),
    ).toEqual(emitResponseValidation(model, context));
  });
  itEachLayoutModel("are server-api.ts of the whole model", (model, bare) => {
    expect(emitServerApi(schemaBlindModel(bare, {}))).toEqual(emitServerApi(model));
  });
  itEachLayoutModel("are the client's templates of the model", (_model, bare) => {
    const blind = schemaBlindModel(bare, {});
    expect(clientTemplates(blind, context)).toEqual(clientTemplates(bare, context));
    expect(operationsTemplate(blind, context)).toEqual(operationsTemplate(bare, context));
  });
  itEachLayoutModel("are the server's and query's templates of the model", (_model, bare) => {
    const blind = schemaBlindModel(bare, {});
    // whether the server transforms values comes from the model itself (cached-emitters.ts)
    expect(serverTemplate(blind, context, undefined, isTransformable(bare))).toEqual(
      serverTemplate(bare, context),
    );
    expect(queryTemplates(blind, context)).toEqual(queryTemplates(bare, context));
  });
});

/** The keys of the one pack `emit/<name>` of the generator's cache in `cwd`. */

type Content = Record<string, { schema?: unknown }>;

/** The JSON content of the first response of the first operation (not paginated) that has one. */
function firstJsonContent(document: Record<string, unknown>): Content {
  for (const { operation } of operationsOf(document)) {
    if (operation["x-pagination"] !== undefined) continue;
    const responses = (operation.responses ?? {}) as Record<string, { content?: Content }>;
    for (const response of Object.values(responses))
      if (response.content?.["application/json"] !== undefined) return response.content;
  }
  throw new Error("no operation answers JSON inline");
}

/** The first operation (not paginated) that takes a body. */
function firstWithBody(document: Record<string, unknown>): Record<string, unknown> {
  const found = operationsOf(document).find(
    ({ operation }) => operation["x-pagination"] === undefined && operation.requestBody,
  );
  if (found === undefined) throw new Error("no operation takes a body");
  return found.operation;
}

const inline = () => ({ type: "object", properties: { id: { type: "integer" } } });

/** A string property added to the inline schema of `content`'s JSON. */
function addProperty(content: Content): void {
  const schema = content["application/json"]?.schema as { properties: Record<string, unknown> };
  schema.properties.addedByTheTest = { type: "string" };
}

describe("the files blind to schemas after an edit inside an operation's schema", () => {
  it("are reused, and are a cold run's; a media type added is not", async () => {
    const { dir, spec } = copySpec(join(ROOT, "spec/openapi.yaml"), "schema-blind-");
    temps.push(dir);
    const files = async (cache: boolean) =>
      (await render({ specPath: spec, outDir: join(dir, "out"), cwd: dir, apiName: "Api", cache }))
        .files;
    const bodyOf = (document: Record<string, unknown>) =>
      (firstWithBody(document).requestBody as { content: Content }).content;
    // a response's and a request body's schemas written inline in their operations (a split
    // spec's usual layout)
    editSpec(spec, (document) => {
      firstJsonContent(document)["application/json"] = { schema: inline() };
      firstWithBody(document).requestBody = {
        required: true,
        content: { "application/json": { schema: inline() } },
      };
    });
    expect(await files(true)).toEqual(await files(false));
    const blind = [
      "response-validation-blind",
      "entries",
      "server-api-blind",
      "client-blind",
      "server-blind",
      "query-blind",
    ];
    const before = blind.map((name) => emitPackKeys(dir, name));
    // inside the body's schema: none of them made again (the same entries)
    editSpec(spec, (document) => addProperty(bodyOf(document)));
    const edited = await files(true);
    expect(edited).toEqual(await files(false));
    expect(blind.map((name) => emitPackKeys(dir, name))).toEqual(before);
    // the edit did reach the types
    expect(edited.find((file) => file.path === "types.ts")?.content).toContain("addedByTheTest");
    // a component schema none of them reads (server-api.ts reads the error schema alone): their
    // first keys still hit, though the run before reached them through the second
    const first = ["server-api", "server", "client"].map((name) => emitPackKeys(dir, name));
    editSpec(spec, (document) => {
      const schemas = (document.components as { schemas: Record<string, unknown> }).schemas;
      (schemas.Category as { maxProperties?: number }).maxProperties = 9;
    });
    expect(await files(true)).toEqual(await files(false));
    expect(["server-api", "server", "client"].map((name) => emitPackKeys(dir, name))).toEqual(
      first,
    );
    // inside the response's schema: validate.ts and the entries reused
    editSpec(spec, (document) => addProperty(firstJsonContent(document)));
    expect(await files(true)).toEqual(await files(false));
    expect(emitPackKeys(dir, "response-validation-blind")).toEqual(before[0]);
    expect(emitPackKeys(dir, "entries")).toEqual(before[1]);
    // a parameter added: validate.ts reads none (its tables name each operation's validator)
    editSpec(spec, (document) => {
      const operation = firstWithBody(document) as { parameters?: unknown[] };
      (operation.parameters ??= []).push({
        in: "query",
        name: "addedByTheTest",
        schema: { type: "string" },
      });
    });
    expect(await files(true)).toEqual(await files(false));
    expect(emitPackKeys(dir, "response-validation-blind")).toEqual(before[0]);
    // a second media type is something validate.ts shows: that misses
    editSpec(spec, (document) => {
      firstJsonContent(document)["application/xml"] = { schema: { type: "string" } };
    });
    expect(await files(true)).toEqual(await files(false));
    expect(emitPackKeys(dir, "response-validation-blind")).not.toEqual(before[0]);
  }, 180_000);
});
