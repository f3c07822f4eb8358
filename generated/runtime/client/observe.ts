// Runtime template of the pet store contract toolchain: copied verbatim into generated/runtime/. Edit it in templates/, never in generated/.
/**
 * Observability hooks of the client: `onRetry` and `onRateLimitWait` events, and a `logger` with
 * levels. What is logged never holds a credential: URLs lose the values of the security schemes'
 * query parameters (`api_key=[redacted]`), and no header is logged. Nothing here runs when the
 * client has none of these options (the attempt loop checks one field).
 */
import { redactUrl } from "../telemetry/redact.js";
import type { CredentialNames } from "./redirect.js";

/** Why a call waits before retrying. */
export type RetryReason = "status" | "network" | "timeout";

/** Given to `onRetry` before the client waits and sends the call again. */
export interface RetryEvent {
  readonly operationId: string;
  /** The retry about to be made: 1 for the first retry. */
  readonly attempt: number;
  /** How long the client waits before it, in ms. */
  readonly delayMs: number;
  /** A retryable status (`status` says which), a network error or a timed-out attempt. */
  readonly reason: RetryReason;
  readonly status?: number;
}

/** Given to `onRateLimitWait` when a call waits for the rate-limit state (a 429 or `Remaining: 0`). */
export interface RateLimitWaitEvent {
  readonly operationId: string;
  /** How long the call waits, in ms (the hold left). */
  readonly delayMs: number;
  readonly reason: "rate-limit hold";
}

/** The logger levels, from the most verbose. */
export type LogLevel = "debug" | "info" | "warn" | "error";

/** A logger (`console` fits); each method gets a message and structured fields. */
export interface ClientLogger {
  debug?(message: string, fields: Readonly<Record<string, unknown>>): void;
  info?(message: string, fields: Readonly<Record<string, unknown>>): void;
  warn?(message: string, fields: Readonly<Record<string, unknown>>): void;
  error?(message: string, fields: Readonly<Record<string, unknown>>): void;
}

const LEVELS: Readonly<Record<LogLevel, number>> = { debug: 0, info: 1, warn: 2, error: 3 };

/** What the attempt loop calls; `undefined` on a client with none of the options (zero cost). */
export interface Observer {
  /** A response arrived (debug), or a call ended with a failure (warn). */
  response(operationId: string, method: string, url: string, status: number, attempt: number): void;
  retry(event: RetryEvent, method: string, url: string): void;
  rateLimitWait(event: RateLimitWaitEvent): void;
}

/** The observer of a client's options, `undefined` when it has none. */
export function createObserver(
  options: {
    readonly onRetry?: (event: RetryEvent) => void;
    readonly onRateLimitWait?: (event: RateLimitWaitEvent) => void;
    readonly logger?: ClientLogger;
    readonly logLevel?: LogLevel;
  },
  names: CredentialNames,
): Observer | undefined {
  const { onRetry, onRateLimitWait, logger } = options;
  if (onRetry === undefined && onRateLimitWait === undefined && logger === undefined)
    return undefined;
  const threshold = LEVELS[options.logLevel ?? "info"];
  const log = (level: LogLevel, message: string, fields: Record<string, unknown>): void => {
    if (logger === undefined || LEVELS[level] < threshold) return;
    logger[level]?.(message, fields);
  };
  return {
    response(operationId, method, url, status, attempt) {
      const safe = redactCredentials(url, names);
      const level: LogLevel = status >= 500 || status === 429 ? "warn" : "debug";
      log(level, `${operationId}: ${method} ${safe} → ${status}`, {
        operationId,
        method,
        url: safe,
        status,
        attempt,
      });
    },
    retry(event, method, url) {
      onRetry?.(event);
      const safe = redactCredentials(url, names);
      const why = event.reason === "status" ? `status ${event.status}` : event.reason;
      log("info", `${event.operationId}: retry ${event.attempt} in ${event.delayMs} ms (${why})`, {
        ...event,
        method,
        url: safe,
      });
    },
    rateLimitWait(event) {
      onRateLimitWait?.(event);
      log("info", `${event.operationId}: waiting ${event.delayMs} ms for the rate limit`, {
        ...event,
      });
    },
  };
}

/** A URL with the values of credential query parameters replaced by `[redacted]`. */
export function redactCredentials(url: string, names: CredentialNames): string {
  return redactUrl(url, names, "[redacted]");
}
