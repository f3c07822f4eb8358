/**
 * The generated README's sections on the frontend entries: TanStack Query options (`./query`) and
 * MSW mocks (`./mocks`). Each example is fixed text, except operation names and statuses, which
 * come from the model (identifiers and numbers, not spec prose).
 */
import type { ApiModel } from "../../model/types.js";
import { mockStatus } from "../mocks/mock-status.js";
import { queryFactoryName } from "../query/emit-query.js";
import type { EmitContext } from "../file.js";
import { printStatements } from "../ts/source-file.js";
import { isCallableWithoutArguments } from "./emit-readme.js";
import { code, fence, list } from "./readme-markdown.js";
import { RESERVED_WORDS } from "../client/reserved-words.js";

function example(name: string, lines: readonly string[]): string {
  return fence("ts", printStatements(name, [lines.join("\n")]));
}

export function frontendSections(
  model: ApiModel,
  context: EmitContext,
  packageName: string,
  baseUrl: string,
): string[] {
  const get = model.operations.find(
    (operation) =>
      operation.method === "get" &&
      isCallableWithoutArguments(operation) &&
      !operation.deprecation &&
      operation.stability !== "experimental",
  );
  const pkg = (entry: string) => JSON.stringify(`${packageName}${entry}`);
  const url = JSON.stringify(baseUrl);
  const create = `create${context.apiName}Client`;
  const failure = get?.responses
    .map((response) => mockStatus(response.status, true))
    .find((status) => status !== undefined && status >= 400);
  const core = `create${context.apiName}Core`;
  const one = get !== undefined && !RESERVED_WORDS.has(get.name) ? get : undefined;
  return [
    "## One operation at a time",
    `${code(`${packageName}/operations`)} has one function per operation over a small client core (\`${core}(options)\`, the client's options without the logger): a browser bundle holds the functions it imports, their descriptors and the runtime they use, not every operation's. The functions behave as the client's methods (credentials, the shared rate-limit state, retries after \`Retry-After\`, deprecation notices, typed errors) and also accept a client made by \`${create}\`. Middleware is added with \`useMiddleware(api, ...middleware)\` (it returns the function that removes it), so a bundle that never adds any does not carry it.`,
    ...(one
      ? [
          example("operations-example.ts", [
            `import { ${core}, ${one.name} } from ${pkg("/operations")};`,
            "",
            `const api = ${core}({ baseUrl: ${url} });`,
            `const result = await ${one.name}(api);`,
            "if (result.ok) console.log(result.data);",
          ]),
        ]
      : []),
    "## TanStack Query",
    `${code(`${packageName}/query`)} has TanStack Query v5 options for every operation, on the typed client: \`<operation>Options(client, params)\` for GET operations (spread into \`useQuery\`, \`fetchQuery\`, …) and \`<operation>Mutation(client)\` for the others (into \`useMutation\`). Install \`@tanstack/query-core\` (every TanStack Query v5 adapter brings it).`,
    list([
      "Keys are `[api, resource, operationId, params, { client }]`, built by a helper per resource (`<resource>Keys.all`, `<resource>Keys.<operation>(params?, client?)`), and tagged with the data type, so `queryClient.getQueryData(options.queryKey)` is typed. `client` is the client's identity (its origin and a fingerprint of its key, never the key): two clients in one `QueryClient` (staging and production, a logout then a login) never read each other's data, and a mutation invalidates its own client's queries.",
      "A mutation invalidates, on success, the GET operations under its collection (`INVALIDATES.<operation>`, read from the spec's paths).",
      "`retry: false`: the client already retries what is safe to retry (429s after `Retry-After`, network errors and 5xx of idempotent methods). The query's `signal` aborts the request and any wait; errors are the client's `ApiError`.",
    ]),
    ...(get
      ? [
          example("query-example.ts", [
            'import { QueryClient } from "@tanstack/query-core";',
            `import { ${create} } from ${pkg("")};`,
            `import { ${queryFactoryName(get)} } from ${pkg("/query")};`,
            "",
            `const api = ${create}({ baseUrl: ${url} });`,
            "const queryClient = new QueryClient();",
            `const data = await queryClient.fetchQuery(${queryFactoryName(get)}(api)); // typed from the spec`,
            "console.log(data);",
          ]),
        ]
      : []),
    "## Mocks",
    `${code(`${packageName}/mocks`)} has MSW 2.x request handlers for every operation (\`create${context.apiName}Mocks({ baseUrl })\`), answering the spec's examples (or data generated from the schema, always the same) with the headers clients read (rate limits, \`Deprecation\`, \`Sunset\`). Install \`msw\` 2.x; they run in Node.js (\`msw/node\`) and in browsers (\`msw/browser\`).`,
    list([
      "`mock.<operation>(status, body?, { headers, once }?)` overrides one operation for a test: `server.use(...)`; without a body, the spec's example of that status.",
      "`rateLimited(operation, { retryAfter, times })` answers 429 with `Retry-After` (and `X-RateLimit-Remaining: 0` when declared).",
    ]),
    ...(get
      ? [
          example("mocks-example.ts", [
            'import { setupServer } from "msw/node";',
            `import { ${create} } from ${pkg("")};`,
            `import { create${context.apiName}Mocks } from ${pkg("/mocks")};`,
            "",
            `const { handlers, mock } = create${context.apiName}Mocks({ baseUrl: ${url} });`,
            "const server = setupServer(...handlers);",
            'server.listen({ onUnhandledRequest: "error" });',
            `const api = ${create}({ baseUrl: ${url} });`,
            `console.log((await api.${get.name}()).data); // the spec's example`,
            ...(failure !== undefined
              ? [
                  `server.use(mock.${get.name}(${failure}));`,
                  `console.log((await api.${get.name}()).status); // ${failure}`,
                ]
              : []),
            "server.close();",
          ]),
        ]
      : []),
  ];
}
