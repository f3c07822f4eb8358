import { describe, expect, it } from "vitest";
import {
  createMemoryIdempotencyStore,
  isIdempotencyStore,
  type IdempotencyBegin,
  type StoredResponse,
} from "../../../templates/server/stores/idempotency-store.js";
import { createMemoryRateLimitStore } from "../../../templates/server/stores/rate-limiter.js";

const response = (status: number, text: string): StoredResponse => ({
  status,
  headers: { "content-type": "application/json", location: "/things/1" },
  body: new TextEncoder().encode(text),
});

function clockedStore(maxRecords?: number) {
  const clock = { now: 1_000_000 };
  const store = createMemoryIdempotencyStore({
    now: () => clock.now,
    ...(maxRecords === undefined ? {} : { maxRecords }),
  });
  return { clock, store };
}

describe("memory idempotency store", () => {
  it("starts a record once; a second begin sees it running with the first fingerprint", () => {
    const { store } = clockedStore();
    expect(store.begin("id-1", "fp-a", 60_000)).toEqual({ kind: "started" });
    expect(store.begin("id-1", "fp-b", 60_000)).toEqual({
      kind: "in-progress",
      fingerprint: "fp-a",
    });
    expect(store.begin("id-2", "fp-a", 60_000)).toEqual({ kind: "started" });
    expect(store.size).toBe(2);
  });

  it("keeps a completed response for ttlMs, then forgets it", () => {
    const { clock, store } = clockedStore();
    store.begin("id", "fp", 60_000);
    store.complete("id", "fp", response(201, '{"id":1}'), 86_400_000);
    const kept = store.begin("id", "fp-other", 60_000) as Extract<
      IdempotencyBegin,
      { kind: "completed" }
    >;
    expect(kept.kind).toBe("completed");
    expect(kept.fingerprint).toBe("fp");
    expect(kept.response.status).toBe(201);
    expect(kept.response.headers).toEqual({
      "content-type": "application/json",
      location: "/things/1",
    });
    expect(new TextDecoder().decode(kept.response.body ?? new Uint8Array())).toBe('{"id":1}');
    clock.now += 86_400_000 - 1;
    expect(store.begin("id", "fp", 60_000).kind).toBe("completed");
    clock.now += 1;
    expect(store.begin("id", "fp", 60_000)).toEqual({ kind: "started" });
  });

  it("a running record whose lease ran out answers unknown (never started again) until ttlMs", () => {
    const { clock, store } = clockedStore();
    store.begin("id", "fp", 5_000, 60_000);
    clock.now += 4_999;
    expect(store.begin("id", "fp", 5_000).kind).toBe("in-progress");
    clock.now += 1;
    expect(store.begin("id", "fp-2", 5_000)).toEqual({ kind: "unknown", fingerprint: "fp" });
    // abandon does not free it either: its holder is gone.
    clock.now += 50_000;
    expect(store.begin("id", "fp", 5_000).kind).toBe("unknown");
    clock.now += 5_000;
    expect(store.begin("id", "fp", 5_000)).toEqual({ kind: "started" });
  });

  it("renew extends a running record's lease; markUnknown keeps the key unknown for ttlMs", () => {
    const { clock, store } = clockedStore();
    store.begin("id", "fp", 5_000, 60_000);
    for (let i = 0; i < 5; i++) {
      clock.now += 4_000;
      store.renew("id", 5_000);
      expect(store.begin("id", "fp", 5_000).kind).toBe("in-progress");
    }
    store.markUnknown("id", "fp", 30_000);
    store.renew("id", 5_000);
    store.abandon("id");
    expect(store.begin("id", "fp", 5_000)).toEqual({ kind: "unknown", fingerprint: "fp" });
    clock.now += 30_000;
    expect(store.begin("id", "fp", 5_000)).toEqual({ kind: "started" });
  });

  it("abandon drops a running record but never a completed one", () => {
    const { store } = clockedStore();
    store.begin("running", "fp", 60_000);
    store.abandon("running");
    expect(store.begin("running", "fp", 60_000)).toEqual({ kind: "started" });
    store.begin("done", "fp", 60_000);
    store.complete("done", "fp", response(200, "{}"), 60_000);
    store.abandon("done");
    expect(store.begin("done", "fp", 60_000).kind).toBe("completed");
    store.abandon("never-seen");
  });

  it("keeps its own copy of the bytes: changing what it was given or returned changes nothing", () => {
    const { store } = clockedStore();
    const given = response(201, "abc");
    store.begin("id", "fp", 60_000);
    store.complete("id", "fp", given, 60_000);
    (given.body as Uint8Array)[0] = 120;
    const first = store.begin("id", "fp", 60_000) as Extract<
      IdempotencyBegin,
      { kind: "completed" }
    >;
    (first.response.body as Uint8Array)[1] = 120;
    const second = store.begin("id", "fp", 60_000) as Extract<
      IdempotencyBegin,
      { kind: "completed" }
    >;
    expect(new TextDecoder().decode(second.response.body ?? new Uint8Array())).toBe("abc");
  });

  it("is bounded: a flood of distinct keys never holds more than maxRecords", () => {
    const { clock, store } = clockedStore(1_000);
    for (let i = 0; i < 20_000; i++) {
      store.begin(`id-${i}`, "fp", 60_000);
      if (i % 2 === 0) store.complete(`id-${i}`, "fp", response(201, "{}"), 86_400_000);
      clock.now += 1;
      expect(store.size).toBeLessThanOrEqual(1_000);
    }
    // The newest records are the ones kept.
    expect(store.begin("id-19998", "fp", 60_000).kind).toBe("completed");
    expect(store.begin("id-0", "fp", 60_000)).toEqual({ kind: "started" });
  });

  it("sweeps expired records as time passes", () => {
    const { clock, store } = clockedStore();
    for (let i = 0; i < 100; i++) store.begin(`id-${i}`, "fp", 1_000, 2_000);
    expect(store.size).toBe(100);
    clock.now += 61_000;
    store.begin("fresh", "fp", 1_000);
    expect(store.size).toBe(1);
    store.clear();
    expect(store.size).toBe(0);
  });

  it("refuses a maxRecords that is not a whole number ≥ 1", () => {
    expect(() => createMemoryIdempotencyStore({ maxRecords: 0 })).toThrow(/maxRecords.*got 0/);
    expect(() => createMemoryIdempotencyStore({ maxRecords: 1.5 })).toThrow(/whole number/);
  });
});

describe("isIdempotencyStore", () => {
  it("tells an idempotency store from a rate-limit store and from other values", () => {
    expect(isIdempotencyStore(createMemoryIdempotencyStore())).toBe(true);
    expect(isIdempotencyStore(createMemoryRateLimitStore())).toBe(false);
    expect(isIdempotencyStore({ ...createMemoryRateLimitStore(), begin() {}, complete() {} })).toBe(
      false,
    );
    expect(isIdempotencyStore(null)).toBe(false);
    expect(isIdempotencyStore("store")).toBe(false);
  });
});
