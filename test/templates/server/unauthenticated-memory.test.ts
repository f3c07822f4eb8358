/**
 * Invented API keys cannot grow memory: 130,000 requests, each with a distinct made-up key (all
 * 401), from one client address leave one rate-limit counter and a flat heap, because requests
 * without a valid key are counted per client address, not per presented key. Measured in child
 * processes (`--expose-gc`, heap after a full GC) through the generated pet store handler; the
 * control gives each request its own address, which grows as per-key counters used to.
 */
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const CHILD = join(import.meta.dirname, "children/invented-keys-heap.ts");
const MB = 1024 * 1024;
const REQUESTS = 130_000;

interface Checkpoint {
  readonly requests: number;
  readonly heapBytes: number;
  readonly size: number;
}

function measure(mode: "address" | "per-request-address"): Checkpoint[] {
  const result = spawnSync(
    process.execPath,
    ["--expose-gc", "--max-old-space-size=512", "--import", "tsx", CHILD, mode, String(REQUESTS)],
    { encoding: "utf8", timeout: 120_000 },
  );
  if (result.status !== 0) throw new Error(`child failed: ${result.stderr}`);
  return JSON.parse(result.stdout.trim().split("\n").at(-1) ?? "[]") as Checkpoint[];
}

describe("unauthenticated traffic and memory", () => {
  it("130,000 distinct invented keys from one address: one counter, flat heap (unlike one counter per request)", () => {
    const flat = measure("address");
    const control = measure("per-request-address");
    // From the first checkpoint (13,000 requests, everything warmed up) to the last.
    const growth = (points: Checkpoint[]) => (points.at(-1)!.heapBytes - points[0]!.heapBytes) / MB;
    expect(flat).toHaveLength(10);
    for (const point of flat) expect(point.size).toBe(1);
    expect(growth(flat)).toBeLessThan(2);
    expect(control.at(-1)!.size).toBeGreaterThan(90_000);
    expect(growth(control)).toBeGreaterThan(10);
  }, 240_000);
});
