// Runtime template of the pet store contract toolchain: copied verbatim into generated/runtime/. Edit it in templates/, never in generated/.
/**
 * Which declared response a status falls under, as OpenAPI says: the exact code, else its range
 * (`4XX`), else `default`.
 */

const RANGE_KEYS = ["", "1XX", "2XX", "3XX", "4XX", "5XX"];

/**
 * The entry of a map keyed by response key (`"200"`, `"4XX"`, `"default"`) that a status falls under.
 *
 * @returns `undefined` when neither the status, its range nor `default` is in the map
 */
export function pickResponse<T>(byKey: Readonly<Record<string, T>>, status: number): T | undefined {
  const exact = byKey[status];
  if (exact !== undefined) return exact;
  const range = RANGE_KEYS[Math.floor(status / 100)];
  if (range !== undefined && range !== "") {
    const ranged = byKey[range] ?? byKey[range.toLowerCase()];
    if (ranged !== undefined) return ranged;
  }
  return byKey["default"];
}
