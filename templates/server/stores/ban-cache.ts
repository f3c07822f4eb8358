// Runtime template of the pet store contract toolchain: copied verbatim into generated/runtime/. Edit it in templates/, never in generated/.
/**
 * The bans a shared rate-limit store reported, kept in this instance's memory with their end,
 * so that while the store is unreachable a key banned a moment earlier stays banned (its
 * fallback, memory or 503, would not know). A later `allowed` answer for the id forgets its ban.
 * Bounded: past `maxEntries`, the oldest entry is dropped.
 */
import type { RateLimitHit, RateLimitOutcome } from "./rate-limiter.js";

export const DEFAULT_MAX_CACHED_BANS = 10_000;

export interface BanCache {
  /** Notes the store's answer for `id`. */
  note(id: string, outcome: RateLimitOutcome): void;
  /** The answer to `hit` while the store is unreachable, when `id` is still banned. */
  banned(id: string, hit: RateLimitHit): RateLimitOutcome | undefined;
  readonly size: number;
}

export function createBanCache(maxEntries = DEFAULT_MAX_CACHED_BANS): BanCache {
  /** id → end of the ban, ms since the epoch. */
  const bans = new Map<string, number>();
  return {
    note(id, outcome) {
      if (outcome.status === "banned") {
        bans.delete(id);
        bans.set(id, outcome.reset * 1000);
        if (bans.size > maxEntries) {
          for (const oldest of bans.keys()) {
            bans.delete(oldest);
            break;
          }
        }
      } else if (outcome.status === "allowed" && bans.size > 0) {
        bans.delete(id);
      }
    },
    banned(id, hit) {
      const until = bans.get(id);
      if (until === undefined) return undefined;
      if (until <= hit.now) {
        bans.delete(id);
        return undefined;
      }
      return {
        status: "banned",
        window: "minute",
        limit: hit.limits.perMinute,
        remaining: 0,
        reset: Math.ceil(until / 1000),
        retryAfter: Math.max(1, Math.ceil((until - hit.now) / 1000)),
      };
    },
    get size() {
      return bans.size;
    },
  };
}
