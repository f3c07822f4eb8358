/** Types of deprecation-policy.js (the deprecation policy shared by lint, generate and spec:diff). */
export declare const MIN_NOTICE_MONTHS: number;

export type DeprecationRule =
  | "not-deprecated"
  | "sunset-missing"
  | "sunset-invalid"
  | "since-missing"
  | "since-invalid"
  | "sunset-before-deprecation"
  | "notice-too-short"
  | "sunset-passed"
  | "sunset-soon";

export interface DeprecationProblem {
  readonly rule: DeprecationRule;
  /** The operation's key the problem is about (`x-sunset`, `x-deprecated-since`, `deprecated`). */
  readonly field: string;
  /** What is wrong. */
  readonly message: string;
  /** How to comply. */
  readonly fix: string;
}

export interface DeprecationOptions {
  /** YYYY-MM-DD: also report a sunset that has passed. */
  readonly today?: string;
  /** With `today`: also report a sunset at most this many days ahead. */
  readonly warnWithinDays?: number;
  /** YYYY-MM-DD: count the notice from no earlier than this day (a new deprecation under review). */
  readonly announced?: string;
}

export declare function deprecationProblems(
  operation: Readonly<Record<string, unknown>>,
  options?: DeprecationOptions,
): DeprecationProblem[];
export declare function parseIsoDay(value: unknown): number | undefined;
export declare function formatIsoDay(days: number): string;
export declare function addMonths(days: number, months: number): number;
