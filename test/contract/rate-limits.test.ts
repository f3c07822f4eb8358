/**
 * Rate limits over real HTTP with a fake server clock (the runtime's `now` option): for each plan
 * exactly the allowed number of requests passes per minute and the next gets 429; the headers count
 * down and report the window closest to exhaustion; `Retry-After` is right; the day window; the
 * ban starts after `x-rate-limits.ban.afterRejectedRequests` (5) more requests while limited,
 * answers `429 key_banned`, is not extended by requests during it and ends after
 * `durationSeconds` (900 s); unauthenticated traffic is counted too.
 *
 * Expected headers come from a model of the spec's rules written here, not from the runtime.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { PetStoreClient } from "../../generated/client.js";
import type { DemoKey } from "../../examples/petstore/index.js";
import { expectError, startContractServer, type ContractServer } from "./harness.js";

const MINUTE = 60_000;
const DAY = 86_400_000;
/** 2026-07-01T00:00:00Z: a UTC midnight, so minute and day windows start together. */
const MIDNIGHT = Date.UTC(2026, 6, 1);

const PLAN_LIMITS = {
  free: { perMinute: 60, perDay: 1_000 },
  pro: { perMinute: 300, perDay: 10_000 },
  business: { perMinute: 1_000, perDay: 100_000 },
} as const;
/** Configured (the spec leaves enterprise limits to configuration). */
const ENTERPRISE = { perMinute: 120, perDay: 50_000 };
const TINY = { perMinute: 2, perDay: 1_000 };
const TIE = { perMinute: 5, perDay: 10 };

function extraKey(key: string, plan: string): DemoKey {
  return { key, plan, caller: { name: key, plan } };
}

let h: ContractServer;
let checkedFrom = 0;

beforeAll(async () => {
  h = await startContractServer({
    fakeClock: MIDNIGHT,
    planLimits: { enterprise: ENTERPRISE, tiny: TINY, tie: TIE },
    extraKeys: [
      extraKey("free-day-window", "free"),
      extraKey("tiny-ban", "tiny"),
      extraKey("tiny-no-ban", "tiny"),
      extraKey("tiny-other", "tiny"),
      extraKey("tie-key", "tie"),
    ],
  });
});

afterAll(async () => {
  await h.close();
});

beforeEach(() => {
  checkedFrom = h.log.exchanges.length;
});

afterEach(() => {
  expect(h.log.exchanges.slice(checkedFrom).flatMap((exchange) => exchange.violations)).toEqual([]);
  expect(h.serverErrors).toEqual([]);
});

interface Limits {
  readonly perMinute: number;
  readonly perDay: number;
}

/**
 * The spec's header rule: report the window with the lowest remaining count (ties → the minute);
 * `Reset` is that window's end in Unix seconds.
 */
function expectedHeaders(limits: Limits, minuteUsed: number, dayUsed: number, now: number) {
  const minuteRemaining = limits.perMinute - minuteUsed;
  const dayRemaining = limits.perDay - dayUsed;
  const minuteEnd = now - (now % MINUTE) + MINUTE;
  const dayEnd = now - (now % DAY) + DAY;
  return dayRemaining < minuteRemaining
    ? {
        limit: String(limits.perDay),
        remaining: String(dayRemaining),
        reset: String(dayEnd / 1000),
      }
    : {
        limit: String(limits.perMinute),
        remaining: String(minuteRemaining),
        reset: String(minuteEnd / 1000),
      };
}

function headersOf(response: Response) {
  return {
    limit: response.headers.get("x-ratelimit-limit"),
    remaining: response.headers.get("x-ratelimit-remaining"),
    reset: response.headers.get("x-ratelimit-reset"),
  };
}

/**
 * A client whose every call reaches the server: no retry, and a new client per call (one client
 * holds its calls after a 429 or `X-RateLimit-Remaining: 0`, as it should; these tests are about
 * what the server answers when a client does not).
 */
