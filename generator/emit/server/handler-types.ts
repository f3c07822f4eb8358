/**
 * Per-operation handler types: `<Op>HandlerRequest<C>` (coerced parameters, parsed body, caller)
 * and `<Op>HandlerResponse`, the union of `{ status, body, headers }` for every declared response.
 * Body and parameter types index into openapi-typescript's `paths`, so they never drift from types.ts.
 * Response headers are written inline from the spec (kept shallow for the type checker): the
 * declared names only, required as the spec says, `number` for integer and number schemas; the
 * headers the runtime sets itself (`X-RateLimit-*`, `Deprecation`, `Sunset`, `Idempotent-Replayed`)
 * are left out.
 */
import type { StatementStructures } from "ts-morph";
import { StructureKind } from "../ts/ts-morph-values.js";
import type { HeaderModel, OperationModel, ResponseModel } from "../../model/types.js";
import { literal, typeAliasCode, typeLiteralCode } from "../ts/literal.js";
import { isXmlMediaType } from "../../model/xml-shapes.js";
import {
  IGNORED_HEADER_PARAMETERS,
  isJsonMediaType,
  jsonMedia,
} from "../validators/validator-names.js";

function operationType(operation: OperationModel): string {
  return `paths[${literal(operation.path)}][${literal(operation.method)}]`;
}

export function handlerRequestType(operation: OperationModel): StatementStructures {
  const op = operationType(operation);
  const group = (location: "path" | "query" | "header" | "cookie"): string => {
    if (operation.parameters[location].length === 0) return "NoParameters";
    const type = `NonNullable<${op}["parameters"][${literal(location)}]>`;
    if (location !== "header") return type;
    // `Accept`, `Content-Type`, `Authorization`: never required nor validated, so optional text
    const ignored = operation.parameters.header
      .map((parameter) => parameter.name)
      .filter((name) => IGNORED_HEADER_PARAMETERS.has(name.toLowerCase()));
    if (ignored.length === 0) return `LowercaseKeys<${type}>`;
    return `LowercaseKeys<Omit<${type}, ${ignored.map((name) => literal(name)).join(" | ")}> & { ${ignored.map((name) => `readonly ${literal(name)}?: string`).join("; ")} }>`;
  };
  const body = operation.requestBody;
  let bodyType = "undefined";
  if (body) {
    const content = requestBodyType(operation);
    bodyType = body.required ? content : `${content} | undefined`;
  }
  return {
    kind: StructureKind.Interface,
    isExported: true,
    name: `${operation.typeName}HandlerRequest`,
    typeParameters: [{ name: "C", default: "unknown" }],
    docs: [
      {
        description: `What the \`${operation.name}\` handler receives (already validated).`.replace(
          /\*\//g,
          "*\\/",
        ),
      },
    ],
    properties: [
      { name: "operationId", isReadonly: true, type: literal(operation.operationId) },
      { name: "path", isReadonly: true, type: group("path") },
      { name: "query", isReadonly: true, type: group("query") },
      {
        name: "header",
        isReadonly: true,
        type: group("header"),
        docs: [{ description: "Header parameters, by lower-case name." }],
      },
      { name: "cookie", isReadonly: true, type: group("cookie") },
      { name: "body", isReadonly: true, type: bodyType },
      {
        name: "caller",
        isReadonly: true,
        type: operation.secured ? "C" : "C | undefined",
        docs: [
          {
            description:
              "What `authenticate` returned for the request's credentials (always there where the operation requires them).",
          },
        ],
      },
      {
        name: "request",
        isReadonly: true,
        type: "Request",
        docs: [{ description: "The raw web request." }],
      },
    ],
  };
}

export function handlerResponseType(operation: OperationModel): string {
  const members = operation.responses.map((response) => responseMember(operation, response));
  return typeAliasCode(`${operation.typeName}HandlerResponse<H extends string = never>`, members, {
    exported: true,
    doc: `Every response the spec declares for \`${operation.name}\` (\`H\`: the headers \`responseHeaders\` allows on every response).`,
  });
}

/**
 * The handler's body type: the union over the declared media types of what the runtime gives for
 * each (JSON and text parsed as typed; form and multipart objects, with `File`s for binary parts;
 * a urlencoded string as text; bytes for anything else).
 */
