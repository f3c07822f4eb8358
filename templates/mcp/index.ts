// Runtime template of the pet store contract toolchain: copied verbatim into generated/runtime/. Edit it in templates/, never in generated/.
/** The MCP runtime's public surface (the generated `./mcp` entry re-exports it). */
export {
  clientCaller,
  createRemoteMcpServer,
  withMcpEndpoint,
  type McpApi,
  type McpEndpointOptions,
  type RemoteMcpOptions,
} from "./mcp-api.js";
export {
  createToolServer,
  listedTool,
  type McpServerOptions,
  type SchemaDefinitions,
} from "./mcp-server.js";
export { serveStdio } from "./mcp-stdio.js";
export {
  isPastSunset,
  selectTools,
  ToolLimitError,
  type ToolFilter,
  type ToolSelection,
} from "./select-tools.js";
export {
  callTool,
  toCallInit,
  toolResult,
  type OperationCaller,
  type ToolResult,
} from "./tool-call.js";
export type { McpToolDescriptor, ToolAnnotations, ToolObjectSchema } from "./tool-descriptor.js";
