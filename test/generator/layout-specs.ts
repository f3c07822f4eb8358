/**
 * The specs the server-api.ts prose check (server-api-prose.test.ts) runs
 * on: the pet store, every OpenAPI document under test/fixtures, and the OpenAPI 3.x entries of
 * the corpus subset `npm test` runs (test/corpus/corpus-subset.test.ts) when ../shared is there.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { it } from "vitest";
import { RunCaches } from "../../generator/cache/run-caches.js";
import { loadSpec } from "../../generator/load/load-spec.js";
import { buildModel } from "../../generator/model/build-model.js";
import type { ApiModel } from "../../generator/model/types.js";
import { CORPUS_DIR, hasCorpus } from "../corpus/corpus-index.js";
import { ROOT } from "./cli-helper.js";

/** Every OpenAPI document under `dir` (not the files they `$ref`). */
function fixtureSpecs(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return fixtureSpecs(path);
    if (!/\.(ya?ml|json)$/.test(entry.name)) return [];
    return /^\s*"?openapi"?\s*:/m.test(readFileSync(path, "utf8")) ? [path] : [];
  });
}

/** The pet store's spec and every fixture spec. */
export const LAYOUT_SPECS = [
  join(ROOT, "spec/openapi.yaml"),
  ...fixtureSpecs(join(ROOT, "test/fixtures")),
];

/** The OpenAPI 3.x entries of the corpus subset in test/corpus/corpus-subset.test.ts. */
const CORPUS_SUBSET = [
  "heyapi/specs/3.0.x/full.yaml",
  "heyapi/specs/3.1.x/full.yaml",
  "heyapi/specs/3.0.x/external.yaml",
  "readme/3.0/yaml/discriminators.yaml",
  "ots/packages/openapi-typescript/test/fixtures/anchor-with-ref-test-2.yaml",
  "ots/packages/openapi-react-query/test/fixtures/api.yaml",
  "stripe/openapi/spec3.yaml",
];

/** The corpus subset's specs that are present (none without ../shared). */
export const LAYOUT_CORPUS_SPECS = hasCorpus()
  ? CORPUS_SUBSET.map((path) => join(CORPUS_DIR, path)).filter((path) => existsSync(path))
  : [];

/** Every layout spec, then the corpus subset's, as `it.each` cases: its path from the root, its path. */
export const LAYOUT_CASES: readonly (readonly [string, string])[] = [
  ...LAYOUT_SPECS,
  ...LAYOUT_CORPUS_SPECS,
].map((spec) => [relative(ROOT, spec), spec] as const);

/** `it.each` over {@link LAYOUT_CASES}: `check` gets each spec's model and its prose-free copy. */
export function itEachLayoutModel(
  title: string,
  check: (model: ApiModel, bare: ApiModel) => void,
): void {
  it.each(LAYOUT_CASES)(
    `${title} for %s`,
    async (_name, spec) => {
      const { model } = await loadLayoutSpec(spec);
      check(model, new RunCaches().proseFree(model));
    },
    60_000,
  );
}

/** A layout spec's bundled document and model (duplicate operationIds and undeclared path parameters allowed). */
export async function loadLayoutSpec(
  spec: string,
): Promise<{ readonly document: Record<string, unknown>; readonly model: ApiModel }> {
  const { document, specHash } = await loadSpec(spec, ROOT, {
    allowUndeclaredPathParameters: true,
    allowDuplicateOperationIds: true,
  });
  return { document, model: buildModel(document, specHash) };
}
