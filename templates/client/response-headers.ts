// Runtime template of the pet store contract toolchain: copied verbatim into generated/runtime/. Edit it in templates/, never in generated/.
/**
 * The declared response headers of a result, parsed per their schema type. Runs only when a
 * result's `headers` is first read, so calls that never look at them do not pay for it.
 */
import type { ClientOperationDescriptor, HeaderKind } from "./descriptor.js";
import { pickResponse } from "./response-key.js";

const INTEGER = /^-?(0|[1-9][0-9]*)$/;
const NUMBER = /^-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?$/;

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
 * @param status the response's status, to pick the kind of a header whose responses disagree
 * @param headers the response's headers
 */
export function parseResponseHeaders(
  op: ClientOperationDescriptor,
  status: number,
  headers: Headers,
): Readonly<Record<string, unknown>> {
  const parsed: Record<string, unknown> = {};
  const declared = op.responseHeaders;
  if (declared === undefined) return parsed;
  for (const name in declared) {
    const spec = declared[name]!;
    const kind = typeof spec === "string" ? spec : pickResponse(spec, status);
    if (kind === undefined) continue;
    const raw = headers.get(name);
    if (raw === null) continue;
    const value = parseHeaderValue(raw, kind);
    if (value !== undefined) parsed[name] = value;
  }
  return parsed;
}
