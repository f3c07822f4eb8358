/**
 * A spec text that is JSON, parsed with `JSON.parse` (JSON is YAML too, and js-yaml reads it
 * several times slower). Text that does not start like JSON, or that `JSON.parse` refuses, is left
 * to Redocly's parser, whose errors locate the problem. A JSON object that repeats a key keeps the
 * last value, as every JSON parser does (js-yaml refused it).
 */
export function jsonValue(text: string): { readonly value: unknown } | undefined {
  if (!/^\s*[{[]/.test(text)) return undefined;
  try {
    return { value: JSON.parse(text) as unknown };
  } catch {
    return undefined;
  }
}
