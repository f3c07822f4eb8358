/** ISO calendar dates (`YYYY-MM-DD`, UTC) for the sunset policy. */
import { parseIsoDay } from "../lint/deprecation-policy.js";

/** The date as days since 1970-01-01 (UTC), or undefined if it is not a real `YYYY-MM-DD` date. */
export const parseIsoDate: (value: unknown) => number | undefined = parseIsoDay;

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
