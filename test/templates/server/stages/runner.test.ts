/** The stage runner: order, early answers, the synchronous fast path, and `next`. */
import { describe, expect, it } from "vitest";
import { Pipeline, type Stage } from "../../../../templates/server/core/stages/runner.js";
import type { RuntimeResponse } from "../../../../templates/server/core/runtime-response.js";

const answer = (status: number): RuntimeResponse => ({ status, headers: {}, body: null });

describe("Pipeline", () => {
  it("runs stages in order until one answers, and skips the rest", () => {
    const seen: string[] = [];
    const stages: Stage<string[]>[] = [
      (log) => void log.push("a"),
      (log) => (log.push("b"), answer(204)),
      (log) => (log.push("c"), answer(500)),
    ];
    expect(new Pipeline(stages).run(seen)).toEqual(answer(204));
    expect(seen).toEqual(["a", "b"]);
  });

  it("stays synchronous until a stage returns a promise, then goes on after it", async () => {
    const seen: string[] = [];
    const sync = new Pipeline<string[]>([() => answer(200)]).run(seen);
    expect(sync).toEqual(answer(200)); // not a promise
    const later = new Pipeline<string[]>([
      (log) => Promise.resolve(void log.push("wait")),
      (log) => (log.push("after"), answer(201)),
    ]).run(seen);
    expect(later).toBeInstanceOf(Promise);
    expect(await later).toEqual(answer(201));
    expect(seen).toEqual(["wait", "after"]);
  });

  it("gives `next` to a stage that wraps the rest", async () => {
    const stages: Stage<string[]>[] = [
      async (log, next) => {
        log.push("before");
        const inner = await next();
        log.push(`after ${inner.status}`);
        return { ...inner, headers: { wrapped: "yes" } };
      },
      () => answer(202),
    ];
    const seen: string[] = [];
    expect(await new Pipeline(stages).run(seen)).toEqual({
      status: 202,
      headers: { wrapped: "yes" },
      body: null,
    });
    expect(seen).toEqual(["before", "after 202"]);
  });

  it("says so when no stage answers", () => {
    expect(() => new Pipeline<null>([() => undefined]).run(null)).toThrow(/No stage answered/);
  });
});
