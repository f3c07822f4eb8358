// Runtime template of the pet store contract toolchain: copied verbatim into generated/runtime/. Edit it in templates/, never in generated/.
/** Reading a `deepObject` query parameter (parameter-styles.ts) from its bracketed names. */
import { FORBIDDEN_KEYS, isItemKey, itemSlot, nameKeys } from "./bracket-names.js";
import { invalid, type StyledParameter } from "./styled-parameter.js";

/**
 * `id[a]=1&id[b][c]=2&id[list][]=x` → `{ a: "1", b: { c: "2" }, list: ["x"] }`; a repeated name is
 * a list (`id[list]=x&id[list]=y`). An array parameter takes `id=a&id=b`, `id[]=a` and `id[0]=a`;
 * `id=5` alone is the value itself (a schema such as Stripe's `anyOf: [range object, integer]`).
 * A list or one value (Stripe's `anyOf: [array of objects, enum [""]]`) is the list when its
 * names are indexed (`id[0][coupon]=x`, `id[]=a`), an object when they name properties.
 */
export function deepObject(
  parameter: StyledParameter,
  pairs: ReadonlyArray<readonly [string, string]>,
  read: (text: string) => string,
): unknown {
  const prefix = `${parameter.name}[`;
  const list: unknown[] | undefined = parameter.array ? [] : undefined;
  // the nested value, made by the first bracketed name
  let root: Record<string, unknown> | unknown[] | undefined = list;
  const plain: string[] = [];
  for (const [name, value] of pairs) {
    if (name === parameter.name) {
      if (list !== undefined) list.push(read(value));
      else plain.push(read(value));
      continue;
    }
    if (!name.startsWith(prefix)) continue;
    // the brackets after the parameter's own name (which may have brackets itself: `page[size]`)
    const keys = nameKeys(`_${name.slice(parameter.name.length)}`).slice(1);
    if (keys.length === 0) {
      throw invalid(parameter, `has a malformed name ${name} (deepObject style)`);
    }
    root ??= parameter.listOrValue === true && isItemKey(keys[0] as string) ? [] : {};
    setNested(parameter, root, keys, read(value), name);
  }
  if (list !== undefined) return list.length > 0 ? list : undefined;
  if (plain.length > 0) {
    if (root !== undefined) throw invalid(parameter, "is given both as a value and with fields");
    return plain.length === 1 ? plain[0] : plain;
  }
  return root;
}

/**
 * Puts `item` under `root` at `keys` (a bracket name's keys: `a[b][0]` → `a`, `b`, `0`), creating
 * objects and arrays on the way; a leaf given twice becomes a list. `name` is the pair's name, for
 * messages.
 */
export function setNested(
  parameter: StyledParameter,
  root: Record<string, unknown> | unknown[],
  keys: readonly string[],
  item: string,
  name: string,
): void {
  let container: Record<string, unknown> | unknown[] = root;
  for (let depth = 0; depth < keys.length; depth++) {
    const key = keys[depth] as string;
    if (FORBIDDEN_KEYS.has(key)) throw invalid(parameter, `has the forbidden property name ${key}`);
    let slot: string | number = key;
    if (Array.isArray(container)) {
      const index = itemSlot(container, key);
      if (index === undefined) throw invalid(parameter, `has ${name}, which is not the next index`);
      slot = index;
    }
    const slots = container as Record<string | number, unknown>;
    const existing = slots[slot];
    if (depth === keys.length - 1) {
      slots[slot] =
        existing === undefined
          ? item
          : Array.isArray(existing)
            ? [...(existing as unknown[]), item]
            : [existing, item];
      return;
    }
    const next = keys[depth + 1] as string;
    if (existing !== undefined && (existing === null || typeof existing !== "object")) {
      throw invalid(parameter, `has ${name} both as a value and with fields`);
    }
    slots[slot] = existing ?? (isItemKey(next) ? [] : {});
    container = slots[slot] as Record<string, unknown> | unknown[];
  }
}
