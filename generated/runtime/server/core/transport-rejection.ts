// Runtime template of the pet store contract toolchain: copied verbatim into generated/runtime/. Edit it in templates/, never in generated/.
/**
 * The answer to a request refused before it could be read (node-rejections.ts: what node's
 * parser refuses, `CONNECT`, a missing `Host`): counted against the client address on the first
 * plan (nothing identifies a caller yet), answered with the `Error` body, `X-RateLimit-*`,
 * `Connection: close`, and the `Deprecation`/`Sunset` of the operation its target names. An
 * unimplemented method (501) on a path the spec declares is answered 405 with `Allow` instead
 * (not another 501, e.g. an unsupported transfer coding, of a method the path allows).
 */
import type { Responder } from "./responder.js";
import type { RateLimitOutcome } from "../stores/rate-limiter.js";
import type {
  RuntimeResponse,
  TransportRejection,
  TransportRejectionHandler,
} from "./runtime-response.js";

/** What the request handler lends the rejection stage (`routeOf`, `errorResponse`: responder.ts). */
export interface TransportRejectionContext extends Pick<Responder, "routeOf" | "errorResponse"> {
  /** Counts a request against its client address; undefined when not rate limited or unknown. */
  countAnonymous(remoteAddress: string | undefined): Promise<RateLimitOutcome | undefined>;
  /** The methods of a request path (`basePath` included); empty when the spec has no such path. */
  allowed(pathname: string): readonly string[];
}

export function createTransportRejectionHandler(
  context: TransportRejectionContext,
): TransportRejectionHandler {
  return async (rejection: TransportRejection): Promise<RuntimeResponse> => {
    const rate = await context.countAnonymous(rejection.remoteAddress);
    const { method, target } = rejection;
    const path = target?.startsWith("/") === true ? (target.split("?")[0] as string) : undefined;
    const allow = path === undefined ? [] : context.allowed(path);
    let response: RuntimeResponse;
    if (
      rejection.status === 501 &&
      allow.length > 0 &&
      method !== undefined &&
      !allow.includes(method)
    ) {
      const message = `Method ${method.slice(0, 40)} is not allowed here; allowed: ${allow.join(", ")}`;
      response = context.errorResponse(405, "method_not_allowed", message, rate, undefined);
      response.headers["allow"] = allow.join(", ");
    } else {
      // A deprecated operation's answers carry its Deprecation/Sunset, whatever refused them.
      const deprecated =
        method === undefined || path === undefined ? undefined : context.routeOf(method, path);
      const { status, code, message } = rejection;
      response = context.errorResponse(status, code, message, rate, deprecated);
    }
    response.headers["connection"] = "close";
    return response;
  };
}
