/**
 * A real clock with an offset, for bursts against the reference server's per-minute limits: the
 * server and its clients read `now`, and `placeBeforeBoundary(ms)` moves both to `ms` before the
 * next minute boundary, so a window's reset comes within seconds.
 */
import type { DemoKey } from "../../examples/petstore/index.js";

const MINUTE = 60_000;

/** A demo key on the Free plan (60 requests per minute). */
export function freeKey(key: string): DemoKey {
  return { key, plan: "free", caller: { name: key, plan: "free" } };
}

export interface MinuteClock {
  /** Epoch ms, offset. */
  readonly now: () => number;
  /** The current offset from the real clock, in ms (for a child process's own clock). */
  readonly offset: () => number;
  /** Moves the clock `ms` before the next minute boundary; returns that boundary (epoch ms). */
  placeBeforeBoundary(ms: number): number;
}

export function minuteClock(): MinuteClock {
  let offset = 0;
  const now = (): number => Date.now() + offset;
  return {
    now,
    offset: () => offset,
    placeBeforeBoundary(ms) {
      offset = 0;
      const boundary = now() - (now() % MINUTE) + MINUTE;
      offset = boundary - ms - Date.now();
      return boundary;
    },
  };
}
