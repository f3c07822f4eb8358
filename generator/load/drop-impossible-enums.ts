/**
 * Repairs of schemas that JSON Schema validators (and the type generator) refuse but whose
 * meaning their authors made plain, each reported as a warning with its JSON pointer; a schema
 * that needs none is left exactly as written:
 * - an enum value that does not fit the schema's own `type` (box.com declares `type: object` with
 *   `enum: [global, ...]`) can never be valid, since a value must satisfy both: such values are
 *   removed, and an enum left with none is removed too, so the schema reads as its `type` alone;
 * - an empty `enum` (`enum: []`, seen in large vendors' 3.1 documents: a list the authors left to
 *   fill) would allow no value at all: it is removed;
 * - a `type` that is no JSON type: `file` (Swagger 2's upload type) is read as
 *   `type: string, format: binary`, which is what OpenAPI 3 writes for it; any other (`any`) is
 *   removed, so the schema allows every type.
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

const JSON_TYPES = new Set(["string", "number", "integer", "boolean", "array", "object", "null"]);

/** `type: file` → `type: string, format: binary`; other type names that are no JSON type are removed. */
function repairTypes(node: Record<string, unknown>, place: Place, warnings: string[]): void {
  const names = typeof node.type === "string" ? [node.type] : node.type;
  if (!Array.isArray(names) || names.some((name) => typeof name !== "string")) return;
  const unknown = (names as string[]).filter((name) => !JSON_TYPES.has(name));
  if (unknown.length === 0) return;
  const file = unknown.includes("file");
  const kept = [
    ...new Set((names as string[]).map((name) => (name === "file" ? "string" : name))),
  ].filter((name) => JSON_TYPES.has(name));
  if (kept.length === 0) delete node.type;
  else node.type = typeof node.type === "string" || kept.length === 1 ? kept[0] : kept;
  if (file && node.format === undefined) node.format = "binary";
  warnings.push(
    `${pointerOf(place)}: type ${unknown.map((name) => JSON.stringify(name)).join(", ")} is no JSON Schema type: ` +
      (file ? "read as a binary string" : "removed (any type is allowed)"),
  );
}

/**
 * The keys from the document to the node being walked, one stack for the whole walk: a JSON
 * pointer is built only for a node that gets a warning (a pointer built for every node walked
 * was about half the walk's time on Stripe, and an object per node kept a tenth of DigitalOcean's
 * warm description edit in this walk).
 */
type Place = readonly string[];

function pointerOf(place: Place): string {
  return ["#", ...place.map(escapePointer)].join("/");
}

export function dropImpossibleEnums(document: Record<string, unknown>, warnings: string[]): void {
  const place: string[] = [];
  const visit = (node: unknown, isMap: boolean, inSchema: boolean): void => {
    if (Array.isArray(node)) {
      for (let index = 0; index < node.length; index++) {
        place.push(String(index));
        visit(node[index], false, inSchema);
        place.pop();
      }
      return;
    }
    if (!isObject(node)) return;
    if (!isMap && Array.isArray(node.enum) && node.enum.length === 0) {
      delete node.enum;
      warnings.push(`${pointerOf(place)}: an empty enum allows no value: ignored`);
    }
    if (!isMap && inSchema) repairTypes(node, place, warnings);
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
          `${pointerOf(place)}: enum value${dropped.length === 1 ? "" : "s"} ${dropped.join(", ")} cannot be of type ${types.join(" | ")}: ` +
            (kept.length === 0 ? "the enum is ignored" : "dropped from the enum"),
        );
      }
    }
    // below a `schemas` map (the map's own key), every object walked is a schema
    const inSchemas = isMap && place[place.length - 1] === "schemas";
    for (const key of Object.keys(node)) {
      if (!isMap && (DATA_KEYS.has(key) || key.startsWith("x-"))) continue;
      place.push(key);
      visit(
        node[key],
        !isMap && MAP_KEYS.has(key),
        // below a `schema` or a `schemas` map, every object walked is a schema
        inSchema || (isMap ? inSchemas : key === "schema"),
      );
      place.pop();
    }
  };
  visit(document, false, false);
}
