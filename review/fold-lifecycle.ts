/**
 * A deprecation is one row: the lifecycle headers a deprecated operation's responses declare
 * (`Deprecation`, `Sunset`, `Link`) and its `410` are implied by `deprecated: true` with
 * `x-sunset` / `x-replaced-by` (the server sends them whether the spec repeats them or not), so
 * their additions are folded into the operation's deprecation row instead of one row per response
 * and header (a deprecation that copies them into 19 responses once made 38 rows).
 */
import type { RawChange } from "./raw-change.js";

const LIFECYCLE_HEADER = /(^|\.)headers\.(deprecation|sunset|link)$/i;
const DEPRECATION_RULES = ["operation-deprecated", "sunset-scheduled"];

/** Whether the change's rule is `name` (the comparers' rules may carry a side prefix: `response.`). */
function ruleIs(change: RawChange, name: string): boolean {
  return change.rule === name || change.rule.endsWith(`.${name}`);
}

/** `changes` of one operation, with the lifecycle rows folded into its deprecation row. */
export function foldLifecycleRows(
  changes: readonly RawChange[],
  operation: Readonly<Record<string, unknown>>,
): RawChange[] {
  const row = changes.find((change) => DEPRECATION_RULES.some((name) => ruleIs(change, name)));
  if (operation.deprecated !== true || row === undefined) return [...changes];
  const folded = changes.filter(
    (change) =>
      change.location === row.location &&
      ((ruleIs(change, "header-added") && LIFECYCLE_HEADER.test(change.field)) ||
        (ruleIs(change, "status-added") && change.field === "410")),
  );
  if (folded.length === 0) return [...changes];
  const headers = folded.filter((change) => ruleIs(change, "header-added")).length;
  const gone = folded.some((change) => ruleIs(change, "status-added"));
  const parts = [
    ...(headers > 0 ? [`${headers} lifecycle header declaration${headers === 1 ? "" : "s"}`] : []),
    ...(gone ? ["the 410 after the sunset"] : []),
  ];
  const merged: RawChange = { ...row, reason: `${row.reason} (includes ${parts.join(" and ")})` };
  return changes
    .filter((change) => !folded.includes(change))
    .map((change) => (change === row ? merged : change));
}
