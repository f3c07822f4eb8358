/**
 * One fast-check property over generated requests: runs `numRuns` examples from `seed`, and on
 * a failure lets fast-check shrink the request to a minimal one; the failures returned are those
 * of that minimal request. Errors that must stop the run (the server cannot be reached, the rate
 * limit will not lift) stop sending at once and are rethrown, never shrunk.
 */
import fc from "fast-check";
import { ConnectionError, RateLimitExhaustedError } from "./sender.js";

export interface PropertyOutcome<F> {
  readonly failures: readonly F[];
  /** Set when no example could be generated (filters rejected too many values). */
  readonly skipped: string | undefined;
  readonly runs: number;
}

export async function runProperty<T, F>(arbitrary: fc.Arbitrary<T>, seed: number, numRuns: number, run: (value: T) => Promise<readonly F[]>): Promise<PropertyOutcome<F>> {
  let last: readonly F[] = [];
  let fatal: Error | undefined;
  let runs = 0;
  const result = await fc.check(
    fc.asyncProperty(arbitrary, async (value) => {
      if (fatal !== undefined) return true;
      runs++;
      try {
        const failures = await run(value);
        if (failures.length === 0) return true;
        last = failures;
        return false;
      } catch (error) {
        if (error instanceof ConnectionError || error instanceof RateLimitExhaustedError) {
          fatal = error;
          return true;
        }
        throw error;
      }
    }),
    { seed, numRuns, maxSkipsPerRun: 50 },
  );
  if (fatal !== undefined) throw fatal;
  if (result.failed && last.length === 0) {
    const reason = result.errorInstance instanceof Error ? result.errorInstance.message : "the property failed without a check failure";
    if (/pre-condition|filter|skip/i.test(reason)) return { failures: [], skipped: `could not generate examples: ${firstLine(reason)}`, runs };
    throw result.errorInstance instanceof Error ? result.errorInstance : new Error(reason);
  }
  return { failures: result.failed ? last : [], skipped: undefined, runs };
}

/** A stable 32-bit seed for one part of a run, so that `--operations` replays each part exactly. */
export function seedFor(seed: number, ...parts: readonly string[]): number {
  let hash = (seed ^ 0x9e3779b9) >>> 0;
  for (const char of parts.join("\u0000")) hash = Math.imul(hash ^ char.charCodeAt(0), 0x01000193) >>> 0;
  return hash | 0;
}

function firstLine(text: string): string {
  return text.split("\n")[0] ?? text;
}
