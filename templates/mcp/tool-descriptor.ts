// Runtime template of the pet store contract toolchain: copied verbatim into generated/runtime/. Edit it in templates/, never in generated/.
/**
 * What the generator tells the MCP runtime about one tool: one per operation of the spec, named
 * from its operationId. The generated `mcp.ts` holds a table of these.
 */

/** A JSON Schema of `type: "object"`, as MCP requires for `inputSchema` and `outputSchema`. */
export interface ToolObjectSchema {
  readonly type: "object";
  readonly [keyword: string]: unknown;
}

/** MCP tool annotations (hints), derived from the operation, never guessed. */
export interface ToolAnnotations {
  /** The summary. */
  readonly title?: string;
  /** GET and HEAD. */
  readonly readOnlyHint: boolean;
  /** DELETE (a hint, meaningful only when not read-only). */
  readonly destructiveHint: boolean;
  /** PUT and DELETE, and operations that declare an `Idempotency-Key` header. */
  readonly idempotentHint: boolean;
  /** The tool talks to one API, not the open world. */
  readonly openWorldHint: false;
}

export interface McpToolDescriptor {
  /** The tool name: the operationId (MCP allows A-Z a-z 0-9 _ - . and up to 128 characters). */
  readonly name: string;
  /** The generated client's method for the operation. */
  readonly method: string;
  readonly operationId: string;
  readonly httpMethod: string;
  readonly path: string;
  readonly title?: string;
  /** Summary and description, then the lifecycle notes (deprecation, sunset, successor, stability). */
  readonly description: string;
  readonly tags: readonly string[];
  readonly stability?: "experimental" | "beta";
  /** Set on deprecated operations: the `x-sunset` date (YYYY-MM-DD) and `x-replaced-by` successor. */
  readonly deprecation?: { readonly sunset?: string; readonly replacedBy?: string };
  /**
   * Properties `path`, `query`, `header`, `cookie` (objects of the parameters) and `body`,
   * only those the operation has: the shape of the generated client's call.
   */
  readonly inputSchema: ToolObjectSchema;
  /** The request body's media type when it is not JSON (\`application/x-www-form-urlencoded\`). */
  readonly bodyMediaType?: string;
  /** From the first 2XX JSON response; absent when no 2XX response has a JSON body. */
  readonly outputSchema?: ToolObjectSchema;
  /**
   * The component schemas each schema refers to (\`#/$defs/<Name>\`), by name: the table keeps
   * each component once (\`McpApi.definitions\`), the listing adds them as the schema's \`$defs\`.
   */
  readonly definitions?: {
    readonly input?: readonly string[];
    readonly output?: readonly string[];
  };
  /** The 2XX body is not an object: `structuredContent` carries it as `{ result: <body> }`. */
  readonly wrapsOutput?: true;
  readonly annotations: ToolAnnotations;
}
