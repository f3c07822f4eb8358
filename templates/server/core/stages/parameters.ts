// Runtime template of the pet store contract toolchain: copied verbatim into generated/runtime/. Edit it in templates/, never in generated/.
/**
 * Stage 8, always: the operation's parameters, coerced from their styles and validated: 400
 * `validation_failed` naming the first rule broken (operation-table.ts, parameter-styles.ts).
 */
import { collectParameters, noParameters } from "../operation-table.js";
import type { RequestContext } from "../request-context.js";
import type { Responder } from "../responder.js";
import type { RuntimeResponse } from "../runtime-response.js";
import { validationMessage } from "../validation-message.js";

export function createParametersStage<C>(responder: Responder) {
  return function parameters(context: RequestContext<C>): RuntimeResponse | undefined {
    const operation = context.operation!;
    if (!operation.hasParameters) {
      context.parameters = noParameters(context.pathParams);
      return undefined;
    }
    const values = collectParameters(
      operation,
      context.source,
      context.pathParams,
      () => context.searchParams(),
      context.search,
      context.rawPathParams,
    );
    const validate = operation.validateParameters;
    if (!validate(values)) {
      const message = validationMessage("", validate.errors);
      return responder.errorResponse(400, "validation_failed", message, context.rate, operation);
    }
    context.parameters = values;
    return undefined;
  };
}
