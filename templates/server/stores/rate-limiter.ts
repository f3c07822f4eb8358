// Runtime template of the pet store contract toolchain: copied verbatim into generated/runtime/. Edit it in templates/, never in generated/.
/**
 * Rate limiting per API key and plan.
 *
 * Algorithm: fixed windows. Two windows apply at once, a minute aligned to the Unix minute and a
 * day aligned to UTC midnight; a request passes only while both have quota left, and a request
 * that passes counts in both. Rejected requests (429) consume no quota.
 *
 * Headers (as the spec says): `X-RateLimit-Limit`/`-Remaining`/`-Reset` report the window closest
 * to exhaustion, i.e. the lowest remaining count, the minute on a tie (even when both are at 0).
 * `Reset` is the end of that window in Unix seconds. A 429 `rate_limited` has `Retry-After` =
 * whole seconds (at least 1) until the exceeded window resets (the day's end when the day is
 * exhausted, whichever window the headers report).
 *
 * Ban: the first 429 starts a "limited" episode that lasts until the exceeded window resets. The
 * `ban.afterRejectedRequests`-th request sent after that first 429 within the episode bans the key
 * for `ban.durationSeconds`; it and every request during the ban are answered 429 `key_banned`
 * with `Retry-After` = seconds until the ban ends, `X-RateLimit-Remaining: 0` and
 * `X-RateLimit-Reset` = the end of the ban. The ban neither consumes nor resets quota.
 *
 * Stores: {@link applyRateLimitHit} is the whole algorithm over one {@link RateLimitRecord}; a
 * store keeps one record per id and applies hits to it atomically. A shared store (e.g. Redis)
 * implements {@link RateLimitStore} by running the same function in a transaction
 * (WATCH/MULTI on a hash, or a port of it to a Lua script); ids never contain a raw key.
 */

export interface RateLimits {
  readonly perMinute: number;
  readonly perDay: number;
}

export interface BanPolicy {
  readonly afterRejectedRequests: number;
  readonly durationSeconds: number;
}

export interface RateLimitHit {
  /** Milliseconds since the Unix epoch. */
  readonly now: number;
  readonly limits: RateLimits;
  readonly ban?: BanPolicy | undefined;
}

export interface RateLimitOutcome {
  readonly status: "allowed" | "limited" | "banned";
  /** The window the headers report. */
  readonly window: "minute" | "day";
  /** `X-RateLimit-Limit`. */
  readonly limit: number;
  /** `X-RateLimit-Remaining` (after this request). */
  readonly remaining: number;
  /** `X-RateLimit-Reset`: Unix seconds. */
  readonly reset: number;
  /** `Retry-After` in seconds (≥ 1) for `limited` and `banned`; 0 for `allowed`. */
  readonly retryAfter: number;
}

/** What a store keeps per id (plain numbers, so it serializes as a hash or JSON). */
export interface RateLimitRecord {
  minuteStart: number;
  minuteCount: number;
  dayStart: number;
  dayCount: number;
  /** End of the exceeded window of the current limited episode (0: not limited). */
  limitedUntil: number;
  /** Requests sent in the current limited episode after its first 429. */
  rejectedWhileLimited: number;
  /** End of the ban (0: not banned). */
  bannedUntil: number;
}

/** A store of rate-limit records. Methods may answer synchronously or with a promise. */
export interface RateLimitStore {
  /** Atomically applies one request of `id` to its record (see {@link applyRateLimitHit}). */
  hit(id: string, hit: RateLimitHit): RateLimitOutcome | Promise<RateLimitOutcome>;
}

export const MINUTE_MS = 60_000;
export const DAY_MS = 86_400_000;

export function newRateLimitRecord(): RateLimitRecord {
  return {
    minuteStart: 0,
    minuteCount: 0,
    dayStart: 0,
    dayCount: 0,
    limitedUntil: 0,
    rejectedWhileLimited: 0,
    bannedUntil: 0,
  };
}

function secondsUntil(end: number, now: number): number {
  return Math.max(1, Math.ceil((end - now) / 1000));
}

/** The answer to a banned key, reported against the day's window or the minute's. */
function banned(record: RateLimitRecord, hit: RateLimitHit, reportDay: boolean): RateLimitOutcome {
  return {
    status: "banned",
    window: reportDay ? "day" : "minute",
    limit: reportDay ? hit.limits.perDay : hit.limits.perMinute,
    remaining: 0,
    reset: Math.ceil(record.bannedUntil / 1000),
    retryAfter: secondsUntil(record.bannedUntil, hit.now),
  };
}

