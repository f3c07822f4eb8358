/**
 * The README in prettier's markdown layout without prettier, when every block is one whose
 * printing is known for certain (prettier's markdown plugin costs about a tenth of a second to
 * load and run on every cold generation). The README is emit-readme.ts's blocks, one blank line
 * apart: an HTML comment, headings, paragraphs, `- ` lists, fenced code (already formatted:
 * readme-code.ts) and tables. Prettier (proseWrap "preserve") keeps such blocks as they are,
 * except tables, whose columns it pads to their widest cell (and `---` at least) -- done here.
 *
 * "Known for certain" is deliberately narrow; any text outside it makes the whole README go to
 * prettier, as before: inline text may hold code spans, `**strong**`, links `[text](target)`
 * with a plain target and backslash escapes of ASCII punctuation; no other `*`, no `_`, `~`,
 * `!`, `<`, `>` or `&` outside code spans, no line starting like a block (`#`, `>`, `+`, `*`,
 * `=`, a digit and `.`), no tab, no double or trailing space, and tables only of printable ASCII
 * (whose width is its length). test/generator/print-readme-prettier.test.ts compares both paths
 * on the pet store, the fixtures and the corpus subset, and on random texts.
 */

/** `markdown` as prettier formats it, or `undefined` when that is not known for certain. */
export function printReadmePrettier(markdown: string): string | undefined {
  const blocks = splitBlocks(markdown);
  if (blocks === undefined) return undefined;
  const printed: string[] = [];
  for (const block of blocks) {
    const own = printBlock(block);
    if (own === undefined) return undefined;
    printed.push(own);
  }
  return `${printed.join("\n\n")}\n`;
}

/** Blocks separated by blank lines; a fenced block is one block whatever it holds. */
function splitBlocks(markdown: string): string[][] | undefined {
  const lines = markdown.replace(/\n+$/, "").split("\n");
  const blocks: string[][] = [];
  let current: string[] = [];
  let fenced = false;
  for (const line of lines) {
    if (fenced) {
      current.push(line);
      if (line === "```") fenced = false;
      continue;
    }
    if (line === "") {
      if (current.length > 0) blocks.push(current);
      current = [];
      continue;
    }
    if (line.startsWith("```")) {
      if (current.length > 0) return undefined; // a fence right under text: not written here
      if (!/^```[a-z]*$/.test(line)) return undefined;
      fenced = true;
    }
    current.push(line);
  }
  if (fenced) return undefined;
  if (current.length > 0) blocks.push(current);
  return blocks;
}

function printBlock(lines: readonly string[]): string | undefined {
  const first = lines[0]!;
  if (first.startsWith("```")) return lines.slice(1, -1).some((line) => line.startsWith("```") || line.startsWith("~~~")) ? undefined : lines.join("\n");
  if (first.startsWith("<!--")) return lines.length === 1 && /^<!--(?:(?!-->).)*-->$/.test(first) && !first.slice(4, -3).includes("--") ? first : undefined;
  if (first.startsWith("|")) return printTable(lines);
  if (/^#{1,6} /.test(first)) return lines.length === 1 && safeInline(first.replace(/^#{1,6} /, "")) && !/#$/.test(first) ? first : undefined;
  if (first.startsWith("- ")) return lines.every((line) => line.startsWith("- ") && safeInline(line.slice(2)) && !startsLikeBlock(line.slice(2))) ? lines.join("\n") : undefined;
  return lines.every((line) => safeInline(line) && !startsLikeBlock(line)) ? lines.join("\n") : undefined;
}

/** Whether a line of text would start a block of its own (a list item, heading, quote, rule, table, setext underline). */
function startsLikeBlock(text: string): boolean {
  return /^(?:[-+*](?: |$)|#{1,6}(?: |$)|>|\||[-=*_ ]+$|\d+[.)](?: |$))/.test(text);
}

/** Whether prettier prints this inline text (one line) as it is. */
function safeInline(text: string): boolean {
  if (text === "" || /^\s|\s$|\t| {2}/.test(text)) return false;
  const outside = withoutCodeSpans(text);
  if (outside === undefined) return false;
  // escapes of ASCII punctuation only, and nothing markdown or HTML would read otherwise
  const unescaped = outside.replace(/\\[!-/:-@[-`{-~]/g, "");
  if (unescaped.includes("\\") || /[_~!<>&]/.test(unescaped)) return false;
  // `**strong**` pairs hold no `*` and start and end with a non-space
  const stars = unescaped.replace(/\*\*(?=\S)([^*]*?\S)\*\*/g, "$1");
  if (stars.includes("*")) return false;
  // links `[text](target)` with a plain target; no other brackets
  const links = stars.replace(/\[([^[\]]+)\]\(([^()\s]+)\)/g, "$1");
  return !/[[\]]/.test(links);
}

/**
 * The text with its code spans replaced by a space (a code span is a run of n backticks up to
 * the next run of exactly n); `undefined` when a run is not closed.
 */
function withoutCodeSpans(text: string): string | undefined {
  let out = "";
  let index = 0;
  while (index < text.length) {
    const start = text.indexOf("`", index);
    if (start === -1) return out + text.slice(index);
    if (start > 0 && text[start - 1] === "\\") return undefined; // an escaped backtick: not written here
    out += text.slice(index, start);
    const run = /^`+/.exec(text.slice(start))![0].length;
    const close = new RegExp(`(?<!\`)\`{${run}}(?!\`)`, "g");
    close.lastIndex = start + run;
    const end = close.exec(text);
    if (end === null) return undefined;
    out += " ";
    index = end.index + run;
  }
  return out;
}

/** A table: its cells padded to each column's widest (at least 3), `| a | b |`, `| --- | --- |` under the header. */
function printTable(lines: readonly string[]): string | undefined {
  if (lines.length < 2 || lines.some((line) => !/^\|.*\|$/.test(line) || /[^\x20-\x7e]/.test(line))) return undefined;
  const rows = lines.map(cellsOf);
  const columns = rows[0]!.length;
  if (rows.some((row) => row === undefined || row.length !== columns)) return undefined;
  const [header, delimiter, ...body] = rows as string[][];
  if (!delimiter!.every((cell) => /^-{3,}$/.test(cell))) return undefined;
  if (![header!, ...body].every((row) => row.every((cell) => cell === "" || safeCell(cell)))) return undefined;
  const widths = Array.from({ length: columns }, (_, column) => Math.max(3, ...[header!, ...body].map((row) => row[column]!.length)));
  const line = (cells: readonly string[]) => `| ${cells.map((cell, column) => cell.padEnd(widths[column]!)).join(" | ")} |`;
  return [line(header!), line(widths.map((width) => "-".repeat(width))), ...body.map(line)].join("\n");
}

/** A cell's text is inline text in which `|` is escaped (also inside code spans, as GFM reads them). */
function safeCell(cell: string): boolean {
  return safeInline(cell.replace(/\\\|/g, "\\-"));
}

/** The trimmed cells of a table line, split at its unescaped `|`s. */
function cellsOf(line: string): string[] | undefined {
  const cells: string[] = [];
  let current = "";
  for (let index = 1; index < line.length; index++) {
    const character = line[index]!;
    if (character === "\\" && index + 1 < line.length - 1) {
      current += character + line[++index]!;
      continue;
    }
    if (character === "|") {
      cells.push(current.trim());
      current = "";
      continue;
    }
    current += character;
  }
  return current === "" ? cells : undefined;
}
