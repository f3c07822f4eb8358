/**
 * The MCP tool of each operation, as plain data (templates/mcp/tool-descriptor.ts), and warnings
 * naming the operations left out: a tool name that collides with an earlier one, a request body
 * that is not JSON (an agent can only send JSON arguments).
 */
import type {
  McpToolDescriptor,
  ToolObjectSchema,
} from "../../../templates/mcp/tool-descriptor.js";
import { isObject } from "../../model/resolve-ref.js";
import type { ApiModel, MediaModel, OperationModel, ParameterLocation } from "../../model/types.js";
import { jsonMedia, xmlMedia } from "../validators/validator-names.js";
import { schemaConverter, type SchemaConverter } from "./tool-schemas.js";

/** MCP tool names (2025-11-25): 1 to 128 of A-Z a-z 0-9 _ - . */
const TOOL_NAME = /^[A-Za-z0-9_.-]{1,128}$/;
const LOCATIONS: readonly ParameterLocation[] = ["path", "query", "header", "cookie"];

export interface McpTools {
  readonly tools: McpToolDescriptor[];
  /** The component schemas the tools refer to, each once, in code-unit order of name. */
  readonly definitions: Record<string, unknown>;
  readonly warnings: string[];
}

export function mcpTools(model: ApiModel): McpTools {
  const converter = schemaConverter(model);
  const { operations, warnings } = toolPlan(model);
  const tools = operations.map(({ operation, name }) => tool(operation, name, converter));
  return { tools, definitions: converter.definitions(usedDefinitions(tools)) ?? {}, warnings };
}

/** The operations that are tools, each with its tool name, and warnings naming those left out. */
export interface ToolPlan {
  readonly operations: readonly { readonly operation: OperationModel; readonly name: string }[];
  readonly warnings: string[];
}

/** Which operations become tools and under which names (cheap: no schema is converted). */
export function toolPlan(model: ApiModel): ToolPlan {
  const operations: { operation: OperationModel; name: string }[] = [];
  const warnings: string[] = [];
  const taken = new Map<string, string>();
  for (const operation of model.operations) {
    const where = `operation ${operation.operationId} (${operation.method.toUpperCase()} ${operation.path})`;
    const name = TOOL_NAME.test(operation.operationId)
      ? operation.operationId
      : toolName(operation.operationId);
    const earlier = taken.get(name);
    if (earlier !== undefined) {
      warnings.push(
        `MCP: ${where} is not a tool: its tool name ${name} is the name of ${earlier}'s tool. Give it an operationId that differs in letters, digits, _ - or . to expose it.`,
      );
      continue;
    }
    const body = operation.requestBody;
    if (body !== undefined && body.contents.length > 0 && bodyMedia(body.contents) === undefined) {
      const types = body.contents.map((media) => media.mediaType).join(", ");
      warnings.push(
        `MCP: ${where} is not a tool: its request body (${types}) is neither JSON nor a URL-encoded form nor XML with a schema, which MCP tool arguments (JSON) cannot carry.`,
      );
      continue;
    }
    taken.set(name, operation.operationId);
    operations.push({ operation, name });
  }
  return { operations, warnings };
}

/** The components a tool's schemas refer to (directly or through other components). */
export function toolDefinitions(tool: McpToolDescriptor): string[] {
  return [...(tool.definitions?.input ?? []), ...(tool.definitions?.output ?? [])];
}

function usedDefinitions(tools: readonly McpToolDescriptor[]): Set<string> {
  return new Set(tools.flatMap(toolDefinitions));
}

const FORM = "application/x-www-form-urlencoded";

/**
 * The body media a tool takes: JSON, else a URL-encoded form, else XML with a schema (an object
 * the client encodes).
 */
function bodyMedia(contents: readonly MediaModel[]): MediaModel | undefined {
  return (
    jsonMedia(contents) ??
    contents.find((media) => media.mediaType.split(";")[0]?.trim().toLowerCase() === FORM) ??
    xmlMedia(contents)
  );
}

/** The declared media type the tool's body is sent as when it has no JSON one (a form, XML). */
function formBody(operation: OperationModel): string | undefined {
  const contents = operation.requestBody?.contents ?? [];
  return jsonMedia(contents) === undefined ? bodyMedia(contents)?.mediaType : undefined;
}

/** Characters MCP does not allow become `_`, cut to 128. */
function toolName(operationId: string): string {
  return (operationId.replace(/[^A-Za-z0-9_.-]/g, "_") || "_").slice(0, 128);
}

