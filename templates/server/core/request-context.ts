// Runtime template of the pet store contract toolchain: copied verbatim into generated/runtime/. Edit it in templates/, never in generated/.
/**
 * What is known of one request so far, filled in stage by stage (core/stages/): what the later
 * stages read, and what a failure's answer carries (the rate-limit headers, a deprecated
 * operation's headers). It is also where the security gate reads credentials from.
 */
import type { CredentialSource } from "./auth-credentials.js";
import type { Identity } from "./auth-gate.js";
import type { ResponseDescriptor } from "./descriptor.js";
import type { Handler, HandlerResponse } from "./handler-api.js";
import type { BodyCapturingSource } from "./idempotency.js";
import type { ParameterValues, PreparedOperation } from "./operation-table.js";
import type { RequestSource } from "./request-source.js";
import type { ResponseHeaders } from "./runtime-response.js";
import type { RateLimitOutcome, RateLimits } from "../stores/rate-limiter.js";

export class RequestContext<C = unknown> implements CredentialSource {
  readonly source: RequestSource;
  /** Where the path starts in `source.url`; the path ("" until split) and the query string. */
  pathStart = 0;
  pathname = "";
  search = "";
  /** The path without `basePath` (undefined when outside it, or before routing). */
  routePath: string | undefined = undefined;
  identity: Identity<C> | undefined = undefined;
  rate: RateLimitOutcome | undefined = undefined;
  /** The caller's limits, once known (for a 503 when the store cannot count). */
  callerLimits: RateLimits | undefined = undefined;
  operation: PreparedOperation | undefined = undefined;
  /** The path parameters as matched (raw strings), once routed. */
  pathParams: Record<string, string> = {};
  rawPathParams: Readonly<Record<string, string>> | undefined = undefined;
  parameters: ParameterValues | undefined = undefined;
  body: unknown = undefined;
  /** Where the handler's `request` reads the body from (a copy of its bytes when one was read). */
  reader: RequestSource;
  /** The body's bytes, kept for an idempotent request (its fingerprint). */
  capture: BodyCapturingSource | undefined = undefined;
  idempotencyKey: string | undefined = undefined;
  /** The operation's handler, once known to exist. */
  handler: Handler<C> | undefined = undefined;
  /** What the handler answered, its declared response (null: undeclared) and the body to send. */
  result: HandlerResponse | undefined = undefined;
  declared: ResponseDescriptor | null = null;
  value: unknown = undefined;
  /** The JSON text of `value`, when the transforms wrote it (stages/transforms.ts). */
  jsonText: string | undefined = undefined;
  /** The binary media type the body is sent as, when it is bytes for a binary response. */
  binaryType: string | undefined = undefined;
  /** The response headers, once merged with the handler's. */
  headers: ResponseHeaders | undefined = undefined;
  #searchParams: URLSearchParams | undefined = undefined;
  #locals: Record<string, unknown> | undefined = undefined;

  constructor(source: RequestSource) {
    this.source = source;
    this.reader = source;
  }

  /** Values the hooks share for this request (hooks.ts), made on first use. */
  get locals(): Record<string, unknown> {
    return (this.#locals ??= {});
  }

  /** The query, parsed on first use. */
  searchParams(): URLSearchParams {
    return (this.#searchParams ??= new URLSearchParams(this.search));
  }

  header(name: string): string | null {
    return this.source.header(name);
  }

  query(name: string): string | null {
    return this.searchParams().get(name);
  }
}
