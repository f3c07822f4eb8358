/**
 * An independent check of HTTP responses against spec/openapi.yaml.
 *
 * Built here from the YAML document itself, NOT from anything under generated/ (types, validators
 * or route tables), so that a generator or runtime bug cannot hide behind its own validators:
 * - the spec's `components.schemas` are converted from OpenAPI 3.0 to JSON Schema draft-07
 *   (`nullable` → a `null` type, OpenAPI-only keywords such as `example` dropped, refs pointed at
 *   `definitions`; the conversion `npm run conformance` uses, conformance/openapi-to-json-schema.ts)
 *   and compiled with Ajv 8 (draft-07) + ajv-formats (+ `int32`/`int64` ranges);
 * - the operation of a response is found by matching the request's method and path against the
 *   spec's path templates;
 * - the declared response for the status is looked up (following `$ref`s into
 *   `components.responses` / `components.headers`), every header it declares must be present
 *   (unless it says `required: false`) and match its schema, and the body must match the declared media type and schema (no body when
 *   none is declared);
 * - statuses the spec does not declare per operation (404 for an unknown path, 405, 501) must be
 *   `Error` bodies with the `X-RateLimit-*` headers that every response carries.
 */
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { Ajv, type ValidateFunction } from "ajv";
import { parse as parseYaml } from "yaml";
import type { Json } from "../../generator/schema/json-value.js";
import { addApiSchema, addOpenApiFormats } from "../../generator/schema/schema-validator.js";
import { toJsonSchema, type SchemaModel } from "../../generator/schema/to-json-schema.js";
import { implyLifecycle } from "../../lint/lifecycle-implied.js";

export const SPEC_PATH = fileURLToPath(new URL("../../spec/openapi.yaml", import.meta.url));

type JsonObject = { [key: string]: Json };

const METHODS = ["get", "put", "post", "delete", "options", "head", "patch", "trace"] as const;

/**
 * `Error.code` ↔ HTTP status, read from the table in the spec's `Error` description
 * (`| \`not_found\` | 404 | ... |`), so a code the spec adds or drops needs no edit here.
 */
export const ERROR_CODE_STATUS: Readonly<Record<string, number>> = errorCodeStatuses(
  parseYaml(readFileSync(SPEC_PATH, "utf8")),
);

function errorCodeStatuses(spec: unknown): Record<string, number> {
  const description = (spec as { components?: { schemas?: { Error?: { description?: unknown } } } })
    .components?.schemas?.Error?.description;
  const table: Record<string, number> = {};
  for (const match of String(description ?? "").matchAll(/^\| `([a-z_]+)` \| (\d{3}) \|/gm)) {
    table[match[1] as string] = Number(match[2]);
  }
  if (Object.keys(table).length === 0)
    throw new Error(
      "spec-contract: the Error schema's description has no `| code | status |` table",
    );
  return table;
}

/** Headers every response carries (success and error), per the spec's rate-limit section. */
export const RATE_LIMIT_HEADERS = [
  "x-ratelimit-limit",
  "x-ratelimit-remaining",
  "x-ratelimit-reset",
];

function isObject(value: unknown): value is JsonObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

interface CheckedHeader {
  readonly name: string;
  /** False only when the spec says `required: false` (declared headers are otherwise expected). */
  readonly required: boolean;
  readonly type: string | undefined;
  readonly validate: ValidateFunction;
}

interface CheckedResponse {
  /** Lower-case name → header. */
  readonly headers: ReadonlyMap<string, CheckedHeader>;
  /** Media type → body validator. Empty when the response declares no content. */
  readonly content: ReadonlyMap<string, ValidateFunction>;
}

export interface SpecOperation {
  readonly operationId: string;
  readonly method: string;
  readonly path: string;
  readonly deprecated: boolean;
  readonly pattern: RegExp;
  readonly paramCount: number;
  /** Status key (`"200"`, `"4XX"`, `"default"`) → response. */
  readonly responses: ReadonlyMap<string, CheckedResponse>;
}

export type PathMatch =
  | { readonly kind: "operation"; readonly operation: SpecOperation }
  | { readonly kind: "wrong-method"; readonly allow: readonly string[] }
  | { readonly kind: "unknown-path" };

