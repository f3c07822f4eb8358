/**
 * A copy of a loaded document to change in place (types.ts prepares and slots one:
 * emit/types-by-member.ts), made by a walk over its plain objects and arrays, about twice as fast
 * as `structuredClone` on the corpus's large specs. Like `structuredClone`, it keeps an object
 * shared between places (YAML anchors) shared, and a cycle a cycle; a value that is neither a plain
 * object nor an array (a YAML timestamp's `Date`) is copied by `structuredClone`.
 *
 * It also says whether the copy's JSON text says it exactly ({@link DocumentCopy.exact}): a tree
 * of plain objects and arrays (nothing shared), of strings, booleans, null and finite numbers
 * (not -0), with no `undefined` and no `__proto__` key. Only then do two documents with the same
 * text hold the same values, so only then may a cache key a run's work by that text.
 */
export interface DocumentCopy<T> {
  readonly copy: T;
  readonly exact: boolean;
}

export function copyDocument<T>(value: T): DocumentCopy<T> {
  const copies = new Map<object, unknown>();
  let exact = true;
  const copy = (node: unknown): unknown => {
    if (typeof node !== "object" || node === null) {
      if (exact) exact = exactScalar(node);
      return node;
    }
    const known = copies.get(node);
    if (known !== undefined) {
      exact = false; // shared, or a cycle: JSON would say it twice, or not at all
      return known;
    }
    if (Array.isArray(node)) {
      const items: unknown[] = [];
      copies.set(node, items);
      if (Object.keys(node).length === node.length) for (const item of node) items.push(copy(item));
      else {
        exact = false; // holes (kept as holes), or keys besides the indexes (left out)
        items.length = node.length;
        node.forEach((item, index) => (items[index] = copy(item)));
      }
      return items;
    }
    if (Object.getPrototypeOf(node) !== Object.prototype) {
      exact = false;
      const cloned: unknown = structuredClone(node);
      copies.set(node, cloned);
      return cloned;
    }
    const object: Record<string, unknown> = {};
    copies.set(node, object);
    for (const key of Object.keys(node)) {
      if (key === "__proto__") {
        exact = false;
        Object.defineProperty(object, key, {
          value: copy((node as Record<string, unknown>)[key]),
          enumerable: true,
          writable: true,
          configurable: true,
        });
      } else object[key] = copy((node as Record<string, unknown>)[key]);
    }
    return object;
  };
  return { copy: copy(value) as T, exact };
}

function exactScalar(value: unknown): boolean {
  if (typeof value === "number") return Number.isFinite(value) && !Object.is(value, -0);
  return typeof value === "string" || typeof value === "boolean" || value === null;
}
