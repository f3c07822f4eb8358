/**
 * A deprecation is one row: the lifecycle headers a deprecated operation's responses declare
 * (`Deprecation`, `Sunset`, `Link`) and its `410` are implied by `deprecated: true` with
 * `x-sunset` / `x-replaced-by` (the server sends them whether the spec repeats them or not), so
 * their additions and removals are folded into the row about the lifecycle fields instead of one
 * row per response and header (a deprecation that copied them into 19 responses made 38 rows).
 */
import type { RawChange } from "./raw-change.js";

const LIFECYCLE_HEADER = /(^|\.)headers\.(deprecation|sunset|link)$/i;
/** The rows about an operation's lifecycle fields (diffDeprecation's, the policy's, the successor's). */
const DEPRECATION_RULES = [
  "operation-deprecated",
  "sunset-scheduled",
  "deprecation-withdrawn",
  "sunset-removed",
  "sunset-moved-earlier",
  "sunset-postponed",
  "replacement-changed",
  "not-deprecated",
  "sunset-missing",
  "sunset-invalid",
  "since-missing",
  "since-invalid",
  "sunset-before-deprecation",
  "notice-too-short",
];

/** Whether the change's rule is `name` (the comparers' rules may carry a side prefix: `response.`). */
function ruleIs(change: RawChange, name: string): boolean {
  return change.rule === name || change.rule.endsWith(`.${name}`);
}

/**
 * `changes` of one operation, with the lifecycle rows (headers and 410 added or removed because
 * the lifecycle fields changed) folded into the row about those fields.
 */
export function foldLifecycleRows(changes: readonly RawChange[]): RawChange[] {
  const row = changes.find((change) => DEPRECATION_RULES.some((name) => ruleIs(change, name)));
  if (row === undefined) return [...changes];
  const folded = changes.filter(
    (change) =>
      change.location === row.location &&
      (((ruleIs(change, "header-added") || ruleIs(change, "header-removed")) &&
        LIFECYCLE_HEADER.test(change.field)) ||
        ((ruleIs(change, "status-added") || ruleIs(change, "status-removed")) &&
          change.field === "410")),
  );
  if (folded.length === 0) return [...changes];
  const headers = folded.filter((change) => /header-(added|removed)$/.test(change.rule)).length;
  const gone = folded.some((change) => /status-(added|removed)$/.test(change.rule));
  const parts = [
    ...(headers > 0 ? [`${headers} lifecycle header declaration${headers === 1 ? "" : "s"}`] : []),
    ...(gone ? ["the 410 after the sunset"] : []),
  ];
  const merged: RawChange = { ...row, reason: `${row.reason} (includes ${parts.join(" and ")})` };
  return changes
    .filter((change) => !folded.includes(change))
    .map((change) => (change === row ? merged : change));
}
