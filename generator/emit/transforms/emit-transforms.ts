/**
 * transforms.ts: where the opt-in transforms (`Date` for `format: date-time`, `bigint` for
 * `format: int64`) apply, as `as const` tables the runtimes read and the types retype from
 * (templates/client/transform-types.ts): `TRANSFORM_PLANS` (the component schemas with a
 * transform inside) and `OPERATION_TRANSFORMS` (each operation's parameters, JSON request body
 * and JSON response bodies, by method name), plus the client interface the option gives. Made
 * from the schema model only (generator/schema/transform-plan.ts). The client and the server
 * import this module dynamically, and only when created with the option `transforms`; it holds
 * nothing only one of them runs (the client's side, client-transforms.ts, is the client's own
 * dynamic import), so a server bundle that inlines it carries no client code.
 */
import type { ApiModel, OperationModel } from "../../model/types.js";
import type { EmitContext, GeneratedFile } from "../file.js";
import { namedImportText } from "../ts/import-layout.js";
import { literal, propertyKey } from "../ts/literal.js";
import { modelPlanner, operationTransforms } from "./operation-transforms.js";

export const TRANSFORMS_PATH = "transforms.ts";

export function emitTransforms(model: ApiModel, context: EmitContext): GeneratedFile[] {
  return [{ path: TRANSFORMS_PATH, content: transformsModule(model, context) }];
}

function transformsModule(model: ApiModel, context: EmitContext): string {
  const planner = modelPlanner(model);
  const table = operationTransforms(model, planner);
  const operations = model.operations.filter((operation) => Object.hasOwn(table, operation.name));
  const clientType = `${context.apiName}Client`;
  const typeImports =
    operations.length === 0
      ? [namedImportText([clientType], "./client.js", true)]
      : [
          namedImportText(
            ["TransformedOperation", "TransformsOn"],
            "./runtime/client/transform-types.js",
            true,
          ),
          namedImportText(["OperationMethod"], "./runtime/client/types.js", true),
          ...(operations.some((operation) => operation.pagination !== undefined)
            ? [namedImportText(["PageItem", "PageMethods"], "./runtime/client/paginate.js", true)]
            : []),
          namedImportText(
            [clientType, ...operations.map((operation) => `${operation.typeName}Operation`)],
            "./client.js",
            true,
          ),
        ];
  const lines = [
    namedImportText(["operationCodec"], "./runtime/client/operation-transforms.js", false),
    namedImportText(["OperationTransformPlan"], "./runtime/client/operation-transforms.js", true),
    namedImportText(["TransformPlans"], "./runtime/client/transforms.js", true),
    ...typeImports,
    "",
    "/** The component schemas with a transform inside: where (`{ r: name }` refers to them). */",
    `export const TRANSFORM_PLANS = ${literal(planner.plans)} as const satisfies TransformPlans;`,
    "",
    "/** Where each operation's transforms apply, by method name (header names in lower case). */",
    `export const OPERATION_TRANSFORMS = ${literal(table)} as const satisfies Readonly<Record<string, OperationTransformPlan>>;`,
    "",
    "/** The codec of one operation: what the client, the server and the mocks apply. */",
    "export { operationCodec };",
    "",
    ...clientTypeLines(operations, clientType),
  ];
  return `${lines.join("\n")}\n`;
}

/** `Transformed<Name>Client<Throws, X>`: the client type the option `transforms: X` gives. */
function clientTypeLines(operations: readonly OperationModel[], clientType: string): string[] {
  const doc = `/** The client created with the option \`transforms: X\`: the operations with a \`date-time\` or \`int64\` field retyped (\`Date\`, \`bigint\`), the others as in \`${clientType}\`. */`;
  if (operations.length === 0)
    return [
      doc,
      `export type Transformed${clientType}<Throws extends boolean, X> = ${clientType}<Throws>;`,
    ];
  return [
    "/** An operation's type with the transforms the options `X` turn on. */",
    "type Transformed<Op, K extends keyof typeof OPERATION_TRANSFORMS, X> = TransformedOperation<Op, (typeof OPERATION_TRANSFORMS)[K], typeof TRANSFORM_PLANS, X>;",
    "",
    "/** The methods the transforms retype, as the options `X` say. */",
    "type TransformedMethods<Throws extends boolean, X> = {",
    ...operations.map((operation) => `  ${methodLine(operation)};`),
    "};",
    "",
    doc,
    "// mapped over the client's own keys, so that each method keeps its documentation in editors",
    `export type Transformed${clientType}<Throws extends boolean, X> = TransformsOn<X> extends true`,
    `  ? { [K in keyof ${clientType}<Throws>]: K extends keyof TransformedMethods<Throws, X> ? TransformedMethods<Throws, X>[K] : ${clientType}<Throws>[K] }`,
    `  : ${clientType}<Throws>;`,
  ];
}

function methodLine(operation: OperationModel): string {
  const op = `Transformed<${operation.typeName}Operation, ${JSON.stringify(operation.name)}, X>`;
  const method = `OperationMethod<${op}, Throws>`;
  const type =
    operation.pagination === undefined
      ? method
      : `${method} & PageMethods<${op}, PageItem<${op}, ${literal(operation.pagination.items.pointer)}>, Throws>`;
  return `readonly ${propertyKey(operation.name)}: ${type}`;
}
