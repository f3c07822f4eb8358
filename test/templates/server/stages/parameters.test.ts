import type { Caller } from "../fixture-api.js";
import { describe, expect, it } from "vitest";
import { createParametersStage } from "../../../../templates/server/core/stages/parameters.js";
import { isError } from "../helpers.js";
import { bodyOf, stageKit } from "./stage-kit.js";

describe("parameters stage", () => {
  const kit = stageKit();
  const stage = createParametersStage<Caller>(kit.responder);

  it("coerces and keeps valid parameters", () => {
    const context = kit.routed("GET", "/pets/2");
    expect(stage(context)).toBeUndefined();
    expect(context.parameters?.path).toEqual({ petId: 2 });
  });

  it("answers 400 naming the parameter that breaks its schema", () => {
    const context = kit.routed("GET", "/session", { headers: { cookie: "session=ab" } });
    const response = stage(context);
    expect(isError(bodyOf(response), 400, "validation_failed")).toBe(true);
    expect((bodyOf(response) as { message: string }).message).toContain("session");
    expect(context.parameters).toBeUndefined();
  });
});
