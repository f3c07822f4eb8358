/**
 * house/deprecation-policy: a deprecated operation has `x-deprecated-since` and `x-sunset`,
 * real quoted ISO dates, the sunset at least the policy's notice after the deprecation and not
 * yet passed; neither field on an operation that is not deprecated. The policy itself is
 * ../deprecation-policy.js, shared with `generate` and `spec:diff`.
 *
 * Options: `today` - YYYY-MM-DD to judge "passed" against (default: the current UTC date).
 */
import { deprecationProblems } from "../deprecation-policy.js";

export default function DeprecationPolicy(options = {}) {
  const today = options.today ?? new Date().toISOString().slice(0, 10);
  return {
    Operation: {
      enter(operation, { report, location }) {
        if (typeof operation !== "object" || operation === null) return;
        for (const problem of deprecationProblems(operation, { today })) {
          const name =
            typeof operation.operationId === "string" ? `\`${operation.operationId}\`: ` : "";
          report({
            message: `${name}${problem.message}: ${problem.fix}`,
            location: location.child([problem.field]).key(),
          });
        }
      },
    },
  };
}
