/**
 * Parameters no OpenAPI style can carry as declared, warned about at generate time (naming the
 * operation and the parameter) instead of failing only at run time: an array whose items are
 * arrays (a vendor's mistake: `type: array, items: { type: array }`). The generated client sends
 * each inner list as JSON text (`?cells=[1,2]&cells=[3]`) and the generated server reads it so,
 * but other clients and servers follow no such rule.
 */
import { formFieldShape } from "./form-fields.js";
import { modelRefs } from "./resolve-ref.js";
import type { ApiModel, ParameterLocation } from "./types.js";

const LOCATIONS: readonly ParameterLocation[] = ["path", "query", "header", "cookie"];

export function parameterWarnings(model: ApiModel): string[] {
  const read = modelRefs(model);
  const warnings: string[] = [];
  for (const operation of model.operations) {
    for (const location of LOCATIONS) {
      for (const parameter of operation.parameters[location]) {
        if (!parameter.array || parameter.contentType !== undefined) continue;
        const items = formFieldShape(read, parameter.schema).items?.types;
        if (items === undefined || !items.includes("array")) continue;
        warnings.push(
          `parameters: ${operation.operationId} (${operation.method.toUpperCase()} ${operation.path}) declares the ${location} parameter ${parameter.name} as an array of arrays, which no OpenAPI style serializes: the generated client and server send and read each inner list as JSON text (${parameter.name}=[1,2]), other clients and servers will not; declare scalar items, or describe the parameter with content: application/json`,
        );
      }
    }
  }
  return warnings;
}
