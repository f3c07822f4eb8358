/**
 * `npm run -s mcp -- --url <base URL> --api-key <key>`: the pet store's operations as MCP tools
 * over stdio, for local agents (Claude Desktop, IDEs) that start the server as a subprocess. The
 * tools call the API at `--url` through the generated client (retries, rate-limit state and
 * idempotency keys included). stdout carries the protocol only (hence `npm run -s`); messages go
 * to stderr. See docs/mcp.md.
 */
import { parseArgs } from "node:util";
import { createRemoteMcpServer, MCP_API, serveStdio } from "../../generated/entry/mcp.js";

const USAGE = `Usage: npm run -s mcp -- --url <base URL> [--api-key <key>] [--deprecated] [--beta] [--experimental]
       [--tag <tag>]... [--operation <operationId>]... [--max-tools <n>]

  --url <base URL>          the pet store API (default: $PETSTORE_URL, else http://127.0.0.1:8080)
  --api-key <key>           sent in X-API-Key on every call (default: $PETSTORE_API_KEY)
  --deprecated              also list deprecated tools (until their sunset)
  --beta, --experimental    also list tools of that x-stability
  --tag, --operation        list only tools of these tags or operationIds (repeatable)
  --max-tools <n>           refuse to start when more tools would be listed`;

function main(): void {
  const { values } = parseArgs({
    options: {
      url: { type: "string" },
      "api-key": { type: "string" },
      deprecated: { type: "boolean", default: false },
      beta: { type: "boolean", default: false },
      experimental: { type: "boolean", default: false },
      tag: { type: "string", multiple: true },
      operation: { type: "string", multiple: true },
      "max-tools": { type: "string" },
      help: { type: "boolean", default: false },
    },
    strict: true,
  });
  if (values.help === true) {
    console.error(USAGE);
    return;
  }
  const baseUrl = values.url ?? process.env["PETSTORE_URL"] ?? "http://127.0.0.1:8080";
  const apiKey = values["api-key"] ?? process.env["PETSTORE_API_KEY"];
  const maxText = values["max-tools"];
  const maxTools = maxText === undefined ? undefined : Number(maxText);
  if (maxTools !== undefined && !(Number.isInteger(maxTools) && maxTools > 0)) {
    throw new Error(`--max-tools must be a whole number above 0 (got ${JSON.stringify(maxText)})`);
  }
  const filter = values.tag !== undefined || values.operation !== undefined;
  const server = createRemoteMcpServer(MCP_API, {
    client: { baseUrl, ...(apiKey === undefined ? {} : { apiKey }), onDeprecation: () => {} },
    deprecated: values.deprecated === true,
    stability: [
      ...(values.beta === true ? (["beta"] as const) : []),
      ...(values.experimental === true ? (["experimental"] as const) : []),
    ],
    ...(filter ? { include: { tags: values.tag ?? [], operations: values.operation ?? [] } } : {}),
    ...(maxTools === undefined ? {} : { maxTools }),
  });
  serveStdio(server).then(
    () => console.error(`pet store MCP server on stdio, calling ${baseUrl}`),
    fail,
  );
}

function fail(error: unknown): void {
  console.error(`pet store MCP server: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
}

try {
  main();
} catch (error) {
  fail(error);
  process.exitCode = 2;
}
