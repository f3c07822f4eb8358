/**
 * house/deprecation-policy: a deprecated operation has `x-deprecated-since` and `x-sunset`,
 * real quoted ISO dates, the sunset at least the policy's notice after the deprecation and not
 * yet passed; neither field on an operation that is not deprecated. The policy itself is
 * ../deprecation-policy.js, shared with `generate` and `spec:diff`.
 *
 * A sunset that is near (`warnAheadDays`, default 30) or has passed is a warning, not an error:
 * the date arrives on every open pull request at once, and a spec PR should not turn red for it
 * (the scheduled sunset watch on main, `npm run sunsets`, says which operations are due).
 *
 * Options: `today` - YYYY-MM-DD to judge against (default: the current UTC date);
 * `warnAheadDays` - how many days before a sunset lint starts warning (default 30).
 */
import { deprecationProblems } from "../deprecation-policy.js";

/** Problems that come with the calendar, not with the change under review: warnings. */
const DATED = new Set(["sunset-soon", "sunset-passed"]);

export default function DeprecationPolicy(options = {}) {
  const today = options.today ?? new Date().toISOString().slice(0, 10);
  const warnWithinDays = options.warnAheadDays ?? 30;
  return {
    Operation: {
      enter(operation, { report, location }) {
        if (typeof operation !== "object" || operation === null) return;
        for (const problem of deprecationProblems(operation, { today, warnWithinDays })) {
          const name =
            typeof operation.operationId === "string" ? `\`${operation.operationId}\`: ` : "";
          report({
            message: `${name}${problem.message}: ${problem.fix}`,
            location: location.child([problem.field]).key(),
            ...(DATED.has(problem.rule) ? { forceSeverity: "warn" } : {}),
          });
        }
      },
    },
  };
}
