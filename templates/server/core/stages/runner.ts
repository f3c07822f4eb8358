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

/**
 * A fixed list of stages, run in order; the last must answer. Which stages wrap the rest is
 * worked out once here, not per request.
 */
export class Pipeline<X> {
  readonly #stages: readonly Stage<X>[];
  readonly #wraps: readonly boolean[];

  constructor(stages: readonly Stage<X>[]) {
    this.#stages = [...stages];
    this.#wraps = stages.map((stage) => stage.length > 1);
  }

  /** Runs the stages from `index` on. */
  run(context: X, index = 0): Answer {
    const stages = this.#stages;
    const wraps = this.#wraps;
    // No closure in the loop: one that captured `i` would cost a context allocation per stage.
    for (let i = index; i < stages.length; i++) {
      const result = wraps[i] ? this.#wrap(context, i) : stages[i]!(context, noNext);
      if (result === undefined) continue;
      return isPromiseLike(result) ? this.#continueAfter(result, context, i + 1) : result;
    }
    throw new Error(
      "No stage answered the request: the pipeline must end with one that always does",
    );
  }

  /** Calls a stage that wraps the rest with its `next`. */
  #wrap(context: X, index: number): StageResult {
    return this.#stages[index]!(context, () => this.run(context, index + 1));
  }

  /** Goes on from `index` once a stage's promise settles without an answer. */
  #continueAfter(
    result: PromiseLike<RuntimeResponse | undefined>,
    context: X,
    index: number,
  ): Promise<RuntimeResponse> {
    return Promise.resolve(result).then((answer) =>
      answer === undefined ? this.run(context, index) : answer,
    );
  }
}

/** The `next` of a stage that does not wrap the rest: calling it is a programming error. */
export function noNext(): never {
  throw new Error("A stage called next() without declaring it as its second parameter");
}
