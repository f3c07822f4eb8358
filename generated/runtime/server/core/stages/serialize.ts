// Runtime template of the pet store contract toolchain: copied verbatim into generated/runtime/. Edit it in templates/, never in generated/.
/**
 * Stage 14, always, last: the handler's answer as a response: the headers every answer carries
 * and the handler's, the body serialized (JSON unless the declared media type says otherwise;
 * none for 204/304). Always answers.
 */
import type { RequestContext } from "../request-context.js";
import type { Responder } from "../responder.js";
import {
  mergeHandlerHeaders,
  serializeBody,
  type ResponseHeaders,
  type RuntimeResponse,
} from "../runtime-response.js";

const JSON_TYPE = "application/json";

/** The response's headers, merged once (the header check of validate-response.ts reads them). */
export function responseHeaders<C>(
  responder: Responder,
  context: RequestContext<C>,
): ResponseHeaders {
  if (context.headers !== undefined) return context.headers;
  const { rate } = context;
  const headers = responder.startHeaders(rate, context.operation);
  const given = context.result!.headers;
  if (given !== undefined) mergeHandlerHeaders(headers, given, rate !== undefined);
  return (context.headers = headers);
}

export function createSerializeStage<C>(responder: Responder) {
  return function serialize(context: RequestContext<C>): RuntimeResponse {
    const status = context.result!.status;
    const headers = responseHeaders(responder, context);
    const { value } = context;
    if (value === undefined) return { status, headers, body: null };
    const given = headers["content-type"];
    const contentType =
      typeof given === "string"
        ? given
        : (context.binaryType ?? context.declared?.mediaType ?? JSON_TYPE);
    headers["content-type"] = contentType;
    return { status, headers, body: serializeBody(value, contentType) };
  };
}
