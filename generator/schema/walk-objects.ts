/**
 * A walk over the plain objects of a JSON-like value, each once: a loaded document may share an
 * object between places (YAML anchors) or even hold a cycle. `visit` sees each object and returns
 * the values to go into; arrays are gone through item by item.
 */
export function walkObjects(
  root: unknown,
  visit: (object: Record<string, unknown>) => Iterable<unknown>,
): void {
  const seen = new Set<object>();
  const go = (node: unknown): void => {
    if (typeof node !== "object" || node === null || seen.has(node)) return;
    seen.add(node);
    if (Array.isArray(node)) {
      for (const item of node) go(item);
      return;
    }
    for (const child of visit(node as Record<string, unknown>)) go(child);
  };
  go(root);
}
