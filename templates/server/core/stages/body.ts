// Runtime template of the pet store contract toolchain: copied verbatim into generated/runtime/. Edit it in templates/, never in generated/.
/**
 * Stage 9, always: the request body read and validated against the operation's (413, 415, 400:
 * body.ts). Its bytes are kept so that the handler's `request` can still be read
 * (`formData()`...), and, with an `Idempotency-Key` on an operation that declares one, for the
 * request's fingerprint.
 */
import { readOperationBody } from "../body.js";
import { BodyCapturingSource, IDEMPOTENCY_KEY_HEADER } from "../idempotency.js";
import type { RequestContext } from "../request-context.js";

export function createBodyStage<C>(maxBodyBytes: number, idempotency: boolean) {
  return function body(context: RequestContext<C>): undefined | Promise<undefined> {
    const operation = context.operation!;
    const { source } = context;
    const key =
      idempotency && operation.idempotent
        ? source.header(IDEMPOTENCY_KEY_HEADER) || undefined
        : undefined;
    if (key !== undefined) {
      context.idempotencyKey = key;
      context.capture = new BodyCapturingSource(source);
      context.reader = context.capture;
    }
    if (operation.body === undefined) return undefined;
    if (key === undefined) context.reader = new BodyCapturingSource(source);
    return readOperationBody(context.reader, operation.body, maxBodyBytes).then((value) => {
      context.body = value;
      return undefined;
    });
  };
}
