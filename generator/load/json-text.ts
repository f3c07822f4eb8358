/**
 * A spec text that is JSON, parsed with `JSON.parse` (JSON is YAML too, and js-yaml reads it
 * several times slower). Text that does not start like JSON, or that `JSON.parse` refuses, is left
 * to Redocly's parser, whose errors locate the problem. A JSON object that repeats a key keeps the
 * last value, as every JSON parser does (js-yaml refused it).
 */
export function jsonValue(text: string): { readonly value: unknown } | undefined {
  if (!STARTS_LIKE_JSON.test(text)) return undefined;
  try {
    return { value: JSON.parse(text) as unknown };
  } catch {
    return undefined;
  }
}

/** Spaces (as JavaScript counts them), then an object or an array. */
const STARTS_LIKE_JSON = /^\s*[{[]/;

/** How much of a file {@link startsLikeJson} decodes first. */
const HEAD_BYTES = 4_096;

/**
 * Whether the file `bytes` (UTF-8) starts like JSON, as {@link jsonValue} tests its text, without
 * decoding the whole file (a YAML spec is then cut as bytes: load/yaml-sections.ts).
 */
export function startsLikeJson(bytes: Buffer): boolean {
  const head = bytes.toString("utf8", 0, HEAD_BYTES);
  // nothing but spaces so far: the answer is further on
  if (bytes.length > HEAD_BYTES && /^\s*$/.test(head))
    return STARTS_LIKE_JSON.test(bytes.toString("utf8"));
  return STARTS_LIKE_JSON.test(head);
}
