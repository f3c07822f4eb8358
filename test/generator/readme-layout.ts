/**
 * The comparison behind the README printer's proofs (print-readme-prettier.test.ts,
 * test/corpus/check-types-layout.ts --only readme): a spec's README, before markdown formatting,
 * printed by generator/emit/package/print-readme-prettier.ts and by prettier with our options.
 */
import { PRETTIER_OPTIONS } from "../../generator/emit/format.js";
import { formatWith } from "../../generator/emit/load-prettier.js";
import { readmeSource } from "../../generator/emit/package/emit-package.js";
import { packageLicense, packageName, packageVersion } from "../../generator/emit/package/package-meta.js";
import { printReadmePrettier } from "../../generator/emit/package/print-readme-prettier.js";
import { emitSources } from "../../generator/generate.js";
import { layoutDifference, type LayoutOutcome } from "./types-layout.js";

/** prettier's markdown formatting with the generator's options. */
export function prettierMarkdown(text: string): Promise<string> {
  return formatWith(text, { ...PRETTIER_OPTIONS, parser: "markdown", embeddedLanguageFormatting: "off" });
}

/** The spec's README before markdown formatting, as generate renders it. */
export async function readmeSourceOf(specPath: string, cwd: string): Promise<string> {
  // (without the cache nothing is read from or written to the output folder)
  const { loaded, model, context } = await emitSources({ specPath, outDir: "generated", cwd, cache: false, allowDuplicateOperationIds: true, allowUndeclaredPathParameters: true });
  const warnings: string[] = [];
  const name = packageName(context.apiName, undefined);
  return readmeSource({ document: loaded.document, model, context, name, version: packageVersion(model.version, warnings), license: packageLicense(loaded.document, warnings) });
}

/** Both printings of the spec's README: same, fallback (our printer declined) or the first difference. */
export async function compareReadmeLayout(specPath: string, cwd: string): Promise<LayoutOutcome> {
  const source = await readmeSourceOf(specPath, cwd);
  const ours = printReadmePrettier(source);
  if (ours === undefined) return { kind: "fallback", reason: "a block the README printer does not know" };
  return layoutDifference(ours, await prettierMarkdown(source)) ?? { kind: "same" };
}
