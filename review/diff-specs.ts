/**
 * spec:diff — compares two versions of the contract and classifies every change as breaking,
 * warning, deprecation or non-breaking, for requests and responses separately, with the sunset
 * and stability policies of this project and the semantic-version verdict.
 *
 * Why our own model and not `redocly diff` (Redocly CLI 2.x, experimental): we tried it on this
 * spec. It rates changes by a generic semver impact with rules we cannot extend from a plugin, and
 * (a) it knows nothing of our policy extensions: `x-sunset` (removal after the sunset date is
 * allowed, earlier is breaking, a new deprecation needs N days of notice), `x-stability`
 * (experimental never breaking, beta a warning) and the `x-rate-limits` plan figures, which it
 * does not look at; (b) it does not separate what breaks a request from what breaks a response the
 * way the review needs it (an enum value added to a shared schema is harmless in a request and
 * breaking in a response); (c) it is marked experimental: its rule names and output formats "can
 * change in future releases", which is a poor base for a CI gate and for tests. The model here is
 * small: operations keyed by `METHOD /path`; parameters, bodies, responses and headers flattened
 * into field paths; `$ref`s followed on both sides with a cycle guard, and a change found inside a
 * shared component reported once at the component (`#/components/schemas/Pet`) with the operations
 * it reaches. We still use Redocly's openapi-core to read and bundle the files (read-spec.ts).
 *
 * Pure: no I/O, the date is a parameter. Formatters are in format-*.ts, the CLI in spec-diff-cli.ts.
 */
import { ChangeCollector } from "./collect-changes.js";
import { diffCallbacks, diffDocumentEvents } from "./diff-callbacks.js";
import { foldLifecycleRows } from "./fold-lifecycle.js";
import { foldPathRenames, renamedTemplateMatch } from "./path-renames.js";
import { toIsoDate } from "./dates.js";
import { DiffContext } from "./diff-context.js";
import { diffOperationMeta } from "./diff-operation-meta.js";
import { diffParameters } from "./diff-parameters.js";
import { diffRateLimits } from "./diff-rate-limits.js";
import { diffRequestBody } from "./diff-request-body.js";
import { diffResponses } from "./diff-responses.js";
import { diffSecurity } from "./diff-security.js";
import { collectOperations } from "./operations.js";
import type { OperationInfo } from "./operations.js";
import { ChangeSink } from "./raw-change.js";
import type { RawChange } from "./raw-change.js";
import { isObject, jsonEqual } from "./refs.js";
import type { Change, Report, Summary } from "./report.js";
import { maxBump } from "./report.js";
import { diffDeprecation, diffRemovedOperation } from "./sunset-policy.js";
import type { PolicyOptions } from "./sunset-policy.js";
import { versionVerdict } from "./versioning.js";
import { MIN_NOTICE_MONTHS } from "../lint/deprecation-policy.js";
import { implyLifecycle } from "../lint/lifecycle-implied.js";

export interface DiffOptions {
  /** The date the sunset policy is evaluated at: `YYYY-MM-DD` (UTC) or a Date. */
  readonly today: string | Date;
  /** How the two sides are named in the report (a git revision, a file). */
  readonly baseLabel?: string;
  readonly headLabel?: string;
}

