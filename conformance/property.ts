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

/** Runs the property; an `undefined` value (nothing could be drawn) is skipped, never sent. */
export async function runProperty<T, F>(
  arbitrary: fc.Arbitrary<T | undefined>,
  seed: number,
  numRuns: number,
  run: (value: T) => Promise<readonly F[]>,
): Promise<PropertyOutcome<F>> {
  let last: readonly F[] = [];
  let fatal: Error | undefined;
  let runs = 0;
  const result = await fc.check(
    fc.asyncProperty(arbitrary, async (value) => {
      if (fatal !== undefined) return true;
      fc.pre(value !== undefined);
      runs++;
      try {
        const failures = await run(value as T);
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
    if (result.errorInstance instanceof Error) throw result.errorInstance;
    // Too many draws were skipped: the schema allows (almost) nothing this generator can draw.
    return {
      failures: [],
      skipped: `could not draw examples (${result.numSkips} draws skipped, ${runs} sent)`,
      runs,
    };
  }
  return { failures: result.failed ? last : [], skipped: undefined, runs };
}

/** A stable 32-bit seed for one part of a run, so that `--operations` replays each part exactly. */
export function seedFor(seed: number, ...parts: readonly string[]): number {
  let hash = (seed ^ 0x9e3779b9) >>> 0;
  for (const char of parts.join("\u0000"))
    hash = Math.imul(hash ^ char.charCodeAt(0), 0x01000193) >>> 0;
  return hash | 0;
}

/** Up to `count` values drawn from `seed`, skipping the ones that could not be drawn. */
export function sampleDefined<T>(
  arbitrary: fc.Arbitrary<T | undefined>,
  seed: number,
  count: number,
): T[] {
  const out: T[] = [];
  for (const value of fc.sample(arbitrary, { seed, numRuns: count * 20 })) {
    if (value !== undefined) out.push(value);
    if (out.length === count) break;
  }
  return out;
}
