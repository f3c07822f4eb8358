/**
 * The comparison behind the types.ts layout proofs: for a spec, what our printer
 * (generator/emit/ts/print-types-prettier.ts) prints against what prettier, with our options,
 * prints for openapi-typescript's own printing of the same declarations.
 */
import { astText, typesDeclarations } from "../../generator/emit/emit-types.js";
import { PRETTIER_OPTIONS } from "../../generator/emit/format.js";
import { printTypesPrettier, unsupportedReason } from "../../generator/emit/ts/print-types-prettier.js";
import { loadSpec } from "../../generator/load/load-spec.js";

export type LayoutOutcome =
  | { readonly kind: "same" }
  | { readonly kind: "fallback"; readonly reason: string }
  | { readonly kind: "differs"; readonly line: number; readonly ours: string; readonly prettier: string };

/**
 * What prettier with our options prints for `text`: through the `babel-ts` parser, or, should
 * Babel refuse the text, the `typescript` parser (as generator/emit/format.ts formats).
 */
export async function prettierTypes(text: string): Promise<string> {
  const prettier = await import("prettier");
  try {
    return await prettier.format(text, { ...PRETTIER_OPTIONS, parser: "babel-ts" });
  } catch {
    return prettier.format(text, { ...PRETTIER_OPTIONS, parser: "typescript" });
  }
}

/** Loads `specPath` as the generator does and compares the two printings of its types. */
export async function compareTypesLayout(specPath: string, cwd: string): Promise<LayoutOutcome> {
  const loaded = await loadSpec(specPath, cwd, { allowUndeclaredPathParameters: true, allowDuplicateOperationIds: true });
  const nodes = await typesDeclarations(loaded.document);
  const ours = printTypesPrettier(nodes);
  if (ours === undefined) return { kind: "fallback", reason: unsupportedReason(nodes) ?? "unknown" };
  return layoutDifference(ours, await prettierTypes(await astText(nodes))) ?? { kind: "same" };
}

/** The first line where `ours` and prettier's `expected` differ, or `undefined` when they are the same. */
export function layoutDifference(ours: string, expected: string): LayoutOutcome | undefined {
  if (ours === expected) return undefined;
  const oursLines = ours.split("\n");
  const expectedLines = expected.split("\n");
  let index = 0;
  while (oursLines[index] === expectedLines[index]) index++;
  return { kind: "differs", line: index + 1, ours: oursLines[index] ?? "(end)", prettier: expectedLines[index] ?? "(end)" };
}
