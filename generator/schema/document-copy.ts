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
 * text hold the same values, so only then may a cache key a run's work by that text. A document
 * that is all that but for objects shared between places (DigitalOcean's bundle puts one schema
 * object at several places) is said exactly by its text together with where it shares
 * ({@link DocumentCopy.sharing}).
 */
export interface DocumentCopy<T> {
  readonly copy: T;
  readonly exact: boolean;
  /**
   * Where the copy shares objects, as text ("" when nowhere): for each time the walk (in the order
   * JSON writes the document) met an object it had copied already, how many objects it had copied
   * by then and the number (in order of copy) of the one met. Undefined when the JSON text with
   * this says less than the copy: a value JSON does not write as it is (see {@link exact}), or a
   * cycle, which JSON cannot write at all. Two documents with the same text and the same sharing
   * are the same graph of the same values.
   */
  readonly sharing: string | undefined;
}

export function copyDocument<T>(value: T): DocumentCopy<T> {
  /** Each object copied: its number in order of copy (its copy is `copied[number]`). */
  const numbers = new Map<object, number>();
  const copied: unknown[] = [];
  /** Whether every value is one JSON writes as it is (sharing aside). */
  let plain = true;
  const shared: string[] = [];
  /** The objects being copied (their walk not finished): met again, a cycle. */
  const open = new Set<object>();
  let cyclic = false;
  const copy = (node: unknown): unknown => {
    if (typeof node !== "object" || node === null) {
      if (plain) plain = exactScalar(node);
      return node;
    }
    const known = numbers.get(node);
    if (known !== undefined) {
      // shared, or a cycle: JSON would say it twice, or not at all
      if (open.has(node)) cyclic = true;
      else shared.push(`${copied.length}>${known}`);
      return copied[known];
    }
    if (Array.isArray(node)) {
      const items: unknown[] = [];
      numbers.set(node, copied.push(items) - 1);
      open.add(node);
      if (Object.keys(node).length === node.length) for (const item of node) items.push(copy(item));
      else {
        plain = false; // holes (kept as holes), or keys besides the indexes (left out)
        items.length = node.length;
        node.forEach((item, index) => (items[index] = copy(item)));
      }
      open.delete(node);
      return items;
    }
    if (Object.getPrototypeOf(node) !== Object.prototype) {
      plain = false;
      const cloned: unknown = structuredClone(node);
      numbers.set(node, copied.push(cloned) - 1);
      return cloned;
    }
    const object: Record<string, unknown> = {};
    numbers.set(node, copied.push(object) - 1);
    open.add(node);
    for (const key of Object.keys(node)) {
      if (key === "__proto__") {
        plain = false;
        Object.defineProperty(object, key, {
          value: copy((node as Record<string, unknown>)[key]),
          enumerable: true,
          writable: true,
          configurable: true,
        });
      } else object[key] = copy((node as Record<string, unknown>)[key]);
    }
    open.delete(node);
    return object;
  };
  const made = copy(value) as T;
  const sayable = plain && !cyclic;
  return {
    copy: made,
    exact: sayable && shared.length === 0,
    sharing: sayable ? shared.join(",") : undefined,
  };
}

function exactScalar(value: unknown): boolean {
  if (typeof value === "number") return Number.isFinite(value) && !Object.is(value, -0);
  return typeof value === "string" || typeof value === "boolean" || value === null;
}
