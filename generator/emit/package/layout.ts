/**
 * The package's layout, shared by the emitters (package.json, README, entry modules) and the
 * build script (scripts/build-package.ts), so the `exports` map and what the build produces
 * can never disagree.
 */

/** The build folder inside the package (git-ignored; the drift check skips it). */
export const DIST_DIR = "dist";

/** Entry modules the generator writes (`entry/<name>.ts`), compiled to `dist/entry/<name>.js`. */
export const ENTRY_DIR = "entry";

export interface EntryPoint {
  /** The `exports` key, e.g. `./server`. */
  readonly subpath: string;
  /** The module, relative to the package root and without extension, e.g. `entry/server`. */
  readonly module: string;
  /** What it offers, for the README. */
  readonly summary: string;
  /** Where it runs, for the README. */
  readonly runsIn: string;
}

export function entryPoints(apiName: string): readonly EntryPoint[] {
  const client = {
    module: `${ENTRY_DIR}/client`,
    summary: `\`create${apiName}Client\` (stable and beta operations), per-operation types, the client runtime's types`,
    runsIn: "browsers, Node.js, workers (no Node.js built-ins)",
  };
  return [
    { subpath: ".", ...client },
    { subpath: "./client", ...client },
    {
      subpath: "./types",
      module: "types",
      summary: "`paths`, `components`, `operations`: the spec's types (types only, no code)",
      runsIn: "anywhere (erased at build time)",
    },
    {
      subpath: "./server",
      module: `${ENTRY_DIR}/server`,
      summary: `\`createRequestHandler\`, \`${apiName}Handlers\`, \`create${apiName}Stubs\`, \`createKeyAuthenticator\`, the web-standard server runtime (\`(request: Request) => Promise<Response>\`)`,
      runsIn:
        "Node.js, Deno, Bun, workers (web standards only: `Request`/`Response`, Web Crypto, no Node.js built-ins)",
    },
    {
      subpath: "./server/node",
      module: `${ENTRY_DIR}/server-node`,
      summary:
        "`serveNode` (a `node:http` server for the handler), `toNodeListener` (its `(req, res)` listener, for your own server or Express), `answerClientErrors`",
      runsIn: "Node.js (and the Node.js compatibility of Deno and Bun)",
    },
    {
      subpath: "./server/redis",
      module: `${ENTRY_DIR}/server-redis`,
      summary:
        "`createRedisStore`: rate limits, bans and idempotency records shared by every server instance on Redis (needs the optional peer `ioredis`)",
      runsIn: "Node.js, with `ioredis` installed",
    },
    {
      subpath: "./server/express",
      module: `${ENTRY_DIR}/server-express`,
      summary:
        "`toExpressHandler`: the request handler as an Express 5 middleware (`app.use(basePath, ...)`), body and response streamed",
      runsIn: "Node.js, in an Express 5 app (the optional peer `express`)",
    },
    {
      subpath: "./server/fastify",
      module: `${ENTRY_DIR}/server-fastify`,
      summary:
        "`toFastifyPlugin`: the request handler as a Fastify 5 plugin (`app.register(..., { prefix })`), the body left to the handler",
      runsIn: "Node.js, in a Fastify 5 app (the optional peer `fastify`)",
    },
    {
      subpath: "./operations",
      module: "operations",
      summary: `one function per operation (\`<operation>(api, init)\`) over \`create${apiName}Core\`: a bundle holds only the operations it imports and the runtime they use`,
      runsIn: "browsers, Node.js, workers (no Node.js built-ins)",
    },
    {
      subpath: "./raw",
      module: `${ENTRY_DIR}/raw`,
      summary: `\`create${apiName}RawClient\`: the plain openapi-fetch client (every path of the spec, API key set; no retries or rate-limit handling)`,
      runsIn: "browsers, Node.js, workers",
    },
    {
      subpath: "./validate",
      module: `${ENTRY_DIR}/validate`,
      summary: `\`validate${apiName}Response\` (opt-in response validation: pass it as the client's \`validateResponse\`), \`ResponseValidationError\`, \`STANDARD_SCHEMAS\` (Standard Schema v1 validators of every operation's parameters, body and responses)`,
      runsIn: "browsers, Node.js, workers (the precompiled validators are ES modules)",
    },
    {
      subpath: "./query",
      module: `${ENTRY_DIR}/query`,
      summary:
        "TanStack Query v5 options per operation (`<op>Options` for GET, `<op>Mutation` for the others), `<resource>Keys`, `INVALIDATES` (needs the optional peer `@tanstack/query-core`, which every TanStack Query v5 adapter brings)",
      runsIn: "browsers, Node.js, workers",
    },
    {
      subpath: "./zod",
      module: `${ENTRY_DIR}/zod`,
      summary:
        "Zod 4 schemas of every component schema (`PetSchema`) and of each operation's body and parameters (`OPERATION_SCHEMAS`), accepting what the server's validators accept, and as codecs with the transforms (`OrderCodec(options)`, `operationCodecs`) (needs the optional peer `zod`)",
      runsIn: "browsers, Node.js, workers",
    },
    {
      subpath: "./mocks",
      module: `${ENTRY_DIR}/mocks`,
      summary: `\`create${apiName}Mocks\`: MSW 2.x handlers for every operation answering the spec's examples, per-test overrides, a 429 helper (needs the optional peer \`msw\`)`,
      runsIn: "Node.js (`msw/node`) and browsers (`msw/browser`, its service worker)",
    },
    {
      subpath: "./runtime",
      module: `${ENTRY_DIR}/runtime`,
      summary:
        "the client runtime's internals (descriptors, serializers, the scheduler's parts), for tools built on the client; not needed to call the API",
      runsIn: "browsers, Node.js, workers",
    },
    {
      subpath: "./mcp",
      module: `${ENTRY_DIR}/mcp`,
      summary:
        "`MCP_API`, `MCP_TOOLS`: the operations as Model Context Protocol tools; `createRemoteMcpServer` (tools calling the API through the client), `withMcpEndpoint` (an `/mcp` endpoint in front of the request handler), `serveStdio` (needs the optional peer `@modelcontextprotocol/sdk`)",
      runsIn: "Node.js, Deno, Bun, workers (stdio: Node.js)",
    },
    {
      subpath: "./experimental",
      module: `${ENTRY_DIR}/experimental`,
      summary: `everything in the client entry, plus \`create${apiName}ExperimentalClient\` with the experimental operations`,
      runsIn: "browsers, Node.js, workers",
    },
  ];
}

