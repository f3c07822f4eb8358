/** The specs the loader and types tests read: the pet store, every vendored hard spec and, with ../shared, corpus specs. */
import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { CORPUS_DIR, hasCorpus } from "../corpus/corpus-index.js";
import { ROOT } from "./cli-helper.js";

export const HARD = join(ROOT, "test/fixtures/hard");

/**
 * The pet store, the hard specs (without `duplicate-operation-ids.yaml`, which only loads with
 * `allowDuplicateOperationIds`, unless `withDuplicates`) and those of `corpus` (paths under the
 * corpus folder) that are there.
 */
export function vendoredSpecs(
  corpus: readonly string[],
  { withDuplicates = false }: { readonly withDuplicates?: boolean } = {},
): string[] {
  const specs = [
    join(ROOT, "spec/openapi.yaml"),
    ...readdirSync(HARD)
      .filter(
        (name) =>
          name.endsWith(".yaml") && (withDuplicates || name !== "duplicate-operation-ids.yaml"),
      )
      .map((name) => join(HARD, name)),
  ];
  if (hasCorpus())
    specs.push(...corpus.map((path) => join(CORPUS_DIR, path)).filter((path) => existsSync(path)));
  else console.log(`corpus specs skipped: no shared corpus at ${CORPUS_DIR}`);
  return specs;
}
