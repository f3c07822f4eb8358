// Runtime template of the pet store contract toolchain: copied verbatim into generated/runtime/. Edit it in templates/, never in generated/.
/**
 * The plain text of each scalar type: what a parameter, a header, a form field or a multipart text
 * part must be for the runtime to read it as a boolean, a number, an integer or null (the
 * parameter validators guard their coercion with these patterns,
 * generator/emit/validators/text-reading.ts; form-body.ts reads fields with them). Decimal numbers
 * may have an exponent (`1e+21`, `-2.5E-3`: how JavaScript and most languages write very large and
 * very small numbers); an integer has a fraction only with an exponent (`1.5e+21`, checked by its
 * value; `1.0` is refused). No spaces, `0x`, `Infinity` or blank text: `" "` is not 0.
 */
export const PLAIN_TEXT = {
  boolean: "^(true|false)$",
  integer: "^-?(0|[1-9][0-9]*)((\\.[0-9]+)?[eE][+-]?[0-9]+)?$",
  number: "^-?(0|[1-9][0-9]*)(\\.[0-9]+)?([eE][+-]?[0-9]+)?$",
  null: "^$",
} as const;

export type PlainTextType = keyof typeof PLAIN_TEXT;

/**
 * The types a guard pattern stands for (`integer`, `integer or null`), for messages; undefined
 * for any other pattern. A guard of several types joins their patterns with `|`.
 */
export function plainTextTypes(pattern: string): string | undefined {
  const types: string[] = [];
  let rest = pattern;
  while (rest !== "") {
    const entry = Object.entries(PLAIN_TEXT).find(([, source]) => rest.startsWith(source));
    if (entry === undefined) return undefined;
    types.push(entry[0]);
    rest = rest.slice(entry[1].length);
    if (rest.startsWith("|")) rest = rest.slice(1);
    else if (rest !== "") return undefined;
  }
  return types.length === 0 ? undefined : types.join(" or ");
}