export interface ObservedResponse {
  readonly method: string;
  /** Absolute URL or path (with query). */
  readonly url: string;
  readonly status: number;
  readonly headers: Headers;
  readonly bodyText: string;
}

export interface CheckResult {
  /** The spec operation, when method and path name one. */
  readonly operationId: string | undefined;
  readonly status: number;
  /** Human-readable contract violations; empty when the response conforms. */
  readonly violations: string[];
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

function templatePattern(path: string): { pattern: RegExp; paramCount: number } {
  let paramCount = 0;
  const source = path
    .split("/")
    .map((segment) => {
      if (/^\{[^{}]+\}$/.test(segment)) {
        paramCount++;
        return "[^/]+";
      }
      return escapeRegExp(segment);
    })
    .join("/");
  return { pattern: new RegExp(`^${source}$`), paramCount };
}

/** The contract, loaded from the spec file. */
export class SpecContract {
  readonly document: JsonObject;
  readonly operations: readonly SpecOperation[];
  readonly ajv: Ajv;
  readonly #errorValidator: ValidateFunction;
  readonly #rateLimitHeaders: ReadonlyMap<string, CheckedHeader>;
  readonly #schemaCache = new Map<string, ValidateFunction>();

  constructor(specPath: string = SPEC_PATH) {
    // with the lifecycle headers and the 410 that deprecated + x-sunset imply, as generate reads it
    const document = implyLifecycle(parseYaml(readFileSync(specPath, "utf8"))) as Json;
    if (!isObject(document)) throw new Error(`${specPath} is not an object`);
    this.document = document;
    const components = this.#object(document["components"], "components");
    const schemas = this.#object(components["schemas"], "components.schemas");

    const ajv = new Ajv({ strict: true, allErrors: true, strictTypes: false });
    addOpenApiFormats(ajv);
    const converted: JsonObject = {};
    for (const [name, schema] of Object.entries(schemas)) converted[name] = toDraft07(schema);
    addApiSchema(ajv, converted);
    this.ajv = ajv;
    this.#errorValidator = this.#schemaValidator({ $ref: "#/components/schemas/Error" });

    const operations: SpecOperation[] = [];
    const paths = this.#object(document["paths"], "paths");
    for (const [path, pathItemValue] of Object.entries(paths)) {
      const pathItem = this.#object(pathItemValue, `paths.${path}`);
      for (const method of METHODS) {
        const operationValue = pathItem[method];
        if (operationValue === undefined) continue;
        const operation = this.#object(operationValue, `${method} ${path}`);
        const responses = new Map<string, CheckedResponse>();
        for (const [status, responseValue] of Object.entries(
          this.#object(operation["responses"], `${method} ${path} responses`),
        )) {
          responses.set(status, this.#response(this.#resolve(responseValue)));
        }
        const { pattern, paramCount } = templatePattern(path);
        operations.push({
          operationId: String(operation["operationId"]),
          method: method.toUpperCase(),
          path,
          deprecated: operation["deprecated"] === true,
          pattern,
          paramCount,
          responses,
        });
      }
    }
    // Static segments before parameters: fewer parameters first.
    operations.sort((a, b) => a.paramCount - b.paramCount);
    this.operations = operations;

    const rateLimitHeaders = new Map<string, CheckedHeader>();
    for (const name of ["X-RateLimit-Limit", "X-RateLimit-Remaining", "X-RateLimit-Reset"]) {
      rateLimitHeaders.set(
        name.toLowerCase(),
        this.#header(name, { $ref: `#/components/headers/${name}` }),
      );
    }
    this.#rateLimitHeaders = rateLimitHeaders;
  }

  #object(value: Json | undefined, where: string): JsonObject {
    if (!isObject(value)) throw new Error(`spec: ${where} is not an object`);
    return value;
  }

