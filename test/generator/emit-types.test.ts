/**
 * emit-types.ts calls openapi-typescript's transform directly (our loader has already bundled
 * the document): what it prints is byte for byte what `openapiTS()` itself prints, on the pet
 * store, every vendored hard spec and, with ../shared, corpus specs. An upgrade of
 * openapi-typescript that changes the context `openapiTS()` builds fails here.
 */
import openapiTS, { astToString } from "openapi-typescript";
import { describe, expect, it } from "vitest";
import { openapiTypes } from "../../generator/emit/emit-types.js";
import { loadSpec } from "../../generator/load/load-spec.js";
import { ROOT } from "./cli-helper.js";
import { vendoredSpecs } from "./vendored-specs.js";

const specs = vendoredSpecs([
  "readme/3.1/yaml/train-travel.yaml",
  "heyapi/specs/3.1.x/full.yaml",
  "ots/packages/openapi-typescript/examples/octokit-ghes-3.6-diff-to-api.json",
  "digitalocean/specification/DigitalOcean-public.v2.yaml",
]);

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
