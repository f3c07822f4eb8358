import { describe, expect, it } from "vitest";
import { resolveRateLimitPlans } from "../../../../templates/server/core/rate-limit-plans.js";
import { createRateLimitStage } from "../../../../templates/server/core/stages/rate-limit.js";
import { createMemoryRateLimitStore } from "../../../../templates/server/stores/rate-limiter.js";
import { api, type Caller } from "../fixture-api.js";
import { isError, MIDNIGHT } from "../helpers.js";
import { bodyOf, stageKit } from "./stage-kit.js";

describe("rate-limit stage", () => {
  it("counts a caller against its plan and answers 429 with Retry-After once over it", async () => {
    const kit = stageKit({ now: () => MIDNIGHT });
    const plans = resolveRateLimitPlans(api.rateLimits);
    const stage = createRateLimitStage<Caller>(kit.responder, plans, createMemoryRateLimitStore());
    const remaining: number[] = [];
    for (let i = 0; i < 3; i++) {
      const context = kit.context("GET", "/pets");
      expect(await stage(context)).toBeUndefined();
      remaining.push(context.rate?.remaining ?? -1);
    }
    expect(remaining).toEqual([2, 1, 0]); // the anonymous plan is the first one: 3 a minute
    const over = kit.context("GET", "/pets");
    const response = await stage(over);
    expect(response?.status).toBe(429);
    expect(response?.headers["retry-after"]).toBe("60");
    expect(response?.headers["x-ratelimit-remaining"]).toBe("0");
    expect(isError(bodyOf(response), 429, "rate_limited")).toBe(true);
    expect(over.callerLimits).toEqual({ perMinute: 3, perDay: 5 });
  });

  it("answers 500 through onError for a caller on a plan the spec does not have", async () => {
    const kit = stageKit();
    const plans = resolveRateLimitPlans(api.rateLimits);
    const stage = createRateLimitStage<Caller>(kit.responder, plans, createMemoryRateLimitStore());
    const context = kit.context("GET", "/pets");
    context.identity = {
      presented: { count: 1 } as never,
      auth: { caller: { id: "dave" }, plan: "mystery" },
      rateId: "id:dave",
    };
    expect((await stage(context))?.status).toBe(500);
    expect(kit.logged).toHaveLength(1);
  });
});
