import type { Caller } from "../fixture-api.js";
import { describe, expect, it } from "vitest";
import { createCorsStage } from "../../../../templates/server/core/cors.js";
import { createCorsPreflightStage } from "../../../../templates/server/core/stages/cors-preflight.js";
import { api } from "../fixture-api.js";
import { stageKit } from "./stage-kit.js";

describe("cors-preflight stage", () => {
  const kit = stageKit();
  const cors = createCorsStage(api, { origins: ["https://app.test"] });
  if (cors === undefined) throw new Error("cors stage expected");
  const stage = createCorsPreflightStage<Caller>(kit.responder, cors);
  const preflight = { origin: "https://app.test", "access-control-request-method": "POST" };

  it("answers a preflight to a known path with its methods", () => {
    const response = stage(kit.context("OPTIONS", "/pets", { headers: preflight }));
    expect(response?.status).toBe(204);
    expect(String(response?.headers["access-control-allow-methods"])).toContain("POST");
  });

  it("goes on for other methods, unknown paths and plain OPTIONS", () => {
    expect(stage(kit.context("GET", "/pets", { headers: preflight }))).toBeUndefined();
    expect(stage(kit.context("OPTIONS", "/nowhere", { headers: preflight }))).toBeUndefined();
    expect(stage(kit.context("OPTIONS", "/pets"))).toBeUndefined();
  });
});
