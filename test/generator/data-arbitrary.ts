/**
 * Random data literals for the layout proofs of print-data-prettier.ts and print-data-statement.ts:
 * strings with quotes, escapes, control, non-ASCII and wide characters; numbers (integers,
 * doubles, long arrays of them); references; keys of every kind (identifiers, number-like,
 * numeric literals, `__proto__`, non-ASCII); objects written flat or expanded, nested.
 */
import fc from "fast-check";
import { DataObject, reference, type DataKey, type DataValue } from "../../generator/emit/ts/print-data-prettier.js";

/** A JavaScript identifier (ASCII). */
export const identifier = fc.stringMatching(/^[a-zA-Z_$][a-zA-Z0-9_$]{0,24}$/);
/** Texts with quotes, escapes, control characters, non-ASCII and wide characters, long ones. */
const text = fc.oneof(
  { weight: 4, arbitrary: identifier },
  {
    weight: 4,
    arbitrary: fc.constantFrom("it's", 'say "hi"', `both ' and "`, `''"`, "back\\slash", "café", "日本語のテキスト", "𠀀 wide", "tab\tand\nnewline", "\u0007bell", "a-b.c/d", "1st", "$ref", "", "application/problem+json"),
  },
  { weight: 8, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ minLength: 60, maxLength: 130 }) },
);
/** Keys: identifiers, number-like, with dashes and spaces, `__proto__`, non-ASCII. */
const key: fc.Arbitrary<DataKey> = fc.oneof(
  { weight: 3, arbitrary: identifier },
  fc.constantFrom("200", "4XX", "default", "0", "1.5", "X-RateLimit-Limit", "in", "__proto__", "application/json", "a b", "ñ-ame", "日本-x"),
  fc.integer({ min: 0, max: 999 }).map(String),
  text,
  // numeric literal keys (`200: …`)
  fc.oneof(fc.integer({ min: 0, max: 99_999 }), fc.constantFrom(2.5, 1e21)),
);
const leaf: fc.Arbitrary<DataValue> = fc.oneof(
  text,
  fc.integer({ min: -1000, max: 10_000_000 }),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.boolean(),
  fc.constant(null),
  // (prefixed: a reserved word is no reference)
  fc.oneof(identifier.map((name) => `ref_${name}`), fc.tuple(fc.constantFrom("bodyValidators", "parameterValidators", "$x"), identifier).map(([object, member]) => `${object}.${member}`)).map(reference),
);
/** A data literal: leaves, arrays (of numbers, of short objects), objects with keys of every kind. */
export const { value: dataValue } = fc.letrec<{ value: DataValue }>((tie) => ({
  value: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    leaf,
    fc.array(tie("value"), { maxLength: 14 }),
    // numbers, which prettier fills (as many per line as fit)
    fc.array(fc.oneof(fc.integer({ min: -99_999, max: 9_999_999 }), fc.double({ noNaN: true, noDefaultInfinity: true })), { minLength: 1, maxLength: 60 }),
    fc.array(fc.oneof(text, identifier), { minLength: 5, maxLength: 30 }),
    // short objects (or arrays) side by side: prettier breaks such arrays when every one has two entries or more
    fc.array(fc.array(fc.tuple(identifier, fc.oneof(fc.integer({ min: 0, max: 99 }), fc.boolean())), { minLength: 1, maxLength: 3 }).map((entries) => new DataObject(entries)), { minLength: 1, maxLength: 4 }),
    fc.array(fc.array(fc.constantFrom("a", true, null), { minLength: 1, maxLength: 3 }), { minLength: 1, maxLength: 4 }),
    fc.tuple(fc.array(fc.tuple(key, tie("value")), { maxLength: 7 }), fc.boolean()).map(([entries, expanded]) => new DataObject(entries, expanded)),
  ),
}));
