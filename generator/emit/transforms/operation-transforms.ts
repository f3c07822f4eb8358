/**
 * Where the opt-in transforms apply to each operation (its parameters, JSON request body and JSON
 * responses), from the schema model (generator/schema/transform-plan.ts): what transforms.ts
 * prints (emit-transforms.ts) and what the zod and server emitters ask. Apart from the printing,
 * and without ts-morph, so that asking loads no printer.
 */
import type { ApiModel, OperationModel, ParameterLocation } from "../../model/types.js";
import { isJsonMediaType } from "../../schema/json-media.js";
import { transformPlanner, type TransformPlanner } from "../../schema/transform-plan.js";
import { readSchemaRef } from "../../schema/schema-refs.js";
import type { OperationTransformPlan } from "../../../templates/client/operation-transforms.js";
import type { TransformPlan } from "../../../templates/client/transforms.js";

const LOCATIONS: readonly ParameterLocation[] = ["path", "query", "header", "cookie"];

/** Each operation's plan, by method name (operations without a transform are left out). */
export function operationTransforms(
  model: ApiModel,
  planner: TransformPlanner = modelPlanner(model),
): Record<string, OperationTransformPlan> {
  const table: Record<string, OperationTransformPlan> = {};
  for (const operation of model.operations) {
    const plan = operationPlan(operation, planner);
    if (Object.keys(plan).length > 0) table[operation.name] = plan;
  }
  return table;
}

/** Whether an operation has a field the option `transforms` changes (else no codec is bundled). */
export function isTransformable(model: ApiModel): boolean {
  return Object.keys(operationTransforms(model)).length > 0;
}

/** The planner of the model's component schemas (any other `$ref` resolved through the model: schema-refs.ts). */
export function modelPlanner(model: ApiModel): TransformPlanner {
  return transformPlanner(model.schemas, (ref) => {
    try {
      return readSchemaRef(model, ref);
    } catch {
      return undefined; // the validators' emitter reports a $ref that resolves to nothing
    }
  });
}

function operationPlan(
  operation: OperationModel,
  planner: TransformPlanner,
): OperationTransformPlan {
  const plan: {
    -readonly [K in keyof OperationTransformPlan]: OperationTransformPlan[K];
  } = {};
  for (const location of LOCATIONS) {
    const byName: Record<string, TransformPlan> = {};
    for (const parameter of operation.parameters[location]) {
      // a parameter sent as JSON text (`content`) is left as its JSON value
      if (parameter.contentType !== undefined) continue;
      const found = planner.planOf(parameter.schema);
      if (found === undefined) continue;
      byName[location === "header" ? parameter.name.toLowerCase() : parameter.name] = found;
    }
    if (Object.keys(byName).length > 0) plan[location] = byName;
  }
  const body = jsonSchemaOf(operation.requestBody?.contents ?? []);
  const bodyPlan = body === undefined ? undefined : planner.planOf(body);
  if (bodyPlan !== undefined) plan.body = bodyPlan;
  const responses: Record<string, TransformPlan> = {};
  for (const response of operation.responses) {
    const schema = jsonSchemaOf(response.contents);
    const found = schema === undefined ? undefined : planner.planOf(schema);
    if (found !== undefined) responses[response.status] = found;
  }
  if (Object.keys(responses).length > 0) plan.responses = responses;
  return plan;
}

/** The schema of the first JSON media type (the one the runtimes read as JSON). */
function jsonSchemaOf(
  contents: readonly { readonly mediaType: string; readonly schema: unknown }[],
): unknown {
  return contents.find((media) => isJsonMediaType(media.mediaType))?.schema;
}
