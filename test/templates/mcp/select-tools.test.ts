import { describe, expect, it } from "vitest";
import {
  isPastSunset,
  selectTools,
  ToolLimitError,
  type ToolSelection,
} from "../../../templates/mcp/select-tools.js";
import type { McpToolDescriptor } from "../../../templates/mcp/tool-descriptor.js";

function tool(name: string, extra: Partial<McpToolDescriptor> = {}): McpToolDescriptor {
  return {
    name,
    method: name,
    operationId: name,
    httpMethod: "GET",
    path: `/${name}`,
    description: name,
    tags: ["a"],
    inputSchema: { type: "object" },
    annotations: {
      readOnlyHint: true,
      destructiveHint: false,
      idempotentHint: false,
      openWorldHint: false,
    },
    ...extra,
  };
}

const TOOLS = [
  tool("stable"),
  tool("tagged", { tags: ["b"] }),
  tool("beta", { stability: "beta" }),
  tool("experimental", { stability: "experimental" }),
  tool("old", { deprecation: { sunset: "2027-06-30", replacedBy: "stable" } }),
  tool("oldForever", { deprecation: {} }),
];
const BEFORE = () => Date.parse("2027-06-29T23:59:59Z");
const AT_SUNSET = () => Date.parse("2027-06-30T00:00:00Z");

const cases: [string, ToolSelection, string[]][] = [
  ["stable only by default", { now: BEFORE }, ["stable", "tagged"]],
  ["beta on opt-in", { now: BEFORE, stability: ["beta"] }, ["stable", "tagged", "beta"]],
  [
    "both stabilities",
    { now: BEFORE, stability: ["experimental", "beta"] },
    ["stable", "tagged", "beta", "experimental"],
  ],
  [
    "deprecated on request",
    { now: BEFORE, deprecated: true },
    ["stable", "tagged", "old", "oldForever"],
  ],
  [
    "never past the sunset",
    { now: AT_SUNSET, deprecated: true },
    ["stable", "tagged", "oldForever"],
  ],
  ["include by tag", { now: BEFORE, include: { tags: ["b"] } }, ["tagged"]],
  [
    "include by operationId or tag",
    { now: BEFORE, include: { tags: ["b"], operations: ["stable"] } },
    ["stable", "tagged"],
  ],
  ["exclude after include", { now: BEFORE, exclude: { operations: ["stable"] } }, ["tagged"]],
  ["maxTools not exceeded", { now: BEFORE, maxTools: 2 }, ["stable", "tagged"]],
];

describe("selectTools", () => {
  it.each(cases)("%s", (_name, selection, want) => {
    expect(selectTools(TOOLS, selection).map((entry) => entry.name)).toEqual(want);
  });

  it("refuses more tools than maxTools with what to do", () => {
    expect(() => selectTools(TOOLS, { now: BEFORE, maxTools: 1 })).toThrow(ToolLimitError);
    expect(() => selectTools(TOOLS, { now: BEFORE, maxTools: 1 })).toThrow(
      "2 MCP tools would be listed, more than maxTools (1): narrow them with include/exclude (by tag or operationId) or raise maxTools.",
    );
  });

  it("judges a sunset from 00:00 UTC of its date, as the server's 410", () => {
    const old = TOOLS[4] as McpToolDescriptor;
    expect(isPastSunset(old, BEFORE())).toBe(false);
    expect(isPastSunset(old, AT_SUNSET())).toBe(true);
    expect(isPastSunset(TOOLS[5] as McpToolDescriptor, AT_SUNSET())).toBe(false);
  });
});
