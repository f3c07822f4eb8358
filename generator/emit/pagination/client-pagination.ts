/**
 * What the client emitter adds for paginated operations (`x-pagination`, docs/pagination.md): the
 * descriptor's `pagination` (the model's declaration, read by templates/client/paginate.ts), the
 * `<Op>Item` type (the items' type, from the spec) and the method type with `pages`/`items`.
 */
import type { StatementStructures } from "ts-morph";
import { StructureKind } from "../ts/ts-morph-values.js";
import type { ApiModel, OperationModel, PaginationModel } from "../../model/types.js";
import { literal } from "../ts/literal.js";

/** The descriptor's `pagination` entry, when the operation declares it. */
export function paginationEntry(operation: OperationModel): { pagination?: PaginationModel } {
  return operation.pagination === undefined ? {} : { pagination: operation.pagination };
}

/** The import of the page types, when some operation pages. */
export function paginationImports(model: ApiModel): StatementStructures[] {
  if (!model.operations.some((operation) => operation.pagination !== undefined)) return [];
  return [
    {
      kind: StructureKind.ImportDeclaration,
      moduleSpecifier: "./runtime/client/paginate.js",
      isTypeOnly: true,
      namedImports: [{ name: "PageItem" }, { name: "PageMethods" }],
    },
  ];
}

/** `<Op>Item`: the type of one item of a page, for a paginated operation. */
export function itemType(operation: OperationModel): StatementStructures[] {
  if (operation.pagination === undefined) return [];
  return [
    {
      kind: StructureKind.TypeAlias,
      isExported: true,
      name: `${operation.typeName}Item`,
      type: `PageItem<${operation.typeName}Operation, ${literal(operation.pagination.items.pointer)}>`,
      docs: [{ description: "One item of a page (what `items()` yields)." }],
    },
  ];
}

/** The client interface's type of the operation's method. */
export function methodType(operation: OperationModel): string {
  const base = `OperationMethod<${operation.typeName}Operation, Throws>`;
  return operation.pagination === undefined
    ? base
    : `${base} & PageMethods<${operation.typeName}Operation, ${operation.typeName}Item, Throws>`;
}
