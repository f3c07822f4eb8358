import type { Caller } from "../fixture-api.js";
import { describe, expect, it } from "vitest";
import { createLifecycleStage } from "../../../../templates/server/core/stages/lifecycle.js";
import { createSunsetGate } from "../../../../templates/server/core/sunset.js";
import { api } from "../fixture-api.js";
import { isError } from "../helpers.js";
import { bodyOf, stageKit } from "./stage-kit.js";

describe("lifecycle stage", () => {
  const kit = stageKit();
  const stageAt = (now: number) =>
    createLifecycleStage<Caller>(
      kit.responder,
      createSunsetGate(api.operations, { now: () => now, basePath: "" }),
    );

  it("serves a deprecated operation before its sunset, and answers 410 after", () => {
    expect(
      stageAt(Date.UTC(2031, 5, 29))(kit.routed("GET", "/legacy/sunset-only")),
    ).toBeUndefined();
    const gone = stageAt(Date.UTC(2031, 5, 30))(kit.routed("GET", "/legacy/sunset-only"));
    expect(gone?.status).toBe(410);
    expect(gone?.headers["sunset"]).toBe("Mon, 30 Jun 2031 00:00:00 GMT");
    expect(isError(bodyOf(gone), 410, "gone")).toBe(true);
  });

  it("goes on for an operation without a sunset", () => {
    expect(stageAt(Date.UTC(2040, 0, 1))(kit.routed("GET", "/health"))).toBeUndefined();
  });
});
