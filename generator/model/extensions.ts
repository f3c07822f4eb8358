/**
 * The `x-` extensions the toolchain understands:
 * - `x-sunset` (ISO date), `x-deprecated-since` (ISO date), `x-replaced-by` (operationId) on operations;
 * - `x-stability: experimental | beta` on operations (absent = stable);
 * - `x-rate-limits` at the root: `{ algorithm, plans: [{ name, perMinute, perDay }], ban }`.
 */
import { deprecationProblems, type DeprecationRule } from "../../lint/deprecation-policy.js";
import { GeneratorError } from "../errors.js";
import { isObject } from "./resolve-ref.js";
import type { DeprecationModel, RateLimitPolicyModel, RatePlanModel } from "./types.js";

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * Lifecycle fields that cannot be read, refused as lint and spec:diff refuse them (the shared
 * policy in lint/deprecation-policy.js): a date that is not a real ISO date, a sunset not after
 * the deprecation. The house policy's other rules (both fields present, 6 months' notice, not yet
 * passed) are for lint and review; specs of other APIs need not follow them.
 */
const REFUSED_RULES: ReadonlySet<DeprecationRule> = new Set([
  "sunset-invalid",
  "since-invalid",
  "sunset-before-deprecation",
]);

export function readDeprecation(
  operation: Record<string, unknown>,
  pointer = "",
): DeprecationModel | undefined {
  if (operation.deprecated !== true) return undefined;
  const problem = deprecationProblems(operation).find((candidate) =>
    REFUSED_RULES.has(candidate.rule),
  );
  if (problem !== undefined) {
    const hint = problem.fix.charAt(0).toUpperCase() + problem.fix.slice(1);
    throw new GeneratorError("invalidSpec", problem.message, {
      where: `${pointer}/${problem.field}`,
      hint,
    });
  }
  return {
    sunset: isoDate(operation["x-sunset"]),
    since: isoDate(operation["x-deprecated-since"]),
    replacedBy:
      typeof operation["x-replaced-by"] === "string" ? operation["x-replaced-by"] : undefined,
  };
}

export function readStability(value: unknown): "experimental" | "beta" | undefined {
  return value === "experimental" || value === "beta" ? value : undefined;
}

export function readRateLimits(value: unknown): RateLimitPolicyModel | undefined {
  if (value === undefined) return undefined;
  const where = "#/x-rate-limits";
  if (!isObject(value) || !Array.isArray(value.plans) || value.plans.length === 0) {
    throw new GeneratorError(
      "invalidSpec",
      "x-rate-limits must be an object with a non-empty `plans` list",
      {
        where,
        hint: "Write it as { algorithm, plans: [{ name, perMinute, perDay }], ban: { afterRejectedRequests, durationSeconds } }.",
      },
    );
  }
  const plans: RatePlanModel[] = value.plans.map((plan, index) => {
    if (!isObject(plan) || typeof plan.name !== "string") {
      throw new GeneratorError("invalidSpec", `Rate-limit plan ${index} has no name`, {
        where: `${where}/plans/${index}`,
      });
    }
    return {
      name: plan.name,
      perMinute: limit(plan.perMinute, `${where}/plans/${index}/perMinute`),
      perDay: limit(plan.perDay, `${where}/plans/${index}/perDay`),
    };
  });
  const ban = isObject(value.ban)
    ? {
        afterRejectedRequests: positive(
          value.ban.afterRejectedRequests,
          `${where}/ban/afterRejectedRequests`,
        ),
        durationSeconds: positive(value.ban.durationSeconds, `${where}/ban/durationSeconds`),
      }
    : undefined;
  return {
    algorithm: typeof value.algorithm === "string" ? value.algorithm : "fixed-window",
    plans,
    ban,
  };
}

function limit(value: unknown, where: string): number | null {
  if (value === null || value === undefined) return null;
  return positive(value, where);
}

function positive(value: unknown, where: string): number {
  if (typeof value !== "number" || !Number.isInteger(value) || value <= 0) {
    throw new GeneratorError(
      "invalidSpec",
      `Expected a positive integer, got ${JSON.stringify(value)}`,
      { where },
    );
  }
  return value;
}

function isoDate(value: unknown): string | undefined {
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  return typeof value === "string" && ISO_DATE.test(value) ? value : undefined;
}
