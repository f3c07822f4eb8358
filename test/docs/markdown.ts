/**
 * Reading the project's markdown: which files are documentation, their links, their headings'
 * anchors (GitHub's rules) and their TypeScript code blocks.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";

export const ROOT = fileURLToPath(new URL("../../", import.meta.url));

/** README.md and every markdown file under docs/, as paths relative to the root. */
export function documentationFiles(): string[] {
  const files = ["README.md"];
  const walk = (dir: string): void => {
    for (const entry of readdirSync(join(ROOT, dir), { withFileTypes: true })) {
      const path = `${dir}/${entry.name}`;
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith(".md")) files.push(path);
    }
  };
  walk("docs");
  return files.sort();
}

export interface Block {
  /** The fence's info string after the language, e.g. `fragment`. */
  readonly info: string;
  readonly language: string;
  /** 1-based line of the first line of code. */
  readonly line: number;
  readonly code: string;
}

/** Splits markdown into its fenced code blocks and the prose lines outside them. */
export function parseMarkdown(text: string): {
  blocks: Block[];
  prose: { line: number; text: string }[];
} {
  const blocks: Block[] = [];
  const prose: { line: number; text: string }[] = [];
  const lines = text.split("\n");
  let open:
    { fence: string; language: string; info: string; line: number; code: string[] } | undefined;
  lines.forEach((line, index) => {
    const fence = /^\s*(`{3,}|~{3,})\s*([\w-]*)\s*(.*)$/.exec(line);
    if (open === undefined) {
      if (fence !== null) {
        open = {
          fence: fence[1]!,
          language: fence[2]!,
          info: fence[3]!.trim(),
          line: index + 2,
          code: [],
        };
      } else prose.push({ line: index + 1, text: line });
    } else if (fence !== null && fence[1]!.startsWith(open.fence) && fence[2] === "") {
      blocks.push({
        info: open.info,
        language: open.language,
        line: open.line,
        code: open.code.join("\n"),
      });
      open = undefined;
    } else open.code.push(line);
  });
  return { blocks, prose };
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces to dashes. */
export function headingSlug(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/<[^>]*>/g, "")
    .replace(/[^\p{L}\p{N}\s_-]/gu, "")
    .replace(/\s/g, "-");
}

/** The anchors of a markdown file's headings, with `-1`, `-2`, ... for repeats. */
export function anchorsOf(text: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  for (const { text: line } of parseMarkdown(text).prose) {
    // an explicit HTML anchor (`<a id="house-seed-facts"></a>`), which GitHub keeps as written
    for (const explicit of line.matchAll(/<a\s+(?:id|name)="([^"]+)"\s*>/g))
      anchors.add(explicit[1]!);
    const heading = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (heading === null) continue;
    const slug = headingSlug(heading[1]!);
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    anchors.add(count === 0 ? slug : `${slug}-${count}`);
  }
  return anchors;
}

export interface Link {
  readonly file: string;
  readonly line: number;
  readonly target: string;
}

/** The relative links of a markdown file (inline code and external URLs left out). */
export function relativeLinks(file: string): Link[] {
  return linksIn(readFileSync(join(ROOT, file), "utf8"), file);
}

/** The relative links of markdown text (in code blocks, inline code and external URLs left out). */
export function linksIn(markdown: string, file: string): Link[] {
  const links: Link[] = [];
  for (const { line, text } of parseMarkdown(markdown).prose) {
    const withoutCode = text.replace(/`[^`]*`/g, "");
    for (const match of withoutCode.matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)) {
      const target = match[1]!;
      if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue;
      links.push({ file, line, target });
    }
  }
  return links;
}

export function relativeToRoot(path: string): string {
  return relative(ROOT, path).split("\\").join("/");
}
