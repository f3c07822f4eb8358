/**
 * The `x-pagination` declaration of an operation (docs/pagination.md), read and checked against
 * the operation once, here: the house lint rule (rules/pagination-declaration.js) reports the
 * problems, `generate` refuses a spec that has any, and reads the declaration it returns.
 *
 * A declaration names its style and where each piece lives, with OpenAPI runtime expressions:
 *   style: offset | cursor | link
 *   items:      $response.body | $response.body#/data         (default: the body itself)
 *   limit:      $request.query.limit                          (any style; optional)
 *   offset:     $request.query.offset                         (offset: required)
 *   total:      $response.header.X-Total-Count | $response.body#/total   (offset: optional)
 *   cursor:     $request.query.starting_after                 (cursor: required)
 *   nextCursor: $response.body#/next | $response.header.X-Next-Cursor | $response.body#/data/-1/id
 *   hasMore:    $response.body#/has_more                      (cursor: optional)
 *   next:       $response.header.Link | $response.body#/next_url   (link: required; else optional)
 *   page:       $request.query.page                           (link: optional; 1-based page number)
 * In a pointer, `-1` on an array is its last element (Stripe's cursor is the last item's `id`).
 *
 * Pure and dependency-free: `resolve(node)` follows a `$ref` (the caller's resolver).
 */

export const PAGINATION_STYLES = ["offset", "cursor", "link"];

const KEYS = [
  "style",
  "page",
  "items",
  "limit",
  "offset",
  "total",
  "cursor",
  "nextCursor",
  "hasMore",
  "next",
];
const REQUIRED = { offset: ["offset"], cursor: ["cursor", "nextCursor"], link: ["next"] };
/** The keys each style takes (`next` on offset and cursor: the `Link` its server also sends). */
const APPLIES = {
  offset: ["style", "items", "limit", "next", "offset", "total"],
  cursor: ["style", "items", "limit", "next", "cursor", "nextCursor", "hasMore"],
  link: ["style", "items", "limit", "next", "page"],
};
const PARAMETERS = ["limit", "offset", "cursor", "page"];
/** What type each piece must have: JSON Schema types, checked on the declared schema. */
const TYPES = {
  limit: ["integer"],
  offset: ["integer"],
  page: ["integer"],
  cursor: ["string", "integer"],
  total: ["integer"],
  nextCursor: ["string", "integer"],
  hasMore: ["boolean"],
  next: ["string"],
};

/**
 * Parses a runtime expression of the declaration: `$request.query.<name>`, `$response.header.<name>`
 * or `$response.body` with an optional `#/json/pointer`. Undefined when it is none of them.
 */
