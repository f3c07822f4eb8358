// Runtime template of the pet store contract toolchain: copied verbatim into generated/runtime/. Edit it in templates/, never in generated/.
/**
 * The two ways to serve the tools, both through the generated client:
 * - {@link createRemoteMcpServer}: a client of a remote API (so calls inherit its retries, shared
 *   rate-limit state, idempotency keys reused on retry, deprecation notices);
 * - {@link withMcpEndpoint}: in-process, at a path of the same server (default `/mcp`, Streamable
 *   HTTP): each tool call becomes a web `Request` with the MCP caller's credentials, answered by
 *   the API's own request handler, so authentication, plan limits, bans, idempotency and sunset
 *   rules apply exactly as to any HTTP request.
 */
import type { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
import type { CallInit } from "../client/build-request.js";
import type { ClientResult } from "../client/result.js";
import type { ClientOptions } from "../client/runtime.js";
import { createToolServer, type McpServerOptions, type SchemaDefinitions } from "./mcp-server.js";
import { selectTools, type ToolSelection } from "./select-tools.js";
import type { OperationCaller } from "./tool-call.js";
import type { McpToolDescriptor } from "./tool-descriptor.js";

/** What the generated `mcp.ts` knows about the API. */
export interface McpApi {
  readonly name: string;
  readonly version: string;
  readonly tools: readonly McpToolDescriptor[];
  /** The component schemas the tools' schemas refer to, each once. */
  readonly definitions: SchemaDefinitions;
  /** Lower-case names of the request headers that carry the spec's credentials. */
  readonly credentialHeaders: readonly string[];
  /** The generated `create<Name>Client` (every operation). */
  createClient(options: ClientOptions): object;
}

type ClientMethod = (init: CallInit) => Promise<ClientResult>;

/** Calls each tool's operation with the client's method of the same name. */
export function clientCaller(client: object): OperationCaller {
  return (tool, init) => {
    const method = (client as Record<string, ClientMethod | undefined>)[tool.method];
    if (typeof method !== "function") {
      return Promise.reject(
        new Error(`the client has no method ${tool.method}: regenerate the package`),
      );
    }
    return method.call(client, { ...init, throwOnError: false } as CallInit);
  };
}

function serverOptions(api: McpApi, selection: ToolSelection): McpServerOptions {
  return { name: api.name, version: api.version, ...selection };
}

export interface RemoteMcpOptions extends ToolSelection {
  /** The generated client's options: `baseUrl`, `apiKey` or `auth`, retry policy, ... */
  readonly client: ClientOptions;
}

/** An MCP server whose tools call a remote API through the generated client. */
export function createRemoteMcpServer(api: McpApi, options: RemoteMcpOptions): Server {
  const { client, ...selection } = options;
  return createToolServer(
    api,
    clientCaller(api.createClient(client)),
    serverOptions(api, selection),
  );
}

export interface McpEndpointOptions extends ToolSelection {
  /** The MCP endpoint's path (default `/mcp`); every other request goes to the handler. */
  readonly path?: string;
  /** The API's base path (the handler's `basePath`, e.g. `/v1`) that tool calls are sent under. */
  readonly basePath?: string;
}

/**
 * The API's request handler with an MCP endpoint in front (stateless Streamable HTTP, JSON
 * responses): a POST to `path` is MCP; every other request, and every tool call, is the handler's.
 * The selection (and its `maxTools` check) is made here, once: a cap exceeded throws now.
 */
export function withMcpEndpoint(
  handler: (request: Request) => Promise<Response>,
  api: McpApi,
  options: McpEndpointOptions = {},
): (request: Request) => Promise<Response> {
  const { path = "/mcp", basePath = "", ...selection } = options;
  selectTools(api.tools, selection); // a cap exceeded throws at startup, not at the first request
  const send: typeof fetch = (input, init) => handler(new Request(input, init));
  return async (request) => {
    const url = new URL(request.url);
    if (url.pathname !== path) return handler(request);
    if (request.method !== "POST") return methodNotAllowed();
    const headers: Record<string, string> = {};
    for (const name of api.credentialHeaders) {
      const value = request.headers.get(name);
      if (value !== null) headers[name] = value;
    }
    const client = api.createClient({
      baseUrl: `${url.origin}${basePath}`,
      fetch: send,
      headers,
      retry: false,
      throttle: false,
      onDeprecation: () => {},
    });
    const server = createToolServer(api, clientCaller(client), serverOptions(api, selection));
    const transport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: undefined,
      enableJsonResponse: true,
    });
    await server.connect(transport);
    try {
      return await transport.handleRequest(request);
    } finally {
      await server.close();
    }
  };
}

/**
 * GET (a server-to-client stream) and DELETE (ending a session) have no use on a stateless
 * endpoint: 405, as the Streamable HTTP transport says, with a JSON-RPC error body.
 */
function methodNotAllowed(): Response {
  const body = {
    jsonrpc: "2.0",
    error: {
      code: -32000,
      message: "Method not allowed: this MCP endpoint is stateless; send POST.",
    },
    id: null,
  };
  return Response.json(body, { status: 405, headers: { Allow: "POST" } });
}
