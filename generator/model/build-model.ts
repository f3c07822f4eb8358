/**
 * model: the bundled OpenAPI document → ApiModel (plain data every emitter reads).
 * Pure: no I/O. See https://spec.openapis.org/oas/v3.0.3#operation-object.
 */
import { GeneratorError } from "../errors.js";
import { checkPathTemplate } from "./check-path-template.js";
import { checkSuccessors } from "./check-successors.js";
import { readDeprecation, readRateLimits, readStability } from "./extensions.js";
import { readOperationPagination } from "./pagination.js";
import { formBodies, formFieldShape } from "./form-fields.js";
import { xmlMediaShape } from "./xml-shapes.js";
import { NameRegistry, deriveOperationName, toCamelCase, toPascalCase } from "./names.js";
import { collectRefTargets } from "../schema/schema-refs.js";
import { readEvents } from "./event-warnings.js";
import { documentRefs, escapePointer, isObject, resolveObject } from "./resolve-ref.js";
import { readSecurityRequirements, readSecuritySchemes, requiresCaller } from "./security.js";
import type {
  ApiKeyModel,
  ApiModel,
  HeaderModel,
  HttpMethod,
  LicenseModel,
  MediaModel,
  OperationModel,
  PaginationModel,
  ParameterLocation,
  ParameterModel,
  RenameModel,
  RequestBodyModel,
  ResponseModel,
  SchemaModel,
  SecuritySchemeModel,
  ServerModel,
} from "./types.js";

/** Names the generated client already uses for its own methods (`use`/`eject`: middleware). */
const CLIENT_METHOD_NAMES: readonly string[] = ["use", "eject"];

/** The operation methods of a path item, in the OpenAPI order (the order operations are read in). */
export const METHODS: readonly HttpMethod[] = [
  "get",
  "put",
  "post",
  "delete",
  "options",
  "head",
  "patch",
  "trace",
];
const LOCATIONS: readonly ParameterLocation[] = ["path", "query", "header", "cookie"];

type Doc = Record<string, unknown>;

/**
 * The model of `document`. `specHash` may be given as a function: the hash (JSON of the whole
 * document) is then worked out only if something reads it, which nothing on the generation path
 * does (on Stripe it cost about 60 ms of every run). Either way it is a non-enumerable property of
 * the model, so that the JSON and the prose-free copies the caches key by never hold it.
 */
export function buildModel(document: Doc, specHash: string | (() => string)): ApiModel {
  const info = isObject(document.info) ? document.info : {};
  const apiKey = findApiKeyScheme(document);
  const securitySchemes = readSecuritySchemes(document);
  const registry = new NameRegistry(CLIENT_METHOD_NAMES);
  const renames: RenameModel[] = [];
  const seenIds = new Map<string, string>();
  const operations: OperationModel[] = [];

  const paths = isObject(document.paths) ? document.paths : {};
  for (const [path, rawItem] of Object.entries(paths)) {
    const item = resolveObject(document, rawItem);
    if (!item) continue;
    for (const method of METHODS) {
      const operation = resolveObject(document, item[method]);
      if (!operation) continue;
      const pointer = `#/paths/${escapePointer(path)}/${method}`;
      const declaredId =
        typeof operation.operationId === "string" ? operation.operationId : undefined;
      if (declaredId !== undefined) {
        const previous = seenIds.get(declaredId);
        if (previous) {
          throw new GeneratorError(
            "invalidSpec",
            `Duplicate operationId ${JSON.stringify(declaredId)}`,
            {
              where: `${pointer} and ${previous}`,
              hint: "operationIds must be unique: rename one of them (or pass --allow-duplicate-operation-ids to read the later one under a name derived from its method and path).",
            },
          );
        }
        seenIds.set(declaredId, pointer);
      }
      const operationId = declaredId ?? deriveOperationName(method, path);
      const wanted = toCamelCase(operationId) || deriveOperationName(method, path);
      const name = registry.claim(wanted);
      if (name !== operationId) {
        renames.push({
          kind: "operation",
          from: declaredId ?? `${method.toUpperCase()} ${path}`,
          to: name,
          reason:
            declaredId === undefined
              ? "no operationId"
              : name === wanted
                ? "not an identifier"
                : CLIENT_METHOD_NAMES.includes(wanted.toLowerCase())
                  ? "reserved: a method of the client (middleware)"
                  : "name collision",
        });
      }
      operations.push(
        buildOperation(document, {
          path,
          method,
          pointer,
          item,
          operation,
          operationId,
          name,
          securitySchemes,
        }),
      );
    }
  }

  checkSuccessors(operations);
  const schemas = readSchemas(document);
  const model = {
    title: typeof info.title === "string" ? info.title : "API",
    version: typeof info.version === "string" ? info.version : "0.0.0",
    description: typeof info.description === "string" ? info.description : undefined,
    openapiVersion: String(document.openapi),
    apiKey,
    securitySchemes,
    securityRequirements: readSecurityRequirements(document.security),
    rateLimits: readRateLimits(document["x-rate-limits"]),
    operations,
    schemas,
    // one walk over the model's schemas and the targets they reach
    refTargets: collectRefTargets(document, [schemas, ...operationSchemas(operations)]),
    license: readLicense(info.license),
    servers: Array.isArray(document.servers) ? document.servers.map(readServer) : [],
    events: readEvents(document),
    renames,
  };
  let hash = typeof specHash === "string" ? specHash : undefined;
  return Object.defineProperty(model, "specHash", {
    enumerable: false,
    get: () => (hash ??= (specHash as () => string)()),
  }) as typeof model & { readonly specHash: string };
}

