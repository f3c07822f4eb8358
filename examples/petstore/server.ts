/**
 * The reference pet store server: the in-memory implementation of the generated
 * `PetStoreHandlers`, mounted with the generated `createRequestHandler` (routing, API keys, rate
 * limits, validation, deprecation headers) and served by the runtime's `node:http` adapter.
 */
import type { IncomingMessage, Server, ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { createRequestHandler, type PetStoreHandlers } from "../../generated/server.js";
import type { McpEndpointOptions } from "../../generated/entry/mcp.js";
import { serveNode, toNodeListener } from "../../generated/runtime/server/adapters/node-adapter.js";
import {
  type CorsOptions,
  type ErrorContext,
  type IdempotencyOptions,
  type IdempotencyStore,
  type RateLimits,
  type RateLimitStore,
  type ServeAfterSunset,
} from "../../generated/runtime/server/index.js";
import {
  createDemoKeys,
  keyAuthenticator,
  resolvePlanLimits,
  type DemoCaller,
  type DemoKey,
} from "./keys.js";
import { createPetStoreHandlers } from "./handlers.js";
import { seedDemoData } from "./seed.js";
import { PetStoreState } from "./store.js";

export interface PetStoreServerOptions {
  /** API keys and their plans. Default: one random demo key per spec plan ({@link createDemoKeys}). */
  readonly keys?: readonly DemoKey[];
  /** With the default keys: fixed `petstore-demo-<plan>` keys instead of random ones. */
  readonly stableKeys?: boolean;
  /**
   * Plan limits from configuration: enterprise (which the spec leaves open) defaults to
   * {@link DEFAULT_ENTERPRISE_LIMITS}; any plan may be overridden, and new plans added.
   */
  readonly planLimits?: Readonly<Record<string, RateLimits>>;
  /**
   * Check every handler response against the spec (a violation becomes a 500 and a log line).
   * Default: on unless `NODE_ENV` is `production`.
   */
  readonly validateResponses?: boolean;
  /** The clock (epoch ms) of rate limits and ship dates. Default `Date.now`. */
  readonly now?: () => number;
  /** Where rate-limit counters live (default: this process's memory). */
  readonly rateLimitStore?: RateLimitStore;
  /** Largest accepted request body in bytes (default 1 MiB, as the spec says). */
  readonly maxBodyBytes?: number;
  /** Told about every 500 (default: one `console.error` line). Never receives keys. */
  readonly onError?: (error: unknown, context: ErrorContext) => void;
  /** A path prefix to serve under, e.g. `/v1`. */
  readonly basePath?: string;
  /** Serve the experimental `setInventoryStock` (default true; false → 501). */
  readonly experimental?: boolean;
  /** Start with demo records (default false: an empty store). */
  readonly seed?: boolean;
  /** The state to serve (default: a new, empty one). */
  readonly state?: PetStoreState;
  /**
   * Where `Idempotency-Key` records live (default: the rate-limit store when it keeps them too,
   * else this process's memory); replayed for 24 hours unless `idempotency.ttlMs` says otherwise.
   */
  readonly idempotencyStore?: IdempotencyStore;
  readonly idempotency?: IdempotencyOptions | false;
  /** Keep serving operations past their `x-sunset` date (default: 410 `gone` from that date). */
  readonly serveAfterSunset?: ServeAfterSunset;
  /** Answer browsers on other origins (`npm run serve -- --cors <origin>`); off by default. */
  readonly cors?: CorsOptions;
  /**
   * Serve the operations as MCP tools at `/mcp` (Streamable HTTP) of the listening server, each
   * tool call answered by {@link PetStoreServer.handler} with the MCP caller's key (docs/mcp.md).
   * Loads `@modelcontextprotocol/sdk` only when set.
   */
  readonly mcp?: McpEndpointOptions;
  /** Replaces or wraps handlers (tests make one slow or failing); gets the reference ones. */
  readonly wrapHandlers?: (
    handlers: PetStoreHandlers<DemoCaller>,
  ) => Partial<PetStoreHandlers<DemoCaller>>;
}

export interface ListenOptions {
  /** Default 8080; 0 picks a free port. */
  readonly port?: number;
  /** Default `127.0.0.1`. */
  readonly host?: string;
}

export interface PetStoreServer {
  /** The store's state (tests and the fulfilment process use it directly). */
  readonly state: PetStoreState;
  /** The API keys the server accepts. */
  readonly keys: readonly DemoKey[];
  /** The plan limits from configuration in force (spec plans not listed use the spec's). */
  readonly planLimits: Readonly<Record<string, RateLimits>>;
  /** Whether handler responses are checked against the spec. */
  readonly validateResponses: boolean;
  /** The handlers (the implementation of the generated interface). */
  readonly handlers: PetStoreHandlers<DemoCaller>;
  /** The web-standard handler: mount it in Hono, Bun, Deno or any fetch-style server. */
  readonly handler: (request: Request) => Promise<Response>;
  /** Starts listening on `node:http`; resolves with the base URL, e.g. `http://127.0.0.1:8080`. */
  listen(options?: ListenOptions): Promise<string>;
  /** The base URL once listening. */
  readonly url: string | undefined;
  /** Stops listening and closes open connections. */
  close(): Promise<void>;
}

export { createPetStoreHandlers };

export const DEFAULT_PORT = 8080;
export const DEFAULT_HOST = "127.0.0.1";

export function createPetStoreServer(options: PetStoreServerOptions = {}): PetStoreServer {
  const now = options.now ?? Date.now;
  const state = options.state ?? new PetStoreState({ now });
  if (options.seed === true) seedDemoData(state);
  const keys = options.keys ?? createDemoKeys({ stable: options.stableKeys ?? false });
  const planLimits = resolvePlanLimits(options.planLimits);
  const validateResponses = options.validateResponses ?? process.env["NODE_ENV"] !== "production";
  const reference = createPetStoreHandlers<DemoCaller>(
    state,
    options.experimental === undefined ? {} : { experimental: options.experimental },
  );
  const handlers: PetStoreHandlers<DemoCaller> =
    options.wrapHandlers === undefined
      ? reference
      : { ...reference, ...options.wrapHandlers(reference) };
  const handler = createRequestHandler<DemoCaller>(handlers, {
    authenticate: keyAuthenticator(keys),
    planLimits,
    validateResponses,
    now,
    ...(options.rateLimitStore === undefined ? {} : { rateLimitStore: options.rateLimitStore }),
    ...(options.maxBodyBytes === undefined ? {} : { maxBodyBytes: options.maxBodyBytes }),
    ...(options.onError === undefined ? {} : { onError: options.onError }),
    ...(options.basePath === undefined ? {} : { basePath: options.basePath }),
    ...(options.idempotencyStore === undefined
      ? {}
      : { idempotencyStore: options.idempotencyStore }),
    ...(options.idempotency === undefined ? {} : { idempotency: options.idempotency }),
    ...(options.serveAfterSunset === undefined
      ? {}
      : { serveAfterSunset: options.serveAfterSunset }),
    ...(options.cors === undefined ? {} : { cors: options.cors }),
  });

  let server: Server | undefined;
  let url: string | undefined;

  return {
    state,
    keys,
    planLimits,
    validateResponses,
    handlers,
    handler,
    get url() {
      return url;
    },
    async listen(listenOptions = {}) {
      if (server !== undefined) throw new Error("the pet store server is already listening");
      const host = listenOptions.host ?? DEFAULT_HOST;
      server = await serveNode(handler, { port: listenOptions.port ?? DEFAULT_PORT, host });
      if (options.mcp !== undefined) await mountMcp(server, handler, options);
      const address = server.address() as AddressInfo;
      const shownHost = address.family === "IPv6" ? `[${address.address}]` : address.address;
      url = `http://${shownHost}:${address.port}${normalizedBasePath(options.basePath)}`;
      return url;
    },
    close() {
      const closing = server;
      server = undefined;
      url = undefined;
      if (closing === undefined) return Promise.resolve();
      return new Promise<void>((resolve, reject) => {
        closing.close((error) => (error === undefined ? resolve() : reject(error)));
        closing.closeAllConnections();
      });
    },
  };
}

/**
 * Answers `<basePath>/mcp` with the MCP endpoint (loaded only now), in front of the listener
 * serveNode installed: every other request keeps that listener's direct path (the client address
 * for limits and bans, streamed bodies), which a web-handler wrapper would lose.
 */
async function mountMcp(
  server: Server,
  handler: (request: Request) => Promise<Response>,
  options: PetStoreServerOptions,
): Promise<void> {
  const { MCP_API, withMcpEndpoint } = await import("../../generated/entry/mcp.js");
  const basePath = normalizedBasePath(options.basePath);
  const path = `${basePath}/mcp`;
  const mcp = toNodeListener(withMcpEndpoint(handler, MCP_API, { basePath, path, ...options.mcp }));
  const [api] = server.listeners("request") as ((
    req: IncomingMessage,
    res: ServerResponse,
  ) => void)[];
  if (api === undefined) throw new Error("serveNode installed no request listener");
  server.removeAllListeners("request");
  server.on("request", (req: IncomingMessage, res: ServerResponse) => {
    const target = req.url ?? "/";
    const end = target.search(/[?#]/);
    ((end === -1 ? target : target.slice(0, end)) === (options.mcp?.path ?? path) ? mcp : api)(
      req,
      res,
    );
  });
}

function normalizedBasePath(basePath: string | undefined): string {
  if (basePath === undefined || basePath === "" || basePath === "/") return "";
  const withSlash = basePath.startsWith("/") ? basePath : `/${basePath}`;
  return withSlash.replace(/\/+$/, "");
}
