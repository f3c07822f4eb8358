/**
 * Formatting with prettier and a pinned configuration (the same as the repository's
 * .prettierrc.json, so templates copied verbatim are already in this shape).
 */
import type { Options } from "prettier";

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

export function parserFor(path: string): string | undefined {
  const extension = path.slice(path.lastIndexOf(".") + 1);
  return PARSERS[extension];
}

export async function formatSource(path: string, content: string): Promise<string> {
  const parser = parserFor(path);
  if (!parser) return content;
  const prettier = await import("prettier");
  const fallback = FALLBACK_PARSERS[parser];
  if (!fallback) return prettier.format(content, { ...PRETTIER_OPTIONS, parser });
  try {
    return await prettier.format(content, { ...PRETTIER_OPTIONS, parser });
  } catch {
    return prettier.format(content, { ...PRETTIER_OPTIONS, parser: fallback });
  }
}