/** Compares `base` with `head` (parsed OpenAPI documents; internal `$ref`s are followed). */
export function diffSpecs(rawBase: unknown, rawHead: unknown, options: DiffOptions): Report {
  // Both sides with what their lifecycle fields imply (lint/lifecycle-implied.js): a deprecation
  // that leaves the headers and the 410 to the toolchain and one that spells them out compare equal.
  const base = implyLifecycle(structuredClone(rawBase));
  const head = implyLifecycle(structuredClone(rawHead));
  const policy: PolicyOptions = { today: toIsoDate(options.today) };
  const ctx = new DiffContext(base, head);
  const collector = new ChangeCollector();
  const baseOps = collectOperations(base);
  const headOps = collectOperations(head);

  for (const [key, before] of baseOps) {
    const renamed = headOps.has(key) ? undefined : renamedTemplateMatch(before, headOps, baseOps);
    const after = headOps.get(key) ?? renamed;
    const operation = { key, stability: before.stability };
    if (!after) {
      collector.add(
        diffRemovedOperation(before, policy, movedKey(before, headOps, baseOps)),
        operation,
      );
      continue;
    }
    const changes = foldLifecycleRows([
      ...diffOperationMeta(before, after),
      ...diffDeprecation(before, after, policy),
      ...diffParameters(ctx, before, after),
      ...diffRequestBody(ctx, before, after),
      ...diffSecurity(ctx, before, after),
      ...diffResponses(ctx, before, after),
      ...diffCallbacks(base, head, before, after),
    ]);
    collector.add(renamed ? foldPathRenames(changes, before, after) : changes, operation);
  }
  for (const [key, after] of headOps) {
    if (baseOps.has(key) || renamedTemplateMatch(after, baseOps, headOps) !== undefined) continue;
    collector.add(addedOperation(after, movedKey(after, baseOps, headOps)), {
      key,
      stability: after.stability,
    });
  }
  collector.add(diffRateLimits(base, head));
  collector.add(diffDocumentEvents(base, head));
  if (collector.size === 0 && !jsonEqual(withoutVersion(base), withoutVersion(head)))
    collector.add(otherChanges());

  const changes = collector.changes();
  const summary = summarize(changes);
  const version = versionVerdict(
    infoVersion(base),
    infoVersion(head),
    maxBump(changes.map((change) => change.bump)),
  );
  return {
    reportVersion: 2,
    base: { label: options.baseLabel ?? "base", version: version.base },
    head: { label: options.headLabel ?? "head", version: version.head },
    today: policy.today,
    minNoticeMonths: MIN_NOTICE_MONTHS,
    summary,
    version,
    verdict:
      changes.some((change) => change.violation) ||
      (summary.breaking > 0 && version.actual !== "major")
        ? "fail"
        : "pass",
    changes,
    codeImpact: {
      added: unmatched(headOps, baseOps),
      removed: unmatched(baseOps, headOps),
    },
  };
}

/** The operations of `own` that `others` has neither under the same key nor as a renamed template. */
function unmatched(own: Map<string, OperationInfo>, others: Map<string, OperationInfo>): string[] {
  return [...own.values()]
    .filter(
      (info) => !others.has(info.key) && renamedTemplateMatch(info, others, own) === undefined,
    )
    .map((info) =>
      typeof info.operation.operationId === "string" ? info.operation.operationId : info.key,
    );
}

/** The key, in `others`, of an operation with the same operationId under another path or method. */
function movedKey(
  operation: OperationInfo,
  others: Map<string, OperationInfo>,
  own: Map<string, OperationInfo>,
): string | undefined {
  const id = operation.operation.operationId;
  if (typeof id !== "string") return undefined;
  for (const [key, other] of others)
    if (!own.has(key) && other.operation.operationId === id) return key;
  return undefined;
}

function addedOperation(operation: OperationInfo, movedFrom: string | undefined): RawChange[] {
  const out: RawChange[] = [];
  const id =
    typeof operation.operation.operationId === "string"
      ? ` ${operation.operation.operationId}`
      : "";
  new ChangeSink({ side: "operation", location: operation.key, path: "" }, out).compatible(
    "operation-added",
    "minor",
    `new operation${id}${movedFrom ? ` (moved from ${movedFrom})` : ""}`,
  );
  return out;
}

function otherChanges(): RawChange[] {
  const out: RawChange[] = [];
  new ChangeSink({ side: "document", location: "#", path: "" }, out).compatible(
    "other-changed",
    "patch",
    "descriptions, examples or other fields without contract effect changed",
  );
  return out;
}

function summarize(changes: readonly Change[]): Summary {
  const count = (severity: Change["severity"]) =>
    changes.filter((change) => change.severity === severity).length;
  return {
    breaking: count("breaking"),
    warning: count("warning"),
    deprecation: count("deprecation"),
    nonBreaking: count("non-breaking"),
  };
}

function infoVersion(doc: unknown): unknown {
  return isObject(doc) && isObject(doc.info) ? doc.info.version : undefined;
}

function withoutVersion(doc: unknown): unknown {
  if (!isObject(doc) || !isObject(doc.info)) return doc;
  const { version: _version, ...info } = doc.info;
  return { ...doc, info };
}
