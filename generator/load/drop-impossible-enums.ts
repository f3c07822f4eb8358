/**
 * A repair real specs need (box.com declares `type: object` with `enum: [global, ...]`): an enum
 * value that does not fit the schema's own `type` can never be valid, since a value must satisfy
 * both. Such values are removed, and an enum left with none is removed too, so the schema reads as
 * its `type` alone instead of stopping the type generator. Each repair is reported as a warning
 * with its JSON pointer; enums whose values all fit are left exactly as written.
 */
import { escapePointer, isObject } from "../model/resolve-ref.js";

/** Keys whose values are data, not schemas: never walked (unless they name a property). */
const DATA_KEYS = new Set(["example", "examples", "default", "const", "enum"]);
/** Keys whose values map names (which may be any of the above) to schemas or containers of them. */
const MAP_KEYS = new Set([
  "properties",
  "patternProperties",
  "dependentSchemas",
  "$defs",
  "definitions",
  "schemas",
  "parameters",
  "headers",
  "content",
  "paths",
  "responses",
  "requestBodies",
  "callbacks",
  "encoding",
]);

function fits(value: unknown, type: string, nullable: boolean): boolean {
  if (value === null) return type === "null" || nullable;
  switch (type) {
    case "string":
      return typeof value === "string";
    case "integer":
      return typeof value === "number" && Number.isInteger(value);
    case "number":
      return typeof value === "number";
    case "boolean":
      return typeof value === "boolean";
    case "array":
      return Array.isArray(value);
    case "object":
      return isObject(value);
    default:
      return true; // an unknown type name is the validator's business, not this repair's
  }
}

function declaredTypes(schema: Record<string, unknown>): string[] | undefined {
  const { type } = schema;
  if (typeof type === "string") return [type];
  if (Array.isArray(type) && type.length > 0 && type.every((entry) => typeof entry === "string"))
    return type as string[];
  return undefined;
}

export function dropImpossibleEnums(document: Record<string, unknown>, warnings: string[]): void {
  const visit = (node: unknown, pointer: string, isMap = false): void => {
    if (Array.isArray(node)) {
      node.forEach((child, index) => visit(child, `${pointer}/${index}`));
      return;
    }
    if (!isObject(node)) return;
    const types = isMap ? undefined : declaredTypes(node);
    if (types && Array.isArray(node.enum)) {
      const nullable = node.nullable === true;
      const kept = node.enum.filter((value) => types.some((type) => fits(value, type, nullable)));
      if (kept.length < node.enum.length) {
        const dropped = node.enum
          .filter((value) => !kept.includes(value))
          .map((value) => JSON.stringify(value));
        if (kept.length === 0) delete node.enum;
        else node.enum = kept;
        warnings.push(
          `${pointer}: enum value${dropped.length === 1 ? "" : "s"} ${dropped.join(", ")} cannot be of type ${types.join(" | ")}: ` +
            (kept.length === 0 ? "the enum is ignored" : "dropped from the enum"),
        );
      }
    }
    for (const [key, child] of Object.entries(node)) {
      if (isMap || (!DATA_KEYS.has(key) && !key.startsWith("x-")))
        visit(child, `${pointer}/${escapePointer(key)}`, !isMap && MAP_KEYS.has(key));
    }
  };
  visit(document, "#");
}
