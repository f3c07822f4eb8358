/** The human report of a run: each failure with its reproduction, then a summary and the replay line. */
import type { ConformanceReport } from "./run-conformance.js";
import type { ConformanceFailure } from "./run-context.js";

export function formatFailure(failure: ConformanceFailure, index: number): string {
  const lines = [
    `${index + 1}) ${failure.operationId} · ${failure.check} (${failure.phase})`,
    `   ${failure.message}`,
    `   expected: ${failure.expected}`,
    `   actual:   ${failure.actual}`,
    `   at:       ${failure.pointer === "" ? "/ (the whole body)" : failure.pointer}`,
  ];
  if (failure.mutation !== undefined) lines.push(`   invalid:  ${failure.mutation}`);
  if (failure.steps.length > 0) {
    lines.push("   after:");
    for (const step of failure.steps) lines.push(`     ${step}`);
  }
  // a finding in the spec itself (a broken example) has no request to reproduce
  if (failure.curl !== "") lines.push("   reproduce:", `     ${failure.curl}`);
  return lines.join("\n");
}

/** `replay`: the command line that reruns this exact run (same seed). */
export function formatReport(report: ConformanceReport, replay: string | undefined): string {
  const out: string[] = [];
  report.failures.forEach((failure, index) => out.push(formatFailure(failure, index), ""));
  for (const note of report.notes) out.push(`note: ${note}`);
  // `METHOD /path` entries are the method probes, not operations of the spec
  const probes = report.operations.filter((operation) =>
    operation.operationId.includes(" "),
  ).length;
  const operations = report.operations.length - probes;
  const checks = new Set(report.operations.flatMap((operation) => operation.checks)).size;
  out.push(
    `${report.ok ? "PASS" : "FAIL"}: ${report.failures.length} failure(s); ${operations} operation(s) and ${probes} method probe(s), ${checks} kind(s) of check, ${report.requests} request(s) (${report.rateLimited} answered 429 and waited for); seed ${report.seed}`,
  );
  if (!report.ok && replay !== undefined) out.push(`replay: ${replay}`);
  return `${out.join("\n")}\n`;
}
