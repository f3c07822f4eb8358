// Runtime template of the pet store contract toolchain: copied verbatim into generated/runtime/. Edit it in templates/, never in generated/.
/**
 * With `responseHeaders` (the extra headers every response may carry, declared once): a header
 * the handler sets that neither the spec declares for that response nor `responseHeaders`
 * lists is a 500 with `validateResponses`, and is dropped (reported once per operation and
 * name through `onError`) without it (hooks.ts).
 */
import { ContractViolationError } from "../errors.js";
import { undeclaredHeaders } from "../hooks.js";
import type { RequestContext } from "../request-context.js";
import type { Responder } from "../responder.js";
import type { RuntimeResponse } from "../runtime-response.js";
import { responseHeaders } from "./serialize.js";

export function createHeaderRuleStage<C>(
  responder: Responder,
  allowed: ReadonlySet<string>,
  strict: boolean,
) {
  const reported = new Set<string>();
  return function headerRule(context: RequestContext<C>): RuntimeResponse | undefined {
    if (context.result?.headers === undefined) return undefined;
    const operation = context.operation!;
    const { operationId } = operation;
    const status = context.result.status;
    const headers = responseHeaders(responder, context);
    const extra = undeclaredHeaders(allowed, operation, status, headers);
    if (extra.length === 0) return undefined;
    const message = `${operationId} answered ${status} with the header ${extra.join(", ")}, which the spec does not declare for it and responseHeaders does not list`;
    const error = new ContractViolationError(operationId, status, message);
    if (strict)
      return responder.internalError(error, { operationId, status }, context.rate, operation);
    for (const name of extra) {
      delete headers[name];
      const key = `${operationId} ${name}`;
      if (reported.has(key)) continue;
      reported.add(key);
      responder.report(error, { operationId, status });
    }
    return undefined;
  };
}
