// Runtime template of the pet store contract toolchain: copied verbatim into generated/runtime/. Edit it in templates/, never in generated/.
/**
 * Runs a request through a list of stages, in order. A stage answers (returns a response), goes
 * on (returns undefined), or waits (returns a promise of either). A stage that wraps the rest
 * (idempotency: run once, replay after) takes a second parameter, `next`, which runs the
 * stages after it; the runner builds that function only for such a stage. The runner stays
 * synchronous until a stage returns a promise, so that a request that waits for nothing costs no
 * promise chain and no suspended frame. It knows nothing of what the stages do.
 */
import { isPromiseLike } from "../promise-like.js";
import type { RuntimeResponse } from "../runtime-response.js";

export { isPromiseLike };

export type Answer = RuntimeResponse | Promise<RuntimeResponse>;
export type StageResult = RuntimeResponse | undefined | PromiseLike<RuntimeResponse | undefined>;

/** One step of the pipeline; `X` is the request context. */
export type Stage<X> = (context: X, next: () => Answer) => StageResult;

/** Runs `stages` from `index` on; the last stage must answer. */
export function runStages<X>(stages: readonly Stage<X>[], context: X, index = 0): Answer {
  for (let i = index; i < stages.length; i++) {
    const stage = stages[i]!;
    const result =
      stage.length > 1
        ? stage(context, () => runStages(stages, context, i + 1))
        : stage(context, noNext);
    if (result === undefined) continue;
    if (!isPromiseLike(result)) return result;
    const after = i + 1;
    return Promise.resolve(result).then((answer) =>
      answer === undefined ? runStages(stages, context, after) : answer,
    );
  }
  throw new Error("No stage answered the request: the pipeline must end with one that always does");
}

function noNext(): never {
  throw new Error("A stage called next() without declaring it as its second parameter");
}
