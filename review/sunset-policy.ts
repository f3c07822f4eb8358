/**
 * The deprecation and sunset policy (spec "Versioning and deprecation"), which generic diff tools
 * do not know:
 * - removing an operation that is deprecated and whose `x-sunset` date has come (today >= sunset:
 *   it works until the start of that day, UTC) is allowed;
 * - removing it earlier, or removing an operation that was never deprecated, is breaking;
 * - deprecating an operation follows the shared policy (lint/deprecation-policy.js: an
 *   `x-deprecated-since`, an `x-sunset` at least 6 months after the announcement, which for a
 *   new deprecation is no earlier than today); a breach is a violation that no bump fixes;
 * - moving the sunset earlier, or deleting `x-sunset` from a still-deprecated operation, is breaking.
 */
import { deprecationProblems } from "../lint/deprecation-policy.js";
import { parseIsoDate } from "./dates.js";
import type { OperationInfo } from "./operations.js";
import { ChangeSink } from "./raw-change.js";
import type { RawChange } from "./raw-change.js";
import { jsonEqual } from "./refs.js";

export interface PolicyOptions {
  /** YYYY-MM-DD */
  readonly today: string;
}

export function diffRemovedOperation(
  base: OperationInfo,
  options: PolicyOptions,
  movedTo?: string,
): RawChange[] {
  const out: RawChange[] = [];
  const sink = new ChangeSink({ side: "operation", location: base.key, path: "" }, out);
  const sunsetText = base.operation["x-sunset"];
  const sunset = parseIsoDate(sunsetText);
  const today = parseIsoDate(options.today) ?? 0;
  const moved = movedTo
    ? ` (its operationId moved to ${movedTo}: a changed path or method is a removal for clients)`
    : "";
  if (base.operation.deprecated === true && sunset !== undefined) {
    if (today >= sunset) {
      sink.compatible(
        "removed-after-sunset",
        "minor",
        `removed after its sunset date ${String(sunsetText)} (deprecated, allowed by the policy)${moved}`,
      );
    } else {
      sink.breaking(
        "removed-before-sunset",
        `removed before its sunset date ${String(sunsetText)} (${sunset - today} days early)${moved}`,
      );
    }
  } else if (base.operation.deprecated === true) {
    sink.breaking(
      "removed-without-sunset",
      `deprecated operation removed without an x-sunset date${moved}`,
    );
  } else {
    sink.breaking(
      "operation-removed",
      `operation removed without deprecation: clients calling it get 404${moved}`,
    );
  }
  return out;
}

export function diffDeprecation(
  base: OperationInfo,
  head: OperationInfo,
  options: PolicyOptions,
): RawChange[] {
  const out: RawChange[] = [];
  const sink = new ChangeSink({ side: "operation", location: base.key, path: "" }, out);
  const wasDeprecated = base.operation.deprecated === true;
  const isDeprecated = head.operation.deprecated === true;
  const oldSunset = base.operation["x-sunset"];
  const newSunset = head.operation["x-sunset"];
  if (!isDeprecated) {
    if (wasDeprecated) sink.compatible("deprecation-withdrawn", "patch", "deprecation withdrawn");
    return out;
  }
  if (!wasDeprecated || oldSunset === undefined) {
    checkNewSunset(sink, head, options, wasDeprecated);
    return out;
  }
  const before = parseIsoDate(oldSunset);
  const after = parseIsoDate(newSunset);
  const values = { before: oldSunset, after: newSunset };
  if (newSunset === undefined) {
    sink.violation(
      "sunset-removed",
      `x-sunset ${String(oldSunset)} deleted from a still-deprecated operation: clients lose the date they planned for; put it back (a deprecated operation needs one)`,
      values,
    );
    return out;
  }
  if (
    jsonEqual(oldSunset, newSunset) &&
    jsonEqual(base.operation["x-deprecated-since"], head.operation["x-deprecated-since"])
  ) {
    return out;
  }
  // The dates changed: the shared policy judges them as lint does (notice from x-deprecated-since).
  const problems = deprecationProblems(head.operation).filter(
    (problem) => problem.rule !== "sunset-passed",
  );
  for (const problem of problems)
    sink.violation(problem.rule, `${problem.message}: ${problem.fix}`, values);
  if (after === undefined) return out;
  if (before !== undefined && after < before) {
    sink.breaking(
      "sunset-moved-earlier",
      `sunset moved earlier, from ${String(oldSunset)} to ${String(newSunset)}: clients have less time than promised`,
      values,
    );
  } else if (before === undefined || after > before) {
    sink.compatible(
      "sunset-postponed",
      "patch",
      `sunset moved from ${String(oldSunset)} to ${String(newSunset)}`,
      values,
    );
  }
  return out;
}

/**
 * A deprecation that is new (or an x-sunset first given) in the change under review: the shared
 * policy decides (lint/deprecation-policy.js), with the notice counted from no earlier than today,
 * the day the deprecation is announced. A breach is a violation: no version bump makes it pass.
 */
function checkNewSunset(
  sink: ChangeSink,
  head: OperationInfo,
  options: PolicyOptions,
  wasDeprecated: boolean,
): void {
  const problems = deprecationProblems(head.operation, { announced: options.today }).filter(
    (problem) => problem.rule !== "sunset-passed",
  );
  const text = head.operation["x-sunset"];
  for (const problem of problems) {
    sink.violation(problem.rule, `${problem.message}: ${problem.fix}`, { after: text });
  }
  if (problems.length > 0) return;
  const sunset = parseIsoDate(text) ?? 0;
  const today = parseIsoDate(options.today) ?? 0;
  const replacement =
    typeof head.operation["x-replaced-by"] === "string"
      ? `; use \`${head.operation["x-replaced-by"]}\` instead`
      : "";
  sink.deprecation(
    wasDeprecated ? "sunset-scheduled" : "operation-deprecated",
    `${wasDeprecated ? "sunset scheduled" : "deprecated"}: sunset ${String(text)}, ${sunset - today} days ahead${replacement}`,
    { after: text },
  );
}
