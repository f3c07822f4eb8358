/**
 * house/pagination-declaration: an operation's `x-pagination` (docs/pagination.md) fits the
 * operation: its style is known, the parameters it names are query parameters of the operation
 * with fitting types, the headers and body fields it reads are declared in every 2XX response,
 * and its items are an array. The check itself is lint/pagination.js, which `generate` runs too.
 *
 * A list operation that takes the page parameters (`limit` and `offset` in the query by default)
 * without a declaration gets a warning: what is not declared is not paginated (no client
 * iterator, no infinite query, no paging mocks), so say it.
 *
 * Options: `parameters` (default `["limit", "offset"]`), `undeclaredSeverity` (default `warn`).
 */
import { readPagination } from "../pagination.js";
import { docsLink, inCallback, isObject, pathParameterTracker } from "../rule-helpers.js";

export default function PaginationDeclaration(options = {}) {
  const pageParameters = options.parameters ?? ["limit", "offset"];
  const reference = docsLink("pagination-declaration");
  const parameters = pathParameterTracker();
  return {
    ...parameters.visitor,
    Operation: {
      enter(operation, { report, location, resolve }) {
        if (inCallback(location) || !isObject(operation)) return;
        const list = parameters.with(operation, resolve);
        const name = operation.operationId ?? location.pointer;
        if (operation["x-pagination"] === undefined) {
          const query = list.filter((p) => p?.in === "query").map((p) => p.name);
          if (!pageParameters.every((parameter) => query.includes(parameter))) return;
          report({
            message: `\`${name}\` takes ${pageParameters.map((p) => `\`${p}\``).join(" and ")} but declares no \`x-pagination\`: add one (e.g. \`x-pagination: { style: offset, offset: $request.query.offset, limit: $request.query.limit, total: $response.header.X-Total-Count }\`) so that clients, queries and mocks page through it.`,
            location: location.key(),
            reference,
            forceSeverity: options.undeclaredSeverity ?? "warn",
          });
          return;
        }
        const { problems } = readPagination(operation, list, (node) => resolve(node).node);
        for (const problem of problems) {
          const at = location.child(["x-pagination", ...(problem.field ? [problem.field] : [])]);
          report({
            message: `\`${name}\`'s \`x-pagination\`: ${problem.message}; ${problem.fix}.`,
            location: problem.field ? at.key() : at,
            reference,
          });
        }
      },
    },
  };
}
