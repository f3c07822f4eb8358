// Runtime template of the pet store contract toolchain: copied verbatim into generated/runtime/. Edit it in templates/, never in generated/.
/**
 * With `onRequest`, right after routing: the hook sees the operation, the caller (when
 * authenticated) and the request's headers, and may answer early (a maintenance 503, a feature
 * flag); its answer is sent as JSON with the headers every answer carries (hooks.ts).
 */
import type { HookOptions, RequestEvent } from "../hooks.js";
import { mergeHandlerHeaders, type RuntimeResponse } from "../runtime-response.js";
import type { RequestContext } from "../request-context.js";
import type { Responder } from "../responder.js";
import { isPromiseLike, type StageResult } from "./runner.js";

export function createOnRequestStage<C>(
  responder: Responder,
  hook: NonNullable<HookOptions<C>["onRequest"]>,
) {
  function answer(
    context: RequestContext<C>,
    given: ReturnType<typeof hook>,
  ): RuntimeResponse | undefined {
    if (given === undefined || given === null || isPromiseLike(given)) return undefined;
    const headers = responder.startHeaders(context.rate, context.operation);
    if (given.headers !== undefined)
      mergeHandlerHeaders(headers, given.headers, context.rate !== undefined);
    if (given.body === undefined) return { status: given.status, headers, body: null };
    headers["content-type"] ??= "application/json";
    return { status: given.status, headers, body: JSON.stringify(given.body) ?? "null" };
  }

  return function onRequest(context: RequestContext<C>): StageResult {
    const { source } = context;
    const event: RequestEvent<C> = {
      operationId: context.operation!.operationId,
      method: source.method,
      path: context.routePath ?? context.pathname,
      header: (name) => source.header(name.toLowerCase()),
      caller: context.identity?.auth?.caller,
      locals: context.locals,
    };
    const given = hook(event);
    return isPromiseLike(given)
      ? Promise.resolve(given).then((settled) => answer(context, settled))
      : answer(context, given);
  };
}
