import { describe, expect, it } from "vitest";
import type { ClientResult } from "../../../templates/client/result.js";
import { callTool, toCallInit, toolResult } from "../../../templates/mcp/tool-call.js";
import type { McpToolDescriptor } from "../../../templates/mcp/tool-descriptor.js";

const TOOL: McpToolDescriptor = {
  name: "createThing",
  method: "createThing",
  operationId: "createThing",
  httpMethod: "POST",
  path: "/things/{id}",
  description: "",
  tags: [],
  inputSchema: { type: "object", properties: { path: {}, header: {}, body: {} } },
  outputSchema: { type: "object", properties: { result: {} } },
  wrapsOutput: true,
  annotations: {
    readOnlyHint: false,
    destructiveHint: false,
    idempotentHint: true,
    openWorldHint: false,
  },
};

function result(status: number, body: unknown, headers: Record<string, string> = {}): ClientResult {
  const ok = status >= 200 && status < 300;
  return {
    data: ok ? body : undefined,
    error: ok ? undefined : body,
    status,
    ok,
    response: new Response(null, { status, headers }),
    rateLimit: undefined,
    headers: {},
    sentToServer: true,
  };
}

describe("toCallInit", () => {
  it.each([
    ["no arguments", undefined, { init: {} }],
    ["groups as given", { path: { id: 1 }, body: [1] }, { init: { path: { id: 1 }, body: [1] } }],
    ["a body of null is sent", { body: null }, { init: { body: null } }],
    ["not an object", [1], { problem: "the arguments must be an object" }],
    [
      "an unknown group",
      { query: {} },
      { problem: 'unknown argument "query": createThing takes path, header, body' },
    ],
    [
      "a group that is not an object",
      { header: "x" },
      { problem: 'argument "header" must be an object' },
    ],
  ] as const)("%s", (_name, args, want) => {
    expect(toCallInit(TOOL, args)).toEqual(want);
  });
});

it("sends a form tool's body with its declared media type", () => {
  const form = { ...TOOL, bodyMediaType: "application/x-www-form-urlencoded" };
  expect(toCallInit(form, { body: { a: "1" } })).toEqual({
    init: { body: { a: "1" }, contentType: "application/x-www-form-urlencoded" },
  });
});

describe("toolResult", () => {
  it("wraps a 2XX body that is not an object as { result }", () => {
    expect(toolResult(TOOL, result(200, [1, 2]))).toEqual({
      content: [{ type: "text", text: "[1,2]" }],
      structuredContent: { result: [1, 2] },
    });
  });

  it("gives a non-2XX as a tool error with the status, the error body and the retry time", () => {
    const now = Date.parse("2026-01-01T00:00:00Z");
    const error = { code: "rate_limited", message: "slow down", status: 429 };
    const seconds = toolResult(TOOL, result(429, error, { "Retry-After": "12" }), now);
    expect(seconds.isError).toBe(true);
    expect(seconds.content[0]?.text).toBe("createThing failed: HTTP 429; retry after 12 s");
    expect(JSON.parse(seconds.content[1]?.text ?? "")).toEqual({
      status: 429,
      retryAfterSeconds: 12,
      error,
    });
    const date = toolResult(
      TOOL,
      result(503, error, { "Retry-After": "Thu, 01 Jan 2026 00:00:30 GMT" }),
      now,
    );
    expect(JSON.parse(date.content[1]?.text ?? "")).toMatchObject({
      status: 503,
      retryAfterSeconds: 30,
    });
  });

  it("turns a call that throws (network, timeout) into a tool error, never a throw", async () => {
    const failed = await callTool(TOOL, {}, () =>
      Promise.reject(new Error("connect ECONNREFUSED 127.0.0.1:1")),
    );
    expect(failed).toEqual({
      isError: true,
      content: [{ type: "text", text: "createThing failed: connect ECONNREFUSED 127.0.0.1:1" }],
    });
  });
});
