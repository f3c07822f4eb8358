/**
 * The comparison behind the server-api.ts layout proofs: for a spec, what our printer
 * (generator/emit/ts/print-data-prettier.ts) prints against what prettier, with our options,
 * prints for the module's unformatted source (what the generator formats when the printer
 * declines), and whether prettier leaves our printing unchanged.
 */
import { serverApiModule } from "../../generator/emit/server/emit-server-api.js";
import { dataModuleSource, printDataModule, unsupportedDataReason, type DataModule } from "../../generator/emit/ts/print-data-prettier.js";
import { loadSpec } from "../../generator/load/load-spec.js";
import { buildModel } from "../../generator/model/build-model.js";
import { layoutDifference, prettierTypes, type LayoutOutcome } from "./types-layout.js";

/** Compares the two printings of `module`: ours must be prettier's, and stable under prettier. */
export async function compareDataModuleLayout(module: DataModule): Promise<LayoutOutcome> {
  const ours = printDataModule(module);
  if (ours === undefined) return { kind: "fallback", reason: unsupportedDataReason(module) ?? "unknown" };
  const expected = await prettierTypes(dataModuleSource(module));
  const differs = layoutDifference(ours, expected) ?? layoutDifference(ours, await prettierTypes(ours));
  return differs ?? { kind: "same" };
}

/** Loads `specPath` as the generator does and compares the two printings of its server-api.ts. */
export async function compareServerApiLayout(specPath: string, cwd: string): Promise<LayoutOutcome> {
  const loaded = await loadSpec(specPath, cwd, { allowUndeclaredPathParameters: true, allowDuplicateOperationIds: true });
  return compareDataModuleLayout(serverApiModule(buildModel(loaded.document, loaded.specHash), loaded.document));
}
