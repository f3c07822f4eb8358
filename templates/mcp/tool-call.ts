// Runtime template of the pet store contract toolchain: copied verbatim into generated/runtime/. Edit it in templates/, never in generated/.
/**
 * One tool call: the MCP arguments become the generated client's call (`path`, `query`,
 * `header`, `cookie`, `body`), and its result becomes the MCP result: `structuredContent`
 * from a 2XX body, a tool error (`isError`) carrying the spec's error body, the HTTP status and
 * any `Retry-After` otherwise. The API validates the values; here only the shape is checked.
 */
import type { CallInit } from "../client/build-request.js";
import type { ClientResult } from "../client/result.js";
import type { McpToolDescriptor } from "./tool-descriptor.js";

/** The result of `tools/call` (MCP `CallToolResult`). */
export interface ToolResult {
  [key: string]: unknown;
  content: { type: "text"; text: string }[];
  structuredContent?: Record<string, unknown>;
  isError?: boolean;
}

/** Sends one operation's call: through a generated client, remote or in-process. */
export type OperationCaller = (tool: McpToolDescriptor, init: CallInit) => Promise<ClientResult>;

const GROUPS = ["path", "query", "header", "cookie"] as const;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The call for the tool's arguments, or a message saying what is wrong with them. */
export function toCallInit(
  tool: McpToolDescriptor,
  args: unknown,
): { init: CallInit } | { problem: string } {
  const given = args ?? {};
  if (!isRecord(given)) return { problem: "the arguments must be an object" };
  const known = Object.keys((tool.inputSchema["properties"] as object | undefined) ?? {});
  const unknown = Object.keys(given).filter((key) => !known.includes(key));
  if (unknown.length > 0) {
    return {
      problem: `unknown argument ${unknown.map((key) => JSON.stringify(key)).join(", ")}: ${tool.name} takes ${known.length === 0 ? "none" : known.join(", ")}`,
    };
  }
  const init: CallInit = {};
  for (const group of GROUPS) {
    const value = given[group];
    if (value === undefined) continue;
    if (!isRecord(value)) return { problem: `argument "${group}" must be an object` };
    init[group] = value as Record<string, string>;
  }
  if ("body" in given) {
    init.body = given["body"];
    if (tool.bodyMediaType !== undefined) init.contentType = tool.bodyMediaType;
  }
  return { init };
}

function text(value: string): { type: "text"; text: string } {
  return { type: "text", text: value };
}

/** Seconds to wait from a `Retry-After` header (delta-seconds or an HTTP date), if present. */
function retryAfterSeconds(response: Response, now: number): number | undefined {
  const header = response.headers.get("retry-after");
  if (header === null) return undefined;
  if (/^\d+$/.test(header.trim())) return Number(header.trim());
  const date = Date.parse(header);
  return Number.isFinite(date) ? Math.max(0, Math.ceil((date - now) / 1000)) : undefined;
}

export function toolResult(
  tool: McpToolDescriptor,
  result: ClientResult,
  now = Date.now(),
): ToolResult {
  if (result.ok) {
    if (tool.outputSchema === undefined || result.data === undefined) {
      return {
        content: [
          text(result.data === undefined ? `HTTP ${result.status}` : JSON.stringify(result.data)),
        ],
      };
    }
    const structured =
      tool.wrapsOutput === true
        ? { result: result.data }
        : (result.data as Record<string, unknown>);
    return { content: [text(JSON.stringify(result.data))], structuredContent: structured };
  }
  const retryAfter = retryAfterSeconds(result.response, now);
  const error = {
    status: result.status,
    ...(retryAfter === undefined ? {} : { retryAfterSeconds: retryAfter }),
    error: result.error,
  };
  const wait = retryAfter === undefined ? "" : `; retry after ${retryAfter} s`;
  return {
    isError: true,
    content: [
      text(`${tool.name} failed: HTTP ${result.status}${wait}`),
      text(JSON.stringify(error)),
    ],
  };
}

/** A tool error for a call that did not get an HTTP answer (bad arguments, network, timeout). */
export function failedCall(tool: McpToolDescriptor, message: string): ToolResult {
  return { isError: true, content: [text(`${tool.name} failed: ${message}`)] };
}

/** Runs one tool call through `call`; never throws (a failure is a tool error). */
export async function callTool(
  tool: McpToolDescriptor,
  args: unknown,
  call: OperationCaller,
  now: () => number = Date.now,
): Promise<ToolResult> {
  const parsed = toCallInit(tool, args);
  if ("problem" in parsed) return failedCall(tool, parsed.problem);
  try {
    return toolResult(tool, await call(tool, parsed.init), now());
  } catch (error) {
    return failedCall(tool, error instanceof Error ? error.message : String(error));
  }
}
