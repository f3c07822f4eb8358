import type { Caller } from "../fixture-api.js";
import { describe, expect, it } from "vitest";
import { createBodyStage } from "../../../../templates/server/core/stages/body.js";
import { BodyCapturingSource } from "../../../../templates/server/core/body-capture.js";
import { RequestError } from "../../../../templates/server/core/errors.js";
import { stageKit } from "./stage-kit.js";

describe("body stage", () => {
  const kit = stageKit();

  it("reads and validates the body, keeping its bytes for the handler's request", async () => {
    const context = kit.routed("POST", "/pets", { json: { name: "Ada" } });
    await createBodyStage<Caller>(1024, true)(context);
    expect(context.body).toEqual({ name: "Ada" });
    expect(context.reader).toBeInstanceOf(BodyCapturingSource);
    const kept = (context.reader as BodyCapturingSource).bytes;
    expect(new TextDecoder().decode(kept)).toBe('{"name":"Ada"}');
    expect(context.idempotencyKey).toBeUndefined();
  });

  it("rejects a body over the limit with 413", async () => {
    const context = kit.routed("POST", "/pets", { json: { name: "x".repeat(100) } });
    const failure = await Promise.resolve(createBodyStage<Caller>(10, true)(context)).catch(
      (e: unknown) => e,
    );
    expect(failure).toBeInstanceOf(RequestError);
    expect((failure as RequestError).status).toBe(413);
  });

  it("does nothing for an operation without a body", () => {
    const context = kit.routed("GET", "/pets");
    expect(createBodyStage<Caller>(1024, true)(context)).toBeUndefined();
    expect(context.reader).toBe(context.source);
  });
});
