import { describe, expect, it } from "vitest";
import { createOnRequestStage } from "../../../../templates/server/core/stages/on-request.js";
import type { Caller } from "../fixture-api.js";
import { bodyOf, stageKit } from "./stage-kit.js";

describe("on-request stage", () => {
  const kit = stageKit();

  it("goes on when the hook answers nothing, and shares locals", () => {
    const stage = createOnRequestStage<Caller>(kit.responder, (event) => {
      event.locals["seen"] = event.operationId;
    });
    const context = kit.routed("GET", "/health");
    expect(stage(context)).toBeUndefined();
    expect(context.locals["seen"]).toBe("health");
  });

  it("sends the hook's answer as JSON with its headers", async () => {
    const stage = createOnRequestStage<Caller>(kit.responder, async () => ({
      status: 418,
      body: { tea: true },
      headers: { "X-Why": "tea" },
    }));
    const response = await stage(kit.routed("GET", "/health"));
    expect(response?.status).toBe(418);
    expect(response?.headers["x-why"]).toBe("tea");
    expect(response?.headers["content-type"]).toBe("application/json");
    expect(bodyOf(response)).toEqual({ tea: true });
  });
});
