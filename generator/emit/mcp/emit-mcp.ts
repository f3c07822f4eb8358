/**
 * mcp.ts: the MCP tool table (one tool per operation, see mcp-tools.ts) and `MCP_API`, what the MCP
 * runtime (templates/mcp/) needs to serve it: name, version, the request headers that carry the
 * spec's credentials and the generated client's factory. entry/mcp.ts (`./mcp`) re-exports both
 * with the runtime, so that only users of `./mcp` load `@modelcontextprotocol/sdk`.
 */
import { StructureKind, VariableDeclarationKind, type StatementStructures } from "ts-morph";
import type { ApiModel } from "../../model/types.js";
import type { EmitContext, GeneratedFile } from "../file.js";
import { ENTRY_DIR } from "../package/layout.js";
import { literal, objectWriter } from "../ts/literal.js";
import { printStatements } from "../ts/source-file.js";
import { mcpTools } from "./mcp-tools.js";

const RUNTIME = "./runtime/mcp/index.js";

export function emitMcp(
  model: ApiModel,
  context: EmitContext,
  packageName: string,
  warnings: string[],
): GeneratedFile[] {
  const { tools, definitions, warnings: toolWarnings } = mcpTools(model);
  warnings.push(...toolWarnings);
  const table: StatementStructures[] = [
    {
      kind: StructureKind.ImportDeclaration,
      isTypeOnly: true,
      moduleSpecifier: RUNTIME,
      namedImports: ["McpApi", "McpToolDescriptor"],
    },
    {
      kind: StructureKind.ImportDeclaration,
      moduleSpecifier: "./client.js",
      namedImports: [`create${context.apiName}Client`],
    },
    {
      kind: StructureKind.VariableStatement,
      isExported: true,
      declarationKind: VariableDeclarationKind.Const,
      docs: [
        "The MCP tools of the spec's operations (deprecated, beta and experimental ones included: the server's selection decides what is listed).",
      ],
      declarations: [
        {
          name: "MCP_TOOLS",
          type: "readonly McpToolDescriptor[]",
          initializer: (writer) => {
            writer.write("[").indent(() => {
              for (const tool of tools) writer.write(`${literal(tool)},`).newLine();
            });
            writer.write("]");
          },
        },
      ],
    },
    {
      kind: StructureKind.VariableStatement,
      isExported: true,
      declarationKind: VariableDeclarationKind.Const,
      docs: ["The component schemas the tools' schemas refer to (`#/$defs/<Name>`), each once."],
      declarations: [
        {
          name: "MCP_DEFINITIONS",
          type: "Readonly<Record<string, unknown>>",
          initializer: objectWriter(
            Object.entries(definitions).map(([name, schema]) => [name, literal(schema)]),
          ),
        },
      ],
    },
    {
      kind: StructureKind.VariableStatement,
      isExported: true,
      declarationKind: VariableDeclarationKind.Const,
      docs: ["What `createRemoteMcpServer` and `withMcpEndpoint` need to serve the tools."],
      declarations: [
        {
          name: "MCP_API",
          type: "McpApi",
          initializer: objectWriter([
            ["name", literal(packageName)],
            ["version", literal(model.version)],
            ["tools", "MCP_TOOLS"],
            ["definitions", "MCP_DEFINITIONS"],
            ["credentialHeaders", literal(credentialHeaders(model))],
            ["createClient", `create${context.apiName}Client`],
          ]),
        },
      ],
    },
  ];
  const entry: StatementStructures[] = [
    { kind: StructureKind.ExportDeclaration, moduleSpecifier: `.${RUNTIME}` },
    {
      kind: StructureKind.ExportDeclaration,
      moduleSpecifier: "../mcp.js",
      namedExports: ["MCP_API", "MCP_DEFINITIONS", "MCP_TOOLS"],
    },
  ];
  return [
    { path: "mcp.ts", content: printStatements("mcp.ts", table) },
    { path: `${ENTRY_DIR}/mcp.ts`, content: printStatements("mcp.ts", entry) },
  ];
}

/** Lower-case names of the headers that carry a credential of the spec's security schemes. */
export function credentialHeaders(model: ApiModel): string[] {
  const names = new Set<string>();
  for (const scheme of model.securitySchemes) {
    if (scheme.kind === "apiKey" && scheme.in === "header")
      names.add(scheme.parameterName.toLowerCase());
    if (scheme.kind === "apiKey" && scheme.in === "cookie") names.add("cookie");
    if (scheme.kind === "http" || scheme.kind === "oauth2" || scheme.kind === "openIdConnect")
      names.add("authorization");
  }
  return [...names].sort();
}
