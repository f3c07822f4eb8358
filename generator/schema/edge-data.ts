/**
 * Data that finds bugs, for the values conformance requests carry (mocks keep readable data):
 * strings drawn from all of Unicode (astral planes, combining marks, right-to-left text, zero-width
 * and NUL characters) and at exactly their length limits, numbers at their bounds, and formatted
 * strings at the edges of their formats. Lengths count code points, as JSON Schema does: every
 * unit drawn is one code point. The caller still filters each value through the validator, so an
 * edge a schema does not allow costs a skipped draw, never a false failure.
 *
 * Small and schema-agnostic on purpose: it takes bounds, not schemas, so a shared schema model can
 * call it as well.
 */
import fc from "fast-check";

/**
 * One code point each: NUL, a combining acute accent, Hebrew and Arabic letters, the
 * right-to-left override, a zero-width space, a byte order mark, the line separator (invalid in
 * JavaScript source before ES2019), Latin-1 and CJK letters, an emoji and a mathematical letter
 * (both outside the Basic Multilingual Plane, two UTF-16 units each), the last code point.
 */
export const TRICKY_CODE_POINTS: readonly string[] = [
  "\u0000",
  "\u0301",
  "\u05d0",
  "\u0627",
  "\u202e",
  "\u200b",
  "\ufeff",
  "\u2028",
  "\u00e9",
  "\u00df",
  "\u6f22",
  "\u{1f600}",
  "\u{1d54f}",
  "\u{10fffd}",
];

let unit: fc.Arbitrary<string> | undefined;

/**
 * A code point: printable ASCII most often, else a tricky one or any code point at all. Made on
 * first use: fast-check's any-code-point string maps all 1.1 million code points back to indexes
 * when it is made (about 0.7 s), which importing this module (the mocks emitter does, with
 * edges off) must not pay.
 */
function edgeUnit(): fc.Arbitrary<string> {
  unit ??= fc.oneof(
    { arbitrary: fc.string({ unit: "grapheme-ascii", minLength: 1, maxLength: 1 }), weight: 5 },
    { arbitrary: fc.constantFrom(...TRICKY_CODE_POINTS), weight: 3 },
    { arbitrary: fc.string({ unit: "binary", minLength: 1, maxLength: 1 }), weight: 2 },
  );
  return unit;
}

/** Usual draws reach this many times the span past the minimum (`SPAN` is 12: up to 60 code points). */
const LONG = 5;

const EDGE_STRINGS = new Map<string, fc.Arbitrary<string>>();

/**
 * Strings of `minLength`..`maxLength` code points (up to `LONG * span` past the minimum). Strings
 * exactly at a length limit come from the boundary phase ({@link limitString}), not from here: a
 * string of fixed length cannot shrink, and a reproduction should.
 */
export function edgeString(
  minLength: number,
  maxLength: number,
  span: number,
): fc.Arbitrary<string> {
  const key = `${minLength}:${maxLength}:${span}`;
  let arbitrary = EDGE_STRINGS.get(key);
  if (arbitrary === undefined) {
    arbitrary = fc.string({
      unit: edgeUnit(),
      minLength,
      maxLength: Math.min(maxLength, minLength + LONG * span),
      size: "medium",
    });
    EDGE_STRINGS.set(key, arbitrary);
  }
  return arbitrary;
}

/**
 * A string of exactly `length` code points, the same every time: `fill` repeated (its code points
 * in turn), e.g. ASCII letters, or the tricky code points after one letter.
 */
export function limitString(length: number, fill: readonly string[]): string {
  let out = "";
  for (let index = 0; index < length; index++) out += fill[index % fill.length];
  return out;
}

/** Inclusive bounds, and the values at and next to them (0, ±1 when inside). */
export function edgeNumbers(min: number, max: number, step: number): number[] {
  const candidates = [min, min + step, max - step, max, 0, 1, -1];
  return [
    ...new Set(
      candidates.filter((value) => Number.isFinite(value) && value >= min && value <= max),
    ),
  ];
}

/** Valid values at the edges of each format (leap days, offsets, limits of length and range). */
export const FORMAT_EDGES: Readonly<Record<string, readonly string[]>> = {
  "date-time": [
    "2024-02-29T23:59:59.999Z",
    "2000-01-01T00:00:00+14:00",
    "2099-12-31T23:59:59-12:00",
    "2030-06-30T12:00:00.123456789Z",
  ],
  date: ["2024-02-29", "2000-01-01", "2099-12-31"],
  time: ["00:00:00Z", "23:59:59.999+14:00"],
  email: [
    "a@b.co",
    `${"x".repeat(64)}@example.com`,
    "first.last+tag@example.com",
    "user@sub.sub.example.museum",
  ],
  uuid: [
    "00000000-0000-0000-0000-000000000000",
    "FFFFFFFF-FFFF-FFFF-FFFF-FFFFFFFFFFFF",
    "123e4567-e89b-12d3-a456-426614174000",
  ],
  uri: [
    "https://example.com:65535/a%20b/%C3%A9?q=1&q=2#frag",
    "http://127.0.0.1/",
    "https://xn--bcher-kva.example/",
  ],
  url: ["https://example.com:65535/a%20b/%C3%A9?q=1&q=2#frag", "http://127.0.0.1/"],
  "uri-reference": ["/", "//example.com/x", "?q=%E2%9C%93", "#frag"],
  hostname: ["a", `${"a".repeat(63)}.example`, "xn--bcher-kva.example"],
  ipv4: ["0.0.0.0", "255.255.255.255"],
  ipv6: ["::", "::1", "ffff:ffff:ffff:ffff:ffff:ffff:ffff:ffff", "::ffff:192.0.2.1"],
  byte: ["", "AA==", "/+/+"],
};

/** A format's own arbitrary, with its edge values one draw in four. */
export function withFormatEdges(
  format: string,
  arbitrary: fc.Arbitrary<string>,
): fc.Arbitrary<string> {
  const edges = FORMAT_EDGES[format];
  return edges === undefined
    ? arbitrary
    : fc.oneof({ arbitrary, weight: 3 }, { arbitrary: fc.constantFrom(...edges), weight: 1 });
}
