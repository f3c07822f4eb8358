/** ISO calendar dates (`YYYY-MM-DD`, UTC) for the sunset policy. */

/** The date as days since 1970-01-01 (UTC), or undefined if it is not a real `YYYY-MM-DD` date. */
export function parseIsoDate(value: unknown): number | undefined {
  if (typeof value !== "string" || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return undefined;
  const [year, month, day] = value.split("-").map(Number) as [number, number, number];
  const time = Date.UTC(year, month - 1, day);
  const date = new Date(time);
  if (
    date.getUTCFullYear() !== year ||
    date.getUTCMonth() !== month - 1 ||
    date.getUTCDate() !== day
  )
    return undefined;
  return time / 86_400_000;
}

/** `today` as `YYYY-MM-DD`: a Date (its UTC date) or an ISO date string; throws on anything else. */
export function toIsoDate(today: string | Date): string {
  if (today instanceof Date) {
    if (Number.isNaN(today.getTime())) throw new RangeError("today is an invalid Date");
    return today.toISOString().slice(0, 10);
  }
  if (parseIsoDate(today) === undefined)
    throw new RangeError(`today must be a YYYY-MM-DD date, got ${JSON.stringify(today)}`);
  return today;
}
