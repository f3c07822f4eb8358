// Runtime template of the pet store contract toolchain: copied verbatim into generated/runtime/. Edit it in templates/, never in generated/.
/**
 * Names in bracket form (`card[exp][month]`, `tags[]`, `items[0][price]`), as form bodies and
 * `deepObject` query parameters write nested values, and the guards both readers share.
 */

/** Keys refused anywhere in a name (prototype pollution guard). */
export const FORBIDDEN_KEYS: ReadonlySet<string> = new Set([
  "__proto__",
  "constructor",
  "prototype",
]);

const INDEX = /^(0|[1-9][0-9]{0,5})$/;

/** `a[b][]` → `["a", "b", ""]`; a name that is not in bracket form is one key. */
export function nameKeys(name: string): string[] {
  const open = name.indexOf("[");
  if (open <= 0 || !name.endsWith("]")) return [name];
  const rest = name.slice(open);
  if (!/^(\[[^[\]]*\])+$/.test(rest)) return [name];
  return [name.slice(0, open), ...[...rest.matchAll(/\[([^[\]]*)\]/g)].map((m) => m[1] as string)];
}

/** Whether a key addresses an array item: `[]` (the next one) or an index (`[0]`). */
export function isItemKey(key: string): boolean {
  return key === "" || INDEX.test(key);
}

/**
 * Where `key` puts a value in `list`: its end for `[]`, an index that repeats or follows the last
 * one; `undefined` for anything else (an index that would leave holes, a property name).
 */
export function itemSlot(list: readonly unknown[], key: string): number | undefined {
  if (key === "") return list.length;
  return INDEX.test(key) && Number(key) <= list.length ? Number(key) : undefined;
}
