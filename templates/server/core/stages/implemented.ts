// Runtime template of the pet store contract toolchain: copied verbatim into generated/runtime/. Edit it in templates/, never in generated/.
/** Stage 10, always: an operation without a handler answers 501 `not_implemented`. */
import type { Handler } from "../handler-api.js";
import type { RequestContext } from "../request-context.js";
import type { Responder } from "../responder.js";
import type { RuntimeResponse } from "../runtime-response.js";

export function createImplementedStage<C>(
  responder: Responder,
  handlerFor: ReadonlyMap<string, Handler<C>>,
) {
  return function implemented(context: RequestContext<C>): RuntimeResponse | undefined {
    const operation = context.operation!;
    context.handler = handlerFor.get(operation.operationId);
    if (context.handler !== undefined) return undefined;
    const message = `Operation ${operation.operationId} is not implemented`;
    return responder.errorResponse(501, "not_implemented", message, context.rate, operation);
  };
}
