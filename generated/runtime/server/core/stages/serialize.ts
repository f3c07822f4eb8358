// Runtime template of the pet store contract toolchain: copied verbatim into generated/runtime/. Edit it in templates/, never in generated/.
/**
 * Stage 14, always, last: the handler's answer as a response: the headers every answer carries
 * and the handler's, the body serialized (JSON unless the declared media type says otherwise;
 * XML as the schema maps it when an XML media type is chosen, by the handler's `content-type` or
 * the request's `Accept`: runtime/xml/xml-server.ts, which the table gives; none for 204/304; a
 * body JSON cannot carry, such as a stream where JSON is declared, is a 500 through `onError`,
 * never a silent `{}`; an async iterable for NDJSON or server-sent events is streamed by the
 * descriptor's stream writer, stream-writer.ts, and is a 500 in an API that declares no streaming
 * type). Always answers.
 */
import { ContractViolationError } from "../errors.js";
import { isJsonMediaType, mediaTypeEssence } from "../media-type.js";
import type { RequestContext } from "../request-context.js";
import type { Responder } from "../responder.js";
import {
  mergeHandlerHeaders,
  serializeBody,
  type ResponseHeaders,
  type RuntimeResponse,
} from "../runtime-response.js";
import { isAsyncIterable, isStreamingMediaType, notJsonReason } from "../stream-body.js";

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
    const { declared, binaryType } = context;
    const xml = binaryType === undefined ? declared?.xml : undefined;
    const contentType =
      typeof given === "string"
        ? given
        : (binaryType ??
          (xml === undefined
            ? (declared?.mediaType ?? JSON_TYPE)
            : xml.codec.negotiate(declared!, context.source.header("accept"))));
    headers["content-type"] = contentType;
    const essence = mediaTypeEssence(contentType);
    const operation = context.operation!;
    const { operationId } = operation;
    const text = xml?.codec.writeBody(xml, contentType, value);
    if (text !== undefined) {
      return { status, headers, body: text };
    } else if (isJsonMediaType(essence)) {
      const reason = notJsonReason(value);
      if (reason !== undefined) {
        const message = `${operationId} answered ${status} with ${reason} as its ${essence} body, which JSON cannot carry`;
        const error = new ContractViolationError(operationId, status, message);
        return responder.internalError(error, { operationId, status }, context.rate, operation);
      }
      return { status, headers, body: context.jsonText ?? JSON.stringify(value) ?? "null" };
    } else if (isStreamingMediaType(essence) && isAsyncIterable(value)) {
      const write = operation.writeStream;
      if (write === undefined) {
        // no operation of the spec declares a streaming type: nothing to write it with
        const message = `${operationId} answered ${status} with an async iterable as ${essence}, a streaming media type its API declares nowhere`;
        const error = new ContractViolationError(operationId, status, message);
        return responder.internalError(error, { operationId, status }, context.rate, operation);
      }
      const report = (error: unknown) => responder.report(error, { operationId, status });
      return { status, headers, body: write(value, essence, report) };
    }
    return { status, headers, body: serializeBody(value, contentType) };
  };
}
