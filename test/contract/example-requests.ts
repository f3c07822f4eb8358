/**
 * One valid request per operation of spec/openapi.yaml, derived from the spec alone: path and
 * required query parameters from their examples (else defaults, enums, minimums), a JSON body
 * built from the request schema's required properties and their examples. The generic contract
 * tests send these, so an operation added to the spec is exercised without a hand-written row.
 */
import { readFileSync } from "node:fs";
import { parse } from "yaml";
import { deref, operations, SPEC_PATH, type Doc } from "../lint/helpers.js";

export interface ExampleRequest {
  readonly operationId: string;
  readonly method: string;
  /** The path with its parameters filled in and the required query parameters appended. */
  readonly path: string;
  /** The JSON body, when the operation takes one. */
  readonly json?: unknown;
  /** The statuses the operation declares. */
  readonly declared: readonly string[];
}

/** The example requests of every operation, in spec order. */
export function exampleRequests(specPath: string = SPEC_PATH): ExampleRequest[] {
  const doc: Doc = parse(readFileSync(specPath, "utf8"));
  return operations(doc).map(({ path, method, operation, parameters }) => {
    let filled = path;
    const query = new URLSearchParams();
    for (const parameter of parameters) {
      const value = parameter.example ?? exampleValue(doc, parameter.schema);
      if (parameter.in === "path")
        filled = filled.replace(`{${parameter.name}}`, encodeURIComponent(String(value)));
      else if (parameter.in === "query" && parameter.required === true)
        query.set(parameter.name, String(value));
    }
    const search = query.size === 0 ? "" : `?${query.toString()}`;
    const media = deref(doc, operation.requestBody)?.content?.["application/json"];
    const body =
      media === undefined ? {} : { json: media.example ?? exampleValue(doc, media.schema) };
    return {
      operationId: String(operation.operationId),
      method: method.toUpperCase(),
      path: `${filled}${search}`,
      ...body,
      declared: Object.keys(operation.responses ?? {}),
    };
  });
}

/** A value the schema accepts: its example, default or first enum value, else the smallest one. */
export function exampleValue(doc: Doc, raw: Doc, depth = 0): unknown {
  const schema = deref(doc, raw) ?? {};
  if (depth > 20) throw new Error("example request: the schema nests deeper than 20 levels");
  if (schema.example !== undefined) return schema.example;
  if (schema.default !== undefined) return schema.default;
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return schema.enum[0];
  const branch = schema.oneOf?.[0] ?? schema.anyOf?.[0];
  if (branch !== undefined) return exampleValue(doc, branch, depth + 1);
  if (Array.isArray(schema.allOf))
    return Object.assign(
      {},
      ...schema.allOf.map((part: Doc) => exampleValue(doc, part, depth + 1)),
    );
  switch (schema.type) {
    case "object": {
      const required: string[] = schema.required ?? [];
      return Object.fromEntries(
        required.map((name) => [
          name,
          exampleValue(doc, schema.properties?.[name] ?? {}, depth + 1),
        ]),
      );
    }
    case "array":
      return (schema.minItems ?? 0) > 0 ? [exampleValue(doc, schema.items ?? {}, depth + 1)] : [];
    case "integer":
    case "number":
      return schema.minimum ?? 1;
    case "boolean":
      return true;
    case "string":
      return "x".repeat(Math.max(1, schema.minLength ?? 1));
    default:
      return null;
  }
}
