/**
 * Small helpers the house rules share (lint/rules/*.js): the docs link every report carries (shown
 * by Redocly as `Reference:`), plain-object checks and readable lists for messages.
 */

/** Where a house rule is documented: its section of docs/contract.md, from the repository root. */
export function docsLink(ruleName) {
  return `docs/contract.md#house-${ruleName}`;
}

export function isObject(value) {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** `a`, `a` and `b`, `a`, `b` and `c` (each name in backticks). */
export function quotedList(names) {
  const quoted = names.map((name) => `\`${name}\``);
  return quoted.length <= 1
    ? (quoted[0] ?? "")
    : `${quoted.slice(0, -1).join(", ")} and ${quoted[quoted.length - 1]}`;
}

/** The lower-cased header names a response declares. */
export function declaredHeaders(response) {
  return new Set(
    Object.keys(isObject(response?.headers) ? response.headers : {}).map((name) =>
      name.toLowerCase(),
    ),
  );
}
