/**
 * The groups of components compiled together where each is compiled apart
 * (emit/validators/validator-parts.ts `apartGroups`): no member of a group calls another, each
 * component is in exactly one group, and the groups follow the components' order.
 */
import { describe, expect, it } from "vitest";
import { apartGroups } from "../../generator/emit/validators/validator-parts.js";

/** A graph as `from: to to ...` lines. */
function callees(lines: readonly string[]): (ref: string) => readonly string[] {
  const edges = new Map(
    lines.map((line) => {
      const [from = "", to = ""] = line.split(":");
      return [from.trim(), to.trim().split(/\s+/u).filter(Boolean)] as const;
    }),
  );
  return (ref) => edges.get(ref) ?? [];
}

describe("apartGroups", () => {
  it("puts no caller with its callee, either way, and each component in one group", () => {
    // a cycle of three, a self-call, a chain, and a call to a component outside the list
    const graph = callees(["a: b", "b: c", "c: a", "d: d e", "e: f", "f: outside"]);
    const refs = ["a", "b", "c", "d", "e", "f"];
    const groups = apartGroups(refs, graph);
    expect(groups.flat().sort()).toEqual(refs);
    for (const group of groups)
      for (const ref of group)
        for (const callee of graph(ref))
          if (callee !== ref) expect(group, `${ref} → ${callee}`).not.toContain(callee);
    expect(groups).toEqual([["a", "d", "f"], ["b", "e"], ["c"]]);
  });

  it("keeps components that call none of the others together", () => {
    expect(apartGroups(["x", "y", "z"], callees(["x: x", "y: outside"]))).toEqual([
      ["x", "y", "z"],
    ]);
  });
});