interface OperationInput {
  path: string;
  method: HttpMethod;
  pointer: string;
  item: Doc;
  operation: Doc;
  operationId: string;
  name: string;
  securitySchemes: readonly SecuritySchemeModel[];
}

function buildOperation(document: Doc, input: OperationInput): OperationModel {
  const { operation } = input;
  const security = readSecurity(operation.security ?? document.security);
  const securityRequirements = readSecurityRequirements(operation.security ?? document.security);
  const parameters = readParameters(document, input);
  const requestBody = readRequestBody(document, operation.requestBody);
  return {
    operationId: input.operationId,
    name: input.name,
    typeName: toPascalCase(input.name),
    method: input.method,
    path: input.path,
    pointer: input.pointer,
    tags: Array.isArray(operation.tags)
      ? operation.tags.filter((tag): tag is string => typeof tag === "string")
      : [],
    summary: text(operation.summary),
    description: text(operation.description),
    deprecation: readDeprecation(operation, input.pointer),
    stability: readStability(operation["x-stability"]),
    parameters,
    requestBody,
    forms: formBodies(document, { requestBody, path: input.path, method: input.method }),
    responses: readResponses(document, operation.responses),
    secured: requiresCaller(securityRequirements, input.securitySchemes),
    security,
    securityRequirements,
    idempotencyKeyHeader: parameters.header.find(
      (parameter) => parameter.name.toLowerCase() === "idempotency-key",
    )?.name,
    ...paginationOf(document, input),
  };
}

/** `{ pagination }` when the operation declares it (the key is left out otherwise). */
function paginationOf(document: Doc, input: OperationInput): { pagination?: PaginationModel } {
  const raw = [input.item.parameters, input.operation.parameters].flatMap((list) =>
    Array.isArray(list) ? (list as unknown[]) : [],
  );
  const pagination = readOperationPagination(document, input.operation, raw, input.pointer);
  return pagination === undefined ? {} : { pagination };
}

