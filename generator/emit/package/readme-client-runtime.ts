/**
 * The generated README's subsections on the client's runtime behaviour: middleware, timeouts,
 * retries and idempotent writes, rate limits, failed calls, API key rotation. Each example is
 * fixed text, except operation names, which come from the model (identifiers, not spec prose).
 */
import type { ApiModel } from "../../model/types.js";
import type { EmitContext } from "../file.js";
import { printStatements } from "../ts/source-file.js";
import { isCallableWithoutArguments } from "./emit-readme.js";
import { code, fence, list } from "./readme-markdown.js";

function example(name: string, lines: readonly string[]): string {
  return fence("ts", printStatements(name, [lines.join("\n")]));
}

export function clientRuntimeSections(
  model: ApiModel,
  context: EmitContext,
  packageName: string,
  baseUrl: string,
): string[] {
  const keyed = model.operations.filter(
    (operation) => operation.idempotencyKeyHeader !== undefined,
  );
  const get = model.operations.find(
    (operation) =>
      operation.method === "get" &&
      isCallableWithoutArguments(operation) &&
      !operation.deprecation &&
      operation.stability !== "experimental",
  );
  const create = `create${context.apiName}Client`;
  const pkg = JSON.stringify(packageName);
  const url = JSON.stringify(baseUrl);
  // each example is a module of its own (the package test type-checks every one)
  const setup = (imports: readonly string[], options = ""): string[] => [
    `import { ${[create, ...imports].join(", ")} } from ${pkg};`,
    "",
    `const api = ${create}({ baseUrl: ${url}${options} });`,
  ];
  const call = get ? `api.${get.name}()` : undefined;
  return [
    "### Middleware",
    `Middleware has openapi-fetch's shape (the same objects work on ${code(`create${context.apiName}RawClient`)}): ` +
      "`onRequest` (may return a new `Request`, or a `Response` to answer without the network), `onResponse` (may return a new `Response`), `onError` (may return a `Response` or an `Error`). " +
      "`onRequest` hooks run in the order of `use`, the others in reverse; all of them run on every attempt, so a refreshed token is used on a retry. Without middleware no `Request` object is built.",
    example("middleware-example.ts", [
      ...setup(["type Middleware"]),
      'let token = "<a token>"; // refreshed elsewhere: every attempt reads the current one',
      "const auth: Middleware = {",
      "  onRequest({ request }) {",
      '    request.headers.set("authorization", `Bearer ${token}`);',
      "    return request;",
      "  },",
      "};",
      "api.use(auth); // api.eject(auth) removes it",
    ]),
    "### Timeouts",
    "`timeoutMs` (client option, or per call: `{ timeoutMs }` beside the parameters) bounds each attempt, including reading the body. A timed-out attempt is retried when the call may be repeated (an idempotent method, or an idempotency key); otherwise the call rejects with a `DOMException` named `TimeoutError`. Your own `signal` aborts at once and is never retried. `deadlineMs` (client or call) bounds the whole call (rate-limit waits, retries and attempts): at the deadline it rejects with a `TimeoutError`, and a retry whose wait would pass it is not made.",
    example("timeout-example.ts", [
      ...setup([], ", timeoutMs: 10_000"),
      ...(call
        ? [
            "try {",
            `  await ${call};`,
            "} catch (error) {",
            '  if (error instanceof DOMException && error.name === "TimeoutError") console.error("no answer in 10 s");',
            "}",
          ]
        : []),
    ]),
    "### Base URL",
    'A relative `baseUrl` (`"/api/v1"`) is resolved against the page\'s `location` in a browser, with or without middleware. Where there is no page (Node.js), every call rejects with a `TypeError` asking for an absolute URL, before anything is sent (creating the client does not throw, so server-side rendering still loads).',
    "### Per-call options",
    "Beside its parameters and body, every call takes `signal`, `headers`, `timeoutMs` (this call's per-attempt timeout), `deadlineMs` (the whole call's), `retry` (this call's policy over the client's, or `false`) and `throwOnError`, all typed.",
    ...(get
      ? [
          example("call-options-example.ts", [
            ...setup([]),
            `await api.${get.name}({ timeoutMs: 5_000, retry: { maxRetries: 1 } });`,
            `await api.${get.name}({ retry: false, signal: AbortSignal.timeout(10_000) });`,
          ]),
        ]
      : []),
    "### Retries and idempotent writes",
    list([
      "429 is retried for every method, after its `Retry-After`; network errors (connection refused or reset, DNS), timeouts, 500, 502, 503 and 504 only when the request may be repeated: GET, HEAD, OPTIONS, PUT, DELETE, TRACE, or an operation that declares an `Idempotency-Key` header. Exponential backoff with jitter; `retry: { maxRetries, baseDelayMs, maxDelayMs, maxRetryAfterMs }` or `retry: false`.",
      keyed.length > 0
        ? `${keyed.map((operation) => code(operation.name)).join(", ")} declare ${code(keyed[0]!.idempotencyKeyHeader!)}: the client sends a fresh \`crypto.randomUUID()\` per call (unless you pass your own in \`header\` or \`headers\`) and the same key on every retry, so the server replays the first response instead of acting twice.`
        : "An operation that declares an `Idempotency-Key` header gets a fresh `crypto.randomUUID()` per call (unless you pass one) and the same key on every retry.",
      "When the retries are spent on a network error, the call rejects with a `RequestFailedError` naming the operation, method and URL (without its query); `cause` is the original error.",
    ]),
    "### Rate limits",
    list([
      'Clients of one process on the same origin with the same key share one rate-limit state (keyed by origin and a fingerprint of the key, never the key; `rateLimitState: "own"` opts out). Near exhaustion (16 requests left by default) one request at a time, so up to 4 processes on one key stay clear of a ban.',
      "All calls of a client share one rate-limit state: after a 429, or a response with `X-RateLimit-Remaining: 0`, no request is sent until `Retry-After` / `X-RateLimit-Reset` (waits up to `retry.maxRetryAfterMs`, 60 s by default, abortable); fewer requests than the server says remain are in flight. A longer hold is not waited for: the call resolves at once with a copy of the server's last 429, without a request (`result.sentToServer === false`; middleware's `onResponse` sees it). So a burst of calls never gets the key banned.",
      "`maxConcurrent` (default 4) caps the requests in flight, also before the first answer tells the client its quota. `Infinity` lifts the cap; `throttle: false` ignores `X-RateLimit-Remaining` (429s are always honoured).",
      "`result.rateLimit` is the parsed `X-RateLimit-*` headers of the response.",
    ]),
    "### Observability",
    "`onRetry` (attempt, delay, reason), `onRateLimitWait` (delay) and a `logger` (`console` fits) with `logLevel`: responses at debug (429 and 5xx at warn), retries and waits at info. No credential is logged (credential query parameters are `[redacted]`, headers are not logged); a client without these options pays nothing for them.",
    "### Failed calls",
    list([
      "Every non-2XX result has `ok: false`, its `status` and a defined `error`: the JSON body (the spec's error object) when the response is JSON and parses, else an `UnexpectedResponseBody` (`status`, `contentType`, `text` up to 64 KiB, `message` such as `502 Bad Gateway: <html>…`) for an empty body, an HTML page or invalid JSON.",
      "A 2XX is a success only when it is what the spec declares: one whose Content-Type the spec does not declare for its status (a proxy's `200 text/html` page), or whose JSON does not parse, is a failure too (`ok: false`, an `UnexpectedResponseBody` whose `operationId`, `reason` and message name the call and the status).",
      "`throwOnError: true` (client or call option) rejects with an `ApiError` instead (`operationId`, `status`, `error`, `response`, `rateLimit`).",
      'Credentials never go to another origin: a call that carries credentials (any security scheme\'s header, query parameter or cookie, `Authorization`) follows same-origin redirects, but a redirect to another origin is not followed: the result is a failure whose `error` is a `RedirectNotFollowedError` saying where and why. `crossOriginRedirect: "follow-without-credentials"` follows it with every credential removed.',
    ]),
    ...(call
      ? [
          example("errors-example.ts", [
            ...setup(["ApiError", "UnexpectedResponseBody"]),
            `const result = await ${call};`,
            "if (result.error instanceof UnexpectedResponseBody) {",
            "  console.error(result.error.message); // e.g. a proxy's HTML page",
            "} else if (result.error) {",
            "  console.error(result.response.status, result.error); // the spec's error body",
            "}",
            "",
            `const strict = ${create}({ baseUrl: ${url}, throwOnError: true });`,
            "try {",
            `  await strict.${get!.name}();`,
            "} catch (error) {",
            "  if (error instanceof ApiError) console.error(error.operationId, error.status, error.error);",
            "}",
          ]),
        ]
      : []),
    ...(model.apiKey
      ? [
          "### API key rotation",
          "`apiKey` may be a function (sync or async) returning the key; it is called before each attempt.",
          example("api-key-example.ts", [
            `import { ${create} } from ${pkg};`,
            "",
            'let current = "<your API key>"; // replaced when the key is rotated',
            `const api = ${create}({ baseUrl: ${url}, apiKey: () => current });`,
          ]),
        ]
      : []),
  ];
}
