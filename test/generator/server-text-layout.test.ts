/**
 * server.ts's handlers interface and stubs are printed as text (emit/server/emit-server.ts, one
 * line per operation, ts-morph's writer skipped): the text must be what ts-morph prints for their
 * structures, around the statements that come before and after them, on the pet store, every
 * fixture spec and the corpus subset, and with hostile operation names' literals.
 */
import { StructureKind, type StatementStructures } from "ts-morph";
import { describe, expect, it } from "vitest";
import {
  handlersInterface,
  handlersInterfaceText,
  stubs,
  stubsText,
} from "../../generator/emit/server/emit-server.js";
import { printStatements } from "../../generator/emit/ts/source-file.js";
import type { ApiModel } from "../../generator/model/types.js";
import { ROOT } from "./cli-helper.js";
import { itEachLayoutModel, loadLayoutSpec } from "./layout-specs.js";

const context = { apiName: "Api", specPath: "spec.yaml" };
const before: StatementStructures = {
  kind: StructureKind.TypeAlias,
  isExported: true,
  name: "Before",
  type: '"a" | "b"',
};
const after: StatementStructures = {
  kind: StructureKind.Function,
  name: "after",
  statements: ["return 1;"],
};

function bothWays(model: ApiModel): [string, string] {
  const structures = printStatements("server.ts", [
    before,
    handlersInterface(model, "ApiHandlers"),
    stubs(model, context, "ApiHandlers"),
    after,
  ]);
  const text = printStatements("server.ts", [
    before,
    handlersInterfaceText(model, "ApiHandlers"),
    stubsText(model, context, "ApiHandlers"),
    after,
  ]);
  return [text, structures];
}

describe("server.ts's handlers interface and stubs in text", () => {
  itEachLayoutModel("are what ts-morph prints", (_model, bare) => {
    const [text, structures] = bothWays(bare);
    expect(text).toBe(structures);
    expect(text).toContain("export function createApiStubs<C = unknown>()");
  });

  it("are what ts-morph prints with hostile operationIds and a hostile title", async () => {
    const { model } = await loadLayoutSpec(`${ROOT}/spec/openapi.yaml`);
    const hostile: ApiModel = {
      ...model,
      title: 'A */ title\nover two lines with `ticks` and "quotes"',
      operations: model.operations.map((operation, index) => ({
        ...operation,
        operationId:
          [`a"quote${index}`, `a\\backslash${index}`, `a\`tick${index}`][index % 3] ?? "",
      })),
    };
    const [text, structures] = bothWays(hostile);
    expect(text).toBe(structures);
    expect(text).toContain(String.raw`notImplemented("a\"quote0")`);
  });
});
