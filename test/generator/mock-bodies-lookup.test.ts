/**
 * The mocks' per-body entries are read and checked once a run (emit/mocks/mock-bodies.ts's
 * `lookup`): every operation mocked again asks for its bodies twice (which to draw, then the
 * value), and on Stripe all 457 operations share the error body, whose entry was parsed each time.
 */
import { describe, expect, it } from "vitest";
import { MockBodies } from "../../generator/emit/mocks/mock-bodies.js";
import type { BatchPartStore } from "../../generator/emit/part-store.js";
import type { ApiModel } from "../../generator/model/types.js";

const MODEL = { openapiVersion: "3.0.3", schemas: {}, refTargets: {} } as unknown as ApiModel;

/** A store holding `entries` (kind `mock-body`), counting the lookups of each key. */
function countingStore(entries: Record<string, string>) {
  const lookups = new Map<string, number>();
  const stored = new Map<string, string>();
  const store: BatchPartStore = {
    lookup: (_kind, reads) => {
      lookups.set(reads, (lookups.get(reads) ?? 0) + 1);
      return stored.get(reads) ?? entries[reads];
    },
    store: (_kind, reads, text) => void stored.set(reads, text),
  };
  return { store, lookups };
}

describe("MockBodies.lookup", () => {
  it("reads each entry once a run, and again after it is stored", () => {
    const { store, lookups } = countingStore({
      error: JSON.stringify({ reads: [], value: { error: { message: "x" } } }),
    });
    const bodies = new MockBodies(MODEL, store);
    const first = bodies.lookup("error");
    expect(first).toEqual({ value: { error: { message: "x" } } });
    expect(bodies.lookup("error")).toBe(first);
    expect(bodies.lookup("absent")).toBeUndefined();
    expect(bodies.lookup("absent")).toBeUndefined();
    expect(lookups.get("error")).toBe(1);
    expect(lookups.get("absent")).toBe(1);
    bodies.startDraw();
    bodies.store("absent", { drawn: true });
    expect(bodies.lookup("absent")).toEqual({ value: { drawn: true } });
    expect(lookups.get("absent")).toBe(2);
  });
});
