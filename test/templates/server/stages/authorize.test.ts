import { describe, expect, it } from "vitest";
import { createSecurityGate } from "../../../../templates/server/core/auth-gate.js";
import { createAuthorizeStage } from "../../../../templates/server/core/stages/authorize.js";
import { api, authenticate, KEYS, type Caller } from "../fixture-api.js";
import { isError } from "../helpers.js";
import { bodyOf, stageKit } from "./stage-kit.js";

describe("authorize stage", () => {
  const kit = stageKit();
  const gate = createSecurityGate<Caller>(api, authenticate);
  const stage = createAuthorizeStage<Caller>(kit.responder, gate);

  it("lets a known caller through", async () => {
    const context = kit.routed("GET", "/pets", { key: KEYS.free });
    context.identity = await gate.identify(context, false);
    expect(stage(context)).toBeUndefined();
  });

  it("answers 401 with a challenge for a secured operation without a caller", async () => {
    const context = kit.routed("GET", "/pets", { key: "invented" });
    context.identity = await gate.identify(context, false);
    const response = stage(context);
    expect(response?.status).toBe(401);
    expect(response?.headers["www-authenticate"]).toContain("ApiKey");
    expect(isError(bodyOf(response), 401, "unauthorized")).toBe(true);
  });

  it("lets anyone call an operation that needs no credentials", () => {
    expect(stage(kit.routed("GET", "/health"))).toBeUndefined();
  });
});
