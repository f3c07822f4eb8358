/** The README's markdown: spec text as plain text or code, fences, lists and laid-out tables. */

/** Spec text as plain markdown text: one line, every markdown and HTML character escaped. */
export function text(value: string): string {
  return value
    .replace(/\s+/g, " ")
    .trim()
    .replace(/[\\`*_{}[\]()<>#+!|~&]/g, (character) => `\\${character}`);
}

/** An inline code span that holds `value` whatever backticks it contains; safe in table cells. */
export function code(value: string): string {
  const line = value.replace(/\s+/g, " ").trim().replace(/\|/g, "\\|");
  const longest = Math.max(0, ...[...line.matchAll(/`+/g)].map((match) => match[0].length));
  const fenceMarks = "`".repeat(longest + 1);
  const pad = line.startsWith("`") || line.endsWith("`") ? " " : "";
  return `${fenceMarks}${pad}${line}${pad}${fenceMarks}`;
}

export function fence(language: string, body: string): string {
  return `\`\`\`${language}\n${body.trimEnd()}\n\`\`\``;
}

export function list(items: readonly string[]): string {
  return items.map((item) => `- ${item}`).join("\n");
}

/**
 * A markdown table laid out: every column padded to its widest cell (and to `---`), so the table
 * reads as a table in plain text too. Widths count code points: a cell of wide characters (CJK,
 * emoji) is padded as if each were one column, which markdown renders the same.
 */
export function table(headers: readonly string[], rows: readonly (readonly string[])[]): string {
  const widths = headers.map((header, column) =>
    Math.max(3, ...[headers, ...rows].map((cells) => width(cells[column] ?? ""))),
  );
  const pad = (cell: string, column: number) => cell + " ".repeat(widths[column]! - width(cell));
  const line = (cells: readonly string[]) =>
    `| ${headers.map((_, column) => pad(cells[column] ?? "", column)).join(" | ")} |`;
  return [
    line(headers),
    `| ${widths.map((size) => "-".repeat(size)).join(" | ")} |`,
    ...rows.map(line),
  ].join("\n");
}

function width(cell: string): number {
  return [...cell].length;
}