function noRetryClient(apiKey: string | null): PetStoreClient {
  return new Proxy({} as PetStoreClient, {
    get: (_target, name) => (init?: unknown) => {
      const client =
        apiKey === null
          ? h.client({ plan: null, retry: false })
          : h.client({ apiKey, retry: false });
      return (Reflect.get(client, name) as (init?: unknown) => unknown)(init);
    },
  });
}

/** Cheap calls of a few kinds: every request counts, whatever it answers (200 or 404). */
function callNumber(client: PetStoreClient, i: number): Promise<{ response: Response }> {
  switch (i % 3) {
    case 0:
      return client.getInventory();
    case 1:
      return client.getPetById({ path: { petId: 999 } });
    default:
      return client.listPets({ query: { limit: 1 } });
  }
}

describe("per-minute limits for each plan", () => {
  const plans: Array<[string, Limits]> = [
    ["free", PLAN_LIMITS.free],
    ["pro", PLAN_LIMITS.pro],
    ["business", PLAN_LIMITS.business],
    ["enterprise (configured)", ENTERPRISE],
  ];

  it.each(plans)(
    "%s: exactly perMinute requests pass, Remaining counts down, then 429 with the right Retry-After",
    async (name, limits) => {
      const plan = name.split(" ")[0] as string;
      const client = noRetryClient(h.key(plan));
      // A fresh minute, 5 s in, on a day of its own for this plan.
      const dayIndex = plans.findIndex(([candidate]) => candidate === name) + 1;
      const minuteStart = MIDNIGHT + dayIndex * DAY + 10 * MINUTE;
      h.clock = minuteStart + 5_000;

      const mismatches: string[] = [];
      for (let i = 1; i <= limits.perMinute; i++) {
        const { response } = await callNumber(client, i);
        const expected = { ...expectedHeaders(limits, i, i, h.clock) };
        const actual = headersOf(response);
        if (response.status === 429 || JSON.stringify(actual) !== JSON.stringify(expected)) {
          mismatches.push(
            `request ${i}: ${response.status} ${JSON.stringify(actual)} expected ${JSON.stringify(expected)}`,
          );
          if (mismatches.length > 5) break;
        }
      }
      expect(mismatches).toEqual([]);

      h.clock = minuteStart + 17_250;
      const limited = await client.getInventory();
      expectError(limited, 429, "rate_limited");
      expect(limited.response.headers.get("retry-after")).toBe("43"); // ceil(42.75 s) to the minute's end
      expect(headersOf(limited.response)).toEqual({
        limit: String(limits.perMinute),
        remaining: "0",
        reset: String((minuteStart + MINUTE) / 1000),
      });

      h.clock = minuteStart + MINUTE - 1;
      const lastMillisecond = await client.getInventory();
      expectError(lastMillisecond, 429, "rate_limited");
      expect(lastMillisecond.response.headers.get("retry-after")).toBe("1");

      // The next minute: quota again; the two 429s used none of the day's quota.
      h.clock = minuteStart + MINUTE;
      const next = await client.getInventory();
      expect(next.response.status).toBe(200);
      expect(headersOf(next.response)).toEqual(
        expectedHeaders(limits, 1, limits.perMinute + 1, h.clock),
      );
    },
  );

  it("a configured plan can lower a spec plan too: the headers report the configured limits", () => {
    expect(h.server.planLimits["enterprise"]).toEqual(ENTERPRISE);
  });
});

