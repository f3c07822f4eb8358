/**
 * The deprecation policy, one rule for every tool: the house lint rule
 * (rules/deprecation-policy.js), `generate` (generator/model/extensions.ts) and `spec:diff`
 * (review/sunset-policy.ts) all ask this module, so they cannot disagree.
 *
 * A deprecated operation (`deprecated: true`):
 * - has `x-deprecated-since` and `x-sunset`, each a real ISO date `YYYY-MM-DD` (UTC), quoted;
 * - its sunset comes at least MIN_NOTICE_MONTHS calendar months after the deprecation was
 *   announced (`x-deprecated-since`; for a new deprecation in a pull request, not before the day
 *   of the review);
 * - keeps working until 00:00 UTC of its sunset date, answers 410 from then on, and may then be
 *   removed; once the sunset has passed, lint asks for the removal.
 * `x-sunset` or `x-deprecated-since` on an operation that is not deprecated is a mistake too.
 *
 * Plain JavaScript (the Redocly plugin loads it as is); types in deprecation-policy.d.ts.
 */

export const MIN_NOTICE_MONTHS = 6;

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAY_MS = 86_400_000;

/** A real calendar date `YYYY-MM-DD` as days since the Unix epoch, or undefined. */
export function parseIsoDay(value) {
  if (typeof value !== "string") return undefined;
  const match = ISO_DATE.exec(value);
  if (!match) return undefined;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const time = Date.UTC(year, month - 1, day);
  const date = new Date(time);
  if (
    date.getUTCFullYear() !== year ||
    date.getUTCMonth() !== month - 1 ||
    date.getUTCDate() !== day
  )
    return undefined;
  return time / DAY_MS;
}

/** `YYYY-MM-DD` for days since the epoch. */
export function formatIsoDay(days) {
  return new Date(days * DAY_MS).toISOString().slice(0, 10);
}

/** The day `months` calendar months after `days` (clamped to the month's end: Aug 31 + 6 → Feb 28/29). */
export function addMonths(days, months) {
  const date = new Date(days * DAY_MS);
  const target = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + months, 1));
  const lastDay = new Date(
    Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0),
  ).getUTCDate();
  target.setUTCDate(Math.min(date.getUTCDate(), lastDay));
  return target.getTime() / DAY_MS;
}

function shown(value) {
  return value instanceof Date ? value.toISOString().slice(0, 10) : JSON.stringify(value);
}

/**
 * What is wrong with an operation's deprecation fields, as `{ rule, field, message, fix }`
 * problems (field: the key to point at; message: what is wrong; fix: how to comply).
 *
 * @param operation the operation object
 * @param options `today` (YYYY-MM-DD): also report a sunset that has passed (lint);
 *   `warnWithinDays`: with `today`, also report a sunset at most this many days ahead (lint);
 *   `announced` (YYYY-MM-DD): count the notice from no earlier than this day (spec:diff, for a
 *   deprecation that is new in the change under review)
 */
