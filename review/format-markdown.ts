/**
 * Pull-request comment: a hidden marker (to update the same comment on every push), a summary
 * line, the version table, then one table per severity (non-breaking folded).
 */
import {
  SEVERITY_TITLE,
  groupBySeverity,
  policyBreaches,
  summaryLine,
  usedBy,
} from "./format-common.js";
import type { Change, Report, Severity } from "./report.js";

/** First line of every comment; the workflow finds its previous comment by it. */
export const COMMENT_MARKER = "<!-- spec-diff-report -->";

const EMOJI: Record<Severity, string> = {
  breaking: "❌",
  warning: "⚠️",
  deprecation: "🕓",
  "non-breaking": "✅",
};

export function formatMarkdown(report: Report): string {
  const { version } = report;
  const breaches = policyBreaches(report);
  const title =
    breaches !== undefined
      ? `❌ Spec diff: ${breaches}`
      : report.verdict === "fail"
        ? `❌ Spec diff: ${report.summary.breaking} breaking change${report.summary.breaking === 1 ? "" : "s"} without a major version bump`
        : report.changes.length === 0
          ? "✅ Spec diff: no contract changes"
          : version.sufficient
            ? "✅ Spec diff: no unannounced breaking changes"
            : `⚠️ Spec diff: passes, but info.version needs a ${version.required} bump`;
  const lines: string[] = [
    COMMENT_MARKER,
    `### ${title}`,
    "",
    `**${summaryLine(report)}** — ${code(report.base.label)} → ${code(report.head.label)}, sunset policy evaluated on ${report.today} (a deprecation needs ≥ ${report.minNoticeMonths} months' notice)`,
    "",
    "| `info.version` | Base | Head | Bump in head | Required bump | OK |",
    "|---|---|---|---|---|---|",
    `| | ${cell(version.base ?? "—")} | ${cell(version.head ?? "—")} | ${version.actual} | **${version.required}** | ${version.sufficient ? "✅" : report.verdict === "fail" ? "❌" : "⚠️"} |`,
    "",
  ];
  for (const [severity, changes] of groupBySeverity(report)) {
    const table = changeTable(changes);
    const heading = `${EMOJI[severity]} ${SEVERITY_TITLE[severity]} (${changes.length})`;
    if (severity === "non-breaking")
      lines.push("<details>", `<summary>${heading}</summary>`, "", ...table, "", "</details>", "");
    else lines.push(`#### ${heading}`, "", ...table, "");
  }
  lines.push(
    "<sub>Breaking = needs a major bump and fails the check · Warning = breaking, but only on `x-stability: beta` operations · " +
      "Changes confined to `x-stability: experimental` operations are never breaking · `npm run spec:diff -- <base>` reproduces this locally.</sub>",
  );
  return `${lines.join("\n")}\n`;
}

function changeTable(changes: readonly Change[]): string[] {
  return [
    "| Side | Location | Field | Change |",
    "|---|---|---|---|",
    ...changes.map((change) => {
      const reach = usedBy(change);
      const details = [
        cell(change.reason),
        reach ? `<br><sub>used by ${cell(reach)}</sub>` : "",
        change.note ? `<br><sub>${cell(change.note)}</sub>` : "",
        change.at ? `<br><sub>at ${code(change.at)}</sub>` : "",
      ].join("");
      return `| ${change.side} | ${code(change.location)} | ${change.field ? code(change.field) : ""} | ${details} |`;
    }),
  ];
}

/** Escapes a value for a table cell: pipes, newlines, HTML angle brackets. */
function cell(text: string): string {
  return text
    .replace(/\\/g, "\\\\")
    .replace(/\|/g, "\\|")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/\r?\n/g, " ");
}

/** A code span for a table cell (only pipes need escaping there). */
function code(text: string): string {
  return `\`${text.replace(/\|/g, "\\|").replace(/`/g, "'").replace(/\r?\n/g, " ")}\``;
}
