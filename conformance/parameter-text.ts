/**
 * Parameters as they travel (text), per the OpenAPI `style`/`explode` rules
 * (https://spec.openapis.org/oas/v3.0.3#style-values): path `simple`, query `form` (and
 * `deepObject`), header `simple`, cookie `form`. And back: how a strict server reads a text value
 * against the schema's type, so that a negative value is only sent when that reading breaks it.
 */
import { isJsonMediaType } from "../generator/schema/json-media.js";
import { isObject } from "../generator/schema/json-pointer.js";
import { resolveSchemaObject, type SchemaRefs } from "../generator/schema/schema-refs.js";
import type { ParameterModel } from "../generator/model/types.js";
import { typesOf } from "../generator/schema/schema-arbitrary.js";

/** A scalar's text; arrays joined with commas, objects as `k,v,k,v` (style `simple`/`form`, explode false). */
export function parameterText(value: unknown): string {
  if (Array.isArray(value)) return value.map(parameterText).join(",");
  if (isObject(value))
    return Object.entries(value)
      .flatMap(([key, item]) => [key, parameterText(item)])
      .join(",");
  if (value === null) return "";
  return String(value);
}

/** Whether a parameter is described by a JSON `content` (not a `schema`): its value travels as JSON text. */
export function isJsonParameter(parameter: Pick<ParameterModel, "contentType">): boolean {
  return parameter.contentType !== undefined && isJsonMediaType(parameter.contentType);
}

/** A header, cookie or path parameter's text: JSON for a JSON-content parameter, else {@link parameterText}. */
export function parameterWireText(
  parameter: Pick<ParameterModel, "contentType">,
  value: unknown,
): string {
  return isJsonParameter(parameter) ? JSON.stringify(value) : parameterText(value);
}

/** The `name=value` pairs of a query parameter. */
export function queryPairs(parameter: ParameterModel, value: unknown): Array<[string, string]> {
  if (isJsonParameter(parameter)) return [[parameter.name, JSON.stringify(value)]];
  if (parameter.style === "deepObject" && isObject(value)) {
    return Object.entries(value).map(([key, item]) => [
      `${parameter.name}[${key}]`,
      parameterText(item),
    ]);
  }
  if (Array.isArray(value)) {
    // an object inside an array has no form in any style: it travels as JSON
    if (parameter.explode)
      return value.map((item) => [
        parameter.name,
        isObject(item) && !Array.isArray(item) ? JSON.stringify(item) : parameterText(item),
      ]);
    const separator =
      parameter.style === "pipeDelimited" ? "|" : parameter.style === "spaceDelimited" ? " " : ",";
    return [[parameter.name, value.map(parameterText).join(separator)]];
  }
  if (isObject(value) && parameter.explode)
    return Object.entries(value).map(([key, item]) => [key, parameterText(item)]);
  return [[parameter.name, parameterText(value)]];
}

/** How a server reads a scalar text against the schema's type(s) (what stays text is invalid). */
export function readParameterText(text: string, types: readonly string[]): unknown {
  for (const type of types) {
    if (type === "integer" && /^-?[0-9]+$/.test(text)) return Number(text);
    if (type === "number" && text.trim() !== "" && Number.isFinite(Number(text)))
      return Number(text);
    if (type === "boolean" && (text === "true" || text === "false")) return text === "true";
    if (type === "null" && text === "") return null;
  }
  return text;
}

/** A parameter's or header's text as its schema reads it (arrays: comma-separated items). */
export function readTextAs(text: string, schema: unknown, refs: SchemaRefs): unknown {
  const resolved = resolveSchemaObject(refs, schema) ?? {};
  const types = typesOf(resolved);
  if (!types.includes("array")) return readParameterText(text, types);
  const items = typesOf(resolveSchemaObject(refs, resolved.items) ?? {});
  return text === "" ? [] : text.split(",").map((part) => readParameterText(part.trim(), items));
}