describe("the day window", () => {
  it("free: 1,000 requests a day across minutes; the headers switch to the day when it is closer to exhaustion; 429 until UTC midnight", async () => {
    const limits = PLAN_LIMITS.free;
    const client = noRetryClient("free-day-window");
    const day = MIDNIGHT + 10 * DAY;
    let dayUsed = 0;
    const mismatches: string[] = [];
    let reportedDay = 0;
    for (let minute = 0; dayUsed < limits.perDay; minute++) {
      h.clock = day + minute * MINUTE + 1_000;
      for (let used = 1; used <= limits.perMinute && dayUsed < limits.perDay; used++) {
        dayUsed++;
        const { response } = await callNumber(client, dayUsed);
        const expected = expectedHeaders(limits, used, dayUsed, h.clock);
        if (expected.limit === String(limits.perDay)) reportedDay++;
        const actual = headersOf(response);
        if (response.status !== 200 && response.status !== 404)
          mismatches.push(`request ${dayUsed}: status ${response.status}`);
        if (JSON.stringify(actual) !== JSON.stringify(expected)) {
          mismatches.push(
            `request ${dayUsed}: ${JSON.stringify(actual)} expected ${JSON.stringify(expected)}`,
          );
        }
        if (mismatches.length > 5) break;
      }
      if (mismatches.length > 5) break;
    }
    expect(mismatches).toEqual([]);
    expect(reportedDay).toBeGreaterThan(0); // the last 40 requests report the day window

    // Minute 16 has 20 requests left, the day none: 429, the day reported, Retry-After to midnight.
    h.clock = day + 16 * MINUTE + 30_000;
    const limited = await client.listPets();
    expectError(limited, 429, "rate_limited");
    expect(headersOf(limited.response)).toEqual({
      limit: "1000",
      remaining: "0",
      reset: String((day + DAY) / 1000),
    });
    expect(limited.response.headers.get("retry-after")).toBe(
      String(Math.ceil((day + DAY - h.clock) / 1000)),
    );

    // A new minute does not help...
    h.clock = day + 20 * MINUTE;
    const stillLimited = await client.listPets();
    expectError(stillLimited, 429, "rate_limited");
    expect(stillLimited.response.headers.get("retry-after")).toBe(
      String((DAY - 20 * MINUTE) / 1000),
    );

    // ...the next UTC day does.
    h.clock = day + DAY + 500;
    const nextDay = await client.listPets();
    expect(nextDay.response.status).toBe(200);
    expect(headersOf(nextDay.response)).toEqual(expectedHeaders(limits, 1, 1, h.clock));
  });

  it("when both windows are exhausted at once (a tie) the minute is reported, and Retry-After waits for the day", async () => {
    const client = noRetryClient("tie-key");
    const day = MIDNIGHT + 20 * DAY;
    h.clock = day + 1_000;
    for (let i = 1; i <= 5; i++) expect((await client.getInventory()).response.status).toBe(200);
    h.clock = day + MINUTE + 1_000;
    let last: Response | undefined;
    for (let i = 1; i <= 5; i++) {
      last = (await client.getInventory()).response;
      expect(last.status).toBe(200);
    }
    // 0 left in both: a tie → the minute window.
    expect(headersOf(last as Response)).toEqual({
      limit: "5",
      remaining: "0",
      reset: String((day + 2 * MINUTE) / 1000),
    });
    const limited = await client.getInventory();
    expectError(limited, 429, "rate_limited");
    expect(headersOf(limited.response)).toEqual({
      limit: "5",
      remaining: "0",
      reset: String((day + 2 * MINUTE) / 1000),
    });
    // "Retry-After ... until a request can succeed": the day's end, not the minute's.
    expect(limited.response.headers.get("retry-after")).toBe(String((DAY - MINUTE - 1_000) / 1000));
  });
});

