import type { Caller } from "../fixture-api.js";
import { describe, expect, it } from "vitest";
import { createRouteStage } from "../../../../templates/server/core/stages/route.js";
import { isError } from "../helpers.js";
import { bodyOf, stageKit } from "./stage-kit.js";

describe("route stage", () => {
  const kit = stageKit();
  const stage = createRouteStage<Caller>(kit.responder, 100);

  it("finds the operation and its path parameters", () => {
    const context = kit.context("GET", "/pets/7");
    expect(stage(context)).toBeUndefined();
    expect(context.operation?.operationId).toBe("getPet");
    expect(context.pathParams).toEqual({ petId: "7" });
  });

  it("answers 404, 405 with Allow, 501 and 414", () => {
    expect(isError(bodyOf(stage(kit.context("GET", "/nowhere"))), 404, "not_found")).toBe(true);
    const wrong = stage(kit.context("PATCH", "/pets"));
    expect(wrong?.status).toBe(405);
    expect(wrong?.headers["allow"]).toBe("GET, HEAD, POST");
    expect(stage(kit.context("BREW", "/nowhere"))?.status).toBe(501);
    expect(stage(kit.context("GET", `/pets?q=${"x".repeat(200)}`))?.status).toBe(414);
  });

  it("routes under basePath only", () => {
    const based = stageKit({ basePath: "/v1" });
    const basedStage = createRouteStage<Caller>(based.responder, 100);
    const inside = based.context("GET", "/v1/pets");
    expect(basedStage(inside)).toBeUndefined();
    expect(inside.routePath).toBe("/pets");
    expect(basedStage(based.context("GET", "/pets"))?.status).toBe(404);
  });
});
