/**
 * The deprecation and sunset policy (spec "Versioning and deprecation"), which generic diff tools
 * do not know:
 * - removing an operation that is deprecated and whose `x-sunset` date has come (today >= sunset:
 *   it works until the start of that day, UTC) is allowed;
 * - removing it earlier, or removing an operation that was never deprecated, is breaking;
 * - deprecating an operation needs an `x-sunset` at least `minSunsetDays` ahead of today;
 * - moving the sunset earlier, or deleting `x-sunset` from a still-deprecated operation, is breaking.
 */
import { parseIsoDate } from "./dates.js";
import type { OperationInfo } from "./operations.js";
import { ChangeSink } from "./raw-change.js";
import type { RawChange } from "./raw-change.js";
import { show } from "./refs.js";

export interface PolicyOptions {
  /** YYYY-MM-DD */
  readonly today: string;
  readonly minSunsetDays: number;
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
    sink.breaking(
      "sunset-removed",
      `x-sunset ${String(oldSunset)} deleted from a still-deprecated operation: clients lose the date they planned for`,
      values,
    );
  } else if (after === undefined) {
    sink.breaking(
      "sunset-invalid",
      `x-sunset ${show(newSunset)} is not an ISO date (YYYY-MM-DD)`,
      values,
    );
  } else if (before !== undefined && after < before) {
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

function checkNewSunset(
  sink: ChangeSink,
  head: OperationInfo,
  options: PolicyOptions,
  wasDeprecated: boolean,
): void {
  const text = head.operation["x-sunset"];
  const sunset = parseIsoDate(text);
  const today = parseIsoDate(options.today) ?? 0;
  const needs = `the policy needs an x-sunset at least ${options.minSunsetDays} days ahead`;
  if (text === undefined) {
    sink.breaking("deprecated-without-sunset", `deprecated without an x-sunset date: ${needs}`);
  } else if (sunset === undefined) {
    sink.breaking("sunset-invalid", `x-sunset ${show(text)} is not an ISO date (YYYY-MM-DD)`, {
      after: text,
    });
  } else if (sunset - today < options.minSunsetDays) {
    sink.breaking(
      "sunset-too-soon",
      `sunset ${String(text)} is only ${sunset - today} days ahead: ${needs}`,
      { after: text },
    );
  } else {
    const replacement =
      typeof head.operation["x-replaced-by"] === "string"
        ? `; use ${head.operation["x-replaced-by"]}`
        : "";
    sink.deprecation(
      wasDeprecated ? "sunset-scheduled" : "operation-deprecated",
      `${wasDeprecated ? "sunset scheduled" : "deprecated"}: sunset ${String(text)}, ${sunset - today} days ahead${replacement}`,
      { after: text },
    );
  }
}
