/**
 * The manifest staged in a later tick of the file system's clock than the files before it
 * (generator/write/known-hashes.ts `stagedAfter`), on a file system whose clock has not moved on:
 * staged again until its time is past theirs, and never waiting without bound.
 */
import { mkdtempSync, rmSync, statSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { stagedAfter } from "../../generator/write/known-hashes.js";

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "staged-after-"));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** The time files get from a clock stuck at `seconds` for `stuck` stagings, then a second later. */
function stagingWithClock(path: string, seconds: number, stuck: number) {
  let calls = 0;
  const stage = () => {
    writeFileSync(path, "{}");
    const at = calls < stuck ? seconds : seconds + 1;
    utimesSync(path, at, at);
    calls++;
  };
  return { stage, calls: () => calls };
}

describe("stagedAfter", () => {
  it("stages the file again until its time is past the newest file's", () => {
    const path = join(dir, "manifest.json");
    const newest = BigInt(1_700_000_000) * 1_000_000_000n;
    const clock = stagingWithClock(path, 1_700_000_000, 3);
    stagedAfter(path, newest, clock.stage);
    expect(clock.calls()).toBe(4);
    expect(statSync(path, { bigint: true }).mtimeNs).toBeGreaterThan(newest);
  });

  it("stages once when the time is past already", () => {
    const path = join(dir, "manifest.json");
    const clock = stagingWithClock(path, 1_700_000_000, 0);
    stagedAfter(path, BigInt(1_700_000_000) * 1_000_000_000n, clock.stage);
    expect(clock.calls()).toBe(1);
  });

  it("gives up after a bounded wait when the clock never moves on", () => {
    const path = join(dir, "manifest.json");
    const clock = stagingWithClock(path, 1_700_000_000, Number.POSITIVE_INFINITY);
    stagedAfter(path, BigInt(1_700_000_000) * 1_000_000_000n, clock.stage);
    expect(clock.calls(), "the first staging and one per millisecond waited, 50 at most").toBe(51);
  });
});
