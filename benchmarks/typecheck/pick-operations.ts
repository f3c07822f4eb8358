/**
 * Picks the handful of operations the type-check consumers call: up to three GETs with path
 * parameters, one GET without any, two with a required request body. Only operations whose
 * required parameters are all path parameters of a simple type (so a literal can be written) are
 * taken. The spec is bundled with Redocly's openapi-core (internal `$ref`s kept).
 */
import { readFile } from "node:fs/promises";
import { bundle, createConfig, makeDocumentFromString } from "@redocly/openapi-core";

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

export interface PickedOperation {
  readonly method: string;
  readonly path: string;
  /** Path parameter values as TypeScript source, e.g. `{ petId: 1 }`; undefined when none. */
  readonly pathLiteral: string | undefined;
  /** The request body media type when the operation takes a required body. */
  readonly bodyMediaType: string | undefined;
}

const METHODS = ["get", "put", "post", "delete", "patch"] as const;

function isObject(value: Json | undefined): value is JsonObject {
  return (
    value !== null && value !== undefined && typeof value === "object" && !Array.isArray(value)
  );
}

function resolver(document: Json): (node: Json | undefined) => Json | undefined {
  const deref = (node: Json | undefined, depth = 0): Json | undefined => {
    if (!isObject(node) || typeof node["$ref"] !== "string" || depth > 20) return node;
    const ref = node["$ref"];
    if (!ref.startsWith("#/")) return undefined;
    let current: Json | undefined = document;
    for (const raw of ref.slice(2).split("/")) {
      const key = decodeURIComponent(raw).replace(/~1/g, "/").replace(/~0/g, "~");
      current = isObject(current) ? current[key] : undefined;
    }
    return deref(current, depth + 1);
  };
  return deref;
}

/** A TypeScript literal for a value of `schema`, or undefined when it is not a simple scalar. */
function literalFor(
  schema: Json | undefined,
  deref: (node: Json | undefined) => Json | undefined,
): string | undefined {
  const resolved = deref(schema);
  if (!isObject(resolved)) return undefined;
  const enumValues = resolved["enum"];
  if (Array.isArray(enumValues) && enumValues.length > 0) {
    const first = enumValues[0];
    return typeof first === "string" || typeof first === "number"
      ? JSON.stringify(first)
      : undefined;
  }
  const type = Array.isArray(resolved["type"]) ? resolved["type"][0] : resolved["type"];
  if (type === "integer" || type === "number") return "1";
  if (type === "string") return '"x"';
  if (type === "boolean") return "true";
  return undefined;
}

function identifierOrString(name: string): string {
  return /^[A-Za-z_$][A-Za-z0-9_$]*$/.test(name) ? name : JSON.stringify(name);
}

export async function loadBundled(specPath: string): Promise<Json> {
  const config = await createConfig({ rules: {} });
  const root = makeDocumentFromString(await readFile(specPath, "utf8"), specPath);
  const result = await bundle({ doc: root, config, dereference: false });
  return result.bundle.parsed as Json;
}

export function pickOperations(
  document: Json,
  known: (method: string, path: string) => boolean,
): PickedOperation[] {
  const deref = resolver(document);
  const paths = isObject(document) && isObject(document["paths"]) ? document["paths"] : {};
  const withPath: PickedOperation[] = [];
  const plain: PickedOperation[] = [];
  const withBody: PickedOperation[] = [];
  for (const [path, rawItem] of Object.entries(paths)) {
    const item = deref(rawItem);
    if (!isObject(item)) continue;
    for (const method of METHODS) {
      const operation = deref(item[method]);
      if (!isObject(operation) || !known(method, path)) continue;
      const parameters = [
        ...(Array.isArray(item["parameters"]) ? item["parameters"] : []),
        ...(Array.isArray(operation["parameters"]) ? operation["parameters"] : []),
      ]
        .map((parameter) => deref(parameter))
        .filter(isObject);
      const pathParameters = new Map<string, JsonObject>();
      let usable = true;
      for (const parameter of parameters) {
        const name = parameter["name"];
        if (typeof name !== "string") continue;
        if (parameter["in"] === "path") pathParameters.set(name, parameter);
        else if (parameter["required"] === true) usable = false;
      }
      const templateNames = [...path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1]!);
      const entries: string[] = [];
      for (const name of templateNames) {
        const literal = literalFor(pathParameters.get(name)?.["schema"], deref);
        if (literal === undefined) usable = false;
        else entries.push(`${identifierOrString(name)}: ${literal}`);
      }
      if (!usable) continue;
      const requestBody = deref(operation["requestBody"]);
      const content = isObject(requestBody) ? requestBody["content"] : undefined;
      const mediaTypes = isObject(content) ? Object.keys(content) : [];
      const bodyRequired =
        isObject(requestBody) && requestBody["required"] === true && mediaTypes.length > 0;
      const bodyMediaType = bodyRequired
        ? (mediaTypes.find((type) => /json/i.test(type)) ?? mediaTypes[0])
        : undefined;
      const picked: PickedOperation = {
        method,
        path,
        pathLiteral: entries.length > 0 ? `{ ${entries.join(", ")} }` : undefined,
        bodyMediaType,
      };
      if (bodyMediaType !== undefined) withBody.push(picked);
      else if (method === "get" && picked.pathLiteral !== undefined) withPath.push(picked);
      else if (method === "get") plain.push(picked);
    }
  }
  return [...withPath.slice(0, 3), ...plain.slice(0, 1), ...withBody.slice(0, 2)];
}
