// Runtime template of the pet store contract toolchain: copied verbatim into generated/runtime/. Edit it in templates/, never in generated/.
/**
 * What the idempotency stage does around a running handler so that a key never executes twice
 * (web-standard timers only):
 * - {@link holdLease} renews the record's lease every third of `lockMs` while the handler runs,
 *   so a slow handler keeps its key (a crashed instance stops renewing: its lease runs out and
 *   the key answers "outcome unknown", never a second run);
 * - {@link writeWithRetries} keeps the handler's result (or drops a failed run's record): tried
 *   once before the response is sent, then retried in the background with backoff for up to
 *   `lockMs` (the store may be restarting or failing over). Meanwhile a retry of the request gets
 *   409 in progress; after the last attempt the record answers "outcome unknown".
 * Timers are unref'd where the runtime allows it: they never keep a process alive.
 */

/** What a failed write reports once it gives up. */
export class IdempotencyRecordError extends Error {
  constructor(message: string, options: { cause: unknown }) {
    super(message, options);
    this.name = "IdempotencyRecordError";
  }
}

type Timer = ReturnType<typeof setTimeout>;

function unref(timer: Timer): Timer {
  (timer as { unref?: () => void }).unref?.();
  return timer;
}

/** First retry delay (ms); each next one doubles, up to {@link MAX_RETRY_DELAY_MS}. */
const FIRST_RETRY_DELAY_MS = 50;
const MAX_RETRY_DELAY_MS = 2_000;

export interface Lease {
  /** Stops renewing (the write that ends the run settled, or gave up). */
  stop(): void;
}

/**
 * Renews `renew` every `lockMs / 3` until stopped. A failed renewal is not fatal (the next one
 * may succeed; the lease outlives two missed renewals) and is not reported: the write that ends
 * the run reports if the store stays unreachable.
 */
export function holdLease(renew: (() => unknown) | undefined, lockMs: number): Lease {
  if (renew === undefined) return { stop() {} };
  let stopped = false;
  let timer: Timer | undefined;
  const schedule = () => {
    timer = unref(
      setTimeout(() => {
        if (stopped) return;
        void (async () => {
          try {
            await renew();
          } catch {
            // Missed: the lease still has two thirds of lockMs.
          }
          if (!stopped) schedule();
        })();
      }, lockMs / 3),
    );
  };
  schedule();
  return {
    stop() {
      stopped = true;
      if (timer !== undefined) clearTimeout(timer);
    },
  };
}

/**
 * Runs `write` once and resolves when that attempt settles (true: written). If it failed, it is
 * retried in the background with exponential backoff for up to `giveUpAfterMs`; `settled` is
 * called once at the end, with the last error when every attempt failed.
 */
export async function writeWithRetries(
  write: () => unknown,
  giveUpAfterMs: number,
  settled: (error?: unknown) => void,
): Promise<boolean> {
  const started = Date.now();
  try {
    await write();
    settled();
    return true;
  } catch (error) {
    let last: unknown = error;
    let delay = FIRST_RETRY_DELAY_MS;
    const retry = () => {
      if (Date.now() - started + delay > giveUpAfterMs) {
        settled(last);
        return;
      }
      unref(
        setTimeout(() => {
          void (async () => {
            try {
              await write();
              settled();
            } catch (failed) {
              last = failed;
              delay = Math.min(delay * 2, MAX_RETRY_DELAY_MS);
              retry();
            }
          })();
        }, delay),
      );
    };
    retry();
    return false;
  }
}
