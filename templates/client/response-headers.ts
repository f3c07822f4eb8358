// Runtime template of the pet store contract toolchain: copied verbatim into generated/runtime/. Edit it in templates/, never in generated/.
/**
 * The declared response headers of a result, parsed per their schema type. Runs only when a
 * result's `headers` is first read, so calls that never look at them do not pay for it.
 */
import type { ClientOperationDescriptor, HeaderKind } from "./descriptor.js";

const INTEGER = /^-?(0|[1-9][0-9]*)$/;
const NUMBER = /^-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?$/;
const RANGE_KEYS = ["", "1XX", "2XX", "3XX", "4XX", "5XX"];

/** The declared headers of the response key a status falls under: exact, then range, then `default`. */
export function declaredHeaders(
  op: ClientOperationDescriptor,
  status: number,
): Readonly<Record<string, HeaderKind>> | undefined {
  const byKey = op.responseHeaders;
  if (byKey === undefined) return undefined;
  const exact = byKey[String(status)];
  if (exact !== undefined) return exact;
  const range = RANGE_KEYS[Math.floor(status / 100)];
  if (range !== undefined && range !== "") {
    const ranged = byKey[range] ?? byKey[range.toLowerCase()];
    if (ranged !== undefined) return ranged;
  }
  return byKey["default"];
}

/**
 * Parses one header value: `integer` and `number` in plain decimal notation (`0x10`, `1_000`,
 * ` ` are not numbers), `boolean` as `true`/`false`, `string` as is; an array kind splits the
 * value on commas and parses each item.
 *
 * @returns the parsed value, or `undefined` when it does not parse (an array with one bad item
 *   is `undefined` as a whole)
 */
export function parseHeaderValue(value: string, kind: HeaderKind): unknown {
  switch (kind) {
    case "string":
      return value;
    case "integer":
      return INTEGER.test(value) ? Number(value) : undefined;
    case "number":
      return NUMBER.test(value) ? Number(value) : undefined;
    case "boolean":
      return value === "true" ? true : value === "false" ? false : undefined;
    default: {
      const itemKind = kind.slice(0, -2) as HeaderKind;
      const items: unknown[] = [];
      if (value.trim() === "") return items;
      for (const item of value.split(",")) {
        const parsed = parseHeaderValue(item.trim(), itemKind);
        if (parsed === undefined) return undefined;
        items.push(parsed);
      }
      return items;
    }
  }
}

/**
 * The declared headers of a response, by the spec's names: each parsed per its kind, absent
 * when the response does not carry it or when it does not parse.
 *
 * @param op the operation's descriptor (its `responseHeaders`)
 * @param status the response's status, to pick the declared response
 * @param headers the response's headers
 */
export function parseResponseHeaders(
  op: ClientOperationDescriptor,
  status: number,
  headers: Headers,
): Readonly<Record<string, unknown>> {
  const parsed: Record<string, unknown> = {};
  const declared = declaredHeaders(op, status);
  if (declared === undefined) return parsed;
  for (const name in declared) {
    const raw = headers.get(name);
    if (raw === null) continue;
    const value = parseHeaderValue(raw, declared[name]!);
    if (value !== undefined) parsed[name] = value;
  }
  return parsed;
}
