/**
 * The values of `npm run serve`'s --clock-offset and --redis-timeout (examples/petstore/serve-options.ts):
 * table-driven, each bad value refused with a sentence saying what is expected.
 */
import { describe, expect, it } from "vitest";
import { parseClockOffset, parseRedisTimeout } from "../../examples/petstore/serve-options.js";

const NOW = Date.UTC(2026, 10, 28, 12, 0, 0);

describe("--clock-offset", () => {
  it.each([
    ["+400d", 400 * 86_400_000],
    ["400d", 400 * 86_400_000],
    ["-90m", -90 * 60_000],
    ["3h", 3 * 3_600_000],
    ["1500ms", 1500],
    ["+0s", 0],
    ["2027-07-01", Date.UTC(2027, 6, 1) - NOW],
    ["2027-07-01T12:00:00Z", Date.UTC(2027, 6, 1, 12) - NOW],
    ["2026-11-28T13:00:00+01:00", 0],
  ])("%s → %d ms", (given, want) => {
    expect(parseClockOffset(given, NOW)).toBe(want);
  });

  it.each(["", "400", "+400 days", "1y", "2027-13-45", "2027-07-01 12:00", "tomorrow"])(
    "refuses %j, saying what is expected",
    (given) => {
      expect(() => parseClockOffset(given, NOW)).toThrow(
        `--clock-offset must be a signed duration such as +400d, -90m, 3h or 1500ms, or a date-time to start at such as 2027-07-01 or 2027-07-01T12:00:00Z (got ${JSON.stringify(given)}).`,
      );
    },
  );
});

describe("--redis-timeout", () => {
  it("takes whole milliseconds from 1 to 60000", () => {
    expect(parseRedisTimeout("1")).toBe(1);
    expect(parseRedisTimeout("250")).toBe(250);
    expect(parseRedisTimeout("60000")).toBe(60_000);
    for (const bad of ["0", "60001", "1.5", "-5", "", "1s"]) {
      expect(() => parseRedisTimeout(bad)).toThrow(
        `--redis-timeout must be a whole number of milliseconds from 1 to 60000 (got ${JSON.stringify(bad)}).`,
      );
    }
  });
});
