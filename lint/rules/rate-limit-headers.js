/**
 * house/rate-limit-headers: every response of every operation declares the rate-limit headers the
 * server sends on it (`X-RateLimit-Limit`, `-Remaining`, `-Reset`; a 429 also `Retry-After`).
 * One report per response definition (a shared response is reported once, where it is declared),
 * naming every missing header and the `#/components/headers` entry to `$ref` for it. Replaces
 * Redocly's `response-contains-header`, which reports each header separately and says nothing of
 * the shared components.
 *
 * Options: `headers` - headers every response declares (default the three X-RateLimit-*);
 * `byStatus` - extra headers per status code (default `{ "429": ["Retry-After"] }`);
 * `components` - where the shared header components are (default `#/components/headers`).
 */
const DEFAULT_HEADERS = ["X-RateLimit-Limit", "X-RateLimit-Remaining", "X-RateLimit-Reset"];

import { inCallback } from "../rule-helpers.js";

export default function RateLimitHeaders(options = {}) {
  const common = options.headers ?? DEFAULT_HEADERS;
  const byStatus = options.byStatus ?? { 429: ["Retry-After"] };
  const components = options.components ?? "#/components/headers";
  const reported = new Set();
  return {
    Operation: {
      enter(operation, { report, location, resolve }) {
        if (inCallback(location)) return; // the API calls the client there
        if (!isObject(operation) || !isObject(operation.responses)) return;
        for (const [status, raw] of Object.entries(operation.responses)) {
          const resolved = resolve(raw);
          const response = resolved.node;
          if (!isObject(response)) continue;
          const wanted = [...(byStatus[status] ?? []), ...common];
          const declared = new Set(
            Object.keys(isObject(response.headers) ? response.headers : {}).map((name) =>
              name.toLowerCase(),
            ),
          );
          const missing = wanted.filter((name) => !declared.has(name.toLowerCase()));
          if (missing.length === 0) continue;
          const shared = isObject(raw) && typeof raw.$ref === "string";
          const where = shared ? resolved.location : location.child(["responses", status]);
          const key = `${where.source?.absoluteRef ?? ""}#${where.pointer}`;
          if (reported.has(key)) continue;
          reported.add(key);
          const name = shared
            ? `\`${raw.$ref}\` (the ${status} response of \`${operation.operationId ?? location.pointer}\` and every other use)`
            : `The ${status} response of \`${operation.operationId ?? location.pointer}\``;
          report({
            message: `${shared ? "The shared response " : ""}${name} does not declare ${list(missing)}, which the server sends on it: add ${missing.map((header) => `\`${header}: { $ref: '${components}/${header}' }\``).join(", ")} under its \`headers\`.`,
            location: where.key(),
          });
        }
      },
    },
  };
}

function list(names) {
  const quoted = names.map((name) => `\`${name}\``);
  return quoted.length === 1
    ? quoted[0]
    : `${quoted.slice(0, -1).join(", ")} and ${quoted[quoted.length - 1]}`;
}

function isObject(value) {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
