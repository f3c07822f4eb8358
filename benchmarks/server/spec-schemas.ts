/**
 * The JSON schemas Fastify validates with, taken from spec/openapi.yaml (so both servers check the
 * same rules): the path parameters of GET /pets/by-id/{petId} and the body of POST /pets, with
 * `$ref`s inlined and annotations dropped. `format: int64/int32` is dropped because Ajv does not
 * know them; the spec's `minimum`/`maximum` carry the range.
 */
import { readFileSync } from "node:fs";
import { parse } from "yaml";

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

const DROPPED = new Set([
  "description",
  "example",
  "examples",
  "deprecated",
  "externalDocs",
  "title",
]);

function pointer(document: Json, ref: string): Json {
  if (!ref.startsWith("#/")) throw new Error(`external $ref not supported here: ${ref}`);
  let node: Json = document;
  for (const raw of ref.slice(2).split("/")) {
    const key = raw.replace(/~1/g, "/").replace(/~0/g, "~");
    if (node === null || typeof node !== "object" || Array.isArray(node) || !(key in node))
      throw new Error(`unresolved $ref ${ref}`);
    node = node[key]!;
  }
  return node;
}

function inline(document: Json, node: Json): Json {
  if (Array.isArray(node)) return node.map((item) => inline(document, item));
  if (node === null || typeof node !== "object") return node;
  const ref = node["$ref"];
  if (typeof ref === "string") return inline(document, pointer(document, ref));
  const out: { [key: string]: Json } = {};
  for (const [key, value] of Object.entries(node)) {
    if (DROPPED.has(key) || key.startsWith("x-")) continue;
    if (key === "format" && (value === "int64" || value === "int32")) continue;
    out[key] = inline(document, value);
  }
  return out;
}

function get(node: Json | undefined, ...keys: string[]): Json {
  let current: Json | undefined = node;
  for (const key of keys) {
    if (
      current === null ||
      current === undefined ||
      typeof current !== "object" ||
      Array.isArray(current)
    ) {
      throw new Error(`spec: missing ${keys.join(".")}`);
    }
    current = current[key];
  }
  if (current === undefined) throw new Error(`spec: missing ${keys.join(".")}`);
  return current;
}

export interface FastifySchemas {
  readonly getPetByIdParams: Json;
  readonly createPetBody: Json;
}

export function loadSchemas(specPath: string): FastifySchemas {
  const document = parse(readFileSync(specPath, "utf8")) as Json;
  const item = inline(document, get(document, "paths", "/pets/by-id/{petId}"));
  const operation = get(item, "get");
  const parameters = [
    ...((get(item, "parameters") as Json[] | null) ?? []),
    ...(((operation as { parameters?: Json[] }).parameters ?? []) as Json[]),
  ] as { name: string; in: string; required?: boolean; schema: Json }[];
  const pathParameters = parameters.filter((parameter) => parameter.in === "path");
  const getPetByIdParams: Json = {
    type: "object",
    required: pathParameters
      .filter((parameter) => parameter.required === true)
      .map((parameter) => parameter.name),
    properties: Object.fromEntries(
      pathParameters.map((parameter) => [parameter.name, parameter.schema]),
    ),
  };
  const createPet = inline(document, get(document, "paths", "/pets", "post"));
  const createPetBody = get(createPet, "requestBody", "content", "application/json", "schema");
  return { getPetByIdParams, createPetBody };
}