/** The tool of `operation`: reads the operation, and the model's schemas through `converter`. */
export function tool(
  operation: OperationModel,
  name: string,
  converter: SchemaConverter,
): McpToolDescriptor {
  const title = operation.summary?.trim() || undefined;
  const input = inputSchema(operation, converter);
  const output = outputSchema(operation, converter);
  const definitions = {
    ...(input.definitions.length === 0 ? {} : { input: input.definitions }),
    ...(output === undefined || output.definitions.length === 0
      ? {}
      : { output: output.definitions }),
  };
  const method = operation.method.toUpperCase();
  return {
    name,
    method: operation.name,
    operationId: operation.operationId,
    httpMethod: method,
    path: operation.path,
    ...(title === undefined ? {} : { title }),
    description: description(operation),
    tags: operation.tags,
    ...(operation.stability === undefined ? {} : { stability: operation.stability }),
    ...(operation.deprecation === undefined
      ? {}
      : {
          deprecation: {
            ...(operation.deprecation.sunset === undefined
              ? {}
              : { sunset: operation.deprecation.sunset }),
            ...(operation.deprecation.replacedBy === undefined
              ? {}
              : { replacedBy: operation.deprecation.replacedBy }),
          },
        }),
    ...(formBody(operation) === undefined ? {} : { bodyMediaType: formBody(operation) }),
    inputSchema: input.schema,
    ...(output === undefined ? {} : { outputSchema: output.schema }),
    ...(output?.wraps === true ? { wrapsOutput: true } : {}),
    ...(Object.keys(definitions).length === 0 ? {} : { definitions }),
    annotations: {
      ...(title === undefined ? {} : { title }),
      readOnlyHint: method === "GET" || method === "HEAD",
      destructiveHint: method === "DELETE",
      idempotentHint:
        method === "PUT" || method === "DELETE" || operation.idempotencyKeyHeader !== undefined,
      openWorldHint: false,
    },
  };
}

/** Summary, description, then what an agent must know about the operation's lifecycle. */
function description(operation: OperationModel): string {
  const parts = [operation.summary?.trim(), operation.description?.trim()].filter(
    (part): part is string => part !== undefined && part !== "",
  );
  const deprecation = operation.deprecation;
  if (deprecation !== undefined) {
    const sunset =
      deprecation.sunset === undefined ? "" : ` It stops working on ${deprecation.sunset}.`;
    const successor =
      deprecation.replacedBy === undefined ? "" : ` Use ${deprecation.replacedBy} instead.`;
    parts.push(`Deprecated.${sunset}${successor}`);
  }
  if (operation.stability === "beta") parts.push("Beta: may still change.");
  if (operation.stability === "experimental")
    parts.push("Experimental: may change or be removed without notice.");
  if (operation.idempotencyKeyHeader !== undefined) {
    parts.push(
      `Each call sends a fresh ${operation.idempotencyKeyHeader}; pass the same one in header to repeat a call safely.`,
    );
  }
  return parts.length === 0
    ? `${operation.method.toUpperCase()} ${operation.path}`
    : parts.join("\n\n");
}

interface ToolSchema {
  readonly schema: ToolObjectSchema;
  /** The components it refers to, and those they refer to, by name in code-unit order. */
  readonly definitions: string[];
}

function toolSchema(
  schema: Record<string, unknown>,
  reached: Set<string>,
  converter: SchemaConverter,
): ToolSchema {
  return {
    schema: { type: "object", ...schema } as ToolObjectSchema,
    definitions: converter.definitionNames(reached),
  };
}

function inputSchema(operation: OperationModel, converter: SchemaConverter): ToolSchema {
  const reached = new Set<string>();
  const properties: Record<string, unknown> = {};
  const required: string[] = [];
  for (const location of LOCATIONS) {
    const parameters = operation.parameters[location];
    if (parameters.length === 0) continue;
    const group: Record<string, unknown> = {};
    const needed: string[] = [];
    for (const parameter of parameters) {
      const schema = converter.convert(parameter.schema, reached);
      group[parameter.name] =
        parameter.description === undefined || !isObject(schema)
          ? schema
          : { ...schema, description: parameter.description };
      if (parameter.required) needed.push(parameter.name);
    }
    properties[location] = {
      type: "object",
      properties: group,
      ...(needed.length === 0 ? {} : { required: needed }),
      additionalProperties: false,
    };
    if (needed.length > 0) required.push(location);
  }
  const media =
    operation.requestBody === undefined ? undefined : bodyMedia(operation.requestBody.contents);
  if (media !== undefined && operation.requestBody !== undefined) {
    const schema = converter.convert(media.schema, reached);
    const text = operation.requestBody.description;
    properties["body"] =
      text === undefined || !isObject(schema) ? schema : { ...schema, description: text };
    if (operation.requestBody.required) required.push("body");
  }
  return toolSchema(
    { properties, ...(required.length === 0 ? {} : { required }), additionalProperties: false },
    reached,
    converter,
  );
}

/**
 * From the first 2XX response with a JSON body: that body's schema when it is an object, else
 * `{ result: <schema> }` (MCP's structured content is always an object).
 */
function outputSchema(
  operation: OperationModel,
  converter: SchemaConverter,
): (ToolSchema & { readonly wraps: boolean }) | undefined {
  const success = operation.responses.find(
    (response) =>
      /^2(\d\d|XX)$/i.test(response.status) && jsonMedia(response.contents) !== undefined,
  );
  const media = success === undefined ? undefined : jsonMedia(success.contents);
  if (media === undefined) return undefined;
  const reached = new Set<string>();
  const component = converter.component(media.schema);
  const root = converter.convert(media.schema, reached);
  // MCP wants `type: "object"` at the root: a component that is one is referred to, not inlined
  const target =
    component === undefined
      ? root
      : converter.convert(converter.componentSchema(component), new Set());
  if (
    isObject(target) &&
    (target.type === "object" || (target.type === undefined && isObject(target.properties)))
  ) {
    const schema = component === undefined ? (root as Record<string, unknown>) : { allOf: [root] };
    return { ...toolSchema(schema, reached, converter), wraps: false };
  }
  return {
    ...toolSchema({ properties: { result: root }, required: ["result"] }, reached, converter),
    wraps: true,
  };
}
