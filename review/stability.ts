/**
 * Stability policy (spec "Stability markers"): a breaking change confined to `x-stability:
 * experimental` operations is not breaking (they may change without notice); on `beta` operations it
 * is a warning (they may change with 30 days' notice) that does not fail the check.
 */
import type { JsonObject } from "./refs.js";
import type { RawChange } from "./raw-change.js";
import type { Severity } from "./report.js";

export type Stability = "stable" | "beta" | "experimental";

export function stabilityOf(operation: JsonObject | undefined): Stability {
  const value = operation?.["x-stability"];
  return value === "experimental" || value === "beta" ? value : "stable";
}

/** How guarded an operation is: stable > beta > experimental. */
export function stabilityRank(stability: Stability): number {
  return stability === "stable" ? 2 : stability === "beta" ? 1 : 0;
}

export interface Effective {
  readonly severity: Severity;
  readonly bump: RawChange["bump"];
}

/** The severity a raw change has on one operation of the given stability. */
export function applyStability(change: RawChange, stability: Stability): Effective {
  if (change.severity !== "breaking" || stability === "stable")
    return { severity: change.severity, bump: change.bump };
  return stability === "beta"
    ? { severity: "warning", bump: "minor" }
    : { severity: "non-breaking", bump: "minor" };
}
