// Runtime template of the pet store contract toolchain: copied verbatim into generated/runtime/. Edit it in templates/, never in generated/.
/**
 * Stage 13, with `validateResponses`: an undeclared status, a body that breaks the spec, or a
 * header the declared response does not allow → 500 and a log line through `onError` naming
 * the operation, the status and the rule.
 */
import { ContractViolationError } from "../errors.js";
import type { RequestContext } from "../request-context.js";
import type { Responder } from "../responder.js";
import type { RuntimeResponse } from "../runtime-response.js";
import { checkResponseHeaders } from "../response-headers.js";
import { isAsyncIterable } from "../stream-body.js";
import { validationMessage } from "../validation-message.js";
import { responseHeaders } from "./serialize.js";

export function createValidateResponseStage<C>(responder: Responder) {
  return function validateResponse(context: RequestContext<C>): RuntimeResponse | undefined {
    const operation = context.operation!;
    const { operationId } = operation;
    const { declared, value } = context;
    const status = context.result!.status;
    let violation: string | undefined;
    if (declared === null) {
      violation = `${operationId} answered ${status}, a status the spec does not declare for it`;
    } else if (
      declared.validate !== undefined &&
      context.binaryType === undefined &&
      !isAsyncIterable(value) // a stream's items are not validated
    ) {
      if (!declared.validate(value)) {
        const rule = validationMessage("response body", declared.validate.errors);
        violation = `${operationId} answered ${status} with a body that breaks the spec: ${rule}`;
      }
    } else if (value !== undefined && declared.mediaType === undefined) {
      violation = `${operationId} answered ${status} with a body, but the spec declares none for it`;
    }
    if (violation === undefined && declared?.headers !== undefined) {
      const rule = checkResponseHeaders(declared.headers, responseHeaders(responder, context));
      if (rule !== undefined) violation = `${operationId} answered ${status} with ${rule}`;
    }
    if (violation === undefined) return undefined;
    const error = new ContractViolationError(operationId, status, violation);
    return responder.internalError(error, { operationId, status }, context.rate, operation);
  };
}
