/** Wording shared by the text and markdown formatters. */
import type { Change, Report, Severity } from "./report.js";
import { SEVERITY_ORDER } from "./report.js";

export const SEVERITY_TITLE: Record<Severity, string> = {
  breaking: "Breaking",
  warning: "Warnings",
  deprecation: "Deprecations",
  "non-breaking": "Non-breaking",
};

export const SEVERITY_ICON: Record<Severity, string> = {
  breaking: "✖",
  warning: "⚠",
  deprecation: "↓",
  "non-breaking": "✓",
};

export function groupBySeverity(report: Report): Array<[Severity, Change[]]> {
  return SEVERITY_ORDER.map((severity): [Severity, Change[]] => [
    severity,
    report.changes.filter((change) => change.severity === severity),
  ]).filter(([, changes]) => changes.length > 0);
}

export function summaryLine(report: Report): string {
  const { breaking, warning, deprecation, nonBreaking } = report.summary;
  return `${breaking} breaking · ${warning} warning${warning === 1 ? "" : "s"} · ${deprecation} deprecation${deprecation === 1 ? "" : "s"} · ${nonBreaking} non-breaking`;
}

/** The operations a component-level change reaches: `GET /pets, POST /pets +3 more`. */
export function usedBy(change: Change, max = 3): string {
  if (
    change.operations.length === 0 ||
    (change.operations.length === 1 && change.operations[0] === change.location)
  )
    return "";
  const shown = change.operations.slice(0, max).join(", ");
  return change.operations.length > max
    ? `${shown} +${change.operations.length - max} more`
    : shown;
}

/** One sentence on the version: what is required, what head has, whether it is enough. */
export function versionSentence(report: Report): string {
  const { version } = report;
  const from = version.base ?? "(none)";
  const to = version.head ?? "(none)";
  const actual =
    version.actual === "invalid"
      ? "not comparable as semver"
      : version.actual === "downgrade"
        ? "a downgrade"
        : version.actual === "none"
          ? "unchanged"
          : `a ${version.actual} bump`;
  const required = version.required === "none" ? "need no bump" : `need a ${version.required} bump`;
  return `info.version ${from} → ${to} is ${actual}; the changes ${required}${version.sufficient ? "" : " (missing)"}`;
}

/**
 * Why a failing report fails when no version bump can fix it: its deprecation-policy breaches
 * ("1 breach of the deprecation policy (no version bump fixes it: ...)"), or undefined.
 */
export function policyBreaches(report: Report): string | undefined {
  const violations = report.changes.filter((change) => change.violation).length;
  if (violations === 0) return undefined;
  return `${violations} breach${violations === 1 ? "" : "es"} of the deprecation policy (no version bump fixes ${violations === 1 ? "it" : "them"}: fix the spec as each says)`;
}

export function verdictSentence(report: Report): string {
  const breaches = policyBreaches(report);
  if (breaches !== undefined) return `FAIL: ${breaches}`;
  if (report.verdict === "fail")
    return `FAIL: ${report.summary.breaking} breaking change${report.summary.breaking === 1 ? "" : "s"} without a major bump of info.version`;
  if (!report.version.sufficient)
    return `PASS with a note: info.version should get a ${report.version.required} bump`;
  return report.changes.length === 0 ? "PASS: no changes" : "PASS";
}
