// Runtime template of the pet store contract toolchain: copied verbatim into generated/runtime/. Edit it in templates/, never in generated/.
/**
 * Stage 3, when the API declares security schemes: reads the credentials the request carries
 * and hands them to `authenticate` (auth-gate.ts). Never answers: who may call what is decided
 * after routing (authorize.ts), and an unknown caller is still rate limited.
 */
import type { SecurityGate } from "../auth-gate.js";
import type { RequestContext } from "../request-context.js";
import { isPromiseLike } from "./runner.js";

export function createAuthenticateStage<C>(security: SecurityGate<C>, rateLimited: boolean) {
  return function authenticate(context: RequestContext<C>): undefined | Promise<undefined> {
    const identity = security.identify(context, rateLimited);
    if (!isPromiseLike(identity)) {
      context.identity = identity;
      return undefined;
    }
    return Promise.resolve(identity).then((known) => {
      context.identity = known;
      return undefined;
    });
  };
}
