/**
 * JUnit XML for CI: one test suite per operation (or undeclared `METHOD /path`), one test case per
 * check that ran, with a `<failure>` carrying the message, expected/actual, the pointer and the
 * curl reproduction.
 */
import type { ConformanceReport } from "./run-conformance.js";

export function escapeXml(text: string): string {
  // Control characters other than tab, newline and carriage return are not allowed in XML 1.0.
  return text
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g, "\ufffd")
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;");
}

export function toJUnitXml(report: ConformanceReport): string {
  const suites: string[] = [];
  let tests = 0;
  let failed = 0;
  // Checks that ran, plus any check that failed on an operation (a stateful step reports there).
  const byOperation = new Map(
    report.operations.map(({ operationId, checks }) => [operationId, new Set<string>(checks)]),
  );
  for (const item of report.failures) {
    const set = byOperation.get(item.operationId) ?? new Set<string>();
    set.add(item.check);
    byOperation.set(item.operationId, set);
  }
  for (const [operationId, checkSet] of byOperation) {
    const checks = [...checkSet].sort();
    const cases: string[] = [];
    let suiteFailures = 0;
    for (const check of checks) {
      const failures = report.failures.filter(
        (item) => item.operationId === operationId && item.check === check,
      );
      const name = escapeXml(check);
      if (failures.length === 0) {
        cases.push(`    <testcase classname="${escapeXml(operationId)}" name="${name}"/>`);
        continue;
      }
      suiteFailures++;
      const body = failures
        .map((item) =>
          [
            item.message,
            `expected: ${item.expected}`,
            `actual: ${item.actual}`,
            `at: ${item.pointer || "/"}`,
            ...(item.mutation === undefined ? [] : [`invalid: ${item.mutation}`]),
            ...item.steps.map((step) => `after: ${step}`),
            ...(item.curl === "" ? [] : [`reproduce: ${item.curl}`]),
            `seed: ${item.seed}`,
          ].join("\n"),
        )
        .join("\n\n");
      cases.push(
        `    <testcase classname="${escapeXml(operationId)}" name="${name}">\n      <failure message="${escapeXml(failures[0]?.message ?? "")}" type="${name}">${escapeXml(body)}</failure>\n    </testcase>`,
      );
    }
    tests += checks.length;
    failed += suiteFailures;
    suites.push(
      `  <testsuite name="${escapeXml(operationId)}" tests="${checks.length}" failures="${suiteFailures}" errors="0" skipped="0">\n${cases.join("\n")}\n  </testsuite>`,
    );
  }
  return `<?xml version="1.0" encoding="UTF-8"?>\n<testsuites name="conformance" tests="${tests}" failures="${failed}" errors="0">\n${suites.join("\n")}\n</testsuites>\n`;
}
