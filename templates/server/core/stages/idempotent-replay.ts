// Runtime template of the pet store contract toolchain: copied verbatim into generated/runtime/. Edit it in templates/, never in generated/.
/**
 * Stage 11, unless `idempotency: false`: a request with an `Idempotency-Key` on an operation
 * that declares it runs the stages after this one (handler, response checks, serialization) once
 * per key, and later ones get the kept answer (idempotency.ts). Wraps the rest: takes `next`.
 */
import type { IdempotencyStage } from "../idempotency.js";
import type { RequestContext } from "../request-context.js";
import type { Responder } from "../responder.js";
import type { RuntimeErrorCode } from "../errors.js";
import type { Answer, StageResult } from "./runner.js";

export function createIdempotentReplayStage<C>(
  responder: Responder,
  idempotency: IdempotencyStage,
) {
  return function idempotentReplay(context: RequestContext<C>, next: () => Answer): StageResult {
    const { capture, idempotencyKey: key, identity, rate, source } = context;
    if (capture === undefined || key === undefined) return next();
    const operation = context.operation!;
    const errorContext = { operationId: operation.operationId, status: 500 };
    const request = {
      key,
      apiKey:
        identity === undefined || identity.presented.count === 0
          ? undefined
          : identity.presented.secret,
      method: source.method,
      path: context.routePath ?? context.pathname,
      query: context.search,
      body: capture.bytes,
      startHeaders: () => responder.startHeaders(rate, operation),
      refuse: (status: number, code: RuntimeErrorCode, message: string) =>
        responder.errorResponse(status, code, message, rate, operation),
      report: (error: unknown) => responder.report(error, errorContext),
    };
    return idempotency.run(request, async () => await next());
  };
}
