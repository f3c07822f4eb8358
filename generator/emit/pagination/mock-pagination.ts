/**
 * What mocks.ts gets for paginated operations (`x-pagination`, docs/pagination.md): the typed
 * `pages(operation, items)` method of `<Name>Mocks`, whose items are the operation's `<Op>Item`.
 */
import type { MethodSignatureStructure, OptionalKind, StatementStructures } from "ts-morph";
import { StructureKind } from "../ts/ts-morph-values.js";
import type { ApiModel, OperationModel } from "../../model/types.js";
import { jsDoc } from "../ts/jsdoc.js";
import { propertyKey } from "../ts/literal.js";

function paginatedOperations(model: ApiModel): OperationModel[] {
  return model.operations.filter((operation) => operation.pagination !== undefined);
}

/** `<Name>PagedItems` (operation → item type) and the imports it needs. */
export function mockPageStatements(model: ApiModel, apiName: string): StatementStructures[] {
  const operations = paginatedOperations(model);
  if (operations.length === 0) return [];
  return [
    {
      kind: StructureKind.ImportDeclaration,
      isTypeOnly: true,
      moduleSpecifier: "./client.js",
      namedImports: operations.map((operation) => ({ name: `${operation.typeName}Item` })),
    },
    {
      kind: StructureKind.ImportDeclaration,
      isTypeOnly: true,
      moduleSpecifier: "./runtime/mocks/mock-handlers.js",
      namedImports: [{ name: "MockInit" }],
    },
    {
      kind: StructureKind.Interface,
      isExported: true,
      name: `${apiName}PagedItems`,
      docs: jsDoc({ summary: "The item type of each paginated operation, for `pages`." }),
      properties: operations.map((operation) => ({
        name: propertyKey(operation.name),
        isReadonly: true,
        type: `${operation.typeName}Item`,
      })),
    },
  ];
}

/** The `pages` method of `<Name>Mocks`, when some operation pages. */
export function mockPagesMethod(
  model: ApiModel,
  apiName: string,
): OptionalKind<MethodSignatureStructure>[] {
  if (paginatedOperations(model).length === 0) return [];
  const items = `${apiName}PagedItems`;
  return [
    {
      name: "pages",
      docs: jsDoc({
        summary:
          "A paginated operation answering `items` (the whole collection, in order) page by page as each request's page parameters ask, with the declared total and `Link` headers.",
      }),
      typeParameters: [{ name: "K", constraint: `keyof ${items}` }],
      parameters: [
        { name: "operation", type: "K" },
        { name: "items", type: `readonly ${items}[K][]` },
        { name: "init", type: "MockInit", hasQuestionToken: true },
      ],
      returnType: "HttpHandler",
    },
  ];
}
