// Runtime template of the pet store contract toolchain: copied verbatim into generated/runtime/. Edit it in templates/, never in generated/.
/**
 * Per-attempt timeouts, combined with the caller's `AbortSignal`.
 *
 * The combination uses an own `AbortController`, a cleared `setTimeout` and a removed `abort`
 * listener rather than `AbortSignal.any([signal, AbortSignal.timeout(ms)])`: the timer of
 * `AbortSignal.timeout` cannot be cleared (it stays pending after the response), and
 * `AbortSignal.any` is missing from older runtimes; this way nothing outlives the attempt.
 */

/**
 * The error a timed-out call rejects with: a `DOMException` named `TimeoutError`, as
 * `AbortSignal.timeout` uses.
 *
 * @param what what timed out, for the message (e.g. the operation id, method and URL)
 */
export function timeoutError(timeoutMs: number, what = "The operation"): DOMException {
  return new DOMException(`${what} was aborted due to timeout (${timeoutMs} ms)`, "TimeoutError");
}

/** Whether an error is the `TimeoutError` of a timed-out attempt (or of `AbortSignal.timeout`). */
export function isTimeoutError(error: unknown): boolean {
  return error instanceof DOMException && error.name === "TimeoutError";
}

/** The signal of one attempt. Call `dispose()` when the attempt is over (success or not). */
export interface AttemptSignal {
  /** Aborts when the caller's signal aborts (with its reason) or when the timeout elapses. */
  readonly signal: AbortSignal | undefined;
  /** Whether the timeout fired (and not the caller's signal first). */
  readonly timedOut: boolean;
  /** Clears the timer and the listener on the caller's signal. Idempotent. */
  dispose(): void;
}

const NO_TIMEOUT_DISPOSE = (): void => undefined;

/**
 * Creates the signal of one attempt.
 *
 * @param caller the caller's signal, if any
 * @param timeoutMs the attempt's timeout; `undefined` (or not a positive finite number) for none,
 *   in which case the caller's signal is used as is (no allocation)
 * @param what what times out, for the `TimeoutError`'s message
 */
export function attemptSignal(
  caller: AbortSignal | undefined,
  timeoutMs: number | undefined,
  what?: string,
): AttemptSignal {
  if (timeoutMs === undefined || !(timeoutMs > 0) || timeoutMs === Infinity) {
    return { signal: caller, timedOut: false, dispose: NO_TIMEOUT_DISPOSE };
  }
  const controller = new AbortController();
  const state = { signal: controller.signal, timedOut: false, dispose: NO_TIMEOUT_DISPOSE };
  const onAbort = (): void => {
    clearTimeout(timer);
    controller.abort(caller!.reason);
  };
  const timer = setTimeout(() => {
    state.timedOut = true;
    caller?.removeEventListener("abort", onAbort);
    controller.abort(timeoutError(timeoutMs, what));
  }, timeoutMs);
  if (caller !== undefined) {
    if (caller.aborted) onAbort();
    else caller.addEventListener("abort", onAbort, { once: true });
  }
  state.dispose = (): void => {
    clearTimeout(timer);
    caller?.removeEventListener("abort", onAbort);
  };
  return state;
}

/**
 * Settles with `promise`, or rejects with `signal.reason` as soon as the signal aborts (for a
 * custom `fetch` or body reader that ignores the signal). The listener is removed on settle, and
 * a later rejection of `promise` is handled (never unhandled).
 */
export function abortable<T>(promise: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (signal === undefined) return promise;
  if (signal.aborted) {
    promise.catch(() => undefined);
    return Promise.reject(signal.reason);
  }
  return new Promise<T>((resolve, reject) => {
    const onAbort = (): void => reject(signal.reason);
    signal.addEventListener("abort", onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener("abort", onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener("abort", onAbort);
        reject(error);
      },
    );
  });
}
