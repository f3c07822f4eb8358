/**
 * House lint rules for the pet store contract that Redocly's configurable
 * `rule/...` assertions cannot express (they need $ref resolution across the
 * document, the root `security`, or a condition on one node and a check on another). Loaded by `redocly.yaml` as `plugins`;
 * rule ids are `house/<file name>`.
 *
 * Redocly 2 plugin format: an ES module whose default export is a function
 * returning the plugin object.
 */
import apiKeySecurity from "./rules/api-key-security.js";
import declaredStatuses from "./rules/declared-statuses.js";
import deprecationPolicy from "./rules/deprecation-policy.js";
import errorResponseSchema from "./rules/error-response-schema.js";
import listTotalCount from "./rules/list-total-count.js";
import noUnusedComponents from "./rules/no-unused-components.js";
import paginationDeclaration from "./rules/pagination-declaration.js";
import rateLimitHeaders from "./rules/rate-limit-headers.js";
import replacedByExists from "./rules/replaced-by-exists.js";
import seedFacts from "./rules/seed-facts.js";

export default function housePlugin() {
  return {
    id: "house",
    rules: {
      oas3: {
        "api-key-security": apiKeySecurity,
        "declared-statuses": declaredStatuses,
        "deprecation-policy": deprecationPolicy,
        "error-response-schema": errorResponseSchema,
        "list-total-count": listTotalCount,
        "no-unused-components": noUnusedComponents,
        "pagination-declaration": paginationDeclaration,
        "rate-limit-headers": rateLimitHeaders,
        "replaced-by-exists": replacedByExists,
        "seed-facts": seedFacts,
      },
    },
  };
}
