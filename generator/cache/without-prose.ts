/**
 * A document or model without its prose: string `description` and `summary` values, which the
 * validators, the mocks and the server's API descriptor never show. Values under `const`,
 * `default`, `enum`, `example`, `examples` and `x-*` keys are kept whole, so a property or value
 * that happens to be named `description` is never dropped. A run makes each copy once (a large
 * spec's copy costs a tenth of a second) and shares it between its emitters (run-caches.ts).
 */
const PROSE_KEYS = new Set(["description", "summary"]);
const LITERAL_KEYS = new Set(["const", "default", "enum", "example", "examples"]);

/** A copy without string `description`/`summary` values (outside literal values). */
export function withoutProse(value: unknown, literal: boolean): unknown {
  if (Array.isArray(value)) return value.map((item) => withoutProse(item, literal));
  if (value === null || typeof value !== "object") return value;
  const copy: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    if (!literal && PROSE_KEYS.has(key) && typeof item === "string") continue;
    copy[key] = withoutProse(item, literal || LITERAL_KEYS.has(key) || key.startsWith("x-"));
  }
  return copy;
}
