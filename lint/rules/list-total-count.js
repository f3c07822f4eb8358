/**
 * house/list-total-count: a paginated list operation tells the client how many records match, in
 * the `X-Total-Count` header of its success response. An operation is paginated when it takes the
 * page parameters (`limit` and `offset` in the query by default); a list that is not paginated
 * (one array of everything) needs no count.
 *
 * Hook for the pagination declaration (issue 38): `isPaginated` is the one place that decides
 * which operations paginate; when operations declare it (`x-pagination`), it reads the
 * declaration there and this rule follows.
 *
 * Options: `header` (default `X-Total-Count`), `parameters` (default `["limit", "offset"]`),
 * `components` - where the shared header is (default `#/components/headers`).
 */
import {
  declaredHeaders,
  docsLink,
  inCallback,
  isObject,
  pathParameterTracker,
} from "../rule-helpers.js";

export default function ListTotalCount(options = {}) {
  const header = options.header ?? "X-Total-Count";
  const pageParameters = options.parameters ?? ["limit", "offset"];
  const components = options.components ?? "#/components/headers";
  const reference = docsLink("list-total-count");
  const parameters = pathParameterTracker();
  return {
    ...parameters.visitor,
    Operation: {
      enter(operation, { report, location, resolve }) {
        if (inCallback(location)) return; // the API calls the client there
        if (!isObject(operation)) return;
        const query = parameters
          .with(operation, resolve)
          .filter((parameter) => parameter?.in === "query")
          .map((parameter) => parameter.name);
        if (!isPaginated(operation, query, pageParameters)) return;
        const responses = isObject(operation.responses) ? operation.responses : {};
        const success = Object.keys(responses).filter((status) => /^2\d\d$/.test(status));
        const name = operation.operationId ?? location.pointer;
        if (success.length === 0) return; // operation-2xx-response reports it
        for (const status of success) {
          if (declaredHeaders(resolve(responses[status]).node).has(header.toLowerCase())) continue;
          report({
            message: `\`${name}\` is a paginated list (it takes ${pageParameters.map((p) => `\`${p}\``).join(" and ")}), but its ${status} response does not declare \`${header}\`: add \`${header}: { $ref: '${components}/${header}' }\` under its \`headers\` (the total number of matching records).`,
            location: location.child(["responses", status]).key(),
            reference,
          });
        }
      },
    },
  };
}

/** Whether the operation pages its results (issue 38's `x-pagination` declaration goes here). */
function isPaginated(operation, queryParameters, pageParameters) {
  return pageParameters.every((name) => queryParameters.includes(name));
}