function readParameters(
  document: Doc,
  input: OperationInput,
): Record<ParameterLocation, ParameterModel[]> {
  // operation-level parameters override path-level ones with the same name and location
  const byKey = new Map<string, ParameterModel>();
  for (const list of [input.item.parameters, input.operation.parameters]) {
    if (!Array.isArray(list)) continue;
    for (const raw of list) {
      const parameter = resolveObject(document, raw);
      if (!parameter || typeof parameter.name !== "string") continue;
      const location = parameter.in;
      if (
        location !== "path" &&
        location !== "query" &&
        location !== "header" &&
        location !== "cookie"
      )
        continue;
      byKey.set(`${location}:${parameter.name}`, buildParameter(document, parameter, location));
    }
  }
  const grouped: Record<ParameterLocation, ParameterModel[]> = {
    path: [],
    query: [],
    header: [],
    cookie: [],
  };
  for (const parameter of byKey.values()) grouped[parameter.in].push(parameter);
  for (const location of LOCATIONS) grouped[location].sort((a, b) => compare(a.name, b.name));
  checkPathTemplate(input.path, grouped.path, input.pointer);
  return grouped;
}

/**
 * Whether a parameter's schema is a list: `type: array` (or a type list with it), or a union
 * whose branches are lists or `null` (FastAPI's optional list, `anyOf: [array, null]`): the
 * runtime then collects every occurrence of the name.
 */
function isListSchema(document: Doc, schema: Doc | undefined): boolean {
  if (schema === undefined) return false;
  const type = schema.type;
  if (type === "array" || (Array.isArray(type) && type.includes("array"))) return true;
  const branches = (Array.isArray(schema.anyOf) ? schema.anyOf : schema.oneOf) as unknown;
  if (!Array.isArray(branches) || type !== undefined) return false;
  const resolved = branches.map((branch) => resolveObject(document, branch) ?? {});
  const isNull = (branch: Doc) =>
    branch.type === "null" || (Array.isArray(branch.enum) && branch.enum.every((v) => v === null));
  return (
    resolved.some((branch) => isListSchema(document, branch)) &&
    resolved.every((branch) => isNull(branch) || isListSchema(document, branch))
  );
}

function buildParameter(
  document: Doc,
  parameter: Doc,
  location: ParameterLocation,
): ParameterModel {
  const contentType = isObject(parameter.content) ? Object.keys(parameter.content)[0] : undefined;
  const content = isObject(parameter.content) ? Object.values(parameter.content)[0] : undefined;
  const schema =
    (isObject(parameter.schema)
      ? parameter.schema
      : isObject(content)
        ? content.schema
        : undefined) ?? {};
  const resolved = resolveObject(document, schema);
  const style = text(parameter.style);
  return {
    name: parameter.name as string,
    in: location,
    required: location === "path" || parameter.required === true,
    description: text(parameter.description),
    schema: schema as SchemaModel,
    shape: formFieldShape(documentRefs(document), schema),
    format: typeof resolved?.format === "string" ? resolved.format : undefined,
    array: isListSchema(document, resolved),
    style,
    // the default style is form for query and cookie, simple for path and header: only form explodes
    explode:
      typeof parameter.explode === "boolean"
        ? parameter.explode
        : (style ?? (location === "path" || location === "header" ? "simple" : "form")) === "form",
    deprecated: parameter.deprecated === true,
    ...(contentType === undefined || isObject(parameter.schema) ? {} : { contentType }),
  };
}

function readRequestBody(document: Doc, raw: unknown): RequestBodyModel | undefined {
  const body = resolveObject(document, raw);
  if (!body) return undefined;
  return {
    required: body.required === true,
    description: text(body.description),
    contents: readContents(document, body.content),
  };
}

function readResponses(document: Doc, raw: unknown): ResponseModel[] {
  if (!isObject(raw)) return [];
  const out: ResponseModel[] = [];
  for (const [status, value] of Object.entries(raw)) {
    if (status.startsWith("x-")) continue;
    const response = resolveObject(document, value);
    if (!response) continue;
    const headers: HeaderModel[] = [];
    if (isObject(response.headers)) {
      for (const [name, rawHeader] of Object.entries(response.headers)) {
        const header = resolveObject(document, rawHeader);
        headers.push({
          name,
          required: header?.required === true,
          schema: isObject(header?.schema) ? (header.schema as SchemaModel) : undefined,
          examples: header ? readExamples(document, header) : [],
        });
      }
    }
    out.push({
      status: /^[1-5]xx$/i.test(status) ? status.toUpperCase() : status,
      description: text(response.description),
      headers,
      contents: readContents(document, response.content),
    });
  }
  return out;
}

