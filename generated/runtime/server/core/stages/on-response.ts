// Runtime template of the pet store contract toolchain: copied verbatim into generated/runtime/. Edit it in templates/, never in generated/.
/**
 * With `onResponse`, on every answer (the runtime's own errors included) before the CORS
 * headers: the hook reads the status and headers and may set a header the spec declares for that
 * response or one of `responseHeaders` (hooks.ts); any other name throws. A hook that throws is
 * reported through `onError` and the answer is sent as it was.
 */
import { headerAllowed, type HookOptions, type ResponseEvent } from "../hooks.js";
import type { RequestContext } from "../request-context.js";
import type { Responder } from "../responder.js";
import type { RuntimeResponse } from "../runtime-response.js";

export function createResponseHook<C>(
  responder: Responder,
  hook: NonNullable<HookOptions<C>["onResponse"]>,
  allowed: ReadonlySet<string>,
) {
  return function onResponse(context: RequestContext<C>, response: RuntimeResponse): void {
    const { operation } = context;
    const { headers, status } = response;
    const event: ResponseEvent = {
      operationId: operation?.operationId,
      method: context.source.method,
      path: context.routePath ?? context.pathname,
      status,
      locals: context.locals,
      headers: {
        get(name) {
          const value = headers[name.toLowerCase()];
          return Array.isArray(value) ? value.join(", ") : value;
        },
        set(name, value) {
          const lower = name.toLowerCase();
          if (!headerAllowed(allowed, operation, status, lower)) {
            throw new Error(
              `onResponse cannot set ${name}: the spec does not declare it for this response; list it in the responseHeaders option to send it on every response`,
            );
          }
          headers[lower] = String(value);
        },
      },
    };
    try {
      hook(event);
    } catch (error) {
      responder.report(error, {
        ...(operation === undefined ? {} : { operationId: operation.operationId }),
        status,
      });
    }
  };
}
