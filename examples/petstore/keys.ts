/**
 * API keys and rate-limit plans of the reference server: one demo key per plan of the spec's
 * `x-rate-limits`, and the limits of the plans the spec leaves to configuration (enterprise).
 */
import { randomBytes } from "node:crypto";
import { API, type PetStorePlan } from "../../generated/server.js";
import {
  createKeyAuthenticator,
  type ApiKeyEntry,
  type RateLimits,
} from "../../generated/runtime/server/index.js";

/** Who is calling: what `authenticate` hands to the handlers as `caller`. */
export interface DemoCaller {
  /** A display name for logs, e.g. `demo-pro`. Never the key. */
  readonly name: string;
  /** The caller's rate-limit plan (a spec plan, or one added through `planLimits`). */
  readonly plan: string;
}

export type DemoKey = ApiKeyEntry<DemoCaller>;

/** The spec's plans, in the spec's order (free, pro, business, enterprise). */
export const SPEC_PLANS: readonly PetStorePlan[] = (API.rateLimits?.plans ?? []).map(
  (plan) => plan.name as PetStorePlan,
);

/**
 * Enterprise quotas are agreed per customer (`null` in the spec); the reference server's
 * configuration gives its demo enterprise customer these.
 */
export const DEFAULT_ENTERPRISE_LIMITS: RateLimits = { perMinute: 5_000, perDay: 1_000_000 };

/** The configured plan limits: the enterprise default, overridden or extended by `overrides`. */
export function resolvePlanLimits(
  overrides: Readonly<Record<string, RateLimits>> = {},
): Record<string, RateLimits> {
  return { enterprise: DEFAULT_ENTERPRISE_LIMITS, ...overrides };
}

/** The limits a plan runs with: configured ones first, else the spec's; undefined if neither. */
export function limitsOfPlan(
  plan: string,
  planLimits: Readonly<Record<string, RateLimits>>,
): RateLimits | undefined {
  if (Object.hasOwn(planLimits, plan)) return planLimits[plan];
  const spec = API.rateLimits?.plans.find((entry) => entry.name === plan);
  if (spec === undefined || spec.perMinute === null || spec.perDay === null) return undefined;
  return { perMinute: spec.perMinute, perDay: spec.perDay };
}

export interface DemoKeyOptions {
  /**
   * Fixed, well-known keys (`petstore-demo-free`, ...) instead of random ones, so that client
   * code keeps working across restarts. Only for local development.
   */
  readonly stable?: boolean;
  /** The plans to make a key for (default: every spec plan). */
  readonly plans?: readonly string[];
}

/** One demo key per plan: random (`pk_<plan>_<24 random chars>`) unless `stable`. */
export function createDemoKeys(options: DemoKeyOptions = {}): DemoKey[] {
  return (options.plans ?? SPEC_PLANS).map((plan) => ({
    key:
      options.stable === true
        ? `petstore-demo-${plan}`
        : `pk_${plan}_${randomBytes(18).toString("base64url")}`,
    plan,
    caller: { name: `demo-${plan}`, plan },
  }));
}

/** The constant-time authenticator over `keys` (the runtime's `createKeyAuthenticator`). */
export function keyAuthenticator(
  keys: Iterable<DemoKey>,
): ReturnType<typeof createKeyAuthenticator<DemoCaller>> {
  return createKeyAuthenticator<DemoCaller>(keys);
}
