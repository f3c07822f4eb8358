/**
 * The strongly connected components of a directed graph (Tarjan's algorithm, without recursion:
 * real specs nest `$ref`s deeper than the call stack allows), in the order Tarjan closes them:
 * every component after all the components it reaches (sinks first). Used where a schema's
 * cycles must be treated as one node: the compile order of the validators
 * (emit/validators/component-order.ts) and the deep hashes of what an operation reaches
 * (model/schema-reach.ts).
 */

/**
 * The components reachable from `starts` (in that order), each one's members as popped from
 * Tarjan's stack (the first node entered last); `next` gives a node's successors (called once per
 * node), a node it leaves out is not followed.
 */
export function stronglyConnected<N>(starts: Iterable<N>, next: (node: N) => readonly N[]): N[][] {
  const index = new Map<N, number>();
  const low = new Map<N, number>();
  const stack: N[] = [];
  const onStack = new Set<N>();
  const order: N[][] = [];
  for (const start of starts) {
    if (index.has(start)) continue;
    const frames: { node: N; targets: readonly N[]; at: number }[] = [];
    const enter = (node: N) => {
      index.set(node, index.size);
      low.set(node, index.size - 1);
      stack.push(node);
      onStack.add(node);
      frames.push({ node, targets: next(node), at: 0 });
    };
    enter(start);
    while (frames.length > 0) {
      const frame = frames[frames.length - 1] as (typeof frames)[number];
      if (frame.at < frame.targets.length) {
        const target = frame.targets[frame.at++] as N;
        if (!index.has(target)) enter(target);
        else if (onStack.has(target))
          low.set(frame.node, Math.min(low.get(frame.node) as number, index.get(target) as number));
        continue;
      }
      frames.pop();
      const parent = frames[frames.length - 1];
      if (parent !== undefined)
        low.set(
          parent.node,
          Math.min(low.get(parent.node) as number, low.get(frame.node) as number),
        );
      if (low.get(frame.node) !== index.get(frame.node)) continue;
      const members: N[] = [];
      let member: N;
      do {
        member = stack.pop() as N;
        onStack.delete(member);
        members.push(member);
      } while (member !== frame.node);
      order.push(members);
    }
  }
  return order;
}
