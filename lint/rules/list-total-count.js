/**
 * house/list-total-count: a list operation paged by offset tells the client how many records
 * match, in the `X-Total-Count` header of its success response. An operation is paginated when it
 * declares so (`x-pagination`, docs/pagination.md; house/pagination-declaration checks the
 * declaration and warns about `limit`/`offset` lists without one); a list that is not paginated
 * (one array of everything) and a cursor or `Link` paged one need no count.
 *
 * Options: `header` (default `X-Total-Count`),
 * `components` - where the shared header is (default `#/components/headers`).
 */
import { declaredHeaders, docsLink, inCallback, isObject } from "../rule-helpers.js";

export default function ListTotalCount(options = {}) {
  const header = options.header ?? "X-Total-Count";
  const components = options.components ?? "#/components/headers";
  const reference = docsLink("list-total-count");
  return {
    Operation: {
      enter(operation, { report, location, resolve }) {
        if (inCallback(location)) return; // the API calls the client there
        if (!isObject(operation)) return;
        if (!isPaginated(operation)) return;
        const responses = isObject(operation.responses) ? operation.responses : {};
        const success = Object.keys(responses).filter((status) => /^2\d\d$/.test(status));
        const name = operation.operationId ?? location.pointer;
        if (success.length === 0) return; // operation-2xx-response reports it
        for (const status of success) {
          if (declaredHeaders(resolve(responses[status]).node).has(header.toLowerCase())) continue;
          report({
            message: `\`${name}\` is a list paged by offset (its \`x-pagination\` says so), but its ${status} response does not declare \`${header}\`: add \`${header}: { $ref: '${components}/${header}' }\` under its \`headers\` (the total number of matching records).`,
            location: location.child(["responses", status]).key(),
            reference,
          });
        }
      },
    },
  };
}

/** Whether the operation pages its results by offset: its `x-pagination` declaration says so. */
function isPaginated(operation) {
  return isObject(operation["x-pagination"]) && operation["x-pagination"].style === "offset";
}
