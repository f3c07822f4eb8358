/**
 * How prettier (JavaScript/TypeScript, double quotes preferred) writes the texts of literals
 * and keys, and how wide it counts a text: the leaves of print-types-prettier.ts.
 */

/** Thrown by the printer for a construct whose layout it does not know for certain. */
export class UnsupportedLayout extends Error {}

/**
 * A string literal as prettier prints it, from its source text `raw` (quotes included): double
 * quotes unless the content holds more double than single quotes; when the enclosing quote
 * changes, the quotes inside are escaped or unescaped to match, every other escape is kept.
 */
export function prettierString(raw: string): string {
  const content = raw.slice(1, -1);
  let doubles = 0;
  let singles = 0;
  for (let index = 0; index < content.length; index++) {
    const code = content.charCodeAt(index);
    if (code === 34) doubles++;
    else if (code === 39) singles++;
  }
  const quote = doubles > singles ? "'" : '"';
  if (raw[0] === quote) return raw;
  const other = quote === '"' ? "'" : '"';
  const body = content.replace(/\\(["'\\])|(["'])/g, (match: string, escaped: string | undefined, bare: string | undefined) => {
    if (escaped !== undefined) return escaped === other ? other : match;
    return bare === quote ? `\\${bare}` : (bare ?? "");
  });
  return `${quote}${body}${quote}`;
}

/** A double-quoted string literal's source text as prettier prints it, measured (single quotes and unmeasurable text are not printed here). */
export function doubleQuotedString(raw: string): string {
  if (!raw.startsWith('"')) throw new UnsupportedLayout("single-quoted string");
  const text = prettierString(raw);
  assertMeasurable(text);
  return text;
}

/** An identifier's text, when it is plain ASCII (prettier measures nothing else the way we do). */
export function asciiIdentifier(text: string): string {
  if (!/^[A-Za-z_$][A-Za-z0-9_$]*$/.test(text)) throw new UnsupportedLayout(`identifier ${text}`);
  return text;
}

/**
 * A numeric literal's text as prettier prints it: the texts TypeScript's printer writes for the
 * numbers of a spec (`String(value)`), lower-cased, without a `+` or leading zeros in the
 * exponent. Anything else (hex, separators, trailing zeros) is not known here.
 */
export function prettierNumber(text: string): string {
  if (/^\d+(\.\d*[1-9])?$/.test(text)) return text;
  const exponent = /^(\d+(?:\.\d*[1-9])?)[eE]([+-]?)0*(\d+)$/.exec(text);
  if (exponent === null) throw new UnsupportedLayout(`number ${text}`);
  return `${exponent[1]}e${exponent[2] === "-" ? "-" : ""}${exponent[3]}`;
}

/**
 * Whether prettier (quoteProps "as-needed") writes a quoted key `raw` without quotes: when its
 * text holds no escape and is an identifier name. Number-like keys stay quoted in TypeScript.
 */
export function unquotedKey(raw: string): string | undefined {
  const value = raw.slice(1, -1);
  if (/^[A-Za-z_$][A-Za-z0-9_$]*$/.test(value)) return value;
  // a non-ASCII identifier name would be unquoted too: not decided here
  if (/[^\x00-\x7f]/.test(value) && !value.includes("\\")) throw new UnsupportedLayout(`key ${raw}`);
  return undefined;
}

/**
 * The columns `text` takes, as prettier counts them: none for C0 and C1 control characters and
 * non-spacing and enclosing marks, two for the wide East Asian characters (CJK, kana, Hangul, full-width forms),
 * one for the others below U+1100 and for General Punctuation (U+2000–U+206F) but the zero-width
 * joiner. Other characters (emoji, the rest of the planes, unassigned
 * code points) are not measured here (see {@link assertMeasurable}); test/generator/
 * prettier-text.test.ts compares every measured code point with prettier's own count.
 */
export function textWidth(text: string): number {
  if (!/[^\x20-\x7e]/.test(text)) return text.length;
  let width = 0;
  for (const character of text) width += characterWidth(character) ?? 1;
  return width;
}

/** Throws unless {@link textWidth} counts `text` as prettier does. */
export function assertMeasurable(text: string): void {
  if (!/[^\x20-\x7e]/.test(text)) return;
  for (const character of text) {
    if (characterWidth(character) === undefined) throw new UnsupportedLayout(`width of ${JSON.stringify(character)}`);
  }
}

/** Wide East Asian blocks (Unicode East_Asian_Width W or F throughout). */
const WIDE: readonly (readonly [number, number])[] = [
  [0x1100, 0x115f],
  [0x2e80, 0x303e],
  [0x3041, 0x3247],
  [0x3250, 0x33ff],
  [0x3400, 0x4dbf],
  [0x4e00, 0x9fff],
  [0xa000, 0xa4cf],
  [0xac00, 0xd7a3],
  [0xf900, 0xfaff],
  [0xfe30, 0xfe4f],
  [0xff01, 0xff60],
  [0xffe0, 0xffe6],
  [0x20000, 0x2fffd],
  [0x30000, 0x3fffd],
];

function characterWidth(character: string): number | undefined {
  const code = character.codePointAt(0)!;
  if (code <= 0x1f || (code >= 0x80 && code <= 0x9f)) return 0;
  if (code < 0x1100) return /[\p{Mn}\p{Me}]/u.test(character) ? 0 : 1;
  // General Punctuation (typographic quotes, dashes, ellipses in descriptions), but the joiner of emoji sequences
  if (code >= 0x2000 && code <= 0x206f) return code === 0x200d || /\p{Cn}/u.test(character) ? undefined : 1;
  if (!WIDE.some(([from, to]) => code >= from && code <= to) || /\p{Cn}/u.test(character)) return undefined;
  return /[\p{Mn}\p{Me}]/u.test(character) ? 0 : 2;
}
