/** Types of pagination.js (the `x-pagination` declaration, shared by lint and generate). */
export type PaginationStyle = "offset" | "cursor" | "link";

/** Where a value of the response is: a header, or a JSON pointer's tokens into the body. */
export type PaginationSource =
  | { readonly in: "header"; readonly name: string }
  | { readonly in: "body"; readonly pointer: readonly string[] };

/** A checked declaration: parameter names (query) and response sources. */
export interface PaginationDeclaration {
  readonly style: PaginationStyle;
  /** Where the page's items are (the body itself: `pointer: []`). */
  readonly items: { readonly in: "body"; readonly pointer: readonly string[] };
  readonly limit?: string;
  readonly offset?: string;
  readonly cursor?: string;
  /** `link` style: the 1-based page number parameter, when the API has one (GitHub's `page`). */
  readonly page?: string;
  /** The `limit` parameter's default, when the spec gives one (filled by the generator's model). */
  readonly defaultLimit?: number;
  readonly total?: PaginationSource;
  readonly nextCursor?: PaginationSource;
  readonly hasMore?: PaginationSource;
  readonly next?: PaginationSource;
}

export interface PaginationProblem {
  /** The declaration's key the problem is about (`""`: the declaration itself). */
  readonly field: string;
  /** What is wrong. */
  readonly message: string;
  /** How to fix it. */
  readonly fix: string;
}

export declare const PAGINATION_STYLES: readonly PaginationStyle[];

export declare function parseExpression(
  text: unknown,
):
  | { readonly in: "query" | "header"; readonly name: string }
  | { readonly in: "body"; readonly pointer: string[] }
  | undefined;

export declare function readPagination(
  operation: Readonly<Record<string, unknown>>,
  parameters: readonly unknown[],
  resolve: (node: unknown) => unknown,
): { pagination: PaginationDeclaration | undefined; problems: PaginationProblem[] };

export declare function schemaAt(
  schema: unknown,
  pointer: readonly string[],
  resolve: (node: unknown) => unknown,
): Record<string, unknown> | undefined;
