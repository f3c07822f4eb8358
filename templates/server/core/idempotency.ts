// Runtime template of the pet store contract toolchain: copied verbatim into generated/runtime/. Edit it in templates/, never in generated/.
/**
 * The idempotency stage of the request handler (IETF draft-ietf-httpapi-idempotency-key-header),
 * for every operation that declares an `Idempotency-Key` header parameter.
 *
 * It runs after rate limiting, authentication and validation (a 429, 401 or 400 is never kept),
 * around the handler. With `id` = SHA-256 of (API-key digest or `anonymous`, Idempotency-Key) and
 * `fingerprint` = SHA-256 of (method, path, query, body bytes):
 * - a new key: the handler runs; a `2xx` or `4xx` answer is kept for `ttlMs` (24 h), anything
 *   else (a `5xx`, a `3xx`, a streamed body, a throw) is not, so a retry runs again;
 * - the same key and request again: the kept response is replayed (same status, body and
 *   headers such as `Location`), with `Idempotent-Replayed: true` and this request's own
 *   `X-RateLimit-*` (a replay counts against the rate limits like any request);
 * - the same key with another request (running or completed): 422 `idempotency_key_reused`;
 * - the same key and request while the first still runs: 409 `idempotency_request_in_progress`
 *   with `Retry-After: 1`;
 * - the same key and request after a run whose result could not be kept (its instance crashed,
 *   or the store stayed unreachable for `lockMs` after the handler finished): 409
 *   `idempotency_outcome_unknown`: never a second run (idempotency-lease.ts).
 * No lock, no execution: a store that fails in `begin` throws to the handler's catch (a
 * `StoreUnavailableError` becomes a 503 with `Retry-After`), whatever the rate-limit store's
 * fail mode. While the handler runs, its lease is renewed; its result is written (or a failed
 * run's record dropped) with retries, and a write that never succeeds is reported through
 * `onError`; the handler's response is sent all the same.
 */
import { sha256 } from "@noble/hashes/sha2.js";
import { base64Url } from "./auth.js";
import type { RuntimeErrorCode } from "./errors.js";
import {
  holdLease,
  IdempotencyRecordError,
  writeWithRetries,
} from "../stores/idempotency-lease.js";
import {
  createMemoryIdempotencyStore,
  DEFAULT_IDEMPOTENCY_TTL_MS,
  isIdempotencyStore,
  type IdempotencyBegin,
  type IdempotencyStore,
  type StoredResponse,
} from "../stores/idempotency-store.js";
import { BodyCapturingSource } from "./body-capture.js";
import { isPromiseLike } from "./promise-like.js";
import type { ResponseHeaders, RuntimeResponse } from "./runtime-response.js";

export { BodyCapturingSource };

/** The request header (lower-case) that makes a request idempotent. */
export const IDEMPOTENCY_KEY_HEADER = "idempotency-key";
export { DEFAULT_IDEMPOTENCY_TTL_MS };
export const DEFAULT_IDEMPOTENCY_LOCK_MS = 60_000;

export interface IdempotencyOptions {
  /** How long a completed response is replayed, in ms (default 24 hours). */
  readonly ttlMs?: number;
  /**
   * The lease of a running request on its key, in ms (default 60 s), renewed every third of it
   * while the handler runs. After an instance crashed (or lost the store) mid-run, its key
   * answers 409 `idempotency_outcome_unknown` once the lease has run out; its result is retried
   * for this long when the store cannot take it.
   */
  readonly lockMs?: number;
  /** Records held by the default memory store (default 100,000; the oldest are dropped). */
  readonly maxRecords?: number;
}

function positiveMs(value: number | undefined, fallback: number, name: string): number {
  if (value === undefined) return fallback;
  if (!Number.isSafeInteger(value) || value < 1) {
    throw new Error(
      `idempotency.${name} must be a whole number of milliseconds ≥ 1 (got ${String(value)})`,
    );
  }
  return value;
}

/** What the stage needs from the request handler for one request. */
export interface IdempotentRequest {
  /** The `Idempotency-Key` value sent. */
  readonly key: string;
  /** The presented API key (hashed here, never kept), or undefined for anonymous calls. */
  readonly apiKey: string | undefined;
  readonly method: string;
  /** The routed path (base path removed) and the raw query string. */
  readonly path: string;
  readonly query: string;
  readonly body: Uint8Array;
  /** Headers every response of this request starts with (fresh `X-RateLimit-*`, deprecation). */
  startHeaders(): ResponseHeaders;
  /** An `Error` response of this request. */
  refuse(status: number, code: RuntimeErrorCode, message: string): RuntimeResponse;
  /** Reports a failure that does not change the answer (through `onError`). */
  report(error: unknown): void;
}

export interface IdempotencyStage {
  /** Runs `execute` once per key and request, replays its kept answer, or refuses. */
  run(
    request: IdempotentRequest,
    execute: () => Promise<RuntimeResponse>,
  ): Promise<RuntimeResponse>;
}

const encoder = new TextEncoder();

/**
 * SHA-256 (@noble/hashes, as for API keys in auth.ts) of the parts, each followed by a NUL byte;
 * base64url without padding. The ids and fingerprints of idempotency records (the same bytes as the
 * earlier `node:crypto` version, so records kept in a shared store stay valid).
 */
export async function idempotencyDigest(parts: readonly (string | Uint8Array)[]): Promise<string> {
  const hash = sha256.create();
  for (const part of parts) {
    hash.update(typeof part === "string" ? encoder.encode(part) : part);
    hash.update(SEPARATOR);
  }
  return base64Url(hash.digest());
}

