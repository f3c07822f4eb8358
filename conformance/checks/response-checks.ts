/**
 * The checks every response gets (as Schemathesis's defaults): no undeclared server error, a
 * declared status, a declared content type, the declared headers present and valid, and the body
 * valid against the declared schema.
 */
import { isJsonMediaType } from "../../generator/schema/json-media.js";
import { readXml } from "../../templates/xml/xml-codec.js";
import { isXmlMediaType, xmlNodeOf } from "../xml-values.js";
import { escapePointer } from "../../generator/schema/json-pointer.js";
import type { OperationModel, ResponseModel } from "../../generator/model/types.js";
import type { ConformanceApi } from "../load-api.js";
import { readTextAs } from "../parameter-text.js";
import type { ObservedResponse } from "../sender.js";
import { failure, type CheckFailure } from "./check-failure.js";

export interface ResponseCheckOptions {
  /**
   * Which declared headers must be present: `"declared"` (default) every declared header unless
   * the spec says `required: false`; `"required"` only those with `required: true` (Schemathesis).
   */
  readonly headerPresence?: "declared" | "required";
}

/** The declared response for a status: exact, then `4XX`, then `default`. */
export function declaredResponse(
  operation: OperationModel,
  status: number,
): ResponseModel | undefined {
  const exact = String(status);
  return (
    operation.responses.find((response) => response.status === exact) ??
    operation.responses.find((response) => response.status === `${exact[0] ?? ""}XX`) ??
    operation.responses.find((response) => response.status === "default")
  );
}

/** `application/json; charset=utf-8` → `application/json`. */
export function mediaEssence(contentType: string | null): string {
  return contentType === null ? "" : (contentType.split(";")[0] ?? "").trim().toLowerCase();
}

function mediaMatches(declared: string, actual: string): boolean {
  const [type, subtype] = declared.toLowerCase().split("/");
  const [actualType, actualSubtype] = actual.split("/");
  return (type === "*" || type === actualType) && (subtype === "*" || subtype === actualSubtype);
}

/** Whether a response's media type is JSON: the one rule the client and server runtimes use. */
export const isJsonMedia = isJsonMediaType;

export function checkResponse(
  api: ConformanceApi,
  operation: OperationModel,
  response: ObservedResponse,
  options: ResponseCheckOptions = {},
): CheckFailure[] {
  const failures: CheckFailure[] = [];
  const declared = declaredResponse(operation, response.status);
  const responsesPointer = `${operation.pointer}/responses`;
  const declaredStatuses = operation.responses.map((entry) => entry.status).join(", ");

  if (
    response.status >= 500 &&
    (response.status === 500 || declared === undefined || declared.status === "default")
  ) {
    failures.push(
      failure(
        "not_a_server_error",
        `${operation.operationId} answered ${response.status}`,
        response.status === 500
          ? "no 500 (an internal error is a bug even when the spec declares it)"
          : "no undeclared 5xx",
        `${response.status} ${response.bodyText.slice(0, 200)}`,
        responsesPointer,
      ),
    );
  }
  if (declared === undefined) {
    failures.push(
      failure(
        "status_code_conformance",
        `status ${response.status} is not declared for ${operation.operationId}`,
        `one of ${declaredStatuses}`,
        String(response.status),
        responsesPointer,
      ),
    );
    return failures;
  }
  const responsePointer = `${responsesPointer}/${escapePointer(declared.status)}`;

  // Headers.
  for (const header of declared.headers) {
    const lower = header.name.toLowerCase();
    if (lower === "content-type") continue;
    const pointer = `${responsePointer}/headers/${escapePointer(header.name)}`;
    const raw = response.headers.get(lower);
    if (raw === null) {
      const optional =
        options.headerPresence === "required"
          ? !header.required
          : api.optionalHeaders.has(`${operation.operationId} ${declared.status} ${lower}`);
      if (!optional)
        failures.push(
          failure(
            "response_headers_conformance",
            `header ${header.name} is missing`,
            `${header.name} present`,
            "absent",
            pointer,
          ),
        );
      continue;
    }
    if (header.schema === undefined) continue;
    const value = readTextAs(raw, header.schema, api.model);
    const errors = api.validator.compile(header.schema)(value);
    if (errors.length > 0) {
      failures.push(
        failure(
          "response_headers_conformance",
          `header ${header.name} does not match its schema: ${errors[0]?.message ?? ""}`,
          JSON.stringify(header.schema),
          JSON.stringify(raw),
          pointer,
        ),
      );
    }
  }

  // Content type and body.
  const essence = mediaEssence(response.headers.get("content-type"));
  if (declared.contents.length === 0) {
    if (response.bodyText !== "") {
      failures.push(
        failure(
          "content_type_conformance",
          `no body is declared for ${declared.status}, got ${response.bodyText.length} characters`,
          "an empty body",
          response.bodyText.slice(0, 200),
          `${responsePointer}/content`,
        ),
      );
    }
    return failures;
  }
  if (response.bodyText === "" && (response.status === 204 || response.status === 304))
    return failures;
  const media =
    declared.contents.find((entry) => entry.mediaType.toLowerCase() === essence) ??
    declared.contents.find((entry) => mediaMatches(entry.mediaType, essence));
  if (media === undefined) {
    failures.push(
      failure(
        "content_type_conformance",
        `Content-Type ${JSON.stringify(response.headers.get("content-type"))} is not declared`,
        declared.contents.map((entry) => entry.mediaType).join(" or "),
        response.headers.get("content-type") ?? "absent",
        `${responsePointer}/content`,
      ),
    );
    return failures;
  }
  const xml = isXmlMediaType(essence);
  if (media.schema === undefined || (!isJsonMedia(essence) && !xml)) return failures;
  let body: unknown;
  try {
    // XML: the value its schema's xml objects map it to (docs/xml.md), checked as JSON is
    body = xml ? readXml(response.bodyText, xmlNodeOf(media)) : JSON.parse(response.bodyText);
  } catch (error) {
    failures.push(
      failure(
        "response_schema_conformance",
        xml
          ? `the body cannot be read as XML: ${error instanceof Error ? error.message : String(error)}`
          : "the body is not JSON",
        `${xml ? "XML" : "JSON"} (${media.mediaType})`,
        response.bodyText.slice(0, 200),
        "",
      ),
    );
    return failures;
  }
  const errors = api.validator.compile(media.schema)(body);
  const first = errors[0];
  if (first !== undefined) {
    failures.push(
      failure(
        "response_schema_conformance",
        `the body does not match the schema of ${declared.status} ${media.mediaType}: ${first.pointer === "" ? "" : `${first.pointer} `}${first.message}`,
        `${schemaLabel(media.schema)} (${errors
          .map((error) => `${error.pointer || "/"} ${error.message}`)
          .slice(0, 3)
          .join("; ")})`,
        JSON.stringify(valueAt(body, first.pointer)) ?? "undefined",
        first.pointer,
      ),
    );
  }
  return failures;
}

function schemaLabel(schema: unknown): string {
  const ref =
    schema !== null && typeof schema === "object" ? (schema as { $ref?: unknown }).$ref : undefined;
  return typeof ref === "string" ? ref : "the declared schema";
}

/** The value at a JSON pointer (undefined when absent). */
export function valueAt(value: unknown, pointer: string): unknown {
  let node = value;
  for (const raw of pointer.split("/").slice(1)) {
    const key = raw.replace(/~1/g, "/").replace(/~0/g, "~");
    if (node === null || typeof node !== "object") return undefined;
    node = (node as Record<string, unknown>)[key];
  }
  return node;
}