/** The whole algorithm: updates `record` in place for one request and says how to answer it. */
export function applyRateLimitHit(record: RateLimitRecord, hit: RateLimitHit): RateLimitOutcome {
  const { now, limits, ban } = hit;
  const minuteStart = now - (now % MINUTE_MS);
  const dayStart = now - (now % DAY_MS);
  if (record.minuteStart !== minuteStart) {
    record.minuteStart = minuteStart;
    record.minuteCount = 0;
  }
  if (record.dayStart !== dayStart) {
    record.dayStart = dayStart;
    record.dayCount = 0;
  }
  const minuteEnd = minuteStart + MINUTE_MS;
  const dayEnd = dayStart + DAY_MS;

  if (record.bannedUntil > now) {
    const reportDay =
      Math.max(0, limits.perDay - record.dayCount) <
      Math.max(0, limits.perMinute - record.minuteCount);
    return banned(record, hit, reportDay);
  }

  const dayExceeded = record.dayCount >= limits.perDay;
  if (dayExceeded || record.minuteCount >= limits.perMinute) {
    const until = dayExceeded ? dayEnd : minuteEnd;
    if (record.limitedUntil > now) {
      record.rejectedWhileLimited += 1;
      if (ban !== undefined && record.rejectedWhileLimited >= ban.afterRejectedRequests) {
        record.bannedUntil = now + ban.durationSeconds * 1000;
        record.limitedUntil = 0;
        record.rejectedWhileLimited = 0;
        return banned(record, hit, dayExceeded);
      }
    } else {
      record.rejectedWhileLimited = 0;
    }
    record.limitedUntil = until;
    // Both remaining counts may be 0: a tie, reported as the minute.
    const reportDay = dayExceeded && record.minuteCount < limits.perMinute;
    return {
      status: "limited",
      window: reportDay ? "day" : "minute",
      limit: reportDay ? limits.perDay : limits.perMinute,
      remaining: 0,
      reset: reportDay ? dayEnd / 1000 : minuteEnd / 1000,
      retryAfter: secondsUntil(until, now),
    };
  }

  record.minuteCount += 1;
  record.dayCount += 1;
  record.limitedUntil = 0;
  record.rejectedWhileLimited = 0;
  const minuteRemaining = limits.perMinute - record.minuteCount;
  const dayRemaining = limits.perDay - record.dayCount;
  const reportDay = dayRemaining < minuteRemaining;
  return reportDay
    ? {
        status: "allowed",
        window: "day",
        limit: limits.perDay,
        remaining: dayRemaining,
        reset: dayEnd / 1000,
        retryAfter: 0,
      }
    : {
        status: "allowed",
        window: "minute",
        limit: limits.perMinute,
        remaining: minuteRemaining,
        reset: minuteEnd / 1000,
        retryAfter: 0,
      };
}

export interface MemoryRateLimitStore extends RateLimitStore {
  /** Answers synchronously. */
  hit(id: string, hit: RateLimitHit): RateLimitOutcome;
  /** Records held (ids seen whose windows or ban have not all expired yet). */
  readonly size: number;
  clear(): void;
}

export interface MemoryRateLimitStoreOptions {
  /**
   * Most records kept (default {@link DEFAULT_MAX_RATE_LIMIT_RECORDS}), so a flood of distinct
   * keys cannot grow memory without limit. See {@link createMemoryRateLimitStore} for what is
   * evicted first.
   */
  readonly maxRecords?: number;
}

/** About 350 bytes of heap per record (measured): some 35 MB at the cap. */
export const DEFAULT_MAX_RATE_LIMIT_RECORDS = 100_000;

/**
 * The default store: records in a Map, in this process only.
 *
 * Housekeeping: expired records (day over and no ban) are swept at most once a minute, during a
 * hit. When a new id would pass `maxRecords`, a tenth of the cap is evicted at once (so evictions
 * are rare and cost O(1) per hit on average), oldest first and safest first: expired records,
 * then records idle in the current minute and neither limited nor banned (evicting them forgets
 * only their day count), then active unrestricted ones, and banned or limited ones only if
 * nothing else is left. An evicted id starts again from a fresh record.
 */
export function createMemoryRateLimitStore(
  options: MemoryRateLimitStoreOptions = {},
): MemoryRateLimitStore {
  const maxRecords = options.maxRecords ?? DEFAULT_MAX_RATE_LIMIT_RECORDS;
  if (!Number.isSafeInteger(maxRecords) || maxRecords < 1) {
    throw new Error(`maxRecords must be a whole number ≥ 1 (got ${String(maxRecords)})`);
  }
  const evictDownTo = maxRecords - Math.max(1, Math.floor(maxRecords / 10));
  const records = new Map<string, RateLimitRecord>();
  let nextSweep = 0;

  function sweep(now: number): void {
    for (const [id, record] of records) {
      if (record.dayStart + DAY_MS <= now && record.bannedUntil <= now) records.delete(id);
    }
  }

  /** Eviction passes, safest first (each keeps insertion order: oldest first). */
  const evictable: readonly ((record: RateLimitRecord, now: number) => boolean)[] = [
    (record, now) => record.dayStart + DAY_MS <= now && record.bannedUntil <= now,
    (record, now) =>
      record.minuteStart + MINUTE_MS <= now &&
      record.limitedUntil <= now &&
      record.bannedUntil <= now,
    (record, now) => record.limitedUntil <= now && record.bannedUntil <= now,
    () => true,
  ];

  function evict(now: number): void {
    for (const canEvict of evictable) {
      for (const [id, record] of records) {
        if (records.size <= evictDownTo) return;
        if (canEvict(record, now)) records.delete(id);
      }
    }
  }

  return {
    hit(id, hit) {
      if (hit.now >= nextSweep) {
        nextSweep = hit.now + MINUTE_MS;
        sweep(hit.now);
      }
      let record = records.get(id);
      if (record === undefined) {
        if (records.size >= maxRecords) evict(hit.now);
        record = newRateLimitRecord();
        records.set(id, record);
      }
      return applyRateLimitHit(record, hit);
    },
    get size() {
      return records.size;
    },
    clear() {
      records.clear();
    },
  };
}

/** Checks limits from the spec or the options: whole numbers ≥ 0. */
export function checkRateLimits(limits: RateLimits, where: string): RateLimits {
  for (const field of ["perMinute", "perDay"] as const) {
    const value = limits[field];
    if (!Number.isSafeInteger(value) || value < 0) {
      throw new Error(`${where}: ${field} must be a whole number ≥ 0 (got ${String(value)})`);
    }
  }
  return { perMinute: limits.perMinute, perDay: limits.perDay };
}
