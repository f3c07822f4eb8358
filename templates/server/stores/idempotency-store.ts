// Runtime template of the pet store contract toolchain: copied verbatim into generated/runtime/. Edit it in templates/, never in generated/.
/**
 * Where idempotency records live (IETF draft-ietf-httpapi-idempotency-key-header).
 *
 * A record is keyed by an `id` the request handler builds from a hash of the API key and the
 * `Idempotency-Key` (never a raw key) and holds the request's `fingerprint` (a hash of method,
 * path, query and body). It is running (a request holds it under a lease of `lockMs`, renewed
 * while the handler runs), completed (the first response, kept for `ttlMs`, 24 hours by default)
 * or of unknown outcome. A key never executes twice: a running record whose lease ran out (its
 * instance crashed, or lost the store before it could write the result) is not started again but
 * answered as `unknown` until the record expires (`ttlMs` after it began). A shared store (Redis)
 * implements the same interface so that every instance sees the same records; the memory store
 * below is the default.
 */

/** A response kept for replay (headers lower-case; body as the exact bytes sent, base64 in JSON stores). */
export interface StoredResponse {
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: Uint8Array | null;
}

export type IdempotencyBegin =
  /** Record created: run the handler. */
  | { readonly kind: "started" }
  /** Another request holds the record. */
  | { readonly kind: "in-progress"; readonly fingerprint: string }
  | {
      readonly kind: "completed";
      readonly fingerprint: string;
      readonly response: StoredResponse;
    }
  /**
   * The request may or may not have taken effect: its holder's lease ran out before a result was
   * kept (crash, or the store lost), or it could not keep the result. Never run again.
   */
  | { readonly kind: "unknown"; readonly fingerprint: string };

export const DEFAULT_IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;

export interface IdempotencyStore {
  /**
   * Atomically: create a running record for `id` unless one exists. The record holds its key
   * for `ttlMs` (default 24 h); its lease ends after `lockMs` unless renewed, and then the record
   * answers `unknown` (never `started` again).
   */
  begin(
    id: string,
    fingerprint: string,
    lockMs: number,
    ttlMs?: number,
  ): IdempotencyBegin | Promise<IdempotencyBegin>;
  /** Keeps the finished response for `ttlMs` (24 h by default) from now. */
  complete(
    id: string,
    fingerprint: string,
    response: StoredResponse,
    ttlMs: number,
  ): void | Promise<void>;
  /**
   * Drops a running record this instance holds (the handler threw or answered 5xx), so a retry
   * may run again. A record held by someone else, or completed, stays.
   */
  abandon(id: string): void | Promise<void>;
  /**
   * Extends the lease of a running record this instance holds to `lockMs` from now (called
   * while the handler runs). Optional: a store without it relies on `lockMs` alone.
   */
  renew?(id: string, lockMs: number): void | Promise<void>;
  /**
   * Marks a record as of unknown outcome for `ttlMs` (its result could not be kept). Optional:
   * without it, the record's lease runs out and it answers `unknown` all the same.
   */
  markUnknown?(id: string, fingerprint: string, ttlMs: number): void | Promise<void>;
}

/** Whether `value` has the three methods of an {@link IdempotencyStore}. */
export function isIdempotencyStore(value: unknown): value is IdempotencyStore {
  if (typeof value !== "object" || value === null) return false;
  const store = value as Partial<Record<keyof IdempotencyStore, unknown>>;
  return (
    typeof store.begin === "function" &&
    typeof store.complete === "function" &&
    typeof store.abandon === "function"
  );
}

export interface MemoryIdempotencyStoreOptions {
  /**
   * Most records held (default 100,000). When full, the oldest records are dropped (expired
   * ones are swept once a minute), so a flood of distinct keys cannot grow memory
   * without limit (a dropped record's key simply runs again on a retry).
   */
  readonly maxRecords?: number;
  /** The clock, in milliseconds since the Unix epoch (default `Date.now`). */
  readonly now?: () => number;
}

/** The memory store answers synchronously. */
export interface MemoryIdempotencyStore extends IdempotencyStore {
  begin(id: string, fingerprint: string, lockMs: number, ttlMs?: number): IdempotencyBegin;
  complete(id: string, fingerprint: string, response: StoredResponse, ttlMs: number): void;
  abandon(id: string): void;
  renew(id: string, lockMs: number): void;
  markUnknown(id: string, fingerprint: string, ttlMs: number): void;
  /** Records held, running or completed (expired ones until the next sweep). */
  readonly size: number;
  clear(): void;
}

