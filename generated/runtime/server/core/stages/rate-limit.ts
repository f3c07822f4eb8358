// Runtime template of the pet store contract toolchain: copied verbatim into generated/runtime/. Edit it in templates/, never in generated/.
/**
 * Stage 4, when the spec has `x-rate-limits`: counts the request against the caller's plan
 * (or the client address for an unknown caller) in the store; a limited or banned key gets a
 * 429 with `Retry-After` at once. Every later answer carries the counts (`X-RateLimit-*`).
 */
import { clientRateId } from "../client-address.js";
import { ConfigurationError } from "../errors.js";
import type { RateLimitPlans } from "../rate-limit-plans.js";
import type { RequestContext } from "../request-context.js";
import type { Responder } from "../responder.js";
import type { RuntimeResponse } from "../runtime-response.js";
import type { RateLimitOutcome, RateLimitStore } from "../../stores/rate-limiter.js";
import { isPromiseLike } from "./runner.js";

export function createRateLimitStage<C>(
  responder: Responder,
  plans: RateLimitPlans,
  store: RateLimitStore,
) {
  function limited(
    context: RequestContext<C>,
    rate: RateLimitOutcome,
  ): RuntimeResponse | undefined {
    context.rate = rate;
    if (rate.status === "allowed") return undefined;
    const banned = rate.status === "banned";
    const response = responder.errorResponse(
      429,
      banned ? "key_banned" : "rate_limited",
      banned
        ? `API key banned for sending requests while rate limited; retry in ${rate.retryAfter} s`
        : `Rate limit of ${rate.limit} requests per ${rate.window} exceeded; retry in ${rate.retryAfter} s`,
      rate,
      responder.routeOf(context.source.method, context.pathname),
    );
    response.headers["retry-after"] = String(rate.retryAfter);
    return response;
  }

  return function rateLimit(
    context: RequestContext<C>,
  ): RuntimeResponse | undefined | Promise<RuntimeResponse | undefined> {
    const { identity } = context;
    const auth = identity?.auth;
    const limits = plans.limitsOf(auth === undefined ? plans.anonymousPlan : auth.plan);
    if (limits instanceof ConfigurationError) {
      const deprecated = responder.routeOf(context.source.method, context.pathname);
      return responder.internalError(limits, { status: 500 }, undefined, deprecated);
    }
    context.callerLimits = limits;
    const rateId = identity?.rateId ?? clientRateId(responder.addressOf(context.source));
    const hit = store.hit(rateId, { now: responder.now(), limits, ban: plans.ban });
    return isPromiseLike(hit)
      ? Promise.resolve(hit).then((rate) => limited(context, rate))
      : limited(context, hit);
  };
}