export function parseExpression(text) {
  if (typeof text !== "string") return undefined;
  const query = /^\$request\.query\.(.+)$/.exec(text);
  if (query) return { in: "query", name: query[1] };
  const header = /^\$response\.header\.([!#$%&'*+.^_`|~0-9A-Za-z-]+)$/.exec(text);
  if (header) return { in: "header", name: header[1] };
  const body = /^\$response\.body(#(\/[^]*)?)?$/.exec(text);
  if (!body) return undefined;
  const pointer = (body[2] ?? "")
    .split("/")
    .slice(1)
    .map((token) => token.replace(/~1/g, "/").replace(/~0/g, "~"));
  return { in: "body", pointer };
}

/**
 * Reads and checks the operation's declaration. `operation` is the operation object,
 * `parameters` its resolved parameters (path item's and its own), `resolve` a `$ref` resolver.
 * Returns `{ pagination, problems }`: `pagination` (plain data, see pagination.d.ts) only when
 * there are no problems; each problem names the declaration's `field`, what is wrong and the fix.
 */
export function readPagination(operation, parameters, resolve) {
  const raw = operation?.["x-pagination"];
  if (raw === undefined) return { pagination: undefined, problems: [] };
  const problems = [];
  const problem = (field, message, fix) => problems.push({ field, message, fix });
  if (!isObject(raw)) {
    problem(
      "",
      "`x-pagination` is not an object",
      "write it as `{ style: offset, offset: $request.query.offset, ... }` (docs/pagination.md)",
    );
    return { pagination: undefined, problems };
  }
  const style = raw.style;
  if (!PAGINATION_STYLES.includes(style)) {
    problem(
      "style",
      `\`style\` is ${JSON.stringify(style)}, not one of ${PAGINATION_STYLES.join(", ")}`,
      "set `style: offset`, `cursor` or `link`",
    );
    return { pagination: undefined, problems };
  }
  for (const key of Object.keys(raw)) {
    if (!KEYS.includes(key))
      problem(key, `\`${key}\` is not a key of \`x-pagination\``, `use only ${KEYS.join(", ")}`);
    else if (!APPLIES[style].includes(key))
      problem(
        key,
        `\`${key}\` does not apply to the \`${style}\` style`,
        `remove it, or change \`style\``,
      );
  }
  for (const key of REQUIRED[style]) {
    if (raw[key] === undefined)
      problem(
        key,
        `a \`${style}\` declaration names its \`${key}\``,
        `add \`${key}: ${EXAMPLES[key]}\``,
      );
  }
  const pagination = { style };
  const byName = new Map(
    parameters.filter((p) => isObject(p) && p.in === "query").map((p) => [p.name, p]),
  );
  for (const key of KEYS.slice(1)) {
    if (raw[key] === undefined || !APPLIES[style].includes(key)) continue;
    const parsed = parseExpression(raw[key]);
    const wantsParameter = PARAMETERS.includes(key);
    if (
      parsed === undefined ||
      (parsed.in === "query") !== wantsParameter ||
      (key === "items" && parsed.in !== "body")
    ) {
      problem(
        key,
        `\`${key}\` is ${JSON.stringify(raw[key])}, which is not ${wantsParameter ? "a `$request.query.<name>` expression" : key === "items" ? "a `$response.body` expression" : "a `$response.header.<name>` or `$response.body#/pointer` expression"}`,
        `write it as \`${key}: ${EXAMPLES[key]}\``,
      );
      continue;
    }
    if (wantsParameter) {
      const parameter = byName.get(parsed.name);
      if (parameter === undefined) {
        problem(
          key,
          `\`${key}\` names the query parameter \`${parsed.name}\`, which the operation does not take`,
          `declare the query parameter \`${parsed.name}\`, or name one of ${[...byName.keys()].map((n) => `\`${n}\``).join(", ") || "its query parameters (it has none)"}`,
        );
        continue;
      }
      checkType(
        key,
        `the query parameter \`${parsed.name}\``,
        resolveSchema(parameter.schema, resolve),
        resolve,
        problem,
      );
      pagination[key] = parsed.name;
      const fallback = resolveSchema(parameter.schema, resolve)?.default;
      if (key === "limit" && Number.isInteger(fallback) && fallback > 0)
        pagination.defaultLimit = fallback;
    } else {
      pagination[key] =
        parsed.in === "header"
          ? { in: "header", name: parsed.name }
          : { in: "body", pointer: parsed.pointer };
    }
  }
  pagination.items ??= { in: "body", pointer: [] };
  checkResponses(operation, pagination, resolve, problem);
  return problems.length > 0 ? { pagination: undefined, problems } : { pagination, problems };
}

const EXAMPLES = {
  items: "$response.body#/data",
  limit: "$request.query.limit",
  offset: "$request.query.offset",
  page: "$request.query.page",
  total: "$response.header.X-Total-Count",
  cursor: "$request.query.starting_after",
  nextCursor: "$response.body#/data/-1/id",
  hasMore: "$response.body#/has_more",
  next: "$response.header.Link",
};

/** Every 2XX response declares each header the declaration reads, and a JSON body holding its fields. */
function checkResponses(operation, pagination, resolve, problem) {
  const responses = isObject(operation.responses) ? operation.responses : {};
  const success = Object.keys(responses).filter((status) => /^2(\d\d|XX)$/i.test(status));
  if (success.length === 0) {
    problem(
      "",
      "the operation declares no 2XX response to page through",
      "declare its 200 response",
    );
    return;
  }
  for (const status of success) {
    const response = resolve(responses[status]);
    const headers = isObject(response?.headers) ? response.headers : {};
    const content = isObject(response?.content) ? response.content : {};
    const json = Object.keys(content).find((type) =>
      /^application\/([\w.+-]*\+)?json\b/i.test(type),
    );
    const body = json === undefined ? undefined : resolveSchema(content[json]?.schema, resolve);
    for (const key of ["items", "total", "nextCursor", "hasMore", "next"]) {
      const source = pagination[key];
      if (source === undefined) continue;
      if (source.in === "header") {
        const name = Object.keys(headers).find(
          (h) => h.toLowerCase() === source.name.toLowerCase(),
        );
        if (name === undefined) {
          problem(
            key,
            `the ${status} response does not declare the header \`${source.name}\` that \`${key}\` reads`,
            `add \`${source.name}\` under its \`headers\``,
          );
          continue;
        }
        checkType(
          key,
          `the header \`${name}\` of the ${status} response`,
          resolveSchema(resolve(headers[name])?.schema, resolve),
          resolve,
          problem,
        );
        continue;
      }
      if (body === undefined) {
        problem(
          key,
          `the ${status} response has no JSON body schema for \`${key}\` to read`,
          "declare its `application/json` content with a schema",
        );
        continue;
      }
      const where = `\`${["#", ...source.pointer].join("/")}\` of the ${status} response body`;
      const schema = schemaAt(body, source.pointer, resolve);
      if (schema === undefined) {
        problem(
          key,
          `${where} is not declared (\`${key}\` reads it)`,
          `point \`${key}\` at a property the body schema declares`,
        );
      } else if (key === "items") {
        if (!hasType(schema, "array", resolve))
          problem(
            key,
            `${where} is not an array, so it cannot hold the items`,
            "point `items` at the array of the page's items",
          );
      } else checkType(key, where, schema, resolve, problem);
    }
  }
}

function checkType(key, where, schema, resolve, problem) {
  const wanted = TYPES[key];
  if (wanted === undefined || schema === undefined || !hasAnyType(schema, resolve)) return;
  if (!wanted.some((type) => hasType(schema, type, resolve)))
    problem(
      key,
      `${where} is not ${wanted.join(" or ")}, as \`${key}\` needs`,
      `declare it \`type: ${wanted[0]}\`, or name another`,
    );
}

/** The schema at `pointer` inside `schema`: through `properties`, `items` (`-1` or an index), `allOf`. */
export function schemaAt(schema, pointer, resolve) {
  let node = resolveSchema(schema, resolve);
  for (const token of pointer) {
    if (node === undefined) return undefined;
    node = step(node, token, resolve);
  }
  return node;
}

function step(node, token, resolve) {
  if (isObject(node.properties) && node.properties[token] !== undefined)
    return resolveSchema(node.properties[token], resolve);
  if (/^(-1|\d+)$/.test(token) && node.items !== undefined)
    return resolveSchema(node.items, resolve);
  for (const branch of Array.isArray(node.allOf) ? node.allOf : []) {
    const found = step(resolveSchema(branch, resolve) ?? {}, token, resolve);
    if (found !== undefined) return found;
  }
  return undefined;
}

function hasAnyType(schema, resolve) {
  return (
    schema.type !== undefined ||
    (Array.isArray(schema.allOf) &&
      schema.allOf.some((s) => hasAnyType(resolveSchema(s, resolve) ?? {}, resolve)))
  );
}

function hasType(schema, type, resolve) {
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  if (types.includes(type)) return true;
  return (
    Array.isArray(schema.allOf) &&
    schema.allOf.some((s) => hasType(resolveSchema(s, resolve) ?? {}, type, resolve))
  );
}

function resolveSchema(schema, resolve) {
  const node = schema === undefined ? undefined : resolve(schema);
  return isObject(node) ? node : undefined;
}

function isObject(value) {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
