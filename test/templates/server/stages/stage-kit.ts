/**
 * What a stage test needs, without the other stages: a responder for the fixture API, and
 * request contexts built by hand (split, routed, with parameters) the way the stages before
 * the one under test would leave them.
 */
import type { ApiDescriptor } from "../../../../templates/server/core/descriptor.js";
import type { ErrorContext, ServerOptions } from "../../../../templates/server/core/handler-api.js";
import { prepareOperations } from "../../../../templates/server/core/operation-table.js";
import { RequestContext } from "../../../../templates/server/core/request-context.js";
import { WebRequestSource } from "../../../../templates/server/core/request-source.js";
import { createResponder, type Responder } from "../../../../templates/server/core/responder.js";
import { createRouter } from "../../../../templates/server/core/router.js";
import type { RuntimeResponse } from "../../../../templates/server/core/runtime-response.js";
import { api, type Caller } from "../fixture-api.js";
import { request, type CallInit } from "../helpers.js";

export interface StageKit {
  readonly responder: Responder;
  readonly logged: Array<{ error: unknown; context: ErrorContext }>;
  /** A context whose target is split (as by split-target.ts). */
  context(method: string, path: string, init?: CallInit): RequestContext<Caller>;
  /** A context routed to its operation (as by route.ts); throws when nothing matches. */
  routed(method: string, path: string, init?: CallInit): RequestContext<Caller>;
}

export function stageKit(
  options: ServerOptions<Caller> = {},
  descriptor: ApiDescriptor = api,
): StageKit {
  const logged: Array<{ error: unknown; context: ErrorContext }> = [];
  const router = createRouter(prepareOperations(descriptor));
  const responder = createResponder(descriptor, router, {
    onError: (error, context) => logged.push({ error, context }),
    ...options,
  });
  function context(method: string, path: string, init?: CallInit): RequestContext<Caller> {
    const built = new RequestContext<Caller>(new WebRequestSource(request(method, path, init)));
    const [pathname = "/", search = ""] = path.split("?");
    built.pathname = pathname;
    built.search = search;
    built.pathStart = "http://api.test".length;
    return built;
  }
  return {
    responder,
    logged,
    context,
    routed(method, path, init) {
      const built = context(method, path, init);
      const match = router.match(method, built.pathname, built.search);
      if (match.kind !== "found")
        throw new Error(`${method} ${path} does not route (${match.kind})`);
      built.routePath = built.pathname;
      built.operation = match.operation;
      built.pathParams = match.params;
      built.rawPathParams = match.rawParams;
      return built;
    },
  };
}

/** The JSON body of an answer, for assertions. */
export function bodyOf(response: RuntimeResponse | undefined): unknown {
  const body = response?.body;
  return typeof body === "string" ? JSON.parse(body) : body;
}
