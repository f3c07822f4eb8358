/**
 * Formatting with prettier and a pinned configuration (the same as the repository's
 * .prettierrc.json, so templates copied verbatim are already in this shape). A file emitted
 * already in this layout (`GeneratedFile.formatted`: types.ts, see ts/print-types-prettier.ts)
 * does not come here.
 */
import { createRequire } from "node:module";
import type { Options } from "prettier";
import { CachePack, sha256Hex } from "../cache/cache-pack.js";
import { formatPieces } from "./format-pieces.js";
import { formatWith } from "./load-prettier.js";

export const PRETTIER_OPTIONS: Options = {
  printWidth: 100,
  tabWidth: 2,
  useTabs: false,
  semi: true,
  singleQuote: false,
  trailingComma: "all",
  bracketSpacing: true,
  arrowParens: "always",
  endOfLine: "lf",
};

/**
 * Validators (`validators/*.js`) are machine code from Ajv's code generator, already one statement
 * per line: formatting megabytes of it would cost more than the rest of the pipeline, and nobody
 * reads it. Every other file goes through prettier.
 */
const PARSERS: Readonly<Record<string, string>> = { ts: "babel-ts", json: "json", md: "markdown" };
/**
 * TypeScript goes through prettier's Babel parser (`babel-ts`): it loads and parses in about 60%
 * of the time of its `typescript` parser and prints the same code. Should Babel ever refuse a
 * file, the `typescript` parser formats it instead (same options, so still deterministic).
 */
const FALLBACK_PARSERS: Readonly<Record<string, string>> = { "babel-ts": "typescript" };
/**
 * Options of one parser. Markdown leaves the code blocks as they are: the README's TypeScript
 * examples are formatted as TypeScript before they are put in it (package/readme-code.ts), so
 * prettier's markdown never loads its 3 MB TypeScript parser to format them again (a tenth of a
 * second on every run that renders the README); a code block a spec description brings is kept as
 * the spec wrote it.
 */
const PARSER_OPTIONS: Readonly<Record<string, Options>> = { markdown: { embeddedLanguageFormatting: "off" } };

export function parserFor(path: string): string | undefined {
  const extension = path.slice(path.lastIndexOf(".") + 1);
  return PARSERS[extension];
}

/**
 * `content` formatted as prettier formats the whole file. TypeScript is formatted piece by piece
 * (format-pieces.ts; the same bytes, tested); with a cache (cache/cache-pack.ts) each piece, like
 * a whole JSON or markdown file, is looked up first, and prettier is loaded only on a miss.
 */
export async function formatSource(path: string, content: string, cache?: CachePack): Promise<string> {
  const parser = parserFor(path);
  if (!parser) return content;
  if (parser === "babel-ts") {
    const pieces = await formatPieces(content, (text) => formatWhole(text, parser), cache);
    if (pieces !== undefined) return pieces;
  }
  if (cache !== undefined) {
    const cached = cache.get(content);
    if (cached !== undefined) return cached;
    const formatted = await formatWhole(content, parser);
    cache.set(content, formatted);
    return formatted;
  }
  return formatWhole(content, parser);
}

/** The pack a file's formatting is cached in: per output folder and file, salted with prettier's version and options. */
export function openFormatCache(cwd: string, outDir: string, path: string): CachePack {
  const { version } = createRequire(import.meta.url)("prettier/package.json") as { version: string };
  const parser = parserFor(path) ?? "none";
  const options = { ...PRETTIER_OPTIONS, ...PARSER_OPTIONS[parser] };
  return CachePack.open(cwd, `format/${sha256Hex(`${outDir}\0${path}`).slice(0, 24)}`, `prettier ${version} ${parser} ${JSON.stringify(options)}`);
}

async function formatWhole(content: string, parser: string): Promise<string> {
  const options = { ...PRETTIER_OPTIONS, ...PARSER_OPTIONS[parser], parser };
  const fallback = FALLBACK_PARSERS[parser];
  if (!fallback) return formatWith(content, options);
  try {
    return await formatWith(content, options);
  } catch {
    return formatWith(content, { ...options, parser: fallback });
  }
}
