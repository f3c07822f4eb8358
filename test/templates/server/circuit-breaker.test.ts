/**
 * The circuit breaker in front of a shared store (circuit-breaker.ts), on real timers with a
 * health probe whose answer the test controls.
 */
import { describe, expect, it } from "vitest";
import { createCircuitBreaker } from "../../../templates/server/stores/circuit-breaker.js";

function breaker(failureThreshold = 3) {
  const events: string[] = [];
  let healthy = false;
  let probes = 0;
  const created = createCircuitBreaker({
    failureThreshold,
    probeIntervalMs: 20,
    probe: async () => {
      probes += 1;
      if (!healthy) throw new Error("still down");
    },
    onOpen: (error) => events.push(`open: ${(error as Error).message}`),
    onClose: () => events.push("close"),
  });
  return {
    created,
    events,
    heal: () => (healthy = true),
    probes: () => probes,
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("circuit breaker", () => {
  it("opens only after failureThreshold failures in a row: a success in between starts the count again", () => {
    const { created, events } = breaker(3);
    created.failed(new Error("slow 1"));
    created.failed(new Error("slow 2"));
    created.succeeded();
    created.failed(new Error("slow 3"));
    created.failed(new Error("slow 4"));
    expect(created.open).toBe(false);
    created.failed(new Error("slow 5"));
    expect(created.open).toBe(true);
    expect(events).toEqual(["open: slow 5"]);
    created.dispose();
  });

  it("trip opens at once (the connection closed); it stays open while the probe fails, and closes on its first success", async () => {
    const { created, events, heal, probes } = breaker();
    created.trip(new Error("connection closed"));
    created.trip(new Error("again"));
    expect(created.open).toBe(true);
    await sleep(100);
    expect(created.open).toBe(true);
    expect(probes()).toBeGreaterThanOrEqual(2);
    heal();
    await sleep(60);
    expect(created.open).toBe(false);
    expect(events).toEqual(["open: connection closed", "close"]);
    // Closed again: failures count from zero.
    created.failed(new Error("one"));
    expect(created.open).toBe(false);
    created.dispose();
  });

  it("stops probing once disposed", async () => {
    const { created, probes } = breaker();
    created.trip(new Error("down"));
    created.dispose();
    const before = probes();
    await sleep(80);
    expect(probes()).toBe(before);
  });
});
