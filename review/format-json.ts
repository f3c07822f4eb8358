/**
 * Machine output: the Report as JSON (`reportVersion` 1). Keys come in a fixed order and changes
 * are sorted (severity, side, location, field), so the output of the same inputs is byte-stable.
 */
import type { Report } from "./report.js";

export function formatJson(report: Report): string {
  return `${JSON.stringify(report, null, 2)}\n`;
}
