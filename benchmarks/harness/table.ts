/** The results table, for the terminal and as Markdown for the README. */
import type { MachineInfo } from "./machine.js";
import type { Row } from "./rows.js";

function formatValue(value: number, unit: string): string {
  if (!Number.isFinite(value)) return "–";
  switch (unit) {
    case "s":
      return `${value >= 10 ? value.toFixed(1) : value.toFixed(2)} s`;
    case "ms":
      return `${value.toFixed(2)} ms`;
    case "MiB":
      return `${Math.round(value)} MiB`;
    case "kB":
      return `${value.toFixed(1)} kB`;
    case "ops/s":
    case "req/s":
      return `${Math.round(value).toLocaleString("en-US")} ${unit}`;
    default:
      return `${value} ${unit}`;
  }
}

function cells(row: Row): string[] {
  const ratio = row.ratio === null ? "–" : `${row.ratio.toFixed(2)}×`;
  const target = `${row.targetOp === "<=" ? "≤" : "≥"} ${row.targetValue.toFixed(2)}×`;
  const met = row.met ? "yes" : row.details["failure"] !== undefined ? "FAILED" : "no";
  return [
    row.label,
    formatValue(row.ours, row.unit),
    `${formatValue(row.peer, row.unit)} (${row.peerName})`,
    ratio,
    target,
    met,
  ];
}

const HEADER = ["figure", "ours", "peer", "ratio", "target", "met"];

export function formatTable(rows: readonly Row[]): string {
  const body = rows.map(cells);
  const widths = HEADER.map((title, column) =>
    Math.max(title.length, ...body.map((line) => line[column]!.length)),
  );
  const line = (values: readonly string[]) =>
    values
      .map((value, column) => value.padEnd(widths[column]!))
      .join("  ")
      .trimEnd();
  return [
    line(HEADER),
    widths.map((width) => "-".repeat(width)).join("  "),
    ...body.map(line),
  ].join("\n");
}

export function markdownTable(
  rows: readonly Row[],
  machine: MachineInfo,
  date: string,
  loadAverages: readonly (readonly number[])[],
): string {
  const versions = Object.entries(machine.versions)
    .map(([name, version]) => `${name} ${version}`)
    .join(", ");
  const escape = (text: string) => text.replace(/\|/g, "\\|");
  return [
    `Measured ${date} on ${machine.cpus} × ${machine.cpuModel}, ${machine.memoryGb} GB, ${machine.os}, Node ${machine.node} ` +
      `(load average seen: ${loadAverages.map((values) => values.join(" / ")).join(" → ")}).`,
    `Versions: ${versions}. Code: commit ${machine.git.commit}${machine.git.uncommitted.length > 0 ? ` with ${machine.git.uncommitted.length} uncommitted files` : ""}.`,
    "",
    `| ${HEADER.join(" | ")} |`,
    `|${HEADER.map(() => "---").join("|")}|`,
    ...rows.map((row) => `| ${cells(row).map(escape).join(" | ")} |`),
  ].join("\n");
}
