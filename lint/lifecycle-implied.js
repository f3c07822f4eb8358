/**
 * Deprecation in a few lines: `deprecated: true` with `x-deprecated-since`, `x-sunset` and
 * `x-replaced-by` is enough. What the server sends because of them is implied here, once for
 * every tool (generate, spec:diff, the docs and the contract tests read the spec through it), so
 * the author does not copy it into each response:
 * - every response of a deprecated operation declares `Deprecation` (with `x-deprecated-since`)
 *   and `Sunset` (with `x-sunset`);
 * - an operation with `x-sunset` declares the `410` it answers from that date: the error body its
 *   other error responses have, `Deprecation`, `Sunset` and, with `x-replaced-by`, `Link`.
 * What the spec declares itself is kept; a header is a `$ref` to `#/components/headers/<Name>`
 * when the spec has that component, else inline. Plain JavaScript (types in the .d.ts).
 */

const METHODS = ["get", "put", "post", "delete", "options", "head", "patch", "trace"];

const INLINE = {
  Deprecation: {
    description: "When the operation was deprecated (RFC 9745): `@` and Unix seconds.",
    schema: { type: "string" },
  },
  Sunset: {
    description: "When the operation stops working (RFC 8594), an HTTP date.",
    schema: { type: "string" },
  },
  Link: {
    description: 'The successor operation (RFC 8288), `rel="successor-version"`.',
    schema: { type: "string" },
  },
};

function isObject(value) {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** A local `$ref` followed (once per hop), or the node itself. */
function resolve(document, node) {
  let current = node;
  for (
    let hops = 0;
    isObject(current) &&
    typeof current.$ref === "string" &&
    current.$ref.startsWith("#/") &&
    hops < 20;
    hops += 1
  ) {
    current = current.$ref
      .slice(2)
      .split("/")
      .map((part) => part.replace(/~1/g, "/").replace(/~0/g, "~"))
      .reduce((value, key) => (isObject(value) ? value[key] : undefined), document);
  }
  return current;
}

/** The lifecycle headers `operation` implies on its responses (names), and on its 410. */
export function impliedLifecycleHeaders(operation) {
  if (!isObject(operation) || operation.deprecated !== true) return { every: [], gone: [] };
  const every = [
    ...(operation["x-deprecated-since"] !== undefined ? ["Deprecation"] : []),
    ...(operation["x-sunset"] !== undefined ? ["Sunset"] : []),
  ];
  const gone = [...every, ...(typeof operation["x-replaced-by"] === "string" ? ["Link"] : [])];
  return { every, gone };
}

/** Adds what the lifecycle fields imply to `document` (in place) and returns it. */
export function implyLifecycle(document) {
  if (!isObject(document) || !isObject(document.paths)) return document;
  const components = isObject(document.components?.headers) ? document.components.headers : {};
  const header = (name) =>
    components[name] !== undefined
      ? { $ref: `#/components/headers/${name}` }
      : structuredClone(INLINE[name]);
  for (const rawItem of Object.values(document.paths)) {
    const item = resolve(document, rawItem);
    if (!isObject(item)) continue;
    for (const method of METHODS) {
      const operation = item[method];
      if (!isObject(operation) || !isObject(operation.responses)) continue;
      const { every, gone } = impliedLifecycleHeaders(operation);
      if (every.length === 0 && gone.length === 0) continue;
      if (operation["x-sunset"] !== undefined && operation.responses["410"] === undefined) {
        operation.responses["410"] = goneResponse(document, operation);
      }
      for (const [status, raw] of Object.entries(operation.responses)) {
        const wanted = status === "410" ? gone : every;
        const declared = declaredNames(resolve(document, raw));
        const missing = wanted.filter((name) => !declared.has(name.toLowerCase()));
        if (missing.length === 0) continue;
        // a shared response is copied into the operation, so other operations do not get the headers
        const response =
          isObject(raw) && typeof raw.$ref === "string"
            ? structuredClone(resolve(document, raw))
            : raw;
        if (!isObject(response)) continue;
        response.headers = { ...(isObject(response.headers) ? response.headers : {}) };
        for (const name of missing) response.headers[name] = header(name);
        operation.responses[status] = response;
      }
    }
  }
  return document;
}

function declaredNames(response) {
  return new Set(
    Object.keys(isObject(response?.headers) ? response.headers : {}).map((name) =>
      name.toLowerCase(),
    ),
  );
}

/** The 410: the content and the other headers of the operation's first error response with a body. */
function goneResponse(document, operation) {
  const model = Object.entries(operation.responses)
    .filter(([status]) => /^[45]/.test(status))
    .map(([, raw]) => resolve(document, raw))
    .find((response) => isObject(response) && isObject(response.content));
  const response = {
    description:
      "`gone`: the sunset date has passed (from 00:00:00 UTC of `x-sunset`); the operation is no longer served.",
  };
  if (model !== undefined) {
    response.content = structuredClone(model.content);
    for (const media of Object.values(response.content)) {
      if (isObject(media)) {
        delete media.example;
        delete media.examples;
      }
    }
    const kept = Object.entries(isObject(model.headers) ? model.headers : {}).filter(
      ([name]) => !/^(deprecation|sunset|link|retry-after)$/i.test(name),
    );
    if (kept.length > 0)
      response.headers = Object.fromEntries(
        kept.map(([name, value]) => [name, structuredClone(value)]),
      );
  }
  return response;
}
