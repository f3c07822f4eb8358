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
import { indentCode, literal, objectCode, objectWriter } from "../ts/literal.js";
import { printStatements } from "../ts/source-file.js";
import { mcpTools } from "./mcp-tools.js";

const RUNTIME = "./runtime/mcp/index.js";

/**
 * Where the two tables stand in the printed file until they are put in: on Stripe they are 8 MB,
 * which ts-morph's writer (it tracks strings and comments character by character to indent each
 * line) took about 0.6 s to write, against a few milliseconds for indenting them here. The
 * tables are laid out as the writer lays them out (one entry per line, each line of an entry
 * indented one level; test/generator/server-api-prose.test.ts compares both ways).
 */
const TABLES = { tools: "__MCP_TOOLS_TABLE__", definitions: "__MCP_DEFINITIONS_TABLE__" } as const;

export function emitMcp(
  model: ApiModel,
  context: EmitContext,
  packageName: string,
  warnings: string[],
  options: { readonly writer?: boolean } = {},
): GeneratedFile[] {
  const { tools, definitions, warnings: toolWarnings } = mcpTools(model);
  warnings.push(...toolWarnings);
  const tables = (writer: boolean): StatementStructures[] =>
    mcpStatements(model, context, packageName, tools, definitions, writer);
  const spliced =
    options.writer === true
      ? undefined
      : putTables(printStatements("mcp.ts", tables(false)), {
          [TABLES.tools]: `[\n${tools.map((tool) => `  ${indentCode(literal(tool))},\n`).join("")}]`,
          [TABLES.definitions]: objectCode(
            Object.entries(definitions).map(([name, schema]) => [name, literal(schema)]),
          ),
        });
  const entry: StatementStructures[] = [
    { kind: StructureKind.ExportDeclaration, moduleSpecifier: `.${RUNTIME}` },
    {
      kind: StructureKind.ExportDeclaration,
      moduleSpecifier: "../mcp.js",
      namedExports: ["MCP_API", "MCP_DEFINITIONS", "MCP_TOOLS"],
    },
  ];
  return [
    { path: "mcp.ts", content: spliced ?? printStatements("mcp.ts", tables(true)) },
    { path: `${ENTRY_DIR}/mcp.ts`, content: printStatements("mcp.ts", entry) },
  ];
}

/**
 * `printed` with each placeholder replaced by its text; undefined when a placeholder does not
 * stand exactly once in it (spec text holding one: the file is then written by the writer whole).
 */
function putTables(printed: string, texts: Readonly<Record<string, string>>): string | undefined {
  const places: { readonly at: number; readonly length: number; readonly text: string }[] = [];
  for (const [placeholder, text] of Object.entries(texts)) {
    const at = printed.indexOf(placeholder);
    if (at < 0 || printed.indexOf(placeholder, at + 1) >= 0) return undefined;
    places.push({ at, length: placeholder.length, text });
  }
  places.sort((a, b) => a.at - b.at);
  let result = "";
  let from = 0;
  for (const { at, length, text } of places) {
    result += `${printed.slice(from, at)}${text}`;
    from = at + length;
  }
  return result + printed.slice(from);
}

/** mcp.ts's statements; the tables written by ts-morph's writer, or as placeholders. */
function mcpStatements(
  model: ApiModel,
  context: EmitContext,
  packageName: string,
  tools: readonly unknown[],
  definitions: Readonly<Record<string, unknown>>,
  writer: boolean,
): StatementStructures[] {
  return [
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
          initializer: writer
            ? (code) => {
                code.write("[").indent(() => {
                  for (const tool of tools) code.write(`${literal(tool)},`).newLine();
                });
                code.write("]");
              }
            : TABLES.tools,
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
          initializer: writer
            ? objectWriter(
                Object.entries(definitions).map(([name, schema]) => [name, literal(schema)]),
              )
            : TABLES.definitions,
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
