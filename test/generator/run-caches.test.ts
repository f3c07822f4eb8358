/**
 * What a run derives once and shares between its emitters (cache/run-caches.ts): made once per
 * object and kind, never shared with another object (an edited model is a new one).
 */
import { describe, expect, it } from "vitest";
import { RunCaches } from "../../generator/cache/run-caches.js";

describe("a run's derived values", () => {
  it("are made once per object and kind, apart for another object or kind", () => {
    const caches = new RunCaches();
    const model = { schemas: {} };
    let made = 0;
    const make = () => ({ index: ++made });
    const first = caches.derived(model, "schema reach", make);
    expect(caches.derived(model, "schema reach", make)).toBe(first);
    expect(made).toBe(1);
    expect(caches.derived(model, "another index", make)).not.toBe(first);
    expect(caches.derived({ schemas: {} }, "schema reach", make)).not.toBe(first);
    expect(made).toBe(3);
    // a value made as undefined is kept too (not made again)
    let undefinedMade = 0;
    caches.derived(model, "nothing", () => void undefinedMade++);
    caches.derived(model, "nothing", () => void undefinedMade++);
    expect(undefinedMade).toBe(1);
    expect(new RunCaches().derived(model, "schema reach", make)).not.toBe(first);
  });
});
