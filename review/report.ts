/**
 * The shape of a spec-diff report: the changes found between two versions of the contract,
 * their classification, and the version verdict. Pure data; the formatters render it.
 */

/** How a change affects the consumers of the contract, most severe first. */
export type Severity = "breaking" | "warning" | "deprecation" | "non-breaking";

/**
 * Which part of the contract a change is on. `request` and `response` are reported separately
 * because what breaks a client differs between them (a narrowed request breaks callers, a widened
 * response breaks readers); `operation` covers the operation as a whole (removal, deprecation,
 * stability, operationId); `document` covers root-level contract data (rate-limit plans, ...).
 */
export type Side = "request" | "response" | "operation" | "document";

/** A semantic-version bump, smallest first: `none` < `patch` < `minor` < `major`. */
export type Bump = "none" | "patch" | "minor" | "major";

export interface Change {
  /** Stable identifier of the rule that produced the change, e.g. `request.field.required-added`. */
  readonly rule: string;
  readonly severity: Severity;
  readonly side: Side;
  /** An operation (`GET /pets/{petId}`) or a component (`#/components/schemas/Pet`) or a root pointer (`#/x-rate-limits`). */
  readonly location: string;
  /** The field inside `location` (`body.name`, `query.limit`, `responses.200.body[].status`); empty for the location itself. */
  readonly field: string;
  /** One line: what changed and why it has this severity. */
  readonly reason: string;
  /** The bump of `info.version` the change needs on its own. */
  readonly bump: Exclude<Bump, "none">;
  /** The operations the change reaches (`METHOD /path`, sorted); empty for document-wide changes. */
  readonly operations: readonly string[];
  /** Set when the stability policy lowered the severity (experimental / beta operations). */
  readonly note?: string;
  /** A breach of the deprecation policy: the review fails whatever `info.version` says. */
  readonly violation?: true;
  /** `file:line:column` of the location in the spec's text (head, else base), when it can be found. */
  readonly at?: string;
  readonly before?: unknown;
  readonly after?: unknown;
}

export type VersionBump = Bump | "downgrade" | "invalid";

export interface VersionVerdict {
  readonly base: string | null;
  readonly head: string | null;
  /** The bump the changes need. */
  readonly required: Bump;
  /** The bump between base and head `info.version`. */
  readonly actual: VersionBump;
  /** Whether `actual` is at least `required`. */
  readonly sufficient: boolean;
}

export interface Summary {
  readonly breaking: number;
  readonly warning: number;
  readonly deprecation: number;
  readonly nonBreaking: number;
}

export interface Report {
  /** Version of this JSON shape; bumped only on incompatible changes of the report itself. */
  readonly reportVersion: 2;
  readonly base: { readonly label: string; readonly version: string | null };
  readonly head: { readonly label: string; readonly version: string | null };
  /** The date the sunset policy was evaluated at (YYYY-MM-DD, UTC). */
  readonly today: string;
  /** The notice a deprecation gives: its sunset at least this many months after it is announced. */
  readonly minNoticeMonths: number;
  readonly summary: Summary;
  readonly version: VersionVerdict;
  /**
   * `fail` when there is a breaking change and head's `info.version` is not a major bump of
   * base's, or when any change breaches the deprecation policy (no bump fixes that).
   */
  readonly verdict: "pass" | "fail";
  readonly changes: readonly Change[];
  /**
   * What the generated package gains and loses: the operationIds (else `METHOD /path`) of the
   * operations added and removed, each a client method and a server handler.
   */
  readonly codeImpact: { readonly added: readonly string[]; readonly removed: readonly string[] };
}

export const SEVERITY_ORDER: readonly Severity[] = [
  "breaking",
  "warning",
  "deprecation",
  "non-breaking",
];
export const SIDE_ORDER: readonly Side[] = ["request", "response", "operation", "document"];
const BUMP_RANK: Record<Bump, number> = { none: 0, patch: 1, minor: 2, major: 3 };

export function severityRank(severity: Severity): number {
  return SEVERITY_ORDER.length - SEVERITY_ORDER.indexOf(severity);
}

export function bumpRank(bump: VersionBump): number {
  return bump === "downgrade" || bump === "invalid" ? -1 : BUMP_RANK[bump];
}

export function maxBump(bumps: Iterable<Bump>): Bump {
  let result: Bump = "none";
  for (const bump of bumps) if (BUMP_RANK[bump] > BUMP_RANK[result]) result = bump;
  return result;
}
