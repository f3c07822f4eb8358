/**
 * The memory store is bounded: 1,000,000 distinct keys leave the heap flat once the cap is
 * reached. Measured in child processes (`--expose-gc`, heap after a full GC), with the uncapped
 * store as the control that shows the bound would fail without the cap.
 */
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { DEFAULT_MAX_RATE_LIMIT_RECORDS } from "../../../templates/server/stores/rate-limiter.js";

const CHILD = join(import.meta.dirname, "children/memory-store-heap.ts");
const MB = 1024 * 1024;

interface Checkpoint {
  readonly ids: number;
  readonly heapBytes: number;
  readonly size: number;
}

function measure(cap: string, total: number): Checkpoint[] {
  const result = spawnSync(
    process.execPath,
    ["--expose-gc", "--max-old-space-size=1024", "--import", "tsx", CHILD, cap, String(total)],
    { encoding: "utf8", timeout: 120_000 },
  );
  if (result.status !== 0) throw new Error(`child failed: ${result.stderr}`);
  return JSON.parse(result.stdout.trim().split("\n").at(-1) ?? "[]") as Checkpoint[];
}

describe("memory rate-limit store bound", () => {
  it("keeps the heap flat over 1,000,000 distinct keys (default cap), unlike an uncapped store", () => {
    const capped = measure("default", 1_000_000);
    const uncapped = measure(String(Number.MAX_SAFE_INTEGER), 1_000_000);
    // From the checkpoint where the cap was first full (200,000 ids) to the end.
    const growth = (points: Checkpoint[]) => (points.at(-1)!.heapBytes - points[1]!.heapBytes) / MB;
    for (const point of capped)
      expect(point.size).toBeLessThanOrEqual(DEFAULT_MAX_RATE_LIMIT_RECORDS);
    expect(growth(capped)).toBeLessThan(8);
    expect(uncapped.at(-1)!.size).toBe(1_000_000);
    expect(growth(uncapped)).toBeGreaterThan(8 * 4);
  }, 240_000);
});