function readContents(document: Doc, raw: unknown): MediaModel[] {
  if (!isObject(raw)) return [];
  return Object.entries(raw).map(([mediaType, media]) => {
    const schema =
      isObject(media) && (isObject(media.schema) || typeof media.schema === "boolean")
        ? (media.schema as SchemaModel)
        : undefined;
    const xml = xmlMediaShape(document, mediaType, schema);
    return {
      mediaType,
      schema,
      examples: isObject(media) ? readExamples(document, media) : [],
      ...(xml === undefined ? {} : { xml }),
    };
  });
}

/** A media type's or a header's `example`, then the `value` of each of its `examples` (refs resolved), in spec order. */
function readExamples(document: Doc, owner: Record<string, unknown>): unknown[] {
  const out: unknown[] = [];
  if (owner.example !== undefined) out.push(owner.example);
  if (isObject(owner.examples)) {
    for (const raw of Object.values(owner.examples)) {
      const example = resolveObject(document, raw);
      if (example && "value" in example && example.value !== undefined) out.push(example.value);
    }
  }
  return out;
}

function readSecurity(raw: unknown): string[][] {
  if (!Array.isArray(raw)) return [];
  return raw.filter(isObject).map((requirement) => Object.keys(requirement).sort(compare));
}

function findApiKeyScheme(document: Doc): ApiKeyModel | undefined {
  const components = isObject(document.components) ? document.components : {};
  const schemes = isObject(components.securitySchemes) ? components.securitySchemes : {};
  for (const [schemeName, raw] of Object.entries(schemes)) {
    const scheme = resolveObject(document, raw);
    if (scheme?.type !== "apiKey" || typeof scheme.name !== "string") continue;
    if (scheme.in === "header" || scheme.in === "query" || scheme.in === "cookie") {
      return { schemeName, in: scheme.in, name: scheme.name };
    }
  }
  return undefined;
}

/**
 * The schemas of the operations' parameters, bodies, responses and headers. The form bodies'
 * validation schemas, the form shapes and the rest of the operations are left out: made of these
 * schemas' parts and the components, they reach no other target (on Stripe, whose bodies are
 * forms, walking the whole operations took the walk from about 5–9 ms to 12–16 ms).
 */
function operationSchemas(operations: readonly OperationModel[]): unknown[] {
  const out: unknown[] = [];
  for (const operation of operations) {
    for (const location of LOCATIONS)
      for (const parameter of operation.parameters[location]) out.push(parameter.schema);
    for (const media of operation.requestBody?.contents ?? []) out.push(media.schema);
    for (const response of operation.responses) {
      for (const header of response.headers) out.push(header.schema);
      for (const media of response.contents) out.push(media.schema);
    }
  }
  return out;
}

function readLicense(raw: unknown): LicenseModel | undefined {
  if (!isObject(raw)) return undefined;
  const field = (key: string) => (typeof raw[key] === "string" ? raw[key] : undefined);
  return { name: field("name"), identifier: field("identifier"), url: field("url") };
}

function readServer(raw: unknown): ServerModel {
  const server = isObject(raw) ? raw : {};
  const variables = isObject(server.variables) ? server.variables : {};
  const defaults: Record<string, string> = {};
  for (const [name, variable] of Object.entries(variables))
    if (isObject(variable) && typeof variable.default === "string")
      defaults[name] = variable.default;
  return { url: typeof server.url === "string" ? server.url : undefined, defaults };
}

function readSchemas(document: Doc): Record<string, SchemaModel> {
  const components = isObject(document.components) ? document.components : {};
  return isObject(components.schemas) ? (components.schemas as Record<string, SchemaModel>) : {};
}

function text(value: unknown): string | undefined {
  return typeof value === "string" && value.trim().length > 0 ? value : undefined;
}

/** Code-unit order: the same on every machine, whatever the locale. */
export function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
