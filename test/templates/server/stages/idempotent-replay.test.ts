import { describe, expect, it } from "vitest";
import { createIdempotencyStage } from "../../../../templates/server/core/idempotency.js";
import { createBodyStage } from "../../../../templates/server/core/stages/body.js";
import { createIdempotentReplayStage } from "../../../../templates/server/core/stages/idempotent-replay.js";
import type { Answer } from "../../../../templates/server/core/stages/runner.js";
import { KEYS, type Caller } from "../fixture-api.js";
import { api, order } from "../idempotency-fixture.js";
import { stageKit } from "./stage-kit.js";

describe("idempotent-replay stage", () => {
  const kit = stageKit({}, api);
  const stage = createIdempotentReplayStage<Caller>(
    kit.responder,
    createIdempotencyStage({ now: () => 0, idempotency: undefined }),
  );
  let runs = 0;
  const next = (): Answer => ({ status: 201, headers: { "x-run": String(++runs) }, body: "{}" });

  async function send(key: string | undefined, item: string) {
    const context = kit.routed("POST", "/orders", order(key, { item }, KEYS.pro));
    await createBodyStage<Caller>(1024, true)(context); // the key and the body's bytes, as before this stage
    return stage(context, next);
  }

  it("runs the rest once per key and replays the kept answer", async () => {
    const first = await send("k-1", "tea");
    const again = await send("k-1", "tea");
    expect(runs).toBe(1);
    expect(first?.headers["x-run"]).toBe("1");
    expect(again?.headers["x-run"]).toBe("1");
    expect(again?.headers["idempotent-replayed"]).toBe("true");
  });

  it("refuses the same key with another request (422), and runs a request without a key", async () => {
    expect((await send("k-1", "coffee"))?.status).toBe(422);
    await send(undefined, "tea");
    expect(runs).toBe(2);
  });
});
