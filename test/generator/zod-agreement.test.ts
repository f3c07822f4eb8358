/**
 * Zod and Ajv agree: the Zod schemas generated from the schema model (generator/schema/to-zod.ts)
 * and the precompiled Ajv validators (compiled exactly as generated/validators are) accept and
 * refuse the same values, drawn valid and invalid by the conformance arbitraries, for every
 * component schema and request body of the pet store and of the hard-input specs. The codecs with
 * the transforms (templates/zod/zod-transforms.ts over the generated plans) take part too: they
 * accept what Ajv accepts, and every accepted value, decoded and encoded back, is still accepted
 * by Ajv and decodes to the same value.
 */
import { cpSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import type { z } from "zod";
import { invalidArbitrary } from "../../conformance/invalid-arbitrary.js";
import { modelPlanner } from "../../generator/emit/transforms/operation-transforms.js";
import { zodModule } from "../../generator/emit/zod/emit-zod.js";
import { compileValidators } from "../../generator/emit/validators/validator-module.js";
import { loadSpec } from "../../generator/load/load-spec.js";
import { buildModel } from "../../generator/model/build-model.js";
import { hasRejected, schemaArbitrary } from "../../generator/schema/schema-arbitrary.js";
import { API_SCHEMA_ID, toJsonSchema } from "../../generator/schema/to-json-schema.js";
import { stringifyTransformed } from "../../templates/client/transforms.js";
import { transformCodec } from "../../templates/zod/zod-transforms.js";
import { ROOT } from "./cli-helper.js";

const work = mkdtempSync(join(ROOT, ".tmp-zod-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));
cpSync(join(ROOT, "templates/zod"), join(work, "runtime/zod"), { recursive: true });

const SPECS = [
  "spec/openapi.yaml",
  "test/fixtures/hard/composition.yaml",
  "test/fixtures/hard/nullable-enums.yaml",
  "test/fixtures/hard/recursive.yaml",
  "test/fixtures/zod/openapi-31.yaml",
  "test/fixtures/runtime-specs/transforms.yaml",
];
/** The specs with `date-time` or `int64` fields: their codecs decode values. */
const WITH_TRANSFORMS = new Set([
  "spec/openapi.yaml",
  "test/fixtures/runtime-specs/transforms.yaml",
]);

interface Agreement {
  readonly disagreements: string[];
  readonly accepted: number;
  readonly refused: number;
  /** Values a codec with the transforms decoded (and encoded back). */
  readonly decoded: number;
}

const ON = { dates: true, int64: "bigint" } as const;

async function agreement(specPath: string): Promise<Agreement> {
  const loaded = await loadSpec(join(ROOT, specPath), ROOT, {});
  const { document } = loaded;
  const model = buildModel(document, loaded.specHash);
  const { code, constants } = zodModule(model, []);
  const file = join(work, `${specPath.replace(/[^a-z0-9]+/gi, "-")}.ts`);
  writeFileSync(file, code);
  const zod = (await import(pathToFileURL(file).href)) as Record<string, z.ZodType>;

  const convert = {
    refs: model,
    openapi31: model.openapiVersion.startsWith("3.1"),
    formats: new Set<string>(),
    warnings: [],
  };
  const components = Object.fromEntries(
    Object.entries(model.schemas).map(([name, schema]) => [name, toJsonSchema(schema, convert)]),
  );
  const names = Object.keys(components);
  const { functions } = compileValidators(
    new Map(
      names.map((name, index) => [
        `c${index}`,
        { $ref: `${API_SCHEMA_ID}#/components/schemas/${name}` },
      ]),
    ),
    { $id: API_SCHEMA_ID, components: { schemas: components } },
    { draft2020: convert.openapi31, unknownFormats: convert.formats, ajv: {} },
  );

  const disagreements: string[] = [];
  let accepted = 0;
  let refused = 0;
  let decoded = 0;
  const { plans } = modelPlanner(model);
  const context = { refs: model, direction: "request" as const, edges: true };
  names.forEach((name, index) => {
    const ajv = functions.get(`c${index}`) as (value: unknown) => boolean;
    const schema = zod[constants.get(name) as string] as z.ZodType;
    const ref = { $ref: `#/components/schemas/${name}` };
    const valid = schemaArbitrary(ref, context);
    const invalid = invalidArbitrary(ref, context);
    const values = [
      ...(valid === undefined ? [] : fc.sample(valid, { seed: 42, numRuns: 60 })),
      ...(invalid === undefined
        ? []
        : fc.sample(invalid, { seed: 7, numRuns: 60 }).map((drawn) => drawn.value)),
      null,
      "text",
      [],
      {},
    ].filter((value) => !hasRejected(value));
    for (const value of values) {
      const byAjv = ajv(value);
      const byZod = schema.safeParse(value).success;
      if (byAjv) accepted++;
      else refused++;
      if (byAjv !== byZod)
        disagreements.push(
          `${specPath} ${name}: Ajv ${byAjv}, Zod ${byZod} for ${JSON.stringify(value)}`,
        );
      const plan = plans[name];
      if (plan === undefined) continue;
      const codec = transformCodec(schema, plan, plans, ON);
      const parsed = codec.safeParse(value);
      if (parsed.success !== byAjv) {
        disagreements.push(`${specPath} ${name}: Ajv ${byAjv}, codec ${parsed.success}`);
        continue;
      }
      if (!parsed.success) continue;
      decoded++;
      const encoded = codec.safeEncode(parsed.data);
      const again = encoded.success ? codec.safeParse(encoded.data) : undefined;
      // compared as JSON text with the transforms (a Date as ISO 8601, a bigint's digits): JSON
      // has no -0, which a drawn value may hold
      if (
        !encoded.success ||
        !ajv(encoded.data) ||
        again?.success !== true ||
        stringifyTransformed(again.data) !== stringifyTransformed(parsed.data)
      )
        disagreements.push(
          `${specPath} ${name}: ${JSON.stringify(value)} does not round-trip through the codec`,
        );
    }
  });
  return { disagreements, accepted, refused, decoded };
}

describe("Zod and Ajv", () => {
  it.each(SPECS)(
    "accept and refuse the same values of every schema of %s",
    async (spec) => {
      const { disagreements, accepted, refused, decoded } = await agreement(spec);
      expect(disagreements.slice(0, 10)).toEqual([]);
      // both sides are exercised: values each validator accepts, and values it refuses
      expect(accepted).toBeGreaterThan(50);
      expect(refused).toBeGreaterThan(50);
      if (WITH_TRANSFORMS.has(spec)) expect(decoded).toBeGreaterThan(50);
    },
    120_000,
  );
});
