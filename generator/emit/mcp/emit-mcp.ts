/**
 * mcp.ts: the MCP tool table (one tool per operation, see mcp-tools.ts) and `MCP_API`, what the MCP
 * runtime (templates/mcp/) needs to serve it: name, version, the request headers that carry the
 * spec's credentials and the generated client's factory. entry/mcp.ts (`./mcp`) re-exports both
 * with the runtime, so that only users of `./mcp` load `@modelcontextprotocol/sdk`.
 */
import { createHash } from "node:crypto";
import type { StatementStructures } from "ts-morph";
import { StructureKind, VariableDeclarationKind } from "../ts/ts-morph-values.js";
import type { ApiModel, OperationModel } from "../../model/types.js";
import type { EmitContext, GeneratedFile } from "../file.js";
import { ENTRY_DIR } from "../package/layout.js";
import { UNCACHED_PARTS, type PartStore } from "../part-store.js";
import { literal, objectCode, objectWriter } from "../ts/literal.js";
import { printStatements } from "../ts/source-file.js";
import {
  mcpTools,
  tool,
  toolDefinitions,
  toolPlan,
  type McpTools,
  type ToolPlan,
} from "./mcp-tools.js";
import { converterModel, schemaConverter, type SchemaConverter } from "./tool-schemas.js";

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
  options: {
    readonly writer?: boolean;
    readonly parts?: PartStore;
    readonly reads?: McpPartReads;
  } = {},
): GeneratedFile[] {
  const plan = toolPlan(model);
  warnings.push(...plan.warnings);
  const spliced =
    options.writer === true
      ? undefined
      : putTables(
          printStatements("mcp.ts", mcpStatements(model, context, packageName, undefined)),
          tableTexts(model, plan, options.parts, options.reads ?? NO_READS),
        );
  const entry: StatementStructures[] = [
    { kind: StructureKind.ExportDeclaration, moduleSpecifier: `.${RUNTIME}` },
    {
      kind: StructureKind.ExportDeclaration,
      moduleSpecifier: "../mcp.js",
      namedExports: ["MCP_API", "MCP_DEFINITIONS", "MCP_TOOLS"],
    },
  ];
  return [
    {
      path: "mcp.ts",
      content:
        spliced ??
        printStatements("mcp.ts", mcpStatements(model, context, packageName, mcpTools(model))),
    },
    { path: `${ENTRY_DIR}/mcp.ts`, content: printStatements("mcp.ts", entry) },
  ];
}

/**
 * A tool's part: on its first line a JSON array of the values its schemas read besides the
 * components they refer to and the digest of those and of the components' refs (tool-schemas.ts,
 * `readsDigest`), on its second the id of its list of the components its schemas refer to (a
 * part of its own, {@link DEFINITIONS_LIST}), then its entry of the tools table (the part's text
 * kept as it is: no escaping to pay for).
 */
const toolPart = (
  reads: readonly string[],
  digest: string,
  reach: string,
  list: string,
  entry: string,
): string => `${JSON.stringify([reads, digest, reach])}\n${list}\n${entry}`;

/**
 * The part kind of a list of the components a tool's schemas refer to (its JSON), keyed by its
 * {@link listId}: tools share them (on Stripe 89 lists for 456 tools, whose own copies were 4.4 MB
 * of the parts' 13 MB pack, read, checked and parsed on every structural edit).
 */
const DEFINITIONS_LIST = "definitions list";

const listId = (text: string): string => createHash("sha256").update(text).digest("hex");

/** A tool's part as stored: {@link ToolPart} with the id of its list of definitions. */
interface StoredToolPart {
  readonly reads: readonly string[];
  readonly digest: string;
  /** `McpPartReads.tool` of its operation when made: the same, nothing it reads changed. */
  readonly reach: string;
  readonly list: string;
  readonly entry: string;
}

interface ToolPart {
  readonly definitions: readonly string[];
  readonly entry: string;
}

const isStrings = (value: unknown): value is string[] =>
  Array.isArray(value) && value.every((item) => typeof item === "string");

