/**
 * Values of `npm run serve` flags that need more than a type check: the Redis call timeout and
 * the clock offset (each refused with a sentence saying what is expected).
 */

const UNIT_MS: Readonly<Record<string, number>> = {
  ms: 1,
  s: 1_000,
  m: 60_000,
  h: 3_600_000,
  d: 86_400_000,
};

/**
 * `--clock-offset`: a signed duration (`+400d`, `-90m`, `3h`, `1500ms`) or a date-time to start
 * at (`2027-07-01`, `2027-07-01T12:00:00Z`; a date alone is midnight UTC). Returns the offset in
 * ms to add to the real clock (`start` is the real time now).
 */
export function parseClockOffset(value: string, start: number = Date.now()): number {
  const duration = /^([+-]?)([0-9]+)(ms|s|m|h|d)$/.exec(value.trim());
  if (duration !== null) {
    const [, sign, amount, unit] = duration as unknown as [string, string, string, string];
    const ms = Number(amount) * (UNIT_MS[unit] as number);
    if (Number.isSafeInteger(ms)) return sign === "-" ? -ms : ms;
  } else if (/^[0-9]{4}-[0-9]{2}-[0-9]{2}(T[0-9:.]+(Z|[+-][0-9]{2}:[0-9]{2}))?$/.test(value)) {
    const at = Date.parse(value);
    if (Number.isFinite(at)) return at - start;
  }
  throw new Error(
    `--clock-offset must be a signed duration such as +400d, -90m, 3h or 1500ms, or a date-time to start at such as 2027-07-01 or 2027-07-01T12:00:00Z (got ${JSON.stringify(value)}).`,
  );
}

/** `--redis-timeout`: whole milliseconds from 1 to 60,000. */
export function parseRedisTimeout(value: string): number {
  const ms = /^[0-9]{1,5}$/.test(value) ? Number(value) : NaN;
  if (!(ms >= 1 && ms <= 60_000)) {
    throw new Error(
      `--redis-timeout must be a whole number of milliseconds from 1 to 60000 (got ${JSON.stringify(value)}).`,
    );
  }
  return ms;
}
