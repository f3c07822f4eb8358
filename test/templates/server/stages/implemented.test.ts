import { describe, expect, it } from "vitest";
import type { Handler } from "../../../../templates/server/core/handler-api.js";
import { createImplementedStage } from "../../../../templates/server/core/stages/implemented.js";
import { handlers, type Caller } from "../fixture-api.js";
import { isError } from "../helpers.js";
import { bodyOf, stageKit } from "./stage-kit.js";

describe("implemented stage", () => {
  const kit = stageKit();
  const health = handlers["health"] as Handler<Caller>;
  const stage = createImplementedStage<Caller>(kit.responder, new Map([["health", health]]));

  it("finds the handler", () => {
    const context = kit.routed("GET", "/health");
    expect(stage(context)).toBeUndefined();
    expect(context.handler).toBe(health);
  });

  it("answers 501 for an operation without one", () => {
    const response = stage(kit.routed("GET", "/missing"));
    expect(isError(bodyOf(response), 501, "not_implemented")).toBe(true);
  });
});
