// Runtime template of the pet store contract toolchain: copied verbatim into generated/runtime/. Edit it in templates/, never in generated/.
/**
 * The idempotency store interface shared by the request handler and the stores (memory, Redis).
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
  /** Another request holds it. */
  | { readonly kind: "in-progress"; readonly fingerprint: string }
  | { readonly kind: "completed"; readonly fingerprint: string; readonly response: StoredResponse };

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
