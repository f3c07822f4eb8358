import { describe, expect, it } from "vitest";
import { createValidateResponseStage } from "../../../../templates/server/core/stages/validate-response.js";
import type { Caller } from "../fixture-api.js";
import { stageKit } from "./stage-kit.js";

describe("validate-response stage", () => {
  const kit = stageKit();
  const stage = createValidateResponseStage<Caller>(kit.responder);

  function answered(status: number, body: unknown, headers?: Record<string, string>) {
    const context = kit.routed("GET", "/pets/2");
    const operation = context.operation!;
    context.result = { status, body, ...(headers === undefined ? {} : { headers }) };
    context.declared = operation.responses[String(status)] ?? null;
    context.value = body;
    return context;
  }

  it("passes a declared status with a body that meets the spec", () => {
    expect(stage(answered(200, { id: 2, name: "Tom" }))).toBeUndefined();
  });

  it("answers 500 naming the operation, the status and the rule", () => {
    expect(stage(answered(200, { id: "two" }))?.status).toBe(500);
    expect(String(kit.logged.at(-1)?.error)).toMatch(
      /getPet answered 200 with a body that breaks the spec/,
    );
    expect(stage(answered(418, undefined))?.status).toBe(500);
    expect(String(kit.logged.at(-1)?.error)).toContain("a status the spec does not declare");
  });
});
