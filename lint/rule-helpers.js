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

/**
 * Remembers the path-level parameters of the path item being walked (resolved), so that an
 * `Operation` visitor sees them with its own: spread `visitor` into the rule, call `with(...)`.
 */
export function pathParameterTracker() {
  let pathLevel = [];
  return {
    visitor: {
      PathItem: {
        enter(pathItem, { resolve }) {
          pathLevel = resolvedList(pathItem?.parameters, resolve);
        },
      },
    },
    /** The path item's parameters followed by the operation's, resolved. */
    with(operation, resolve) {
      return [...pathLevel, ...resolvedList(operation?.parameters, resolve)];
    },
  };
}

function resolvedList(list, resolve) {
  return Array.isArray(list) ? list.map((parameter) => resolve(parameter).node) : [];
}

/**
 * Whether the visited node belongs to a callback (`…/callbacks/<name>/<expression>/…`): there the
 * API calls the client, so the house rules about serving requests (statuses, rate-limit headers,
 * the API key, pagination) do not apply.
 */
export function inCallback(location) {
  return /\/callbacks\//.test(location?.pointer ?? "");
}
