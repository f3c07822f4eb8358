/**
 * Merges raw changes into report entries: the same change reached through several operations (a
 * shared schema, a shared response) becomes one entry listing those operations, and its severity
 * follows the stability policy over them (stability.ts): breaking if any stable operation is hit.
 */
import type { RawChange } from "./raw-change.js";
import type { Change, Severity } from "./report.js";
import { SEVERITY_ORDER, SIDE_ORDER, severityRank } from "./report.js";
import { applyStability } from "./stability.js";
import type { Effective, Stability } from "./stability.js";

export interface OperationRef {
  readonly key: string;
  readonly stability: Stability;
}

interface Group {
  readonly change: RawChange;
  readonly operations: Map<string, Stability>;
}

export class ChangeCollector {
  private readonly groups = new Map<string, Group>();

  /** Records changes reached through `operation` (omit it for document-wide changes). */
  add(changes: readonly RawChange[], operation?: OperationRef): void {
    for (const change of changes) {
      const key = JSON.stringify([
        change.rule,
        change.side,
        change.location,
        change.field,
        change.reason,
        change.before,
        change.after,
      ]);
      let group = this.groups.get(key);
      if (!group) {
        group = { change, operations: new Map() };
        this.groups.set(key, group);
      }
      if (operation) group.operations.set(operation.key, operation.stability);
    }
  }

  get size(): number {
    return this.groups.size;
  }

  changes(): Change[] {
    return [...this.groups.values()].map(finish).sort(compareChanges);
  }
}

function finish({ change, operations }: Group): Change {
  const keys = [...operations.keys()].sort();
  let effective: Effective = { severity: change.severity, bump: change.bump };
  let note: string | undefined;
  if (operations.size > 0) {
    const perOperation = [...operations.values()].map((stability) =>
      applyStability(change, stability),
    );
    effective = perOperation.reduce((worst, next) =>
      severityRank(next.severity) > severityRank(worst.severity) ? next : worst,
    );
    if (effective.severity !== change.severity)
      note = stabilityNote(operations, effective.severity);
  }
  return {
    rule: change.rule,
    severity: effective.severity,
    side: change.side,
    location: change.location,
    field: change.field,
    reason: change.reason,
    bump: effective.bump,
    operations: keys,
    ...(change.violation ? { violation: true as const } : {}),
    ...(note ? { note } : {}),
    ...(change.before !== undefined ? { before: change.before } : {}),
    ...(change.after !== undefined ? { after: change.after } : {}),
  };
}

function stabilityNote(operations: Map<string, Stability>, severity: Severity): string {
  const levels = new Set(operations.values());
  if (severity === "warning") {
    return levels.has("experimental")
      ? "only beta and experimental operations: beta may change incompatibly with 30 days' notice (warning)"
      : "only beta operations: they may change incompatibly with 30 days' notice (warning, not failing)";
  }
  return "only experimental operations: they may change or vanish without notice (not breaking)";
}

export function compareChanges(a: Change, b: Change): number {
  return (
    SEVERITY_ORDER.indexOf(a.severity) - SEVERITY_ORDER.indexOf(b.severity) ||
    SIDE_ORDER.indexOf(a.side) - SIDE_ORDER.indexOf(b.side) ||
    compareText(a.location, b.location) ||
    compareText(a.field, b.field) ||
    compareText(a.rule, b.rule) ||
    compareText(a.reason, b.reason)
  );
}

function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
