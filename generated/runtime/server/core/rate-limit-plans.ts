// Runtime template of the pet store contract toolchain: copied verbatim into generated/runtime/. Edit it in templates/, never in generated/.
/**
 * The rate-limit plans in force: the spec's `x-rate-limits` plans, with limits from the spec or,
 * for plans whose limits are agreed per customer (null), from `planLimits` in the options, which
 * may also override any plan or add plans. A plan left without limits is not an error at start-up
 * (a deployment may have no such customer): a caller on it gets a 500 and a logged
 * {@link ConfigurationError}.
 */
import type { RateLimitPolicyDescriptor } from "./descriptor.js";
import { ConfigurationError } from "./errors.js";
import { checkRateLimits, type BanPolicy, type RateLimits } from "../stores/rate-limiter.js";

export interface RateLimitPlans {
  /** Callers without a valid key are counted on this plan (the spec's first, lowest, plan). */
  readonly anonymousPlan: string;
  readonly ban: BanPolicy | undefined;
  /** The limits of a plan, or the configuration error to report. */
  limitsOf(plan: string): RateLimits | ConfigurationError;
}

export function resolveRateLimitPlans(
  policy: RateLimitPolicyDescriptor,
  planLimits: Readonly<Record<string, RateLimits>> = {},
): RateLimitPlans {
  const first = policy.plans[0];
  if (first === undefined) throw new Error("x-rate-limits declares no plan");
  const table = new Map<string, RateLimits | ConfigurationError>();
  for (const plan of policy.plans) {
    const override = Object.hasOwn(planLimits, plan.name) ? planLimits[plan.name] : undefined;
    if (override !== undefined) {
      table.set(plan.name, checkRateLimits(override, `planLimits.${plan.name}`));
    } else if (plan.perMinute !== null && plan.perDay !== null) {
      const limits = { perMinute: plan.perMinute, perDay: plan.perDay };
      table.set(plan.name, checkRateLimits(limits, `x-rate-limits plan ${plan.name}`));
    } else {
      table.set(
        plan.name,
        new ConfigurationError(
          `Rate-limit plan "${plan.name}" has no limits in the spec; set planLimits["${plan.name}"]`,
        ),
      );
    }
  }
  for (const name of Object.keys(planLimits)) {
    const limits = planLimits[name];
    if (!table.has(name) && limits !== undefined) {
      table.set(name, checkRateLimits(limits, `planLimits.${name}`));
    }
  }

  let ban: BanPolicy | undefined;
  if (policy.ban !== undefined) {
    const { afterRejectedRequests, durationSeconds } = policy.ban;
    if (!Number.isSafeInteger(afterRejectedRequests) || afterRejectedRequests < 1) {
      throw new Error("x-rate-limits ban.afterRejectedRequests must be a whole number ≥ 1");
    }
    if (!(durationSeconds > 0) || !Number.isFinite(durationSeconds)) {
      throw new Error("x-rate-limits ban.durationSeconds must be a number > 0");
    }
    ban = { afterRejectedRequests, durationSeconds };
  }

  return {
    anonymousPlan: first.name,
    ban,
    limitsOf(plan) {
      return (
        table.get(plan) ??
        new ConfigurationError(
          `Caller's plan "${plan}" is neither an x-rate-limits plan nor in planLimits`,
        )
      );
    },
  };
}
