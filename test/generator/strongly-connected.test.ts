import { describe, expect, it } from "vitest";
import { stronglyConnected } from "../../generator/model/strongly-connected.js";

const graph =
  (edges: Record<string, readonly string[]>) =>
  (node: string): readonly string[] =>
    edges[node] ?? [];

describe("stronglyConnected", () => {
  it("groups cycles and closes every component after the components it reaches", () => {
    const next = graph({ a: ["b"], b: ["c", "d"], c: ["b"], d: ["e"], e: [] });
    const order = stronglyConnected(["a"], next).map((members) => [...members].sort());
    expect(order).toEqual([["e"], ["d"], ["b", "c"], ["a"]]);
  });

  it("visits each node once over several starts and follows only what `next` gives", () => {
    const calls: string[] = [];
    const edges: Record<string, readonly string[]> = { a: ["b"], b: ["a", "x"], c: ["a"] };
    const next = (node: string) => {
      calls.push(node);
      return (edges[node] ?? []).filter((target) => target !== "x");
    };
    const order = stronglyConnected(["a", "c", "a"], next).map((members) => [...members].sort());
    expect(order).toEqual([["a", "b"], ["c"]]);
    expect(calls.sort()).toEqual(["a", "b", "c"]);
  });

  it("walks a chain deeper than the call stack", () => {
    const depth = 200_000;
    const next = (node: number): readonly number[] => (node < depth ? [node + 1] : [0]);
    const order = stronglyConnected([0], next);
    expect(order).toHaveLength(1);
    expect(order[0]).toHaveLength(depth + 1);
  });
});
