/**
 * zod-transforms.ts (re-exported by the `./zod` entry): the Zod schemas of zod.ts with the opt-in
 * transforms (`Date`, `bigint`), as Zod 4 codecs. One factory per component schema that has a
 * transform plan (`OrderCodec(options)` over `OrderSchema`) and `operationCodecs(operationId,
 * options)` over `OPERATION_SCHEMAS`. The plans are the generated transforms.ts tables (the ones
 * the client, the server and the mocks read); the codec is templates/zod/zod-transforms.ts. zod.ts
 * itself is left as it is: its wire schemas do not depend on this file.
 */
import type { ApiModel } from "../../model/types.js";
import type { GeneratedFile } from "../file.js";
import { namedImportText } from "../ts/import-layout.js";
import { propertyKey } from "../ts/literal.js";
import { modelPlanner, operationTransforms } from "../transforms/operation-transforms.js";

export const ZOD_TRANSFORMS_PATH = "zod-transforms.ts";

/**
 * The module's file.
 *
 * @param constants the wire schema's constant of each component (zod.ts: `Pet` → `PetSchema`)
 */
export function zodTransformsFile(
  model: ApiModel,
  constants: ReadonlyMap<string, string>,
): GeneratedFile {
  const planner = modelPlanner(model);
  const table = operationTransforms(model, planner);
  const named = Object.keys(planner.plans).filter((name) => constants.has(name));
  const codecs = named.map((name) => {
    const schema = constants.get(name) as string;
    const plan = `(typeof TRANSFORM_PLANS)[${JSON.stringify(name)}]`;
    return [
      `/** \`${schema}\` as a codec with the transforms \`options\` turn on: \`parse\` gives \`Date\`s and \`bigint\`s, \`encode\` the wire form. */`,
      `export const ${schema.replace(/Schema(\d*)$/, "Codec$1")} = <const X extends TransformOptions>(`,
      "  options: X,",
      `): zt.TransformCodec<typeof ${schema}, ${plan}, typeof TRANSFORM_PLANS, X> =>`,
      `  zt.transformCodec(${schema}, TRANSFORM_PLANS[${JSON.stringify(name)}], TRANSFORM_PLANS, options);`,
      "",
    ];
  });
  // OPERATION_SCHEMAS holds the first operation of each operationId (zod.ts)
  const seen = new Set<string>();
  const plans = model.operations
    .filter((operation) => !seen.has(operation.operationId) && seen.add(operation.operationId))
    .map((operation) => {
      const key = propertyKey(operation.operationId);
      if (!Object.hasOwn(table, operation.name)) return `  ${key}: {},`;
      // the body plan is the first JSON media type's, the one OPERATION_SCHEMAS validates (a body
      // without a JSON media type has no plan, and keeps its wire schema)
      return `  ${key}: OPERATION_TRANSFORMS[${JSON.stringify(operation.name)}],`;
    });
  const lines = [
    'import * as zt from "./runtime/zod/zod-transforms.js";',
    namedImportText(["TransformOptions"], "./runtime/client/transforms.js", true),
    namedImportText(["OPERATION_TRANSFORMS", "TRANSFORM_PLANS"], "./transforms.js", false),
    namedImportText(
      [...named.map((name) => constants.get(name) as string), "OPERATION_SCHEMAS"],
      "./zod.js",
      false,
    ),
    "",
    ...codecs.flat(),
    "/** Each operation's transform plan, by operationId (transforms.ts keys them by method name). */",
    "const OPERATION_PLANS = {",
    ...plans,
    "} as const;",
    "",
    "/** An operation's `body` and `params` schemas (`OPERATION_SCHEMAS`) as codecs with the transforms `options` turn on, where its plan changes them. */",
    "export function operationCodecs<K extends keyof typeof OPERATION_SCHEMAS, const X extends TransformOptions>(",
    "  operationId: K,",
    "  options: X,",
    "): zt.OperationCodecs<(typeof OPERATION_SCHEMAS)[K], (typeof OPERATION_PLANS)[K], typeof TRANSFORM_PLANS, X> {",
    "  return zt.operationCodecs(OPERATION_SCHEMAS[operationId], OPERATION_PLANS[operationId], TRANSFORM_PLANS, options);",
    "}",
  ];
  return { path: ZOD_TRANSFORMS_PATH, content: `${lines.join("\n")}\n` };
}
