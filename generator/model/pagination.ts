/**
 * An operation's `x-pagination` declaration (docs/pagination.md) → {@link PaginationModel}. The
 * reading and checking is lint/pagination.js, shared with the house lint rule, so that lint and
 * `generate` refuse the same declarations with the same words.
 */
import { readPagination } from "../../lint/pagination.js";
import { GeneratorError } from "../errors.js";
import { resolveObject } from "./resolve-ref.js";
import type { PaginationModel } from "./types.js";

/**
 * The operation's pagination, or undefined when it declares none (what is not declared is not
 * paginated). Throws a GeneratorError naming every problem of a declaration that does not fit.
 */
export function readOperationPagination(
  document: Record<string, unknown>,
  operation: Record<string, unknown>,
  parameters: readonly unknown[],
  pointer: string,
): PaginationModel | undefined {
  const resolve = (node: unknown): unknown =>
    typeof node === "boolean" ? node : (resolveObject(document, node) ?? node);
  const { pagination, problems } = readPagination(
    operation,
    parameters.map((parameter) => resolve(parameter)),
    resolve,
  );
  const first = problems[0];
  if (first === undefined) return pagination;
  const more =
    problems.length > 1
      ? ` (and ${problems.length - 1} more: ${problems
          .slice(1)
          .map((p) => p.message)
          .join("; ")})`
      : "";
  throw new GeneratorError("invalidSpec", `x-pagination: ${first.message}${more}`, {
    where: `${pointer}/x-pagination${first.field ? `/${first.field}` : ""}`,
    hint: `${first.fix.charAt(0).toUpperCase()}${first.fix.slice(1)} (see docs/pagination.md; \`npm run lint\` reports the same).`,
  });
}
