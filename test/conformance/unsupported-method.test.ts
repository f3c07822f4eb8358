import { describe, expect, it } from "vitest";
import { checkUnsupportedMethod } from "../../conformance/checks/outcome-checks.js";
import type { ObservedResponse } from "../../conformance/sender.js";

function observed(status: number, headers: Record<string, string> = {}): ObservedResponse {
  return { status, headers: new Headers(headers) } as unknown as ObservedResponse;
}

describe("checkUnsupportedMethod", () => {
  it.each([
    ["TRACE answered 501 (no web-standard server can implement it)", "TRACE", observed(501), 0],
    ["PUT answered 501 (a method the server could route)", "PUT", observed(501), 1],
    ["TRACE answered 500", "TRACE", observed(500), 1],
    ["405 with Allow", "PATCH", observed(405, { allow: "GET" }), 0],
    ["405 without Allow", "PATCH", observed(405), 1],
  ] as const)("%s", (_name, method, response, failures) => {
    expect(checkUnsupportedMethod("/pets", method, ["GET"], response)).toHaveLength(failures);
  });
});