const SEPARATOR = new Uint8Array(1);

/** The response as it is kept, or undefined when it cannot be (streamed body). */
function toStored(response: RuntimeResponse): StoredResponse | undefined {
  const body = response.body;
  if (body !== null && typeof body !== "string" && !(body instanceof Uint8Array)) return undefined;
  const headers: Record<string, string> = {};
  for (const name of Object.keys(response.headers)) {
    if (name.startsWith("x-ratelimit-")) continue;
    const value = response.headers[name];
    if (typeof value === "string") headers[name] = value;
    else if (value !== undefined) {
      // Several cookies cannot be folded into one header line.
      if (name === "set-cookie" && value.length > 1) return undefined;
      headers[name] = value.join(", ");
    }
  }
  return {
    status: response.status,
    headers,
    body: body === null ? null : typeof body === "string" ? encoder.encode(body) : body,
  };
}

function replay(stored: StoredResponse, request: IdempotentRequest): RuntimeResponse {
  const headers = request.startHeaders();
  for (const name of Object.keys(stored.headers)) {
    if (!name.startsWith("x-ratelimit-")) headers[name] = stored.headers[name] as string;
  }
  headers["idempotent-replayed"] = "true";
  return { status: stored.status, headers, body: stored.body };
}

/** The answer to a key that is already taken. */
function refuse(
  begun: Exclude<IdempotencyBegin, { kind: "started" }>,
  fingerprint: string,
  request: IdempotentRequest,
): RuntimeResponse {
  if (begun.fingerprint !== fingerprint) {
    return request.refuse(
      422,
      "idempotency_key_reused",
      "This Idempotency-Key was already used for a different request (method, path, query or body); use a new key for a new request",
    );
  }
  if (begun.kind === "completed") return replay(begun.response, request);
  if (begun.kind === "unknown") {
    return request.refuse(
      409,
      "idempotency_outcome_unknown",
      "The request first sent with this Idempotency-Key may or may not have taken effect (its result could not be recorded); check its effect before sending it again with a new key",
    );
  }
  const response = request.refuse(
    409,
    "idempotency_request_in_progress",
    "A request with this Idempotency-Key is still in progress; retry with the same key later",
  );
  response.headers["retry-after"] = "1";
  return response;
}

export interface IdempotencyStageOptions {
  readonly idempotency?: IdempotencyOptions;
  readonly idempotencyStore?: IdempotencyStore;
  /** Used for idempotency records too when it implements {@link IdempotencyStore} (Redis). */
  readonly rateLimitStore?: unknown;
  readonly now: () => number;
}

/**
 * The stage, with its store: `idempotencyStore`, else the rate-limit store when it is an
 * idempotency store too, else a memory store on the server's clock.
 */
export function createIdempotencyStage(options: IdempotencyStageOptions): IdempotencyStage {
  const settings = options.idempotency ?? {};
  const ttlMs = positiveMs(settings.ttlMs, DEFAULT_IDEMPOTENCY_TTL_MS, "ttlMs");
  const lockMs = positiveMs(settings.lockMs, DEFAULT_IDEMPOTENCY_LOCK_MS, "lockMs");
  const store: IdempotencyStore =
    options.idempotencyStore ??
    (isIdempotencyStore(options.rateLimitStore) ? options.rateLimitStore : undefined) ??
    createMemoryIdempotencyStore({
      now: options.now,
      ...(settings.maxRecords === undefined ? {} : { maxRecords: settings.maxRecords }),
    });

  return {
    async run(request, execute) {
      const scope =
        request.apiKey === undefined ? "anonymous" : await idempotencyDigest([request.apiKey]);
      const id = await idempotencyDigest([scope, request.key]);
      const fingerprint = await idempotencyDigest([
        request.method,
        request.path,
        request.query,
        request.body,
      ]);
      const pending = store.begin(id, fingerprint, lockMs, ttlMs);
      const begun: IdempotencyBegin = isPromiseLike(pending) ? await pending : pending;
      if (begun.kind !== "started") return refuse(begun, fingerprint, request);

      const lease = holdLease(store.renew?.bind(store, id, lockMs), lockMs);
      /**
       * Ends the run's record with `write` (retried); if that never succeeds, the key is of
       * unknown outcome (its lease runs out, or `markUnknown` says so at once): never run again.
       */
      const settle = (write: () => unknown, failed: string) =>
        writeWithRetries(write, lockMs, (error) => {
          lease.stop();
          if (error === undefined) return;
          request.report(new IdempotencyRecordError(failed, { cause: error }));
          void (async () => {
            try {
              await store.markUnknown?.(id, fingerprint, ttlMs);
            } catch {
              // The lease runs out instead: the record answers "unknown" all the same.
            }
          })();
        });
      // Drops the record of a run that kept nothing, so a retry runs again.
      const release = () =>
        settle(
          () => store.abandon(id),
          "An idempotency record of a failed run could not be dropped: retries with its key get 409 idempotency_outcome_unknown until it expires",
        );
      let response: RuntimeResponse;
      try {
        response = await execute();
      } catch (error) {
        await release();
        throw error;
      }
      const status = response.status;
      const keepable = (status >= 200 && status < 300) || (status >= 400 && status < 500);
      const kept = keepable ? toStored(response) : undefined;
      if (kept === undefined) {
        await release();
        return response;
      }
      await settle(
        () => store.complete(id, fingerprint, kept, ttlMs),
        "The result of an idempotent request could not be kept: retries with its key get 409 idempotency_outcome_unknown",
      );
      return response;
    },
  };
}