export function deprecationProblems(operation, options = {}) {
  const problems = [];
  const deprecated = operation.deprecated === true;
  const sunsetText = operation["x-sunset"];
  const sinceText = operation["x-deprecated-since"];
  if (!deprecated) {
    for (const field of ["x-sunset", "x-deprecated-since"]) {
      if (operation[field] !== undefined) {
        problems.push({
          rule: "not-deprecated",
          field,
          message: `\`${field}\` is set but the operation is not \`deprecated: true\``,
          fix: `add \`deprecated: true\` (with \`x-deprecated-since\` and \`x-sunset\`) or remove \`${field}\`.`,
        });
      }
    }
    return problems;
  }
  const sunset = parseIsoDay(sunsetText);
  const since = parseIsoDay(sinceText);
  // The day the notice counts from, for the examples: the announcement, never before the review.
  const from =
    Math.max(since ?? 0, parseIsoDay(options.announced) ?? 0, parseIsoDay(options.today) ?? 0) ||
    undefined;
  const example =
    from === undefined ? "'YYYY-MM-DD'" : `'${formatIsoDay(addMonths(from, MIN_NOTICE_MONTHS))}'`;
  const announcedExample = parseIsoDay(options.announced) ?? parseIsoDay(options.today);
  if (sunsetText === undefined) {
    problems.push({
      rule: "sunset-missing",
      field: "deprecated",
      message: `A deprecated operation needs \`x-sunset\`, the date it stops working, at least ${MIN_NOTICE_MONTHS} months after \`x-deprecated-since\``,
      fix: `add e.g. \`x-sunset: ${example}\` (a quoted ISO date).`,
    });
  } else if (sunset === undefined) {
    problems.push({
      rule: "sunset-invalid",
      field: "x-sunset",
      message: `\`x-sunset\` ${shown(sunsetText)} is not a real ISO date`,
      fix: `write it as a quoted \`'YYYY-MM-DD'\` (UTC), e.g. \`x-sunset: ${example}\`.`,
    });
  }
  if (sinceText === undefined) {
    problems.push({
      rule: "since-missing",
      field: "deprecated",
      message:
        "A deprecated operation needs `x-deprecated-since`, the day the deprecation was announced (it becomes the `Deprecation` header)",
      fix: `add e.g. \`x-deprecated-since: '${announcedExample === undefined ? "YYYY-MM-DD" : formatIsoDay(announcedExample)}'\` (a quoted ISO date).`,
    });
  } else if (since === undefined) {
    problems.push({
      rule: "since-invalid",
      field: "x-deprecated-since",
      message: `\`x-deprecated-since\` ${shown(sinceText)} is not a real ISO date, so no \`Deprecation\` header could be sent`,
      fix: `write it as a quoted \`'YYYY-MM-DD'\` (UTC).`,
    });
  }
  if (sunset !== undefined && since !== undefined) {
    if (sunset <= since) {
      problems.push({
        rule: "sunset-before-deprecation",
        field: "x-sunset",
        message: `\`x-sunset\` ${formatIsoDay(sunset)} is not after \`x-deprecated-since\` ${formatIsoDay(since)}`,
        fix: `the sunset comes at least ${MIN_NOTICE_MONTHS} months after the deprecation, e.g. \`x-sunset: '${formatIsoDay(addMonths(since, MIN_NOTICE_MONTHS))}'\`.`,
      });
    } else {
      const announcedDay = Math.max(since, parseIsoDay(options.announced) ?? since);
      const earliest = addMonths(announcedDay, MIN_NOTICE_MONTHS);
      if (sunset < earliest) {
        const from =
          announcedDay === since
            ? `\`x-deprecated-since\` ${formatIsoDay(since)}`
            : `today (${formatIsoDay(announcedDay)}, when the deprecation is announced)`;
        problems.push({
          rule: "notice-too-short",
          field: "x-sunset",
          message: `\`x-sunset\` ${formatIsoDay(sunset)} gives less than ${MIN_NOTICE_MONTHS} months' notice from ${from}`,
          fix: `set it to \`'${formatIsoDay(earliest)}'\` or later.`,
        });
      }
    }
  }
  const today = parseIsoDay(options.today);
  const window = typeof options.warnWithinDays === "number" ? options.warnWithinDays : 0;
  if (sunset !== undefined && today !== undefined && sunset > today && sunset - today <= window) {
    const days = sunset - today;
    problems.push({
      rule: "sunset-soon",
      field: "x-sunset",
      message: `The sunset ${formatIsoDay(sunset)} is ${days} day${days === 1 ? "" : "s"} away: from that day the operation answers 410`,
      fix: `plan its removal (after the sunset, removing it is a minor change), or postpone \`x-sunset\` if clients need longer.`,
    });
  }
  if (sunset !== undefined && today !== undefined && sunset <= today) {
    problems.push({
      rule: "sunset-passed",
      field: "x-sunset",
      message: `The sunset ${formatIsoDay(sunset)} has passed`,
      fix: `the operation answers 410 now; remove it from the spec (spec:diff accepts the removal as non-breaking) and bump the minor version.`,
    });
  }
  return problems;
}
