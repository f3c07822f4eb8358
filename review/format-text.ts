/** Terminal summary of a report: changes grouped by severity, then the version verdict. */
import {
  SEVERITY_ICON,
  SEVERITY_TITLE,
  groupBySeverity,
  summaryLine,
  usedBy,
  verdictSentence,
  versionSentence,
} from "./format-common.js";
import type { Report } from "./report.js";

export function formatText(report: Report): string {
  const lines: string[] = [
    `spec:diff ${report.base.label} (${report.base.version ?? "?"}) → ${report.head.label} (${report.head.version ?? "?"})`,
    `today ${report.today}; a new deprecation needs an x-sunset at least ${report.minNoticeMonths} months ahead`,
    "",
  ];
  if (report.changes.length === 0) lines.push("No changes.", "");
  for (const [severity, changes] of groupBySeverity(report)) {
    lines.push(`${SEVERITY_ICON[severity]} ${SEVERITY_TITLE[severity]} (${changes.length})`);
    for (const change of changes) {
      const where = change.field ? `${change.location}  ${change.field}` : change.location;
      lines.push(`  ${change.side.padEnd(9)} ${where}`);
      lines.push(`  ${" ".repeat(9)} ${change.reason}`);
      if (change.at) lines.push(`  ${" ".repeat(9)} at ${change.at}`);
      const reach = usedBy(change);
      if (reach) lines.push(`  ${" ".repeat(9)} used by ${reach}`);
      if (change.note) lines.push(`  ${" ".repeat(9)} note: ${change.note}`);
    }
    lines.push("");
  }
  lines.push(
    `Summary: ${summaryLine(report)}`,
    `Version: ${versionSentence(report)}`,
    verdictSentence(report),
  );
  return `${lines.join("\n")}\n`;
}
