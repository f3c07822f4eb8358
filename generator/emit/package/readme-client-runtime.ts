/**
 * The generated README's subsections on the client's runtime behaviour: middleware, timeouts,
 * retries and idempotent writes, rate limits, failed calls, API key rotation. Each example is
 * fixed text, except operation names, which come from the model (identifiers, not spec prose).
 */
import type { ApiModel } from "../../model/types.js";
import type { EmitContext } from "../file.js";
import { printStatements } from "../ts/source-file.js";
import { code, fence, list } from "./emit-readme.js";

function example(name: string, lines: readonly string[]): string {
  return fence("ts", printStatements(name, [lines.join("\n")]));
}

export function clientRuntimeSections(model: ApiModel, context: EmitContext, packageName: string): string[] {
  const keyed = model.operations.filter((operation) => operation.idempotencyKeyHeader !== undefined);
  const get = model.operations.find((operation) => operation.method === "get" && operation.parameters.path.length === 0);
  const call = get ? `api.${get.name}()` : "api.someOperation()";
  return [
    "### Middleware",
    `Middleware has openapi-fetch's shape (the same objects work on ${code(`create${context.apiName}RawClient`)}): ` +
      "`onRequest` (may return a new `Request`, or a `Response` to answer without the network), `onResponse` (may return a new `Response`), `onError` (may return a `Response` or an `Error`). " +
      "`onRequest` hooks run in the order of `use`, the others in reverse; all of them run on every attempt, so a refreshed token is used on a retry. Without middleware no `Request` object is built.",
    example("middleware-example.ts", [
      `import type { Middleware } from ${JSON.stringify(packageName)};`,
      "",
      "const auth: Middleware = {",
      "  async onRequest({ request }) {",
      '    request.headers.set("authorization", `Bearer ${await getToken()}`);',
      "    return request;",
      "  },",
      "};",
      "api.use(auth); // api.eject(auth) removes it",
    ]),
    "### Timeouts",
    "`timeoutMs` (client option, or per call) bounds each attempt, including reading the body. A timed-out attempt is retried when the call may be repeated (an idempotent method, or an idempotency key); otherwise the call rejects with a `DOMException` named `TimeoutError`. Your own `signal` aborts at once and is never retried.",
    example("timeout-example.ts", [
      `const api = create${context.apiName}Client({ baseUrl, timeoutMs: 10_000 });`,
      `const result = await ${call.replace(/\(\)$/, "({ timeoutMs: 2_000, signal: controller.signal })")};`,
    ]),
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
      "All calls of a client share one rate-limit state: after a 429, or a response with `X-RateLimit-Remaining: 0`, no request is sent until `Retry-After` / `X-RateLimit-Reset` (waits up to `retry.maxRetryAfterMs`, 60 s by default, abortable); fewer requests than the server says remain are in flight. A longer hold is not waited for: the call resolves at once with a copy of the server's last 429, without a request. So a burst of calls never gets the key banned.",
      "`maxConcurrent` (default 4) caps the requests in flight, also before the first answer tells the client its quota. `Infinity` lifts the cap; `throttle: false` ignores `X-RateLimit-Remaining` (429s are always honoured).",
      "`result.rateLimit` is the parsed `X-RateLimit-*` headers of the response.",
    ]),
    "### Failed calls",
    list([
      "Every non-2XX result has `ok: false`, its `status` and a defined `error`: the JSON body (the spec's error object) when the response is JSON and parses, else an `UnexpectedResponseBody` (`status`, `contentType`, `text` up to 64 KiB, `message` such as `502 Bad Gateway: <html>…`) for an empty body, an HTML page or invalid JSON.",
      "`throwOnError: true` (client or call option) rejects with an `ApiError` instead (`operationId`, `status`, `error`, `response`, `rateLimit`).",
    ]),
    example("errors-example.ts", [
      `import { ApiError, UnexpectedResponseBody } from ${JSON.stringify(packageName)};`,
      "",
      `const result = await ${call};`,
      "if (!result.ok) {",
      "  if (result.error instanceof UnexpectedResponseBody) console.error(result.error.message);",
      "  else console.error(result.status, result.error);",
      "}",
      "try {",
      `  await ${call.replace(/\(\)$/, "({ throwOnError: true })")};`,
      "} catch (error) {",
      "  if (error instanceof ApiError) console.error(error.operationId, error.status, error.error);",
      "}",
    ]),
    ...(model.apiKey
      ? [
          "### API key rotation",
          "`apiKey` may be a function (sync or async) returning the key; it is called before each attempt.",
          example("api-key-example.ts", [`const api = create${context.apiName}Client({ baseUrl, apiKey: async () => (await vault.read("api-key")).value });`]),
        ]
      : []),
  ];
}
