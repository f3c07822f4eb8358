// Runtime template of the pet store contract toolchain: copied verbatim into generated/runtime/. Edit it in templates/, never in generated/.
/** Stage 2, with the `cors` option: answers a CORS preflight to a known path (cors.ts). */
import type { CorsStage } from "../cors.js";
import type { RequestContext } from "../request-context.js";
import type { Responder } from "../responder.js";
import type { RuntimeResponse } from "../runtime-response.js";

export function createCorsPreflightStage<C>(responder: Responder, cors: CorsStage) {
  return function corsPreflight(context: RequestContext<C>): RuntimeResponse | undefined {
    const { source } = context;
    if (source.method !== "OPTIONS") return undefined;
    const routePath = responder.stripBasePath(context.pathname);
    if (routePath === undefined) return undefined;
    const header = (name: string) => source.header(name);
    return cors.preflight(source.method, header, responder.router.allowed(routePath));
  };
}
