/**
 * Raw changes, as the comparers find them: before the stability policy is applied and before the
 * same change reached through several operations is merged into one entry (see collect-changes.ts).
 */
import type { Side } from "./report.js";

export type RawSeverity = "breaking" | "deprecation" | "non-breaking";

export interface RawChange {
  readonly rule: string;
  readonly side: Side;
  readonly location: string;
  readonly field: string;
  readonly severity: RawSeverity;
  readonly bump: "major" | "minor" | "patch";
  readonly reason: string;
  /** A breach of the deprecation policy: fails the review whatever the version bump. */
  readonly violation?: true;
  readonly before?: unknown;
  readonly after?: unknown;
}

/** Where the comparer stands: the side, the location (operation or component) and the field path inside it. */
export interface Scope {
  readonly side: Side;
  readonly location: string;
  readonly path: string;
}

/** `a` + `b` → `a.b`; `a` + `[]` → `a[]`; `` + `b` → `b`. */
export function joinPath(path: string, segment: string): string {
  if (segment === "") return path;
  if (path === "") return segment;
  return segment.startsWith("[") || segment.startsWith("{")
    ? `${path}${segment}`
    : `${path}.${segment}`;
}

export function within(scope: Scope, segment: string): Scope {
  return { ...scope, path: joinPath(scope.path, segment) };
}

interface Values {
  readonly before?: unknown;
  readonly after?: unknown;
}

/** Builds raw changes at a scope; `field` is relative to the scope's path. */
export class ChangeSink {
  constructor(
    readonly scope: Scope,
    private readonly out: RawChange[],
  ) {}

  at(segment: string): ChangeSink {
    return new ChangeSink(within(this.scope, segment), this.out);
  }

  breaking(rule: string, reason: string, values: Values = {}): void {
    this.push(rule, "breaking", "major", reason, values);
  }

  /** A compatible change; `minor` for additions (new operation, field, value), `patch` otherwise. */
  compatible(rule: string, bump: "minor" | "patch", reason: string, values: Values = {}): void {
    this.push(rule, "non-breaking", bump, reason, values);
  }

  deprecation(rule: string, reason: string, values: Values = {}): void {
    this.push(rule, "deprecation", "minor", reason, values);
  }

  /** A breach of the deprecation policy (lint/deprecation-policy.js): breaking, and no bump makes it pass. */
  violation(rule: string, reason: string, values: Values = {}): void {
    this.push(rule, "breaking", "major", reason, values, true);
  }

  private push(
    rule: string,
    severity: RawSeverity,
    bump: RawChange["bump"],
    reason: string,
    values: Values,
    violation = false,
  ): void {
    const change: RawChange = {
      rule: `${this.scope.side}.${rule}`,
      side: this.scope.side,
      location: this.scope.location,
      field: this.scope.path,
      severity,
      bump,
      reason,
      ...(violation ? { violation: true as const } : {}),
      ...("before" in values && values.before !== undefined ? { before: values.before } : {}),
      ...("after" in values && values.after !== undefined ? { after: values.after } : {}),
    };
    this.out.push(change);
  }
}
