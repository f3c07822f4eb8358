// Runtime template of the pet store contract toolchain: copied verbatim into generated/runtime/. Edit it in templates/, never in generated/.
/**
 * Where idempotency records live (IETF draft-ietf-httpapi-idempotency-key-header).
 *
 * A record is keyed by an `id` the request handler builds from a hash of the API key and the
 * `Idempotency-Key` (never a raw key) and holds the request's `fingerprint` (a hash of method,
 * path, query and body). It is either running (a request holds it; it expires after `lockMs`, so
 * a crashed request does not block its key for ever) or completed (the first response, kept for
 * `ttlMs`, 24 hours by default). A shared store (Redis) implements the same interface so that
 * every instance sees the same records; the memory store below is the default.
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
    };

export interface IdempotencyStore {
  /** Atomically: create a running record for `id` (expires after `lockMs`) unless one exists. */
  begin(
    id: string,
    fingerprint: string,
    lockMs: number,
  ): IdempotencyBegin | Promise<IdempotencyBegin>;
  /** Keeps the finished response for `ttlMs` (24 h by default) from now. */
  complete(
    id: string,
    fingerprint: string,
    response: StoredResponse,
    ttlMs: number,
  ): void | Promise<void>;
  /** Drops a running record (the handler threw or answered 5xx), so a retry may run again. */
  abandon(id: string): void | Promise<void>;
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
  begin(id: string, fingerprint: string, lockMs: number): IdempotencyBegin;
  complete(id: string, fingerprint: string, response: StoredResponse, ttlMs: number): void;
  abandon(id: string): void;
  /** Records held, running or completed (expired ones until the next sweep). */
  readonly size: number;
  clear(): void;
}

export const DEFAULT_MAX_IDEMPOTENCY_RECORDS = 100_000;
const SWEEP_INTERVAL_MS = 60_000;

interface MemoryRecord {
  readonly fingerprint: string;
  readonly expiresAt: number;
  /** Undefined while running. */
  readonly response: StoredResponse | undefined;
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

  return {
    begin(id, fingerprint, lockMs) {
      const at = now();
      if (at >= nextSweep) {
        nextSweep = at + SWEEP_INTERVAL_MS;
        sweep(at);
      }
      const existing = records.get(id);
      if (existing !== undefined && existing.expiresAt > at) {
        return existing.response === undefined
          ? { kind: "in-progress", fingerprint: existing.fingerprint }
          : {
              kind: "completed",
              fingerprint: existing.fingerprint,
              response: copyResponse(existing.response),
            };
      }
      records.delete(id);
      makeRoom(at);
      records.set(id, { fingerprint, expiresAt: at + lockMs, response: undefined });
      return { kind: "started" };
    },
    complete(id, fingerprint, response, ttlMs) {
      const at = now();
      records.delete(id);
      makeRoom(at);
      records.set(id, { fingerprint, expiresAt: at + ttlMs, response: copyResponse(response) });
    },
    abandon(id) {
      if (records.get(id)?.response === undefined) records.delete(id);
    },
    get size() {
      return records.size;
    },
    clear() {
      records.clear();
    },
  };
}
