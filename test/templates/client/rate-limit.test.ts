import { describe, expect, it } from "vitest";
import { parseRateLimit, parseRetryAfter } from "../../../templates/client/index.js";

describe("parseRateLimit", () => {
  it("parses the three X-RateLimit headers (reset in Unix seconds)", () => {
    const headers = new Headers({
      "X-RateLimit-Limit": "100",
      "X-RateLimit-Remaining": "42",
      "X-RateLimit-Reset": "1767225600",
    });
    expect(parseRateLimit(headers)).toEqual({ limit: 100, remaining: 42, reset: 1767225600 });
  });

  it("accepts zero remaining and surrounding whitespace", () => {
    const headers = new Headers({
      "x-ratelimit-limit": " 10 ",
      "x-ratelimit-remaining": "0",
      "x-ratelimit-reset": "5",
    });
    expect(parseRateLimit(headers)).toEqual({ limit: 10, remaining: 0, reset: 5 });
  });

  it("returns undefined when no header is present", () => {
    expect(parseRateLimit(new Headers())).toBeUndefined();
  });

  it.each([["X-RateLimit-Limit"], ["X-RateLimit-Remaining"], ["X-RateLimit-Reset"]])(
    "returns undefined when %s is missing",
    (missing) => {
      const headers = new Headers({
        "X-RateLimit-Limit": "100",
        "X-RateLimit-Remaining": "1",
        "X-RateLimit-Reset": "1767225600",
      });
      headers.delete(missing);
      expect(parseRateLimit(headers)).toBeUndefined();
    },
  );

  it.each(["", "abc", "-1", "1.5", "1e3", "12 apples"])(
    "returns undefined for an invalid value %j",
    (bad) => {
      const headers = new Headers({
        "X-RateLimit-Limit": "100",
        "X-RateLimit-Remaining": bad,
        "X-RateLimit-Reset": "1767225600",
      });
      expect(parseRateLimit(headers)).toBeUndefined();
    },
  );
});

describe("parseRetryAfter", () => {
  const now = Date.UTC(2025, 0, 1, 12, 0, 0);

  it("parses delta-seconds into milliseconds", () => {
    expect(parseRetryAfter("120", now)).toBe(120_000);
    expect(parseRetryAfter("0", now)).toBe(0);
    expect(parseRetryAfter(" 3 ", now)).toBe(3000);
  });

  it("parses an HTTP-date relative to now", () => {
    expect(parseRetryAfter("Wed, 01 Jan 2025 12:00:30 GMT", now)).toBe(30_000);
    expect(parseRetryAfter(new Date(now + 90_000).toUTCString(), now)).toBe(90_000);
  });

  it("gives 0 for an HTTP-date in the past", () => {
    expect(parseRetryAfter("Wed, 01 Jan 2025 11:59:00 GMT", now)).toBe(0);
  });

  it("returns undefined when absent or unparsable", () => {
    expect(parseRetryAfter(null, now)).toBeUndefined();
    expect(parseRetryAfter(undefined, now)).toBeUndefined();
    expect(parseRetryAfter("soon", now)).toBeUndefined();
    expect(parseRetryAfter("-5", now)).toBeUndefined();
    expect(parseRetryAfter("", now)).toBeUndefined();
  });
});
