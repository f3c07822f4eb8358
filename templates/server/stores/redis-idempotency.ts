// Runtime template of the pet store contract toolchain: copied verbatim into generated/runtime/. Edit it in templates/, never in generated/.
/**
 * Idempotency records in Redis (the `IdempotencyStore` half of redis-store.ts).
 *
 * A record is one string key, `<keyPrefix>idem:<id>`, holding JSON: while running
 * `{"f":<fingerprint>,"t":<holder token>,"l":<lease end, Redis ms>}` (written by a script, so
 * the lease follows Redis's clock), completed `{"f","r":{"s","h","b"}}` (body in base64), of
 * unknown outcome `{"f","u":1}`. Every record lives `ttlMs` (24 h) from its begin or result.
 *
 * Fail closed whatever the rate-limit mode: with no answer from Redis there is no lock, so
 * `begin` throws `StoreUnavailableError` (503 with `Retry-After`) and nothing runs; the other
 * calls throw too, and the idempotency stage retries them (idempotency-lease.ts). Only the
 * holder (this instance, by its random token) renews or abandons a running record. A `begin`
 * that timed out here may still be applied by Redis later: its record is deleted in the
 * background once Redis answers, so a key that never ran does not answer "unknown" (a call that
 * was never sent, breaker open or disconnected, needs no undo).
 */
import { Buffer } from "node:buffer";
import { randomUUID } from "node:crypto";
import { writeWithRetries } from "./idempotency-lease.js";
import type { IdempotencyBegin, IdempotencyStore, StoredResponse } from "./idempotency-store.js";
import {
  IDEMPOTENCY_ABANDON_SCRIPT,
  IDEMPOTENCY_BEGIN_SCRIPT,
  IDEMPOTENCY_RENEW_SCRIPT,
} from "./redis-scripts.js";

interface StoredRecord {
  /** fingerprint */
  readonly f: string;
  /** holder token (running) */
  readonly t?: string;
  /** end of the lease, ms on Redis's clock (running) */
  readonly l?: number;
  /** response (completed) */
  readonly r?: {
    readonly s: number;
    readonly h: Record<string, string>;
    readonly b: string | null;
  };
  /** outcome unknown */
  readonly u?: 1;
}

/** What the Redis store lends this module. */
export interface RedisIdempotencyCalls {
  /** Runs a script (EVALSHA, EVAL on NOSCRIPT) on one key within the store's deadline. */
  script(source: string, key: string, args: readonly string[]): Promise<unknown>;
  /** SET key value PX ttlMs within the store's deadline. */
  set(key: string, value: string, ttlMs: number): Promise<unknown>;
  /** The error a failed call throws (a `StoreUnavailableError`). */
  failure(error: unknown): Error;
  /** Whether a failed call was sent and may still be applied by Redis (it timed out). */
  mayApplyLater(error: unknown): boolean;
  readonly prefix: string;
}

export interface RedisIdempotencyStore extends IdempotencyStore {
  begin(id: string, fingerprint: string, lockMs: number, ttlMs?: number): Promise<IdempotencyBegin>;
  complete(id: string, fingerprint: string, response: StoredResponse, ttlMs: number): Promise<void>;
  abandon(id: string): Promise<void>;
  renew(id: string, lockMs: number): Promise<void>;
  markUnknown(id: string, fingerprint: string, ttlMs: number): Promise<void>;
}

const DAY_MS = 86_400_000;

function toBegin(value: string, now: number): IdempotencyBegin {
  const record = JSON.parse(value) as StoredRecord;
  const fingerprint = record.f;
  if (record.r !== undefined) {
    const body = record.r.b === null ? null : new Uint8Array(Buffer.from(record.r.b, "base64"));
    return {
      kind: "completed",
      fingerprint,
      response: { status: record.r.s, headers: record.r.h, body },
    };
  }
  if (record.u !== undefined || (record.l !== undefined && record.l <= now)) {
    return { kind: "unknown", fingerprint };
  }
  return { kind: "in-progress", fingerprint };
}

export function createRedisIdempotency(calls: RedisIdempotencyCalls): RedisIdempotencyStore {
  /** id → the running value's start (with this holder's token), while this instance holds it. */
  const held = new Map<string, string>();
  const key = (id: string) => `${calls.prefix}idem:${id}`;
  const ms = (value: number) => String(Math.max(1, Math.ceil(value)));

  async function attempt<T>(make: () => Promise<T>): Promise<T> {
    try {
      return await make();
    } catch (error) {
      throw calls.failure(error);
    }
  }

  return {
    async begin(id, fingerprint, lockMs, ttlMs = DAY_MS) {
      const start = `{"f":${JSON.stringify(fingerprint)},"t":"${randomUUID()}","l":`;
      const keep = ms(Math.max(ttlMs, lockMs));
      let reply: unknown;
      try {
        reply = await calls.script(IDEMPOTENCY_BEGIN_SCRIPT, key(id), [start, ms(lockMs), keep]);
      } catch (error) {
        // Redis may still apply a call that timed out here: a running record that nothing will
        // run, whose key would answer "unknown". Drop it once Redis answers (only if still ours).
        if (calls.mayApplyLater(error)) {
          void writeWithRetries(
            () => calls.script(IDEMPOTENCY_ABANDON_SCRIPT, key(id), [start]),
            lockMs,
            () => undefined,
          );
        }
        throw calls.failure(error);
      }
      const [value, now] = reply as [string, number];
      if (value !== "") return toBegin(value, now);
      held.set(id, start);
      return { kind: "started" };
    },
    async complete(id, fingerprint, response, ttlMs) {
      const record: StoredRecord = {
        f: fingerprint,
        r: {
          s: response.status,
          h: { ...response.headers },
          b: response.body === null ? null : Buffer.from(response.body).toString("base64"),
        },
      };
      await attempt(() => calls.set(key(id), JSON.stringify(record), ttlMs));
      held.delete(id);
    },
    async abandon(id) {
      const start = held.get(id);
      if (start === undefined) return;
      await attempt(() => calls.script(IDEMPOTENCY_ABANDON_SCRIPT, key(id), [start]));
      held.delete(id);
    },
    async renew(id, lockMs) {
      const start = held.get(id);
      if (start === undefined) return;
      await attempt(() => calls.script(IDEMPOTENCY_RENEW_SCRIPT, key(id), [start, ms(lockMs)]));
    },
    async markUnknown(id, fingerprint, ttlMs) {
      held.delete(id);
      const record: StoredRecord = { f: fingerprint, u: 1 };
      await attempt(() => calls.set(key(id), JSON.stringify(record), ttlMs));
    },
  };
}
