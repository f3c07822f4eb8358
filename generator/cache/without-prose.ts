/**
 * A document or model without its prose: string `description` and `summary` values, which the
 * validators, the mocks and the server's API descriptor never show. Values under `const`,
 * `default`, `enum`, `example`, `examples` and `x-*` keys are kept whole, so a property or value
 * that happens to be named `description` is never dropped. A run makes each copy once (a large
 * spec's copy costs a tenth of a second) and shares it between its emitters (run-caches.ts).
 */
const PROSE_KEYS = new Set(["description", "summary"]);
const LITERAL_KEYS = new Set(["const", "default", "enum", "example", "examples"]);

/** Whether `withoutProse` drops the entry `key: item` of a mapping (outside literal values). */
export function isProse(key: string, item: unknown): boolean {
  return PROSE_KEYS.has(key) && typeof item === "string";
}

/** Whether the value of `key` is kept whole by `withoutProse` (a literal value or an extension). */
export function isLiteralKey(key: string): boolean {
  return LITERAL_KEYS.has(key) || key.startsWith("x-");
}

/**
 * A copy without string `description`/`summary` values (outside literal values). A literal value
 * (`literal`: below a literal key) is not copied but shared with `value`, as it is: it holds no
 * prose to drop, and nothing of a run writes to a literal value once the document is loaded (the
 * emitters of a run without the cache share the document's literal values too). DigitalOcean's
 * examples made copying them about half the copy's time.
 */
export function withoutProse(value: unknown, literal: boolean): unknown {
  if (literal) return value;
  if (Array.isArray(value)) return value.map((item) => withoutProse(item, false));
  if (value === null || typeof value !== "object") return value;
  const copy: Record<string, unknown> = {};
  // keys, not entries: a run copies once, mostly in code not yet optimized, where an array per
  // entry made the copy about twice as slow (Stripe's document: 20 ms against 7 ms)
  const keys = Object.keys(value);
  for (let index = 0; index < keys.length; index++) {
    const key = keys[index] as string;
    const item = (value as Record<string, unknown>)[key];
    if (isProse(key, item)) continue;
    copy[key] = withoutProse(item, isLiteralKey(key));
  }
  return copy;
}
