/**
 * house/deprecation-headers: every response of a deprecated operation declares the headers the
 * server sends on it: `Deprecation` (RFC 9745) and, when the operation has `x-sunset`, `Sunset`
 * (RFC 8594), so clients generated from the spec can read them. The 410 is left to
 * house/sunset-declares-410. One report per response, naming
 * the shared components to `$ref`.
 *
 * Options: `components` - where the shared header components are
 * (default `#/components/headers`).
 */
export default function DeprecationHeaders(options = {}) {
  const components = options.components ?? "#/components/headers";
  return {
    Operation: {
      enter(operation, { report, location, resolve }) {
        if (typeof operation !== "object" || operation === null || operation.deprecated !== true)
          return;
        const wanted =
          operation["x-sunset"] === undefined ? ["Deprecation"] : ["Deprecation", "Sunset"];
        const responses = isObject(operation.responses) ? operation.responses : {};
        for (const [status, raw] of Object.entries(responses)) {
          if (status === "410") continue; // house/sunset-declares-410 checks the answer after the sunset
          const response = resolve(raw).node;
          const declared = new Set(
            Object.keys(isObject(response?.headers) ? response.headers : {}).map((name) =>
              name.toLowerCase(),
            ),
          );
          const missing = wanted.filter((name) => !declared.has(name.toLowerCase()));
          if (missing.length === 0) continue;
          const refs = missing
            .map((name) => `\`${name}: { $ref: '${components}/${name}' }\``)
            .join(" and ");
          report({
            message: `The ${status} response of deprecated \`${operation.operationId ?? location.pointer}\` does not declare ${missing.map((name) => `\`${name}\``).join(" and ")}, which the server sends on every response of it: add ${refs} under its \`headers\`.`,
            location: location.child(["responses", status]).key(),
          });
        }
      },
    },
  };
}

function isObject(value) {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
