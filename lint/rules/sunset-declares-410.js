/**
 * house/sunset-declares-410: an operation with an `x-sunset` date declares the `410 Gone`
 * response the server answers once that date has passed, with the `Sunset` header (RFC 8594)
 * and, when the operation names a successor (`x-replaced-by`), the `Link` header that points
 * to it. The response may be inline or a `$ref` to `components/responses`.
 *
 * Options: `headers` - the headers every such 410 must declare (default `["Sunset"]`);
 * `Link` is added for operations with `x-replaced-by`.
 */
export default function SunsetDeclares410(options = {}) {
  const required = options.headers ?? ["Sunset"];

  return {
    Operation: {
      enter(operation, { report, location, resolve }) {
        if (!isObject(operation) || operation["x-sunset"] === undefined) return;
        const name = operation.operationId ?? location.pointer;
        const sunset = String(operation["x-sunset"]);
        const responses = isObject(operation.responses) ? operation.responses : {};
        const raw = responses["410"];
        if (raw === undefined) {
          report({
            message: `\`${name}\` has \`x-sunset: ${sunset}\` but no 410 response: declare \`"410"\` (code \`gone\`, the \`Error\` body) for the answer it gets after its sunset date.`,
            location: isObject(operation.responses)
              ? location.child(["responses"]).key()
              : location.key(),
          });
          return;
        }
        const response = resolve(raw).node;
        const declared = new Set(
          Object.keys(isObject(response?.headers) ? response.headers : {}).map((header) =>
            header.toLowerCase(),
          ),
        );
        const wanted = [...required];
        if (typeof operation["x-replaced-by"] === "string") wanted.push("Link");
        const missing = wanted.filter((header) => !declared.has(header.toLowerCase()));
        if (missing.length > 0) {
          report({
            message: `The 410 response of \`${name}\` (sunset ${sunset}) must declare the ${missing.map((header) => `\`${header}\``).join(" and ")} header${missing.length > 1 ? "s" : ""}${missing.includes("Link") ? ` (Link names the successor \`${operation["x-replaced-by"]}\`)` : ""}.`,
            location: location.child(["responses", "410"]),
          });
        }
      },
    },
  };
}

function isObject(value) {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
