// Runtime template of the pet store contract toolchain: copied verbatim into generated/runtime/. Edit it in templates/, never in generated/.
/**
 * Request and response hooks (`onRequest`, `onResponse`) and the extra response headers a
 * server declares once (`responseHeaders`): what the hooks see, and the rule for which headers
 * a hook may add (a header the spec declares for that response, or one of `responseHeaders`).
 */
import type { HeaderValue } from "./handler-api.js";
import type { PreparedOperation } from "./operation-table.js";
import { findResponseDescriptor, type ResponseHeaders } from "./runtime-response.js";

/** Per-request values shared by `onRequest`, `onResponse` (a request id, a start time...). */
export type RequestLocals = Record<string, unknown>;

/**
 * What `onRequest` sees: a routed request, before authorization, parameters and body. `O` is
 * the union of the spec's operationIds in the generated `createRequestHandler`.
 */
export interface RequestEvent<C = unknown, O extends string = string> {
  readonly operationId: O;
  readonly method: string;
  /** The path as routed (`basePath` removed). */
  readonly path: string;
  header(name: string): string | null;
  /** What `authenticate` returned, when the request carried known credentials. */
  readonly caller: C | undefined;
  readonly locals: RequestLocals;
}

/** An early answer from `onRequest` (its body sent as JSON). */
export interface HookAnswer {
  readonly status: number;
  readonly body?: unknown;
  readonly headers?: Readonly<Record<string, HeaderValue>>;
}

/** What `onResponse` sees: every answer, the runtime's own errors included. */
export interface ResponseEvent<O extends string = string> {
  /** Undefined when the request matched no operation (404, 405...). */
  readonly operationId: O | undefined;
  readonly method: string;
  readonly path: string;
  readonly status: number;
  readonly locals: RequestLocals;
  /** Reads the response's headers; `set` only a declared or allowed header (else it throws). */
  readonly headers: {
    get(name: string): string | undefined;
    set(name: string, value: string | number | boolean): void;
  };
}

export interface HookOptions<C, O extends string = string> {
  /** Runs once a request is routed; an answer it returns is sent instead of calling the handler. */
  readonly onRequest?: (
    event: RequestEvent<C, O>,
  ) => HookAnswer | undefined | void | Promise<HookAnswer | undefined | void>;
  /** Runs on every answer before it is sent; may add headers (see `responseHeaders`). */
  readonly onResponse?: (event: ResponseEvent<O>) => void;
  /**
   * Headers every response may carry besides those the spec declares (`X-Request-Id`,
   * `traceparent`), declared once here. With it, a handler or hook that sets any other header
   * the spec does not declare for that response gets a 500 with `validateResponses`, and the
   * header is dropped without it.
   */
  readonly responseHeaders?: readonly string[];
}

/** The runtime's own headers, which no hook or handler rule concerns. */
const RUNTIME_OWNED =
  /^(content-type|x-ratelimit-|retry-after$|deprecation$|sunset$|link$|allow$|www-authenticate$|idempotent-replayed$|access-control-|vary$|location$)/;

/** Whether `name` (lower-case) may be set on `operation`'s `status` answer. */
export function headerAllowed(
  allowed: ReadonlySet<string>,
  operation: PreparedOperation | undefined,
  status: number,
  name: string,
): boolean {
  if (allowed.has(name) || RUNTIME_OWNED.test(name)) return true;
  const declared =
    operation === undefined ? undefined : findResponseDescriptor(operation.responses, status);
  if (declared?.headers === undefined) return false;
  return Object.keys(declared.headers).some((header) => header.toLowerCase() === name);
}

/** The headers of `headers` that neither the spec nor `allowed` lets this answer carry. */
export function undeclaredHeaders(
  allowed: ReadonlySet<string>,
  operation: PreparedOperation | undefined,
  status: number,
  headers: ResponseHeaders,
): string[] {
  return Object.keys(headers).filter((name) => !headerAllowed(allowed, operation, status, name));
}
