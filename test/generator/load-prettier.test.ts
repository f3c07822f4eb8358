/**
 * generator/emit/load-prettier.ts: the generator formats with prettier's standalone build and the
 * plugins each parser needs (through a V8 code cache); for every parser it uses, the bytes are
 * those prettier's own entry prints with the same options.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { format } from "prettier";
import { describe, expect, it } from "vitest";
import { PRETTIER_OPTIONS } from "../../generator/emit/format.js";
import { formatWith } from "../../generator/emit/load-prettier.js";
import { ROOT } from "./cli-helper.js";

/** Text to format badly laid out, so that both formatters do real work. */
const crumpled = (text: string) => text.replace(/\n\s+/g, "\n").replace(/: /g, ":");

const CASES: readonly { readonly parser: string; readonly text: string; readonly extra?: Record<string, unknown> }[] = [
  { parser: "babel-ts", text: crumpled(readFileSync(join(ROOT, "generated/client.ts"), "utf8")) },
  { parser: "typescript", text: crumpled(readFileSync(join(ROOT, "generated/query.ts"), "utf8")) },
  { parser: "json", text: crumpled(readFileSync(join(ROOT, "generated/package.json"), "utf8")) },
  { parser: "markdown", text: readFileSync(join(ROOT, "generated/README.md"), "utf8").replace(/^- /gm, "* ").replace(/ {2,}/g, " "), extra: { embeddedLanguageFormatting: "off" } },
];

describe("prettier's standalone build with our plugins", () => {
  for (const { parser, text, extra } of CASES) {
    it(`formats ${parser} as prettier's entry does`, async () => {
      const options = { ...PRETTIER_OPTIONS, ...extra, parser };
      const expected = await format(text, options);
      expect(expected).not.toBe(text); // the input really needed formatting
      expect(await formatWith(text, options)).toBe(expected);
    });
  }

  it("refuses a parser it has no plugins listed for", () => {
    expect(() => formatWith("a {}", { ...PRETTIER_OPTIONS, parser: "css" })).toThrow(/no prettier plugins are listed for the parser css/);
  });
});
