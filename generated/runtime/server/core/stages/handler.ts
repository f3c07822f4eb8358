// Runtime template of the pet store contract toolchain: copied verbatim into generated/runtime/. Edit it in templates/, never in generated/.
/**
 * Stage 12, always: calls the operation's handler and checks what it answered has a status
 * (else 500 through `onError`); finds the response the spec declares for it. A thrown
 * `NotImplementedError` → 501, any other throw → 500 (failure.ts).
 */
import { binaryMediaType } from "../binary-response.js";
import { ContractViolationError } from "../errors.js";
import type { HandlerResponse } from "../handler-api.js";
import { RuntimeHandlerRequest } from "../handler-request.js";
import type { RequestContext } from "../request-context.js";
import type { Responder } from "../responder.js";
import { findResponseDescriptor, type RuntimeResponse } from "../runtime-response.js";
import { isPromiseLike } from "./runner.js";

export function createHandlerStage<C>(responder: Responder, handlers: object) {
  function accept(
    context: RequestContext<C>,
    result: HandlerResponse,
  ): RuntimeResponse | undefined {
    const operation = context.operation!;
    const operationId = operation.operationId;
    const status = (result as Partial<HandlerResponse> | null | undefined)?.status;
    if (typeof status !== "number" || !Number.isInteger(status) || status < 200 || status > 599) {
      const message = `${operationId} returned no valid response status (got ${String(status)})`;
      const error = new ContractViolationError(operationId, Number(status) || 0, message);
      return responder.internalError(error, { operationId, status: 500 }, context.rate, operation);
    }
    let declared = operation.responseByStatus.get(status);
    if (declared === undefined) {
      declared = findResponseDescriptor(operation.responses, status) ?? null;
      operation.responseByStatus.set(status, declared);
    }
    context.result = result;
    context.declared = declared;
    context.value = status === 204 || status === 304 ? undefined : result.body;
    context.binaryType = binaryMediaType(declared, context.value);
    return undefined;
  }

  return function handler(
    context: RequestContext<C>,
  ): RuntimeResponse | undefined | Promise<RuntimeResponse | undefined> {
    const operation = context.operation!;
    const request = new RuntimeHandlerRequest<C>(
      operation.operationId,
      context.parameters!,
      context.body,
      context.identity?.auth?.caller,
      context.reader,
    );
    const pending = context.handler!.call(handlers, request);
    return isPromiseLike(pending)
      ? Promise.resolve(pending).then((result) => accept(context, result))
      : accept(context, pending);
  };
}
