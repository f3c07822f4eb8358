import { describe, expect, it } from "vitest";
import { createSecurityGate } from "../../../../templates/server/core/auth-gate.js";
import { createAuthenticateStage } from "../../../../templates/server/core/stages/authenticate.js";
import { api, authenticate, KEYS, type Caller } from "../fixture-api.js";
import { stageKit } from "./stage-kit.js";

describe("authenticate stage", () => {
  const kit = stageKit();

  it("records the caller and a rate-limit id that is not the key, and never answers", async () => {
    const stage = createAuthenticateStage<Caller>(
      createSecurityGate<Caller>(api, authenticate),
      true,
    );
    const context = kit.context("GET", "/pets", { key: KEYS.pro });
    const result = stage(context);
    if (result !== undefined) expect(await result).toBeUndefined();
    expect(context.identity?.auth?.caller).toEqual({ id: "bob" });
    expect(context.identity?.rateId).toBeDefined();
    expect(context.identity?.rateId).not.toContain(KEYS.pro);
  });

  it("waits for an asynchronous authenticator", async () => {
    const slow = async (credentials: Parameters<typeof authenticate>[0]) =>
      authenticate(credentials);
    const stage = createAuthenticateStage<Caller>(createSecurityGate<Caller>(api, slow), false);
    const context = kit.context("GET", "/pets", { key: KEYS.free });
    const result = stage(context);
    expect(result).toBeInstanceOf(Promise);
    await result;
    expect(context.identity?.auth?.caller).toEqual({ id: "alice" });
  });

  it("leaves an unknown key without a caller (authorize answers later)", async () => {
    const stage = createAuthenticateStage<Caller>(
      createSecurityGate<Caller>(api, authenticate),
      true,
    );
    const context = kit.context("GET", "/pets", { key: "invented" });
    await stage(context);
    expect(context.identity?.auth).toBeUndefined();
  });
});
