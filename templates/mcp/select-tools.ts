// Runtime template of the pet store contract toolchain: copied verbatim into generated/runtime/. Edit it in templates/, never in generated/.
/**
 * Which tools a server lists: filters by tag, operationId and stability; deprecated tools hidden
 * unless asked for; a tool whose operation is past its sunset date never listed; a cap on the count.
 */
import type { McpToolDescriptor } from "./tool-descriptor.js";

export interface ToolFilter {
  /** Tools of any of these tags. */
  readonly tags?: readonly string[];
  /** Tools of these operationIds. */
  readonly operations?: readonly string[];
}

export interface ToolSelection {
  /** Only tools matching (tag or operationId); default: every tool. */
  readonly include?: ToolFilter;
  /** Leave out tools matching (tag or operationId); applied after `include`. */
  readonly exclude?: ToolFilter;
  /** Opt in to `x-stability` beta and/or experimental tools (default: stable tools only). */
  readonly stability?: readonly ("beta" | "experimental")[];
  /** List deprecated tools (before their sunset), their description naming sunset and successor. Default false. */
  readonly deprecated?: boolean;
  /** Refuse (throw) when more tools than this would be listed: agents choose badly among many. */
  readonly maxTools?: number;
  /** The clock (epoch ms) that sunsets are judged by; default `Date.now`. */
  readonly now?: () => number;
}

/** Thrown by {@link selectTools} when the selection is larger than `maxTools`. */
export class ToolLimitError extends Error {
  constructor(
    readonly count: number,
    readonly maxTools: number,
  ) {
    super(
      `${count} MCP tools would be listed, more than maxTools (${maxTools}): narrow them with include/exclude (by tag or operationId) or raise maxTools.`,
    );
    this.name = "ToolLimitError";
  }
}

function matches(tool: McpToolDescriptor, filter: ToolFilter): boolean {
  return (
    (filter.operations ?? []).includes(tool.operationId) ||
    tool.tags.some((tag) => (filter.tags ?? []).includes(tag))
  );
}

/** Whether the operation's sunset has come (from 00:00 UTC of its date, as the server's 410). */
export function isPastSunset(tool: McpToolDescriptor, now: number): boolean {
  const sunset = tool.deprecation?.sunset;
  if (sunset === undefined) return false;
  const start = Date.parse(`${sunset}T00:00:00Z`);
  return Number.isFinite(start) && now >= start;
}

export function selectTools(
  tools: readonly McpToolDescriptor[],
  selection: ToolSelection = {},
): McpToolDescriptor[] {
  const now = (selection.now ?? Date.now)();
  const stability = selection.stability ?? [];
  const selected = tools.filter(
    (tool) =>
      (selection.include === undefined || matches(tool, selection.include)) &&
      (selection.exclude === undefined || !matches(tool, selection.exclude)) &&
      (tool.stability === undefined || stability.includes(tool.stability)) &&
      (tool.deprecation === undefined || selection.deprecated === true) &&
      !isPastSunset(tool, now),
  );
  const max = selection.maxTools;
  if (max !== undefined && selected.length > max) throw new ToolLimitError(selected.length, max);
  return selected;
}
