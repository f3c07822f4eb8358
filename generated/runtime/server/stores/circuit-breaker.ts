// Runtime template of the pet store contract toolchain: copied verbatim into generated/runtime/. Edit it in templates/, never in generated/.
/**
 * A circuit breaker in front of a shared store (web-standard timers only), so that one slow
 * answer is not an outage: the breaker opens only after `failureThreshold` consecutive failed
 * calls, or at once when the connection itself reports a failure (`trip`). While open, callers
 * skip the store (their fallback answers at once) and a health probe runs every
 * `probeIntervalMs`; its first success closes the breaker. Calls already in flight when it opens
 * keep waiting for their own answers.
 */

export interface CircuitBreakerOptions {
  /** Consecutive failed calls that open the breaker. */
  readonly failureThreshold: number;
  /** A health check (e.g. PING within the call timeout): resolves when the store answers. */
  readonly probe: () => Promise<unknown>;
  readonly probeIntervalMs: number;
  /** Called once when the breaker opens, with the failure that opened it. */
  readonly onOpen: (error: unknown) => void;
  /** Called once when a probe succeeded and the breaker closed. */
  readonly onClose: () => void;
}

export interface CircuitBreaker {
  /** True while calls should skip the store. */
  readonly open: boolean;
  /** A call answered: the count of consecutive failures starts again. */
  succeeded(): void;
  /** A call failed (timeout, error, disconnected). */
  failed(error: unknown): void;
  /** Opens now (the connection closed, a health check failed). */
  trip(error: unknown): void;
  /** Stops probing (the store closes). */
  dispose(): void;
}

export function createCircuitBreaker(options: CircuitBreakerOptions): CircuitBreaker {
  let open = false;
  let failures = 0;
  let disposed = false;
  let timer: ReturnType<typeof setTimeout> | undefined;

  function probeLater(): void {
    if (disposed) return;
    timer = setTimeout(() => {
      timer = undefined;
      options.probe().then(
        () => {
          if (!open || disposed) return;
          open = false;
          failures = 0;
          options.onClose();
        },
        () => probeLater(),
      );
    }, options.probeIntervalMs);
    (timer as { unref?: () => void }).unref?.();
  }

  function trip(error: unknown): void {
    if (open || disposed) return;
    open = true;
    options.onOpen(error);
    probeLater();
  }

  return {
    get open() {
      return open;
    },
    succeeded() {
      failures = 0;
    },
    failed(error) {
      failures += 1;
      if (failures >= options.failureThreshold) trip(error);
    },
    trip,
    dispose() {
      disposed = true;
      if (timer !== undefined) clearTimeout(timer);
    },
  };
}
