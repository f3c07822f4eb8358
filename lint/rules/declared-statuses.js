/**
 * house/declared-statuses: every operation declares the error statuses the server runtime can
 * answer it with, so that clients generated from the spec type them: `always` on every operation
 * (transport-level refusals, auth, rate limits, failures), `withPathParameter` when a path
 * parameter is looked up, `withRequestBody` when it takes a body (and not `bodyOnly` without one),
 * `byMethod` per HTTP method (idempotent POSTs). One report per operation, naming each missing
 * status and the shared response to `$ref` for it.
 *
 * Options: `always`, `withPathParameter`, `withRequestBody`, `bodyOnly` (status lists),
 * `byMethod` (method → statuses), `responses` (status → `#/components/responses` entry name).
 */
import {
  docsLink,
  inCallback,
  isObject,
  pathParameterTracker,
  quotedList,
} from "../rule-helpers.js";

export default function DeclaredStatuses(options = {}) {
  const always = options.always ?? ["400", "401", "500"];
  const withPath = options.withPathParameter ?? ["404"];
  const withBody = options.withRequestBody ?? ["413", "415"];
  const bodyOnly = options.bodyOnly ?? ["415"];
  const byMethod = options.byMethod ?? {};
  const shared = options.responses ?? {};
  const reference = docsLink("declared-statuses");
  const parameters = pathParameterTracker();
  return {
    ...parameters.visitor,
    Operation: {
      enter(operation, { report, location, resolve, key }) {
        if (inCallback(location)) return; // the API calls the client there
        if (!isObject(operation)) return;
        const declared = new Set(
          Object.keys(isObject(operation.responses) ? operation.responses : {}),
        );
        const all = parameters.with(operation, resolve);
        const hasBody = operation.requestBody !== undefined;
        const wanted = new Set([
          ...always,
          ...(all.some((parameter) => parameter?.in === "path") ? withPath : []),
          ...(hasBody ? withBody : []),
          ...(byMethod[String(key).toLowerCase()] ?? []),
        ]);
        const name = operation.operationId ?? location.pointer;
        const at = isObject(operation.responses)
          ? location.child(["responses"]).key()
          : location.key();
        const missing = [...wanted].filter((status) => !declared.has(status)).sort();
        if (missing.length > 0) {
          const fixes = missing.map((status) =>
            shared[status]
              ? `\`'${status}': { $ref: '#/components/responses/${shared[status]}' }\``
              : `\`'${status}'\` with the \`Error\` body`,
          );
          report({
            message: `\`${name}\` does not declare ${quotedList(missing)}, which the server can answer it with: add ${fixes.join(", ")} under its \`responses\`.`,
            location: at,
            reference,
          });
        }
        const stray = hasBody ? [] : bodyOnly.filter((status) => declared.has(status));
        if (stray.length > 0) {
          report({
            message: `\`${name}\` takes no request body, so it cannot answer ${quotedList(stray)}: remove ${stray.length === 1 ? "it" : "them"} from its \`responses\`.`,
            location: location.child(["responses", stray[0]]).key(),
            reference,
          });
        }
      },
    },
  };
}
