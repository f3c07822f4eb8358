import { describe, expect, it } from "vitest";
import { createHeaderRuleStage } from "../../../../templates/server/core/stages/header-rule.js";
import type { Caller } from "../fixture-api.js";
import { stageKit } from "./stage-kit.js";

describe("header-rule stage", () => {
  function answered(kit: ReturnType<typeof stageKit>, headers: Record<string, string>) {
    const context = kit.routed("GET", "/health");
    context.result = { status: 200, body: {}, headers };
    return context;
  }
  const allowed = new Set(["x-request-id"]);

  it("lets allowed and runtime headers through", () => {
    const kit = stageKit();
    const stage = createHeaderRuleStage<Caller>(kit.responder, allowed, true);
    expect(
      stage(answered(kit, { "X-Request-Id": "r", "Content-Type": "application/json" })),
    ).toBeUndefined();
  });

  it("answers 500 for another header when strict, drops it and reports once otherwise", () => {
    const kit = stageKit();
    expect(
      createHeaderRuleStage<Caller>(kit.responder, allowed, true)(answered(kit, { "X-Other": "1" }))
        ?.status,
    ).toBe(500);
    const lenient = createHeaderRuleStage<Caller>(kit.responder, allowed, false);
    const context = answered(kit, { "X-Other": "1", "X-Request-Id": "r" });
    expect(lenient(context)).toBeUndefined();
    lenient(answered(kit, { "X-Other": "2" }));
    expect(context.headers).not.toHaveProperty("x-other");
    expect(context.headers?.["x-request-id"]).toBe("r");
    expect(kit.logged).toHaveLength(2); // one strict 500, one report for the lenient drops
  });
});
