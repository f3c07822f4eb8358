/**
 * Per-operation handler types: `<Op>HandlerRequest<C>` (coerced parameters, parsed body, caller)
 * and `<Op>HandlerResponse`, the union of `{ status, body, headers }` for every declared response.
 * Body and parameter types index into openapi-typescript's `paths`, so they never drift from types.ts.
 * Response headers are written inline from the spec (kept shallow for the type checker): the
 * declared names only, required as the spec says, `number` for integer and number schemas; the
 * headers the runtime sets itself (`X-RateLimit-*`, `Deprecation`, `Sunset`, `Idempotent-Replayed`)
 * are left out.
 */
import { StructureKind, type StatementStructures } from "ts-morph";
import type { HeaderModel, OperationModel, ResponseModel } from "../../model/types.js";
import { literal } from "../ts/literal.js";
import { jsonMedia } from "../validators/emit-validators.js";

function operationType(operation: OperationModel): string {
  return `paths[${literal(operation.path)}][${literal(operation.method)}]`;
}

export function handlerRequestType(operation: OperationModel): StatementStructures {
  const op = operationType(operation);
  const group = (location: "path" | "query" | "header" | "cookie"): string => {
    if (operation.parameters[location].length === 0) return "NoParameters";
    const type = `NonNullable<${op}["parameters"][${literal(location)}]>`;
    return location === "header" ? `LowercaseKeys<${type}>` : type;
  };
  const body = operation.requestBody;
  let bodyType = "undefined";
  if (body) {
    const media = jsonMedia(body.contents) ?? body.contents[0];
    const content = media ? `NonNullable<${op}["requestBody"]>["content"][${literal(media.mediaType)}]` : "unknown";
    bodyType = body.required ? content : `${content} | undefined`;
  }
  return {
    kind: StructureKind.Interface,
    isExported: true,
    name: `${operation.typeName}HandlerRequest`,
    typeParameters: [{ name: "C", default: "unknown" }],
    docs: [{ description: `What the \`${operation.name}\` handler receives (already validated).`.replace(/\*\//g, "*\\/") }],
    properties: [
      { name: "operationId", isReadonly: true, type: literal(operation.operationId) },
      { name: "path", isReadonly: true, type: group("path") },
      { name: "query", isReadonly: true, type: group("query") },
      { name: "header", isReadonly: true, type: group("header"), docs: [{ description: "Header parameters, by lower-case name." }] },
      { name: "cookie", isReadonly: true, type: group("cookie") },
      { name: "body", isReadonly: true, type: bodyType },
      { name: "caller", isReadonly: true, type: operation.secured ? "C" : "C | undefined", docs: [{ description: "What `authenticate` returned for the request's API key." }] },
      { name: "request", isReadonly: true, type: "Request", docs: [{ description: "The raw web request." }] },
    ],
  };
}

export function handlerResponseType(operation: OperationModel): StatementStructures {
  const members = operation.responses.map((response) => responseMember(operation, response));
  return {
    kind: StructureKind.TypeAlias,
    isExported: true,
    name: `${operation.typeName}HandlerResponse`,
    docs: [{ description: `Every response the spec declares for \`${operation.name}\`.`.replace(/\*\//g, "*\\/") }],
    type: members.length > 0 ? members.join(" | ") : "never",
  };
}

function responseMember(operation: OperationModel, response: ResponseModel): string {
  const status = statusType(response.status);
  const media = jsonMedia(response.contents) ?? response.contents[0];
  const key = /^\d+$/.test(response.status) ? response.status : literal(response.status);
  const body = media
    ? `body: ${operationType(operation)}["responses"][${key}]["content"][${literal(media.mediaType)}]`
    : "body?: undefined";
  const headers = response.headers.filter((header) => !isRuntimeHeader(header.name));
  if (headers.length === 0) return `{ status: ${status}; ${body} }`;
  const fields = headers.map((header) => `readonly ${literal(header.name)}${header.required ? "" : "?"}: ${headerValueType(header)}`);
  const optional = headers.every((header) => !header.required) ? "?" : "";
  return `{ status: ${status}; ${body}; headers${optional}: { ${fields.join("; ")} } }`;
}

/** Headers the server runtime sets on every response that declares them. */
export function isRuntimeHeader(name: string): boolean {
  const lower = name.toLowerCase();
  return lower.startsWith("x-ratelimit-") || lower === "deprecation" || lower === "sunset" || lower === "idempotent-replayed";
}

/** The scalar type of a header's schema, when it has one. */
export function headerSchemaType(header: HeaderModel): "integer" | "number" | "string" | "boolean" | undefined {
  const schema = header.schema;
  if (typeof schema !== "object") return undefined;
  const type = schema["type"];
  return type === "integer" || type === "number" || type === "string" || type === "boolean" ? type : undefined;
}

function headerValueType(header: HeaderModel): string {
  const type = headerSchemaType(header);
  if (type === "integer" || type === "number") return "number";
  if (type === "boolean") return "boolean";
  const values = typeof header.schema === "object" ? header.schema["enum"] : undefined;
  if (type === "string" && Array.isArray(values) && values.every((value) => typeof value === "string")) {
    return values.map((value) => literal(value)).join(" | ");
  }
  return "string";
}

function statusType(status: string): string {
  if (/^\d{3}$/.test(status)) return status;
  const range = /^([1-5])XX$/.exec(status);
  if (range) return `StatusRange<${range[1]}>`;
  return "number";
}