/** A tool's part read back; undefined when it is not one (a cache entry forged to pass its check). */
function readToolPart(part: string): StoredToolPart | undefined {
  const first = part.indexOf("\n");
  const second = first < 0 ? -1 : part.indexOf("\n", first + 1);
  if (second < 0) return undefined;
  try {
    const head = JSON.parse(part.slice(0, first)) as unknown;
    if (!Array.isArray(head) || head.length !== 3) return undefined;
    const [reads, digest, reach] = head as unknown[];
    if (!isStrings(reads) || typeof digest !== "string" || typeof reach !== "string")
      return undefined;
    return {
      reads,
      digest,
      reach,
      list: part.slice(first + 1, second),
      entry: part.slice(second + 1),
    };
  } catch {
    return undefined;
  }
}

/** A list of definitions read back: its JSON, when it is one. */
function readList(text: string): string[] | undefined {
  try {
    const list = JSON.parse(text) as unknown;
    return isStrings(list) ? list : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The lists of definitions of a run's tools by id, from `parts` ({@link DEFINITIONS_LIST}): each
 * read, or stored, once.
 */
function definitionLists(parts: PartStore) {
  const lists = new Map<string, readonly string[] | undefined>();
  return {
    /** The list `id` names; undefined when the cache has none (its tools are made again). */
    read(id: string): readonly string[] | undefined {
      if (lists.has(id)) return lists.get(id);
      // what `make` leaves is never valid (no list hashes to "" 's id): made again with its tool
      const text = parts.part(
        DEFINITIONS_LIST,
        id,
        () => "",
        (text) => listId(text) === id,
      );
      const list = listId(text) === id ? readList(text) : undefined;
      lists.set(id, list);
      return list;
    },
    /** The id of `definitions`, stored for the next run. */
    keep(definitions: readonly string[]): string {
      const text = JSON.stringify(definitions);
      const id = listId(text);
      if (lists.get(id) === undefined) {
        parts.part(
          DEFINITIONS_LIST,
          id,
          () => text,
          (cached) => cached === text,
        );
        lists.set(id, definitions);
      }
      return id;
    },
  };
}

/**
 * What a cached part reads through the converter besides its own key (the store's shared key
 * covers the rest): for the definitions table, what the components it holds reach
 * (cache/cached-emitters.ts keys it by schema reach). A tool's part is keyed by its operation and
 * name alone, and checked against what it read (`readsDigest`).
 */
export interface McpPartReads {
  /** A fingerprint of all `operation` reaches: a part made under the same is current without its digest. */
  tool(operation: OperationModel): string;
  definitions(names: readonly string[]): string;
}

/** Nothing besides the key: the store's shared key covers all the converter reads. */
const NO_READS: McpPartReads = { tool: () => "", definitions: () => "" };

/**
 * The two tables' texts by placeholder, laid out as the writer lays them out. With a store, each
 * tool is a part of `parts` keyed by its operation and tool name (and the store's shared key: the
 * OpenAPI version), holding what its schemas read of the model's values `CONVERTER_MODEL_KEYS`
 * (tool-schemas.ts) and their digest: a part whose digest differs from the current values' is made
 * again. A tool shows of the components its schemas refer to only their names, so an edit of a
 * component (a property added) makes again only the tools that read it themselves (an output that
 * is that component, a discriminator's branch), not every tool that reaches it. The definitions
 * table is a part that reads the components used.
 */
function tableTexts(
  model: ApiModel,
  plan: ToolPlan,
  parts: PartStore | undefined,
  reads: McpPartReads,
): Readonly<Record<string, readonly string[]>> {
  let converter: SchemaConverter | undefined;
  // the tools read the model only through the converter, given only the values the shared key covers
  const convert = () => (converter ??= schemaConverter(converterModel(model)));
  const entry = (operation: OperationModel, name: string) => {
    const made = tool(operation, name, convert());
    return { definitions: toolDefinitions(made), entry: `  ${literal(made, "  ")},\n` };
  };
  // (used only with a store)
  const lists = definitionLists(parts ?? UNCACHED_PARTS);
  const make = (operation: OperationModel, name: string) => () => {
    const { result, reads: read } = convert().recording(() => entry(operation, name));
    const digest = convert().readsDigest(read, result.definitions);
    const list = lists.keep(result.definitions);
    return toolPart(read, digest, reads.tool(operation), list, result.entry);
  };
  const readBack = (text: string): (StoredToolPart & ToolPart) | undefined => {
    const stored = readToolPart(text);
    const definitions = stored === undefined ? undefined : lists.read(stored.list);
    return stored === undefined || definitions === undefined
      ? undefined
      : { ...stored, definitions };
  };
  // a part is current when what it read digests as it did (the part read back kept for its use)
  let checked: { readonly text: string; readonly read: ToolPart } | undefined;
  // (nothing it reaches changed: no schema converted to tell)
  const current = (operation: OperationModel) => (text: string) => {
    const read = readBack(text);
    if (
      read === undefined ||
      (read.reach !== reads.tool(operation) &&
        convert().readsDigest(read.reads, read.definitions) !== read.digest)
    )
      return false;
    checked = { text, read };
    return true;
  };
  const tools = plan.operations.map(({ operation, name }): ToolPart => {
    // without a store: no key to make, no part to read back
    if (parts === undefined) return entry(operation, name);
    const part = parts.part(
      "tool",
      JSON.stringify([name, operation]),
      make(operation, name),
      current(operation),
    );
    const read = checked?.text === part ? checked.read : readBack(part);
    checked = undefined;
    if (read === undefined)
      throw new Error(`MCP: the tool part made for ${name} does not read back`);
    return read;
  });
  const names = new Set<string>();
  for (const part of tools) for (const name of part.definitions) names.add(name);
  const used = [...names].sort();
  const table = () =>
    objectCode(
      // `used` is closed (each tool's names are a closure) and sorted: the definitions as they are
      Object.entries(convert().closedDefinitions(used)).map(([name, schema]) => [
        name,
        literal(schema),
      ]),
    );
  const definitions =
    parts === undefined
      ? table()
      : parts.part("definitions", `${JSON.stringify(used)}\n${reads.definitions(used)}`, table);
  return {
    [TABLES.tools]: ["[\n", ...tools.map((part) => part.entry), "]"],
    [TABLES.definitions]: [definitions],
  };
}

/**
 * `printed` with each placeholder replaced by its text (given in pieces: on Stripe the tools table
 * is 8 MB, copied once here rather than joined first); undefined when a placeholder does not
 * stand exactly once in it (spec text holding one: the file is then written by the writer whole).
 */
function putTables(
  printed: string,
  texts: Readonly<Record<string, readonly string[]>>,
): string | undefined {
  const places: {
    readonly at: number;
    readonly length: number;
    readonly text: readonly string[];
  }[] = [];
  for (const [placeholder, text] of Object.entries(texts)) {
    const at = printed.indexOf(placeholder);
    if (at < 0 || printed.indexOf(placeholder, at + 1) >= 0) return undefined;
    places.push({ at, length: placeholder.length, text });
  }
  places.sort((a, b) => a.at - b.at);
  const pieces: string[] = [];
  let from = 0;
  for (const { at, length, text } of places) {
    pieces.push(printed.slice(from, at), ...text);
    from = at + length;
  }
  pieces.push(printed.slice(from));
  return pieces.join("");
}

/** mcp.ts's statements; the tables written by ts-morph's writer, or placeholders without `tables`. */
function mcpStatements(
  model: ApiModel,
  context: EmitContext,
  packageName: string,
  tables: McpTools | undefined,
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
          initializer:
            tables === undefined
              ? TABLES.tools
              : (code) => {
                  code.write("[").indent(() => {
                    for (const tool of tables.tools) code.write(`${literal(tool)},`).newLine();
                  });
                  code.write("]");
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
          initializer:
            tables === undefined
              ? TABLES.definitions
              : objectWriter(
                  Object.entries(tables.definitions).map(([name, schema]) => [
                    name,
                    literal(schema),
                  ]),
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
