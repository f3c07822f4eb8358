/**
 * State shared by the comparers during one diff: both documents and a memo of component-level
 * results, so a component reached from many operations is compared once and a component that
 * refers to itself (a cycle) stops the walk instead of recursing forever.
 */
import type { RawChange } from "./raw-change.js";

export class DiffContext {
  private readonly memo = new Map<string, readonly RawChange[] | "pending">();

  constructor(
    readonly baseDoc: unknown,
    readonly headDoc: unknown,
  ) {}

  /** `compute` runs once per key; a re-entrant call for the same key (a cycle) yields nothing. */
  once(key: string, compute: () => RawChange[]): readonly RawChange[] {
    const known = this.memo.get(key);
    if (known === "pending") return [];
    if (known) return known;
    this.memo.set(key, "pending");
    const result = compute();
    this.memo.set(key, result);
    return result;
  }
}
