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

export interface MarkdownOptions {
  /**
   * Where the head spec's files are browsable (`https://github.com/o/r/blob/<sha>`): each
   * `file:line` becomes a link to that line.
   */
  readonly linkBase?: string;
}

export function formatMarkdown(report: Report, options: MarkdownOptions = {}): string {
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
    ...codeImpactLines(report),
  ];
  for (const [severity, changes] of groupBySeverity(report)) {
    const table = changeTable(changes, report.head.label, options.linkBase);
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

/** "Generated code: client +listCategoryPets; server +1 handler to implement", when operations come or go. */
function codeImpactLines(report: Report): string[] {
  const { added, removed } = report.codeImpact;
  if (added.length === 0 && removed.length === 0) return [];
  const client = [...added.map((id) => `+${id}`), ...removed.map((id) => `−${id}`)].map(code);
  const server = [
    ...(added.length > 0
      ? [`+${added.length} handler${added.length === 1 ? "" : "s"} to implement (501 until then)`]
      : []),
    ...(removed.length > 0
      ? [`−${removed.length} handler${removed.length === 1 ? "" : "s"} to delete`]
      : []),
  ];
  return [`**Generated code:** client: ${client.join(", ")}; server: ${server.join(", ")}`, ""];
}

/** `file:line:column` as a code span, linked to the line under `linkBase` when it is in the head spec. */
function location(at: string, linkBase: string | undefined, headFile: string): string {
  const match = /^(.+?):(\d+):\d+$/.exec(at);
  if (
    linkBase === undefined ||
    match === null ||
    match[1] !== headFile ||
    headFile.startsWith("/") ||
    headFile.includes("..")
  )
    return code(at);
  return `[${code(at)}](${linkBase.replace(/\/+$/, "")}/${encodeURI(headFile)}#L${match[2]})`;
}

function changeTable(changes: readonly Change[], headFile: string, linkBase?: string): string[] {
  return [
    "| Side | Location | Field | Change |",
    "|---|---|---|---|",
    ...changes.map((change) => {
      const reach = usedBy(change);
      const details = [
        cell(change.reason),
        reach ? `<br><sub>used by ${cell(reach)}</sub>` : "",
        change.note ? `<br><sub>${cell(change.note)}</sub>` : "",
        change.at ? `<br><sub>at ${location(change.at, linkBase, headFile)}</sub>` : "",
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
