// Runtime template of the pet store contract toolchain: copied verbatim into generated/runtime/. Edit it in templates/, never in generated/.
/**
 * The declared response headers of a result, parsed per their schema type. Runs only when a
 * result's `headers` is first read, so calls that never look at them do not pay for it.
 */
import type { ClientOperationDescriptor, HeaderKind } from "./descriptor.js";

/** Plain decimal notation only: `0x10`, `1_000`, `Infinity` and `""` are not numbers. */
const NUMBER = /^-?\d+(\.\d+)?(e[+-]?\d+)?$/i;

/**
 * Parses one header value: `integer` and `number` in plain decimal notation (an integer has no
 * fraction or exponent), `boolean` as `true`/`false`, `string` as is; an array kind splits the
 * value on commas and parses each item.
 *
 * @returns the parsed value, or `undefined` when it does not parse (an array with one bad item
 *   is `undefined` as a whole)
 */
export function parseHeaderValue(value: string, kind: HeaderKind): unknown {
  if (kind.endsWith("[]")) {
    const itemKind = kind.slice(0, -2) as HeaderKind;
    const items: unknown[] = [];
    if (value.trim() !== "") {
      for (const item of value.split(",")) {
        const parsed = parseHeaderValue(item.trim(), itemKind);
        if (parsed === undefined) return undefined;
        items.push(parsed);
      }
    }
    return items;
  }
  if (kind === "boolean") return value === "true" ? true : value === "false" ? false : undefined;
  if (kind === "string") return value;
  const number = NUMBER.test(value) ? Number(value) : NaN;
  return kind === "integer"
    ? Number.isSafeInteger(number)
      ? number
      : undefined
    : Number.isNaN(number)
      ? undefined
      : number;
}

/**
 * The declared headers of a response, by the spec's names: each parsed per its kind, absent
 * when the response does not carry it or when it does not parse.
 *
 * @param op the operation's descriptor (its `responseHeaders`)
 * @param headers the response's headers
 */
export function parseResponseHeaders(
  op: ClientOperationDescriptor,
  headers: Headers,
): Readonly<Record<string, unknown>> {
  const parsed: Record<string, unknown> = {};
  const declared = op.responseHeaders;
  for (const name in declared) {
    const raw = headers.get(name);
    if (raw === null) continue;
    const value = parseHeaderValue(raw, declared[name]!);
    if (value !== undefined) parsed[name] = value;
  }
  return parsed;
}
