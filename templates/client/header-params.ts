// Runtime template of the pet store contract toolchain: copied verbatim into generated/runtime/. Edit it in templates/, never in generated/.
/**
 * Header parameters (`in: header`): the `headerParams` codec, which the descriptor of an operation
 * that declares some references (a bundle of operations without them does not carry it).
 */
import type { ClientOperationDescriptor } from "./descriptor.js";

/**
 * A header parameter's value in the `simple` style (the only one headers have): arrays and
 * objects comma-separated, an object's members as `key,value` pairs, or `key=value` when
 * `explode`.
 */
function stringifyHeaderValue(value: unknown, explode: boolean): string {
  if (Array.isArray(value)) return value.join(",");
  if (typeof value !== "object" || value === null || value instanceof Date)
    return value instanceof Date ? value.toISOString() : `${value as string}`;
  const parts: string[] = [];
  for (const [key, item] of Object.entries(value)) {
    if (item === undefined || item === null) continue;
    const text = typeof item === "object" ? JSON.stringify(item) : `${item as string}`;
    parts.push(explode ? `${key}=${text}` : `${key},${text}`);
  }
  return parts.join(",");
}

/**
 * Sets the call's header parameters (lower-case names; `undefined` and `null` values skipped).
 *
 * @param fixed the lower-case names the path's route keys already set (route-keys.ts): kept
 */
export function setHeaderParams(
  headers: Record<string, string>,
  params: Readonly<Record<string, unknown>>,
  op: ClientOperationDescriptor,
  fixed: readonly string[] | undefined,
): void {
  for (const name in params) {
    const value = params[name];
    if (fixed?.includes(name.toLowerCase()) === true) continue;
    if (value !== undefined && value !== null)
      headers[name.toLowerCase()] = stringifyHeaderValue(
        value,
        op.explodedHeaders?.includes(name) === true,
      );
  }
}
