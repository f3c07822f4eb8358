/**
 * The server descriptor's `parameters`: name, location, required, array and, only where the plain
 * reading is not enough, how the runtime reads the value (templates/server/parameter-styles.ts):
 * the `style` and `explode` that differ from the location's defaults, whether the schema is an
 * object (with its property names), or that the value is JSON (a parameter described by a JSON
 * `content` rather than a `schema`), or that a query value is a list or one value.
 */
import type { ParameterDescriptor } from "../../../templates/server/descriptor.js";
import { formFieldShape } from "../../model/form-fields.js";
import type { OperationModel, ParameterLocation } from "../../model/types.js";
import { isJsonMediaType } from "../validators/validator-names.js";

const LOCATIONS: readonly ParameterLocation[] = ["path", "query", "header", "cookie"];
const DEFAULT_STYLE: Readonly<Record<ParameterLocation, string>> = { path: "simple", header: "simple", query: "form", cookie: "form" };

export function parameterDescriptors(operation: OperationModel, document: unknown): ParameterDescriptor[] {
  return LOCATIONS.flatMap((location) =>
    operation.parameters[location].map((parameter) => {
      if (parameter.contentType !== undefined && isJsonMediaType(parameter.contentType)) {
        return { name: parameter.name, in: location, required: parameter.required, array: parameter.array, json: true };
      }
      const style = parameter.style ?? DEFAULT_STYLE[location];
      const shape = formFieldShape(document, parameter.schema);
      const object = !parameter.array && (shape.types?.includes("object") ?? false) && !(shape.types?.includes("string") ?? false);
      const properties = object && shape.properties !== undefined ? Object.keys(shape.properties) : undefined;
      const listOrValue = location === "query" && !parameter.array && (shape.types?.includes("array") ?? false) && (shape.types?.length ?? 0) > 1;
      return {
        name: parameter.name,
        in: location,
        required: parameter.required,
        array: parameter.array,
        ...(style === DEFAULT_STYLE[location] ? {} : { style }),
        ...(parameter.explode === (style === "form") ? {} : { explode: parameter.explode }),
        ...(object ? { object: true } : {}),
        ...(properties === undefined ? {} : { properties }),
        ...(listOrValue ? { listOrValue: true } : {}),
      };
    }),
  );
}