describe("the ban", () => {
  it("5 more requests before Retry-After elapses ban the key for 900 s; requests during the ban neither extend it nor count", async () => {
    const client = noRetryClient("tiny-ban");
    const minuteStart = MIDNIGHT + 30 * DAY + 7 * MINUTE;
    h.clock = minuteStart + 10_000;
    for (let i = 0; i < TINY.perMinute; i++)
      expect((await client.getInventory()).response.status).toBe(200);

    const first = await client.getInventory();
    expectError(first, 429, "rate_limited");
    expect(first.response.headers.get("retry-after")).toBe("50");
    const answers: string[] = [];
    for (let more = 1; more <= 5; more++) {
      h.clock += 1_000;
      const result = await client.getInventory();
      answers.push(
        `${(result.error as { code?: string } | undefined)?.code} ${result.response.headers.get("retry-after")}`,
      );
    }
    expect(answers).toEqual([
      "rate_limited 49",
      "rate_limited 48",
      "rate_limited 47",
      "rate_limited 46",
      "key_banned 900",
    ]);
    const banStart = h.clock;
    const banEnd = banStart + 900_000;

    // During the ban, even in later minutes with quota: 429 key_banned, the same end.
    for (const at of [
      banStart + 1,
      banStart + 3 * MINUTE,
      banEnd - 1_000,
      banEnd - 1_000,
      banEnd - 1_000,
      banEnd - 1,
    ]) {
      h.clock = at;
      const banned = await client.listPets();
      expectError(banned, 429, "key_banned");
      expect(banned.response.headers.get("retry-after")).toBe(
        String(Math.max(1, Math.ceil((banEnd - at) / 1000))),
      );
      expect(headersOf(banned.response)).toMatchObject({
        remaining: "0",
        reset: String(Math.ceil(banEnd / 1000)),
      });
    }

    // Other keys of the same plan are not affected.
    expect((await noRetryClient("tiny-other").getInventory()).response.status).toBe(200);

    // The ban ends on time; the 3 requests made in this minute while banned used no quota.
    h.clock = banEnd;
    const after = await client.listPets();
    expect(after.response.status).toBe(200);
    expect(headersOf(after.response).remaining).toBe(String(TINY.perMinute - 1));
  });

  it("4 more requests are not enough, and waiting out Retry-After starts the count again", async () => {
    const client = noRetryClient("tiny-no-ban");
    const minuteStart = MIDNIGHT + 31 * DAY;
    h.clock = minuteStart + 1_000;
    for (let i = 0; i < TINY.perMinute; i++) await client.getInventory();
    const codes: string[] = [];
    for (let i = 0; i < 5; i++)
      codes.push(
        String(((await client.getInventory()).error as { code?: string } | undefined)?.code),
      );
    expect(codes).toEqual(Array(5).fill("rate_limited")); // the first 429 and 4 more

    h.clock = minuteStart + MINUTE; // Retry-After elapsed
    for (let i = 0; i < TINY.perMinute; i++)
      expect((await client.getInventory()).response.status).toBe(200);
    const again: string[] = [];
    for (let i = 0; i < 6; i++)
      again.push(
        String(((await client.getInventory()).error as { code?: string } | undefined)?.code),
      );
    expect(again).toEqual([...Array(5).fill("rate_limited"), "key_banned"]);
  });
});

describe("unauthenticated traffic", () => {
  it("is counted under the free plan per client address (missing and invented keys share it): 401s count down, then 429", async () => {
    const anonymous = noRetryClient(null);
    const minuteStart = MIDNIGHT + 40 * DAY;
    h.clock = minuteStart + 2_000;
    const remaining: string[] = [];
    for (let i = 1; i <= PLAN_LIMITS.free.perMinute; i++) {
      // Every request brings a new invented key, or none: all count against 127.0.0.1.
      const client =
        i % 2 === 0
          ? h.client({ plan: null, apiKey: `pk_free_invented_${i}`, retry: false })
          : anonymous;
      const result = await client.listPets();
      expectError(result, 401, "unauthorized");
      expect(result.response.headers.get("x-ratelimit-limit")).toBe("60");
      remaining.push(result.response.headers.get("x-ratelimit-remaining") ?? "");
    }
    expect(remaining).toEqual(Array.from({ length: 60 }, (_, i) => String(59 - i)));
    expectError(await anonymous.getInventory(), 429, "rate_limited");
    // Yet another invented key does not get a fresh counter.
    const unknown = h.client({ plan: null, apiKey: "pk_free_unknown", retry: false });
    expectError(await unknown.listPets(), 429, "rate_limited");
    // A valid key has its own counter.
    expect((await noRetryClient(h.key("free")).getInventory()).response.status).toBe(200);
  });
});
