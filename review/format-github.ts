/**
 * `--format github`: one GitHub Actions workflow command per finding with a place in the head
 * spec (`::error file=spec/openapi.yaml,line=12,col=5,title=…::…`), so the pull request shows
 * each on its line: breaking changes and policy breaches as errors, warnings as warnings, the rest
 * as notices. Findings located in the base (a removal) have no line in the pull request's files;
 * they are annotated on the head spec's first line.
 */
import type { Change, Report } from "./report.js";

export function formatGithub(report: Report): string {
  return report.changes.map((change) => command(change, report.head.label)).join("");
}

function command(change: Change, headFile: string): string {
  const level =
    change.violation === true || change.severity === "breaking"
      ? "error"
      : change.severity === "warning"
        ? "warning"
        : "notice";
  const match = change.at === undefined ? null : /^(.+?):(\d+):(\d+)$/.exec(change.at);
  const inHead = match !== null && match[1] === headFile;
  const where = inHead
    ? `file=${property(match[1] as string)},line=${match[2]},col=${match[3]}`
    : `file=${property(headFile)},line=1`;
  const title = `spec:diff ${change.severity}: ${change.location}${change.field ? ` ${change.field}` : ""}`;
  return `::${level} ${where},title=${property(title)}::${data(change.reason)}\n`;
}

/** Escapes a workflow command's data (the message). */
function data(text: string): string {
  return text.replace(/%/g, "%25").replace(/\r/g, "%0D").replace(/\n/g, "%0A");
}

/** Escapes a workflow command's property value. */
function property(text: string): string {
  return data(text).replace(/:/g, "%3A").replace(/,/g, "%2C");
}
