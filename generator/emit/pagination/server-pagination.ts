/**
 * What server.ts gets for paginated operations (`x-pagination`, docs/pagination.md): one typed
 * `paginate<Op>(items, request)` per operation, which a handler returns as its page; the work is
 * templates/server/paginate.ts, given the operation's declaration.
 */
import type { StatementStructures } from "ts-morph";
import { StructureKind, VariableDeclarationKind } from "../ts/ts-morph-values.js";
import type { ApiModel, OperationModel } from "../../model/types.js";
import { jsDoc } from "../ts/jsdoc.js";
import { literal, objectWriter } from "../ts/literal.js";

/**
 * The operations a server can serve pages of: every paginated one but a `link` list without a
 * `page` parameter (its links' position is the server's own business).
 */
function paginatedOperations(model: ApiModel): OperationModel[] {
  return model.operations.filter((operation) => servable(operation.pagination));
}

function servable(pagination: OperationModel["pagination"]): boolean {
  return pagination !== undefined && (pagination.style !== "link" || pagination.page !== undefined);
}

/** The success status a page is served with: the operation's first 2XX. */
function pageStatus(operation: OperationModel): number {
  const status = operation.responses.find((response) => /^2\d\d$/.test(response.status))?.status;
  return Number(status ?? 200);
}

export function serverPaginationImports(model: ApiModel): StatementStructures[] {
  if (paginatedOperations(model).length === 0) return [];
  return [
    {
      kind: StructureKind.ImportDeclaration,
      moduleSpecifier: "./runtime/server/paginate.js",
      namedImports: [{ name: "paginated" }],
    },
    {
      kind: StructureKind.ImportDeclaration,
      moduleSpecifier: "./runtime/server/paginate.js",
      isTypeOnly: true,
      namedImports: [{ name: "PageBodyItem" }, { name: "PaginatedHandlerRequest" }],
    },
    {
      kind: StructureKind.ImportDeclaration,
      moduleSpecifier: "./runtime/client/descriptor.js",
      isTypeOnly: true,
      namedImports: [{ name: "PaginationDescriptor" }],
    },
  ];
}

export function serverPaginationHelpers(model: ApiModel): StatementStructures[] {
  const operations = paginatedOperations(model);
  if (operations.length === 0) return [];
  return [
    {
      kind: StructureKind.VariableStatement,
      isExported: true,
      declarationKind: VariableDeclarationKind.Const,
      docs: [{ description: "How each paginated operation pages (its `x-pagination`)." }],
      declarations: [
        {
          name: "PAGINATION",
          initializer: (writer) => {
            objectWriter(
              operations.map((operation) => [operation.name, literal(operation.pagination)]),
            )(writer);
            writer.write(" as const satisfies Readonly<Record<string, PaginationDescriptor>>");
          },
        },
      ],
    },
    ...operations.flatMap((operation) => helper(operation)),
  ];
}

function helper(operation: OperationModel): StatementStructures[] {
  const type = operation.typeName;
  const status = pageStatus(operation);
  const page = `${type}Page`;
  return [
    {
      kind: StructureKind.TypeAlias,
      isExported: true,
      name: page,
      type: `Extract<${type}HandlerResponse, { status: ${status} }>`,
      docs: [
        { description: `One page of \`${operation.operationId}\`, as its handler returns it.` },
      ],
    },
    {
      kind: StructureKind.Function,
      isExported: true,
      name: `paginate${type}`,
      docs: jsDoc({
        summary: `The page of \`${operation.operationId}\` that the request asks for, from every matching item (in the API's order).`,
        description:
          "Slices the items as the request's page parameters say and sets what the declaration places (total, next cursor, has-more flag, `Link: <...>; rel=\"next\"`); `extra` fills the body's other fields.",
      }),
      parameters: [
        {
          name: "items",
          type: `readonly PageBodyItem<${page}["body"], ${literal(operation.pagination!.items.pointer)}>[]`,
        },
        { name: "request", type: "PaginatedHandlerRequest" },
        { name: "extra", type: "Readonly<Record<string, unknown>>", hasQuestionToken: true },
      ],
      returnType: page,
      statements: [
        `return paginated(PAGINATION.${operation.name}, ${status}, items, request, extra) as ${page};`,
      ],
    },
  ];
}
