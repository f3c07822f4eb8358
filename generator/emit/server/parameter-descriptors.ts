/**
 * The server descriptor's `parameters`: name, location, required, array and, only where the plain
 * reading is not enough, how the runtime reads the value (templates/server/core/parameter-styles.ts):
 * the `style` and `explode` that differ from the location's defaults, whether the schema is an
 * object (with its property names), or that the value is JSON (a parameter described by a JSON
 * `content` rather than a `schema`), that an array's objects are JSON, or that a query value is
 * a list or one value, and that its value is a secret (`format: password`: telemetry redacts it). A path template's RFC 6570 operators (`{.id}`, `{;id}`, `{id*}`) override
 * the parameter's declared style, as in the client.
 */
import type { ParameterDescriptor } from "../../../templates/server/core/descriptor.js";
import type { OperationModel, ParameterLocation } from "../../model/types.js";
import { templateStyles } from "../../model/check-path-template.js";
import { isJsonMediaType } from "../validators/validator-names.js";

const LOCATIONS: readonly ParameterLocation[] = ["path", "query", "header", "cookie"];
const DEFAULT_STYLE: Readonly<Record<ParameterLocation, string>> = {
  path: "simple",
  header: "simple",
  query: "form",
  cookie: "form",
};

export function parameterDescriptors(operation: OperationModel): ParameterDescriptor[] {
  // RFC 6570 operators in the template (`{.id*}`) say the style, as the client reads them
  const operators = templateStyles(operation.path);
  return LOCATIONS.flatMap((location) =>
    operation.parameters[location].map((declared) => {
      if (declared.contentType !== undefined && isJsonMediaType(declared.contentType)) {
        return {
          name: declared.name,
          in: location,
          ...(declared.required ? { required: true } : {}),
          ...(declared.array ? { array: true } : {}),
          json: true,
        };
      }
      const operator = location === "path" ? operators.get(declared.name) : undefined;
      const parameter = operator === undefined ? declared : { ...declared, ...operator };
      const style = parameter.style ?? DEFAULT_STYLE[location];
      const shape = parameter.shape;
      const object =
        !parameter.array &&
        (shape.types?.includes("object") ?? false) &&
        !(shape.types?.includes("string") ?? false);
      const properties =
        object && shape.properties !== undefined ? Object.keys(shape.properties) : undefined;
      const listOrValue =
        location === "query" &&
        !parameter.array &&
        (shape.types?.includes("array") ?? false) &&
        (shape.types?.length ?? 0) > 1;
      const items = shape.items?.types;
      const jsonItems =
        parameter.array &&
        (location === "query" || location === "path") &&
        items !== undefined &&
        items.length === 1 &&
        (items[0] === "object" || items[0] === "array");
      const secret = parameter.format === "password";
      return {
        name: parameter.name,
        in: location,
        ...(parameter.required ? { required: true } : {}),
        ...(secret ? { secret: true } : {}),
        ...(parameter.array ? { array: true } : {}),
        ...(style === DEFAULT_STYLE[location] ? {} : { style }),
        ...(parameter.explode === (style === "form") ? {} : { explode: parameter.explode }),
        ...(object ? { object: true } : {}),
        ...(properties === undefined ? {} : { properties }),
        ...(listOrValue ? { listOrValue: true } : {}),
        ...(jsonItems ? { jsonItems: true } : {}),
      };
    }),
  );
}
