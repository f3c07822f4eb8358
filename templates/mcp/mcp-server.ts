// Runtime template of the pet store contract toolchain: copied verbatim into generated/runtime/. Edit it in templates/, never in generated/.
/**
 * An MCP server (official `@modelcontextprotocol/sdk`, low-level `Server`: our tools have JSON
 * Schemas, not Zod ones) whose tools are the API's operations, each call sent by `call`.
 */
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import {
  CallToolRequestSchema,
  ErrorCode,
  ListToolsRequestSchema,
  McpError,
} from "@modelcontextprotocol/sdk/types.js";
import { selectTools, type ToolSelection } from "./select-tools.js";
import { callTool, type OperationCaller } from "./tool-call.js";
import type { McpToolDescriptor, ToolObjectSchema } from "./tool-descriptor.js";

export interface McpServerOptions extends ToolSelection {
  /** The server's name and version as MCP clients see them. */
  readonly name: string;
  readonly version: string;
  /** Told to agents at initialization (default: the API's title and version). */
  readonly instructions?: string;
}

/** Component schemas by name, shared by the tools' schemas (`#/$defs/<Name>`). */
export type SchemaDefinitions = Readonly<Record<string, unknown>>;

/** A tool's schema made self-contained: the components it refers to as its `$defs`. */
function withDefs(
  schema: ToolObjectSchema,
  names: readonly string[] | undefined,
  definitions: SchemaDefinitions,
): ToolObjectSchema {
  if (names === undefined || names.length === 0) return schema;
  return { ...schema, $defs: Object.fromEntries(names.map((name) => [name, definitions[name]])) };
}

/** The tool as `tools/list` shows it. */
export function listedTool(tool: McpToolDescriptor, definitions: SchemaDefinitions) {
  return {
    name: tool.name,
    ...(tool.title === undefined ? {} : { title: tool.title }),
    description: tool.description,
    inputSchema: withDefs(tool.inputSchema, tool.definitions?.input, definitions),
    ...(tool.outputSchema === undefined
      ? {}
      : { outputSchema: withDefs(tool.outputSchema, tool.definitions?.output, definitions) }),
    annotations: tool.annotations,
  };
}

/**
 * A new MCP server listing the selected tools (the selection is made once, here: a cap exceeded
 * throws {@link ToolLimitError}); a call to a tool not listed is an `InvalidParams` error.
 */
export function createToolServer(
  {
    tools,
    definitions,
  }: { readonly tools: readonly McpToolDescriptor[]; readonly definitions: SchemaDefinitions },
  call: OperationCaller,
  options: McpServerOptions,
): Server {
  const selected = selectTools(tools, options);
  const byName = new Map(selected.map((tool) => [tool.name, tool]));
  const server = new Server(
    { name: options.name, version: options.version },
    {
      capabilities: { tools: {} },
      ...(options.instructions === undefined ? {} : { instructions: options.instructions }),
    },
  );
  server.setRequestHandler(ListToolsRequestSchema, () => ({
    tools: selected.map((tool) => listedTool(tool, definitions)),
  }));
  server.setRequestHandler(CallToolRequestSchema, (request) => {
    const tool = byName.get(request.params.name);
    if (tool === undefined) {
      throw new McpError(
        ErrorCode.InvalidParams,
        `Unknown tool ${JSON.stringify(request.params.name)}: call tools/list for the tools this server offers.`,
      );
    }
    return callTool(tool, request.params.arguments, call, options.now);
  });
  return server;
}
