// Runtime template of the pet store contract toolchain: copied verbatim into generated/runtime/. Edit it in templates/, never in generated/.
/**
 * The helper functions the precompiled validators (generated/validators/*.js) call, as ES
 * modules with no dependency: Ajv's own helpers (`ajv/dist/runtime/*`) are CommonJS, which
 * runtimes import differently (a default import is `module.exports` on Node and Deno but
 * `exports.default` on Bun) and which a worker bundle cannot `require`. The generator maps each
 * Ajv helper it meets to one of these (generator/emit/validators/validator-module.ts); a helper
 * without a counterpart here stops generation.
 */

/**
 * The length of `text` in Unicode code points, as JSON Schema counts `minLength`/`maxLength`: a
 * surrogate pair (an emoji, say) is one character; a lone surrogate counts as one too.
 */
export function codePointLength(text: string): number {
  let length = 0;
  for (let index = 0; index < text.length; index++) {
    const unit = text.charCodeAt(index);
    if (unit >= 0xd800 && unit <= 0xdbff && index + 1 < text.length) {
      const next = text.charCodeAt(index + 1);
      if (next >= 0xdc00 && next <= 0xdfff) index++;
    }
    length++;
  }
  return length;
}

/**
 * Whether two JSON values are equal, as JSON Schema's `enum`, `const` and `uniqueItems` compare
 * them: arrays item by item in order, objects by their own keys in any order, numbers by value
 * (`NaN` equals `NaN`); values of different classes (an array and an object) are unequal.
 */
export function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) {
    return a !== a && b !== b; // NaN
  }
  if (Object.getPrototypeOf(a) !== Object.getPrototypeOf(b)) return false;
  if (Array.isArray(a)) {
    const other = b as unknown[];
    if (a.length !== other.length) return false;
    for (let index = 0; index < a.length; index++) {
      if (!jsonEqual(a[index], other[index])) return false;
    }
    return true;
  }
  const left = a as Record<string, unknown>;
  const right = b as Record<string, unknown>;
  const keys = Object.keys(left);
  if (keys.length !== Object.keys(right).length) return false;
  for (const key of keys) {
    if (!Object.prototype.hasOwnProperty.call(right, key)) return false;
    if (!jsonEqual(left[key], right[key])) return false;
  }
  return true;
}
