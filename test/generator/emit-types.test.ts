/**
 * emit-types.ts calls openapi-typescript's transform directly (our loader has already bundled
 * the document): what it prints is byte for byte what `openapiTS()` itself prints, on the pet
 * store, every vendored hard spec and, with ../shared, corpus specs. An upgrade of
 * openapi-typescript that changes the context `openapiTS()` builds fails here.
 */
import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import openapiTS, { astToString } from "openapi-typescript";
import { describe, expect, it } from "vitest";
import { openapiTypes } from "../../generator/emit/emit-types.js";
import { loadSpec } from "../../generator/load/load-spec.js";
import { CORPUS_DIR, hasCorpus } from "../corpus/corpus-index.js";
import { ROOT } from "./cli-helper.js";

const HARD = join(ROOT, "test/fixtures/hard");
const specs = [
  join(ROOT, "spec/openapi.yaml"),
  ...readdirSync(HARD)
    .filter((name) => name.endsWith(".yaml") && name !== "duplicate-operation-ids.yaml")
    .map((name) => join(HARD, name)),
];
const corpus = [
  "readme/3.1/yaml/train-travel.yaml",
  "heyapi/specs/3.1.x/full.yaml",
  "ots/packages/openapi-typescript/examples/octokit-ghes-3.6-diff-to-api.json",
  "digitalocean/specification/DigitalOcean-public.v2.yaml",
];
if (hasCorpus())
  specs.push(...corpus.map((path) => join(CORPUS_DIR, path)).filter((path) => existsSync(path)));
else console.log(`emit-types corpus specs skipped: no shared corpus at ${CORPUS_DIR}`);

describe("types.ts without openapiTS()'s second lint and bundle", () => {
  it.each(specs)(
    "prints what openapiTS() prints for %s",
    async (spec) => {
      const loaded = await loadSpec(spec, ROOT, { allowUndeclaredPathParameters: true });
      const expected = astToString(
        await openapiTS(structuredClone(loaded.document) as never, { silent: true }),
      );
      expect(await openapiTypes(loaded.document)).toBe(expected);
    },
    120_000,
  );
});
