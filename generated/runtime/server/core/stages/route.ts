// Runtime template of the pet store contract toolchain: copied verbatim into generated/runtime/. Edit it in templates/, never in generated/.
/**
 * Stage 5, always: a request target over `maxUrlLength` → 414; routing (`basePath` stripped
 * first): 404 `not_found`, 405 `method_not_allowed` + `Allow` (`HEAD` is served by the
 * `GET` operation), 501 `not_implemented` for a method no operation can have on an unknown
 * path (request-target.ts), 400 for a path parameter that cannot be decoded.
 */
import type { RequestContext } from "../request-context.js";
import {
  isImplementedMethod,
  targetTooLongMessage,
  unimplementedMethodMessage,
} from "../request-target.js";
import type { Responder } from "../responder.js";
import type { RuntimeResponse } from "../runtime-response.js";

export function createRouteStage<C>(responder: Responder, maxUrlLength: number) {
  return function route(context: RequestContext<C>): RuntimeResponse | undefined {
    const { source, rate } = context;
    const method = source.method;
    const tooLong = targetTooLongMessage(source.url.length - context.pathStart, maxUrlLength);
    if (tooLong !== undefined) {
      const deprecated = responder.routeOf(method, context.pathname);
      return responder.errorResponse(414, "uri_too_long", tooLong, rate, deprecated);
    }
    const routePath = responder.stripBasePath(context.pathname);
    context.routePath = routePath;
    const match =
      routePath === undefined
        ? undefined
        : responder.router.match(method, routePath, context.search, (name) => context.header(name));
    if (match === undefined || match.kind === "not-found") {
      if (!isImplementedMethod(method)) {
        const message = unimplementedMethodMessage(method);
        return responder.errorResponse(501, "not_implemented", message, rate, undefined);
      }
      const pathname = routePath ?? context.pathname;
      const shown = pathname.length > 200 ? `${pathname.slice(0, 200)}…` : pathname;
      const message = `No operation matches ${method} ${shown}`;
      return responder.errorResponse(404, "not_found", message, rate, undefined);
    }
    if (match.kind === "bad-path") {
      return responder.errorResponse(
        400,
        "validation_failed",
        match.message,
        rate,
        match.operation,
      );
    }
    if (match.kind === "method-not-allowed") {
      const allow = match.allow.join(", ");
      const message = `Method ${method} is not allowed here; allowed: ${allow}`;
      const response = responder.errorResponse(405, "method_not_allowed", message, rate, undefined);
      response.headers["allow"] = allow;
      return response;
    }
    context.operation = match.operation;
    context.pathParams = match.params;
    context.rawPathParams = match.rawParams;
    return undefined;
  };
}