export const DEFAULT_MAX_IDEMPOTENCY_RECORDS = 100_000;
const SWEEP_INTERVAL_MS = 60_000;

interface MemoryRecord {
  readonly fingerprint: string;
  readonly expiresAt: number;
  /** While running: the end of the lease (after it, the outcome is unknown). */
  leaseEnd: number;
  /** Undefined while running or unknown. */
  readonly response: StoredResponse | undefined;
  readonly unknown?: true;
}

function copyResponse(response: StoredResponse): StoredResponse {
  return {
    status: response.status,
    headers: { ...response.headers },
    body: response.body === null ? null : response.body.slice(),
  };
}

/**
 * The default store: records in a Map, in this process only. Expired records are swept at most
 * once a minute; a full store drops its oldest records (constant work per request).
 */
export function createMemoryIdempotencyStore(
  options: MemoryIdempotencyStoreOptions = {},
): MemoryIdempotencyStore {
  const maxRecords = options.maxRecords ?? DEFAULT_MAX_IDEMPOTENCY_RECORDS;
  if (!Number.isSafeInteger(maxRecords) || maxRecords < 1) {
    throw new Error(
      `createMemoryIdempotencyStore: maxRecords must be a whole number ≥ 1 (got ${String(maxRecords)})`,
    );
  }
  const now = options.now ?? Date.now;
  // Insertion order is age order: a completed record is re-inserted at the end.
  const records = new Map<string, MemoryRecord>();
  let nextSweep = 0;

  function sweep(at: number): void {
    for (const [id, record] of records) {
      if (record.expiresAt <= at) records.delete(id);
    }
  }

  function makeRoom(at: number): void {
    if (records.size < maxRecords) return;
    if (at >= nextSweep) {
      nextSweep = at + SWEEP_INTERVAL_MS;
      sweep(at);
    }
    for (const id of records.keys()) {
      if (records.size < maxRecords) break;
      records.delete(id);
    }
  }

  function answer(record: MemoryRecord, at: number): IdempotencyBegin {
    const fingerprint = record.fingerprint;
    if (record.response !== undefined) {
      return { kind: "completed", fingerprint, response: copyResponse(record.response) };
    }
    if (record.unknown === true || record.leaseEnd <= at) return { kind: "unknown", fingerprint };
    return { kind: "in-progress", fingerprint };
  }

  function put(id: string, record: MemoryRecord, at: number): void {
    records.delete(id);
    makeRoom(at);
    records.set(id, record);
  }

  return {
    begin(id, fingerprint, lockMs, ttlMs = DEFAULT_IDEMPOTENCY_TTL_MS) {
      const at = now();
      if (at >= nextSweep) {
        nextSweep = at + SWEEP_INTERVAL_MS;
        sweep(at);
      }
      const existing = records.get(id);
      if (existing !== undefined && existing.expiresAt > at) return answer(existing, at);
      const expiresAt = at + Math.max(ttlMs, lockMs);
      put(id, { fingerprint, expiresAt, leaseEnd: at + lockMs, response: undefined }, at);
      return { kind: "started" };
    },
    complete(id, fingerprint, response, ttlMs) {
      const at = now();
      const record = { fingerprint, expiresAt: at + ttlMs, leaseEnd: 0 };
      put(id, { ...record, response: copyResponse(response) }, at);
    },
    abandon(id) {
      const record = records.get(id);
      if (record?.response === undefined && record?.unknown !== true) records.delete(id);
    },
    renew(id, lockMs) {
      const record = records.get(id);
      if (record !== undefined && record.response === undefined && record.unknown !== true) {
        record.leaseEnd = now() + lockMs;
      }
    },
    markUnknown(id, fingerprint, ttlMs) {
      const at = now();
      const record = { fingerprint, expiresAt: at + ttlMs, leaseEnd: 0, response: undefined };
      put(id, { ...record, unknown: true }, at);
    },
    get size() {
      return records.size;
    },
    clear() {
      records.clear();
    },
  };
}
