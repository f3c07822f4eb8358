// Runtime template of the pet store contract toolchain: copied verbatim into generated/runtime/. Edit it in templates/, never in generated/.
/**
 * Stage 7, when an operation declares `x-sunset`: an operation past its sunset date answers 410
 * `gone` with a `Link` to its successor (sunset.ts). `Deprecation`/`Sunset` headers are
 * on every answer of a deprecated operation already (the operation's fixed headers).
 */
import type { RequestContext } from "../request-context.js";
import type { Responder } from "../responder.js";
import type { RuntimeResponse } from "../runtime-response.js";
import type { SunsetGate } from "../sunset.js";

export function createLifecycleStage<C>(responder: Responder, sunset: SunsetGate) {
  return function lifecycle(context: RequestContext<C>): RuntimeResponse | undefined {
    const { operation } = context;
    if (operation === undefined) return undefined;
    const gone = sunset.check(operation.operationId, context.pathParams);
    if (gone === undefined) return undefined;
    const response = responder.errorResponse(410, "gone", gone.message, context.rate, operation);
    if (gone.link !== undefined) response.headers["link"] = gone.link;
    return response;
  };
}
