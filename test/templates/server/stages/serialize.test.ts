import { describe, expect, it } from "vitest";
import { createSerializeStage } from "../../../../templates/server/core/stages/serialize.js";
import type { Caller } from "../fixture-api.js";
import { stageKit } from "./stage-kit.js";

describe("serialize stage", () => {
  const kit = stageKit();
  const stage = createSerializeStage<Caller>(kit.responder);

  function answered(status: number, value: unknown, headers?: Record<string, string>) {
    const context = kit.routed("GET", "/legacy/pets");
    context.result = { status, body: value, ...(headers === undefined ? {} : { headers }) };
    context.declared = context.operation!.responses[String(status)] ?? null;
    context.value = value;
    context.rate = {
      status: "allowed",
      window: "minute",
      limit: 3,
      remaining: 2,
      reset: 60,
      retryAfter: 0,
    };
    return context;
  }

  it("serializes JSON with the rate-limit, deprecation and handler headers", () => {
    const response = stage(
      answered(200, [{ id: 1 }], { "X-Trace": "t1", "X-RateLimit-Limit": "999" }),
    );
    expect(response.body).toBe('[{"id":1}]');
    expect(response.headers).toMatchObject({
      "content-type": "application/json",
      "x-trace": "t1",
      "x-ratelimit-limit": "3", // the runtime's, not the handler's
      "x-ratelimit-remaining": "2",
    });
    expect(response.headers["deprecation"]).toBeDefined();
  });

  it("sends no body and no content type without a value", () => {
    const response = stage(answered(204, undefined));
    expect(response.body).toBeNull();
    expect(response.headers["content-type"]).toBeUndefined();
  });
});
