// Runtime template of the pet store contract toolchain: copied verbatim into generated/runtime/. Edit it in templates/, never in generated/.
/**
 * Stage 6, when the API declares schemes or secures an operation: an operation whose security
 * requirements the request does not meet gets 401 `unauthorized` + `WWW-Authenticate`, or 403
 * `forbidden` for missing OAuth 2 scopes (auth-gate.ts).
 */
import type { SecurityGate } from "../auth-gate.js";
import type { RequestContext } from "../request-context.js";
import type { Responder } from "../responder.js";
import type { RuntimeResponse } from "../runtime-response.js";

export function createAuthorizeStage<C>(responder: Responder, security: SecurityGate<C>) {
  return function authorize(context: RequestContext<C>): RuntimeResponse | undefined {
    const { identity, operation } = context;
    if (operation === undefined) return undefined;
    const refusal =
      identity === undefined
        ? undefined
        : security.check(operation.operationId, identity.presented, identity.auth);
    if (refusal === undefined && !(operation.secured && identity === undefined)) return undefined;
    const response = responder.errorResponse(
      refusal?.status ?? 401,
      refusal?.code ?? "unauthorized",
      refusal?.message ?? "This operation requires credentials the API does not declare",
      context.rate,
      operation,
    );
    if (refusal?.challenge !== undefined) response.headers["www-authenticate"] = refusal.challenge;
    return response;
  };
}
