// Runtime template of the pet store contract toolchain: copied verbatim into generated/runtime/. Edit it in templates/, never in generated/.
/**
 * What handlers receive and return, and the options of the request handler.
 */
import type { ServerTelemetryPlugin } from "./telemetry.js";
import type { HookOptions } from "./hooks.js";
import type { Authenticator } from "./auth.js";
import type { CorsOptions } from "./cors.js";
import type { ErrorFormatter } from "./error-format.js";
import type { IdempotencyStore } from "../stores/idempotency-store.js";
import type { IdempotencyOptions } from "./idempotency.js";
import type { RateLimits, RateLimitStore } from "../stores/rate-limiter.js";
import type { ServeAfterSunset } from "./sunset.js";
import type { TransformOptions } from "../../client/transforms.js";

/** What a handler receives. Parameter values are already coerced to their schema types. */
export interface HandlerRequest<C = unknown> {
  readonly operationId: string;
  readonly path: Readonly<Record<string, unknown>>;
  readonly query: Readonly<Record<string, unknown>>;
  /** Header parameters, by lower-case name. */
  readonly header: Readonly<Record<string, unknown>>;
  readonly cookie: Readonly<Record<string, unknown>>;
  /** The parsed, validated body (undefined when the operation has none or it was omitted). */
  readonly body: unknown;
  /** The authenticated caller, when the request carried credentials `authenticate` accepted. */
  readonly caller: C | undefined;
  /** The web request; its body, already read for `body`, can be read again (`formData()`...). */
  readonly request: Request;
}

export type HeaderValue = string | number | boolean | readonly string[];

export interface HandlerResponse {
  readonly status: number;
  /** Serialized as JSON unless the declared media type is not JSON (then strings and bytes pass). */
  readonly body?: unknown;
  /** Extra headers. `X-RateLimit-*`, `Content-Length` and `Transfer-Encoding` are the runtime's. */
  readonly headers?: Readonly<Record<string, HeaderValue>>;
}

export type Handler<C = unknown> = (
  request: HandlerRequest<C>,
) => HandlerResponse | Promise<HandlerResponse>;

/** Handlers by operationId. A missing one answers 501 `not_implemented`. */
export type HandlerMap<C = unknown> = Readonly<Record<string, Handler<C> | undefined>>;

export interface ErrorContext {
  readonly operationId?: string;
  /** The status involved: 500 for a throw, the handler's status for a contract violation. */
  readonly status?: number;
}

/** `O`: the operationIds the hooks see (the generated `createRequestHandler` narrows it to the spec's). */
export interface ServerOptions<C = unknown, O extends string = string> extends HookOptions<C, O> {
  /**
   * Turns the credentials a request carries (by security scheme name: `{ type: "bearer", token }`,
   * `{ type: "basic", username, password }`, `{ type: "apiKey", in, name, value }`) into the
   * caller, their plan and scopes, or undefined (→ 401 where the operation needs a caller).
   */
  readonly authenticate?: Authenticator<C>;
  /** Where rate-limit counters live (default: in this process's memory). */
  readonly rateLimitStore?: RateLimitStore;
  /** Limits for plans the spec leaves to configuration (null limits), or overriding any plan. */
  readonly planLimits?: Readonly<Record<string, RateLimits>>;
  /** Largest accepted request body in bytes (default 1 MiB). */
  readonly maxBodyBytes?: number;
  /** Check every handler response against the spec (500 on a violation). On in tests and dev. */
  readonly validateResponses?: boolean;
  /**
   * Told about every 500: handler throws, contract violations, configuration errors.
   * Default: `console.error` of the operationId and the error's message. Never gets keys.
   */
  readonly onError?: (error: unknown, context: ErrorContext) => void;
  /** The clock, in milliseconds since the Unix epoch (default `Date.now`). */
  readonly now?: () => number;
  /** A prefix the server is mounted under, e.g. `/v1`; stripped before routing (else 404). */
  readonly basePath?: string;
  /**
   * Where idempotency records (`Idempotency-Key`) live. Default: the `rateLimitStore` when it
   * implements {@link IdempotencyStore} too (the Redis store does), else this process's memory.
   */
  readonly idempotencyStore?: IdempotencyStore;
  /**
   * For operations that declare an `Idempotency-Key` header: how long answers are replayed
   * (`ttlMs`, default 24 h) and running requests hold their key (`lockMs`, default 60 s);
   * `false` turns the stage off (the header is then only a parameter).
   */
  readonly idempotency?: IdempotencyOptions | false;
  /**
   * Keep serving operations past their `x-sunset` date (default: answer 410 `gone` from 00:00 UTC
   * of that date): `true` for all, or the operationIds that get a grace period.
   */
  readonly serveAfterSunset?: ServeAfterSunset;
  /** Answer browsers on other origins (preflights, `Access-Control-*` headers); off by default. */
  readonly cors?: CorsOptions;
  /**
   * The client's IP address of a web `Request` (e.g. from Deno's `info.remoteAddr` or Bun's
   * `server.requestIP`), used to rate limit requests without a valid API key per address. The node
   * adapter passes the socket's address itself. Without it such requests share one counter.
   */
  readonly clientAddress?: (request: Request) => string | undefined;
  /** Longest accepted request target (path and query) in bytes; longer → 414 (default 8,192). */
  readonly maxUrlLength?: number;
  /**
   * Shapes the runtime's own error responses (400, 401, 404, 405, 413, 415, 429, 501, ...):
   * return `{ body, contentType? }`, or undefined for the default (what the spec declares for
   * the status when the runtime can fill it, else RFC 9457 problem details; see error-format.ts).
   */
  readonly formatError?: ErrorFormatter;
  /**
   * OpenTelemetry spans and metrics (telemetry.ts): `serverTelemetry({ api })` with the
   * `@opentelemetry/api` module (an optional peer: the package never imports it). Off by
   * default, and then absent from the pipeline.
   */
  readonly telemetry?: ServerTelemetryPlugin;
  /**
   * `{ dates: true, int64: "bigint" }`: handlers get `format: date-time` values as `Date` and
   * `format: int64` values as `bigint` (parameters and JSON bodies, validated as sent), and may
   * answer with them (written as ISO 8601 and as JSON numbers with every digit). Off by default;
   * the generated `createRequestHandler` types the handlers accordingly (stages/transforms.ts).
   */
  readonly transforms?: TransformOptions;
}

/** A web-standard handler: mounts in `node:http` (see node-adapter), Hono, Bun and Deno. */
export type RequestHandler = (request: Request) => Promise<Response>;
