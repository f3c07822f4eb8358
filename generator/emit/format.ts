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
const PARSERS: Readonly<Record<string, string>> = { ts: "typescript", json: "json", md: "markdown" };

export function parserFor(path: string): string | undefined {
  const extension = path.slice(path.lastIndexOf(".") + 1);
  return PARSERS[extension];
}

export async function formatSource(path: string, content: string): Promise<string> {
  const parser = parserFor(path);
  if (!parser) return content;
  const prettier = await import("prettier");
  return prettier.format(content, { ...PRETTIER_OPTIONS, parser });
}
