/**
 * The README is printed in prettier's markdown layout by our printer (generator/emit/package/
 * print-readme-prettier.ts) when it knows every block: these tests prove that prettier with our
 * options would print the same bytes, on the README of the pet store, every fixture spec and the
 * corpus subset (with ../shared), and on random markdown made of the characters its rules are
 * about; and that the pet store's README takes that path (so a regression to prettier fails here).
 */
import { relative } from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { PRETTIER_OPTIONS } from "../../generator/emit/format.js";
import { formatWith } from "../../generator/emit/load-prettier.js";
import { packageLicense, packageName, packageVersion } from "../../generator/emit/package/package-meta.js";
import { readmeSource } from "../../generator/emit/package/emit-package.js";
import { printReadmePrettier } from "../../generator/emit/package/print-readme-prettier.js";
import { emitSources } from "../../generator/generate.js";
import { CORPUS_DIR, hasCorpus } from "../corpus/corpus-index.js";
import { ROOT } from "./cli-helper.js";
import { LAYOUT_CORPUS_SPECS, LAYOUT_SPECS } from "./layout-specs.js";

if (!hasCorpus()) console.log(`README layout corpus specs skipped: no shared corpus at ${CORPUS_DIR}`);

const prettierMarkdown = (text: string) => formatWith(text, { ...PRETTIER_OPTIONS, parser: "markdown", embeddedLanguageFormatting: "off" });

/** The spec's README before markdown formatting, as generate renders it. */
async function sourceOf(specPath: string): Promise<string> {
  const { loaded, model, context } = await emitSources({ specPath, outDir: ".tmp-readme-layout", cwd: ROOT, cache: false, allowDuplicateOperationIds: true, allowUndeclaredPathParameters: true });
  const warnings: string[] = [];
  const name = packageName(context.apiName, undefined);
  return readmeSource({ document: loaded.document, model, context, name, version: packageVersion(model.version, warnings), license: packageLicense(loaded.document, warnings) });
}

describe("README.md in prettier's layout without prettier", () => {
  it("prints the pet store's README itself", async () => {
    const source = await sourceOf(LAYOUT_SPECS[0]!);
    const ours = printReadmePrettier(source);
    expect(ours).toBeDefined();
    expect(ours).toBe(await prettierMarkdown(source));
  }, 120_000);

  it.each([...LAYOUT_SPECS.slice(1), ...LAYOUT_CORPUS_SPECS].map((spec) => [spec.startsWith(CORPUS_DIR) ? relative(CORPUS_DIR, spec) : relative(ROOT, spec), spec]))(
    "prints what prettier prints, or leaves it to prettier, for %s",
    async (_name, spec) => {
      const source = await sourceOf(spec);
      const ours = printReadmePrettier(source);
      if (ours !== undefined) expect(ours).toBe(await prettierMarkdown(source));
    },
    300_000,
  );

  it("prints what prettier prints for random markdown", async () => {
    // mostly what the README writes, and now and then what its rules leave to prettier
    const safe = fc.constantFrom("pets", "a", "API", "x1", "**strong**", "`code`", "``a`b``", "[link](#install)", "[MIT](https://example.com/x)", "\\(", "\\|", "`a\\|b`", "-", "1.", "(", ")");
    const risky = fc.constantFrom("*", "_", "__a__", "*a*", "<b>", "&amp;", "#", "+", ">", "|", "!", "~", "\\", "[", "]", "---", "ü", "[x](<y z>)");
    const word = fc.oneof({ arbitrary: safe, weight: 6 }, { arbitrary: risky, weight: 1 });
    const inline = fc.array(word, { minLength: 1, maxLength: 8 }).chain((words) => fc.array(fc.constantFrom(" ", "  ", ""), { minLength: words.length, maxLength: words.length }).map((spaces) => words.map((w, i) => `${w}${i < words.length - 1 ? spaces[i] || " " : ""}`).join("")));
    const paragraph = fc.array(inline, { minLength: 1, maxLength: 3 }).map((lines) => lines.join("\n"));
    const list = fc.array(inline, { minLength: 1, maxLength: 3 }).map((items) => items.map((item) => `- ${item}`).join("\n"));
    const heading = inline.map((text) => `## ${text}`);
    const cell = fc.oneof(fc.constant(" "), inline.map((text) => text.replace(/\|/g, "\\|")));
    const table = fc.integer({ min: 1, max: 3 }).chain((columns) =>
      fc.array(fc.array(cell, { minLength: columns, maxLength: columns }), { minLength: 1, maxLength: 3 }).map((rows) => {
        const line = (cells: readonly string[]) => `| ${cells.join(" | ")} |`;
        return [line(rows[0]!), line(rows[0]!.map(() => "---")), ...rows.slice(1).map(line)].join("\n");
      }),
    );
    const fence = fc.constant("```ts\nconst a = 1;\n\nconst b = 2;\n```");
    const document = fc.array(fc.oneof(paragraph, list, heading, table, fence), { minLength: 1, maxLength: 5 }).map((blocks) => `${blocks.join("\n\n")}\n`);
    let printed = 0;
    await fc.assert(
      fc.asyncProperty(document, async (markdown) => {
        const ours = printReadmePrettier(markdown);
        if (ours === undefined) return;
        printed++;
        expect(ours).toBe(await prettierMarkdown(markdown));
      }),
      { numRuns: 400, seed: 20_261_124 },
    );
    // the generator's own kinds of blocks are printed often enough for the comparison to mean something
    expect(printed).toBeGreaterThan(40);
  }, 120_000);
});