  /** Follows a local `$ref` (`#/components/...`) until a non-ref object. */
  #resolve(value: Json | undefined): JsonObject {
    let current = value;
    for (
      let depth = 0;
      depth < 10 && isObject(current) && typeof current["$ref"] === "string";
      depth++
    ) {
      const pointer = current["$ref"];
      if (!pointer.startsWith("#/")) throw new Error(`spec: unsupported $ref ${pointer}`);
      current = pointer
        .slice(2)
        .split("/")
        .map((part) => part.replaceAll("~1", "/").replaceAll("~0", "~"))
        .reduce<Json | undefined>(
          (node, key) => (isObject(node) ? node[key] : undefined),
          this.document,
        );
    }
    if (!isObject(current)) throw new Error("spec: a $ref leads nowhere");
    return current;
  }

  #schemaValidator(schema: Json): ValidateFunction {
    const converted = toDraft07(schema);
    const key = JSON.stringify(converted);
    const cached = this.#schemaCache.get(key);
    if (cached !== undefined) return cached;
    // refs inside point at `api#/components/schemas/...`, the schema added above
    const validate = this.ajv.compile(isObject(converted) ? converted : { const: converted });
    this.#schemaCache.set(key, validate);
    return validate;
  }

  #header(name: string, value: Json): CheckedHeader {
    const header = this.#resolve(value);
    const schema = header["schema"] ?? {};
    // The type decides how the header's text is read (a `$ref` is followed to find it).
    const typed =
      isObject(schema) && typeof schema["$ref"] === "string" ? this.#resolve(schema) : schema;
    const type = isObject(typed) && typeof typed["type"] === "string" ? typed["type"] : undefined;
    const required = header["required"] !== false;
    return { name, type, required, validate: this.#schemaValidator(schema) };
  }

  #response(response: JsonObject): CheckedResponse {
    const headers = new Map<string, CheckedHeader>();
    if (isObject(response["headers"])) {
      for (const [name, value] of Object.entries(response["headers"])) {
        headers.set(name.toLowerCase(), this.#header(name, value));
      }
    }
    const content = new Map<string, ValidateFunction>();
    if (isObject(response["content"])) {
      for (const [mediaType, media] of Object.entries(response["content"])) {
        const schema = isObject(media) ? (media["schema"] ?? {}) : {};
        content.set(mediaType, this.#schemaValidator(schema));
      }
    }
    return { headers, content };
  }

  /** The operation a request names, or why none does. */
  match(method: string, pathname: string): PathMatch {
    // RFC 9110 §9.3.2: HEAD is answered as GET (without content) where the path has no HEAD.
    const allow: string[] = [];
    let get: SpecOperation | undefined;
    for (const operation of this.operations) {
      if (!operation.pattern.test(pathname)) continue;
      if (operation.method === method) return { kind: "operation", operation };
      if (operation.method === "GET") get = operation;
      if (!allow.includes(operation.method)) allow.push(operation.method);
    }
    if (method === "HEAD" && get !== undefined) return { kind: "operation", operation: get };
    if (allow.includes("GET") && !allow.includes("HEAD"))
      allow.splice(allow.indexOf("GET") + 1, 0, "HEAD");
    return allow.length === 0 ? { kind: "unknown-path" } : { kind: "wrong-method", allow };
  }

  operation(operationId: string): SpecOperation {
    const found = this.operations.find((operation) => operation.operationId === operationId);
    if (found === undefined) throw new Error(`no operation ${operationId} in the spec`);
    return found;
  }

  /** The statuses an operation declares (exact codes only), ascending. */
  declaredStatuses(operationId: string): number[] {
    return [...this.operation(operationId).responses.keys()]
      .filter((key) => /^[1-5][0-9][0-9]$/.test(key))
      .map(Number)
      .sort((a, b) => a - b);
  }

  /** Checks one response (status, headers, body) against the spec. */
  check(observed: ObservedResponse): CheckResult {
    const url = new URL(observed.url, "http://contract.invalid");
    const match = this.match(observed.method, url.pathname);
    const violations: string[] = [];
    const where = `${observed.method} ${url.pathname} → ${observed.status}`;
    const operationId = match.kind === "operation" ? match.operation.operationId : undefined;

    let declared: CheckedResponse | undefined;
    if (match.kind === "operation") {
      const responses = match.operation.responses;
      const status = String(observed.status);
      declared =
        responses.get(status) ??
        responses.get(`${status[0] as string}XX`) ??
        responses.get("default");
      // 405 and 501 may come from any path without being declared per operation.
      if (declared === undefined && observed.status !== 405 && observed.status !== 501) {
        violations.push(
          `${where}: status ${observed.status} is not declared for ${match.operation.operationId}`,
        );
      }
    } else if (match.kind === "wrong-method" && observed.status !== 405) {
      violations.push(
        `${where}: a method the path does not have must be 405 (allowed: ${match.allow.join(", ")})`,
      );
    } else if (match.kind === "unknown-path" && observed.status !== 404) {
      violations.push(`${where}: a path the spec does not have must be 404`);
    }

    // Headers: the declared ones, else those every response carries.
    const headers = declared?.headers ?? this.#rateLimitHeaders;
    for (const [lower, header] of headers) {
      const raw = observed.headers.get(lower);
      if (raw === null) {
        if (!header.required) continue;
        violations.push(`${where}: header ${header.name} is missing`);
        continue;
      }
      const value = coerceHeader(raw, header.type);
      if (!header.validate(value)) {
        violations.push(
          `${where}: header ${header.name}: ${JSON.stringify(raw)} ${this.ajv.errorsText(header.validate.errors, { dataVar: "" })}`,
        );
      }
    }
    if (observed.status === 405 && observed.headers.get("allow") === null) {
      violations.push(`${where}: a 405 must carry Allow`);
    }

    // Body.
    const contentType = observed.headers.get("content-type");
    const essence =
      contentType === null ? "" : (contentType.split(";")[0] as string).trim().toLowerCase();
    const content = declared?.content ?? new Map([["application/json", this.#errorValidator]]);
    if (observed.method === "HEAD") {
      if (observed.bodyText !== "")
        violations.push(
          `${where}: a HEAD response has no content, got ${observed.bodyText.length} characters`,
        );
    } else if (content.size === 0) {
      if (observed.bodyText !== "")
        violations.push(
          `${where}: no body is declared, got ${observed.bodyText.length} characters`,
        );
    } else {
      const validate = content.get(essence);
      if (validate === undefined) {
        violations.push(
          `${where}: Content-Type ${JSON.stringify(contentType)} is not declared (${[...content.keys()].join(", ")})`,
        );
      } else {
        let body: unknown;
        try {
          body = JSON.parse(observed.bodyText);
        } catch {
          violations.push(`${where}: the body is not JSON: ${observed.bodyText.slice(0, 200)}`);
        }
        if (body !== undefined && !validate(body)) {
          violations.push(
            `${where}: body ${this.ajv.errorsText(validate.errors, { dataVar: "body" })}`,
          );
        }
        if (observed.status >= 400 && isObject(body)) {
          if (body["status"] !== observed.status) {
            violations.push(`${where}: Error.status is ${String(body["status"])}`);
          }
          const code = body["code"];
          if (typeof code === "string" && ERROR_CODE_STATUS[code] !== observed.status) {
            violations.push(
              `${where}: Error.code ${code} belongs to status ${String(ERROR_CODE_STATUS[code])}`,
            );
          }
        }
      }
    }
    return { operationId, status: observed.status, violations };
  }
}

/** A header's string value as its schema type (integers stay strings when they are not integers). */
function coerceHeader(raw: string, type: string | undefined): unknown {
  if (type === "integer") return /^-?[0-9]+$/.test(raw) ? Number(raw) : raw;
  if (type === "number")
    return raw.trim() !== "" && Number.isFinite(Number(raw)) ? Number(raw) : raw;
  if (type === "boolean") return raw === "true" ? true : raw === "false" ? false : raw;
  return raw;
}

/** The schema model's one conversion (generator/schema/to-json-schema.ts), for OpenAPI 3.0. */
function toDraft07(schema: Json): Json {
  const options = {
    refs: { schemas: {}, refTargets: {} },
    openapi31: false,
    formats: new Set<string>(),
    warnings: [],
  };
  return toJsonSchema(schema as SchemaModel, options) as Json;
}
