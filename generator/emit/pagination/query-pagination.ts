/**
 * What query.ts gets for paginated GET operations (`x-pagination`, docs/pagination.md): one
 * `<op>InfiniteOptions` each, on templates/query/infinite-options.ts, with the declaration read
 * from the client's `OPERATIONS` table (one copy of it in the package).
 */
import type { StatementStructures } from "ts-morph";
import { StructureKind } from "../ts/ts-morph-values.js";
import type { ApiModel, OperationModel } from "../../model/types.js";
import { jsDoc } from "../ts/jsdoc.js";
import { literal } from "../ts/literal.js";
import { isQuery } from "../query/resources.js";

function infiniteOperations(model: ApiModel): OperationModel[] {
  return model.operations.filter((operation) => operation.pagination && isQuery(operation));
}

export function infiniteImports(model: ApiModel): StatementStructures[] {
  if (infiniteOperations(model).length === 0) return [];
  return [
    {
      kind: StructureKind.ImportDeclaration,
      moduleSpecifier: "./client.js",
      namedImports: [{ name: "OPERATIONS" }],
    },
    {
      kind: StructureKind.ImportDeclaration,
      moduleSpecifier: "./runtime/query/infinite-options.js",
      namedImports: [{ name: "operationInfiniteOptions" }],
    },
    {
      kind: StructureKind.ImportDeclaration,
      isTypeOnly: true,
      moduleSpecifier: "./runtime/query/infinite-options.js",
      namedImports: [{ name: "OperationInfiniteOptions" }],
    },
  ];
}

export function infiniteFactories(
  model: ApiModel,
  prefix: (operation: OperationModel) => string,
): StatementStructures[] {
  return infiniteOperations(model).map((operation) => {
    const op = `${operation.typeName}Operation`;
    return {
      kind: StructureKind.Function,
      isExported: true,
      name: `${operation.name}InfiniteOptions`,
      docs: jsDoc({
        summary: `Infinite query options for \`${operation.name}\`: one page per \`pageParam\` (the page's query), \`getNextPageParam\` from its \`x-pagination\`, \`retry: false\`.`,
        description:
          "Each page is `{ data, next }`: the 2XX body and the next page's query (`null` on the last page).",
      }),
      parameters: [
        { name: "client", type: `ClientWith<${literal(operation.name)}, ${op}>` },
        { name: "...[params]", type: `QueryArgs<${op}>` },
      ],
      returnType: `OperationInfiniteOptions<${op}>`,
      statements: [
        `return operationInfiniteOptions<${op}>(client, ${literal(operation.name)}, ${prefix(operation)}, OPERATIONS.${operation.name}.pagination, params);`,
      ],
    };
  });
}
