// Runtime template of the pet store contract toolchain: copied verbatim into generated/runtime/. Edit it in templates/, never in generated/.
/**
 * Parameters described by a JSON `content` rather than a `schema` (OpenAPI's
 * `content: { application/json: ... }`) travel as JSON text: `?filter={"a":1}` (percent-encoded),
 * `X-Filter: {"a":1}`, in a path segment or a cookie the same, where a `schema` parameter would
 * take its style's form (`a,1`). The server reads them back with `JSON.parse`.
 */

/**
 * The values of one location with its JSON parameters (`names`) replaced by their JSON text; the
 * same object when there is nothing to replace. `undefined` and `null` stay as they are (not sent).
 */
export function withJsonText<T extends Readonly<Record<string, unknown>>>(
  values: T | undefined,
  names: readonly string[] | undefined,
): T | undefined {
  if (values === undefined || names === undefined) return values;
  let copy: Record<string, unknown> | undefined;
  for (const name of names) {
    const value = values[name];
    if (value === undefined || value === null) continue;
    copy ??= { ...values };
    copy[name] = JSON.stringify(value);
  }
  return (copy as T | undefined) ?? values;
}
