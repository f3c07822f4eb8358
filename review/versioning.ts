/**
 * Semantic versioning of `info.version`: the bump the changes need (breaking → major; a new
 * operation, field or value, or a deprecation → minor; anything else → patch) against the bump
 * between base and head.
 */
import type { Bump, VersionBump, VersionVerdict } from "./report.js";
import { bumpRank } from "./report.js";

interface SemVer {
  readonly major: number;
  readonly minor: number;
  readonly patch: number;
  readonly prerelease: string;
}

export function parseSemver(version: unknown): SemVer | undefined {
  if (typeof version !== "string") return undefined;
  const match = /^v?(\d+)\.(\d+)\.(\d+)(?:-([0-9A-Za-z.-]+))?(?:\+[0-9A-Za-z.-]+)?$/.exec(
    version.trim(),
  );
  if (!match) return undefined;
  return {
    major: Number(match[1]),
    minor: Number(match[2]),
    patch: Number(match[3]),
    prerelease: match[4] ?? "",
  };
}

/** The bump from `base` to `head`: the most significant part that grew, `none`, `downgrade` or `invalid`. */
export function versionBump(base: unknown, head: unknown): VersionBump {
  const from = parseSemver(base);
  const to = parseSemver(head);
  if (!from || !to) return "invalid";
  for (const part of ["major", "minor", "patch"] as const) {
    if (to[part] > from[part]) return part;
    if (to[part] < from[part]) return "downgrade";
  }
  // Same major.minor.patch (at most a different pre-release tag): not a bump of its own.
  return "none";
}

export function versionVerdict(base: unknown, head: unknown, required: Bump): VersionVerdict {
  const actual = versionBump(base, head);
  return {
    base: typeof base === "string" ? base : null,
    head: typeof head === "string" ? head : null,
    required,
    actual,
    sufficient: required === "none" || bumpRank(actual) >= bumpRank(required),
  };
}
