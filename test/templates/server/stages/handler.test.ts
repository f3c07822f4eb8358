import { describe, expect, it } from "vitest";
import type { Handler, HandlerResponse } from "../../../../templates/server/core/handler-api.js";
import { createHandlerStage } from "../../../../templates/server/core/stages/handler.js";
import type { Caller } from "../fixture-api.js";
import { stageKit } from "./stage-kit.js";

describe("handler stage", () => {
  const kit = stageKit();
  const stage = createHandlerStage<Caller>(kit.responder, {});

  function routedWith(handler: Handler<Caller>) {
    const context = kit.routed("GET", "/pets/2");
    context.parameters = { path: { petId: 2 }, query: {}, header: {}, cookie: {} };
    context.handler = handler;
    return context;
  }

  it("calls the handler with the parameters and finds the declared response", async () => {
    const context = routedWith(async ({ path }) => ({ status: 200, body: { id: path["petId"] } }));
    expect(await stage(context)).toBeUndefined();
    expect(context.value).toEqual({ id: 2 });
    expect(context.declared?.mediaType).toBe("application/json");
  });

  it("drops the body of a 204 and marks an undeclared status", async () => {
    const context = routedWith(() => ({ status: 299, body: "ignored?" }));
    await stage(context);
    expect(context.declared).toBeNull();
    const empty = routedWith(() => ({ status: 204, body: { no: "body" } }));
    await stage(empty);
    expect(empty.value).toBeUndefined();
  });

  it("answers 500 through onError for a result without a valid status", () => {
    const context = routedWith(() => ({ status: 99 }) as HandlerResponse);
    expect(stage(context)).toMatchObject({ status: 500 });
    expect(String(kit.logged.at(-1)?.error)).toContain("no valid response status (got 99)");
  });
});