/** The package's bin (`npx <package> scaffold`, emit-bin.ts), compiled to `dist/bin/cli.js`. */
export const BIN_MODULE = "bin/cli";

/** `@acme/widgets` → `widgets`: the bin npx runs for the package. */
export function binName(packageName: string): string {
  return packageName.slice(packageName.lastIndexOf("/") + 1);
}

/** `entry/client` → `./dist/entry/client.js` (`.d.ts` with `declaration`). */
export function distPath(module: string, extension: ".js" | ".d.ts"): string {
  return `./${DIST_DIR}/${module}${extension}`;
}

/**
 * Runtime dependencies of the built package, as ranges. Pinned here (not read from the project's
 * package.json) so the output depends only on the generator's inputs; test/package checks that
 * the project's installed versions satisfy them.
 * - openapi-fetch: the `./raw` entry is an openapi-fetch client (the typed client does not use it);
 * - ajv-formats: the precompiled validators import its formats (`ajv-formats/dist/formats.js`),
 *   which must come from the major they were compiled with;
 * - ajv: ajv-formats' peer (the validators themselves import nothing from Ajv: its helpers have
 *   ES-module counterparts in the runtime, runtime/server/core/validator-functions.ts).
 */
export const PACKAGE_DEPENDENCIES: Readonly<Record<string, string>> = {
  ajv: "^8.20.0",
  "ajv-formats": "^3.0.1",
  "openapi-fetch": "^0.17.0",
  "@noble/hashes": "^2.4.0",
};

/**
 * The runtime dependency of a package whose spec has XML bodies: runtime/xml/xml-codec.ts reads
 * and writes them with fast-xml-parser (4.5, one small dependency of its own, Node.js 20 and
 * later). A spec without XML bodies never loads the codec, and its package does not depend on it.
 */
export const XML_DEPENDENCIES: Readonly<Record<string, string>> = {
  "fast-xml-parser": "^4.5.7",
};

/**
 * Optional peer dependencies: installed by the users of the entry point that loads them, never
 * pulled in for the others.
 * - ioredis: the client of the Redis store (`./server/redis`);
 * - express, fastify: the frameworks `./server/express` and `./server/fastify` mount the handler in
 *   (neither entry loads its framework; the versions say which majors they are tested with, and
 *   `./server/fastify`'s declarations use Fastify's types);
 * - @tanstack/query-core: the types of the query options (`./query`; 5.80 added the mutation
 *   context the invalidation uses: older 5.x need `{ queryClient }`), tested with 5.108;
 * - msw: the request handlers of the mocks (`./mocks`), 2.x (MSW 3 needs Node.js 22), tested with 2.15;
 * - @modelcontextprotocol/sdk: the MCP server of `./mcp` (its Streamable HTTP transport for web
 *   `Request`s), tested with 1.32.2, the lowest version allowed;
 * - @opentelemetry/api: never imported by the runtime (its shape is described in
 *   runtime/telemetry/otel-api.ts); the application passes the module to
 *   `serverTelemetry({ api })` or `clientTelemetry({ api })`. Tested with 1.9.1.
 */
export const PACKAGE_OPTIONAL_PEERS: Readonly<Record<string, string>> = {
  "@tanstack/query-core": "^5.0.0",
  express: "^5.0.0",
  fastify: "^5.0.0",
  ioredis: "^6.0.0",
  msw: "^2.0.0",
  "@modelcontextprotocol/sdk": "^1.32.2",
  "@opentelemetry/api": "^1.9.0",
  zod: "^4.1.0",
};

/** The Node.js LTS lines the package is tested on (20, 22, 24; `.ci/run` runs each), and later ones. */
export const NODE_ENGINE = "^20.19.0 || ^22.12.0 || >=24.0.0";