function requestBodyType(operation: OperationModel): string {
  const op = operationType(operation);
  const forms = operation.forms;
  const types = (operation.requestBody?.contents ?? []).map((media) => {
    const content = `NonNullable<${op}["requestBody"]>["content"][${literal(media.mediaType)}]`;
    const kind = mediaKind(media.mediaType);
    if (kind === "any") return "unknown";
    if (kind !== "binary") {
      const form = forms.find((candidate) => candidate.mediaType === media.mediaType);
      // the form's own text (a urlencoded string schema), whatever its format says
      if (form?.text === true) return "string";
      if (form === undefined || form.files.length + form.fileLists.length === 0) return content;
      const one = form.files.map((name) => literal(name)).join(" | ") || "never";
      const many = form.fileLists.map((name) => literal(name)).join(" | ") || "never";
      return `FormFiles<${content}, ${one}, ${many}>`;
    }
    return "Uint8Array";
  });
  const unique = [...new Set(types)];
  return unique.length === 0
    ? "unknown"
    : unique.includes("unknown")
      ? "unknown"
      : unique.join(" | ");
}

/** The media types the runtime streams from an async iterable (runtime/server/core/stream-body.ts). */
function streamKind(mediaType: string): "ndjson" | "sse" | undefined {
  const base = mediaType.split(";")[0]?.trim().toLowerCase() ?? "";
  if (base === "application/x-ndjson" || base === "application/jsonl") return "ndjson";
  return base === "text/event-stream" ? "sse" : undefined;
}

/** How the runtime reads or writes a media type: JSON, XML, text, a form, a wildcard, or bytes. */
function mediaKind(mediaType: string): "json" | "xml" | "text" | "form" | "any" | "binary" {
  const base = mediaType.split(";")[0]?.trim().toLowerCase() ?? "";
  if (isJsonMediaType(base)) return "json";
  // read into and written from the value its schema describes (runtime/xml)
  if (isXmlMediaType(base)) return "xml";
  if (base.startsWith("text/")) return "text";
  if (base === "application/x-www-form-urlencoded" || base === "multipart/form-data") return "form";
  if (base.includes("*")) return "any";
  return "binary";
}

function responseMember(operation: OperationModel, response: ResponseModel): string {
  const status = statusType(response.status);
  const key = /^\d+$/.test(response.status) ? response.status : literal(response.status);
  const bodyTypes = [
    ...new Set(
      response.contents.map((media) => {
        const kind = mediaKind(media.mediaType);
        const declared = `${operationType(operation)}["responses"][${key}]["content"][${literal(media.mediaType)}]`;
        // a stream's schema describes one item (one line, one event's data), as the client reads it
        const stream = streamKind(media.mediaType);
        if (stream === "ndjson") return `NdjsonBody<${declared}>`;
        if (stream === "sse") return `EventStreamBody<${declared}>`;
        if (kind === "binary") return "BinaryBody";
        return declared;
      }),
    ),
  ];
  // JSON first, as before (the union's order is only cosmetic).
  const json = jsonMedia(response.contents);
  if (json !== undefined) {
    const jsonType = `${operationType(operation)}["responses"][${key}]["content"][${literal(json.mediaType)}]`;
    bodyTypes.splice(bodyTypes.indexOf(jsonType), 1);
    bodyTypes.unshift(jsonType);
  }
  const body = bodyTypes.length > 0 ? `body: ${bodyTypes.join(" | ")}` : "body?: undefined";
  const headers = response.headers.filter((header) => !isRuntimeHeader(header.name));
  if (headers.length === 0) {
    return typeLiteralCode([`status: ${status}`, body, "headers?: OnlyExtraHeaders<H>"]);
  }
  const fields = headers.map(
    (header) =>
      `readonly ${literal(header.name)}${header.required ? "" : "?"}: ${headerValueType(header)}`,
  );
  const optional = headers.every((header) => !header.required) ? "?" : "";
  return typeLiteralCode([
    `status: ${status}`,
    body,
    `headers${optional}: ${typeLiteralCode(fields)} & ExtraHeaders<H>`,
  ]);
}

/** Headers the server runtime sets on every response that declares them. */
export function isRuntimeHeader(name: string): boolean {
  const lower = name.toLowerCase();
  return (
    lower.startsWith("x-ratelimit-") ||
    lower === "deprecation" ||
    lower === "sunset" ||
    lower === "idempotent-replayed"
  );
}

/** The scalar type of a header's schema, when it has one. */
export function headerSchemaType(
  header: HeaderModel,
): "integer" | "number" | "string" | "boolean" | undefined {
  const schema = header.schema;
  if (typeof schema !== "object") return undefined;
  const type = schema["type"];
  return type === "integer" || type === "number" || type === "string" || type === "boolean"
    ? type
    : undefined;
}

function headerValueType(header: HeaderModel): string {
  const type = headerSchemaType(header);
  if (type === "integer" || type === "number") return "number";
  if (type === "boolean") return "boolean";
  const values = typeof header.schema === "object" ? header.schema["enum"] : undefined;
  if (
    type === "string" &&
    Array.isArray(values) &&
    values.every((value) => typeof value === "string")
  ) {
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
