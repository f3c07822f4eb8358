// Runtime template of the pet store contract toolchain: copied verbatim into generated/runtime/. Edit it in templates/, never in generated/.
/**
 * The MCP server over stdio, for local agents that start it as a subprocess (Claude Desktop,
 * IDEs): stdout carries the protocol only, so log to stderr.
 */
import type { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";

/** Connects `server` to this process's stdin/stdout; resolves once connected. */
export async function serveStdio(server: Server): Promise<void> {
  await server.connect(new StdioServerTransport());
}
