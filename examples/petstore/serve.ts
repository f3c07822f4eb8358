/**
 * `npm run serve`: starts the reference pet store on 127.0.0.1 for client teams to develop against.
 *
 *   npm run serve                      # port 8080 (or $PORT)
 *   npm run serve -- --port 9000
 *   npm run serve -- --stable-keys     # fixed petstore-demo-<plan> keys across restarts
 *   npm run serve -- --empty           # no demo records
 *   REDIS_URL=redis://127.0.0.1:6379 npm run serve   # limits, bans, idempotency shared on Redis
 *   npm run serve -- --redis redis://127.0.0.1:6379 --redis-fail closed
 *   npm run serve -- --cors http://localhost:5173   # let a web app on that origin call it
 *   npm run serve -- --clock-offset 2027-07-01       # run as if it were that day (try a sunset)
 *   npm run serve -- --mcp             # also serve the operations as MCP tools at /mcp
 *
 * Prints the base URL and one demo API key per rate-limit plan. Response validation is on unless
 * NODE_ENV=production. Ctrl-C stops it.
 */
import { parseArgs } from "node:util";
import type { RedisStore } from "../../generated/runtime/server/stores/redis-store.js";
import { limitsOfPlan } from "./keys.js";
import { parseClockOffset, parseRedisTimeout } from "./serve-options.js";
import { createPetStoreServer, DEFAULT_HOST, DEFAULT_PORT } from "./server.js";

const REDIS_PREFIX = "petstore:";

const USAGE = `Usage: npm run serve -- [--port <n>] [--stable-keys] [--empty] [--redis <url>] [--cors <origin>] [--clock-offset <d>] [--mcp]

  --port <n>                port to listen on (default: $PORT, else ${DEFAULT_PORT}; 0 = any free port)
  --stable-keys             fixed demo keys (petstore-demo-<plan>) instead of random ones
  --empty                   start without demo records
  --redis <url>             keep rate limits, bans and idempotency records in Redis, shared by
                            every instance using the same URL (default: $REDIS_URL; without
                            either, this process's memory)
  --redis-fail open|closed  while Redis is unreachable: open (default) = each instance limits
                            from its own memory; closed = 503 service_unavailable
  --redis-prefix <p>        prefix of the Redis keys (default ${REDIS_PREFIX})
  --redis-timeout <ms>      longest wait for one Redis call (default 1000); a slower answer is
                            handled by --redis-fail, and 3 in a row count as an outage
  --clock-offset <d>        shift this server's clock, e.g. to try a deprecated operation's
                            sunset (410 gone): a signed duration (+400d, -90m, 3h) or a date-time
                            to start at (2027-07-01, 2027-07-01T12:00:00Z). Deprecation, sunset,
                            ship dates and memory rate limits follow it; Redis rate limits keep
                            Redis's clock
  --mcp                     also serve the operations as MCP tools at /mcp (Streamable HTTP);
                            agents send their key in X-API-Key (docs/mcp.md)
  --cors <origin>           let browser apps on this origin (e.g. http://localhost:5173) call the
                            API and read its headers; repeat for several origins, or "*" for any
  --help                    show this help

The server listens on ${DEFAULT_HOST} only. Run several instances against one Redis to share
limits: every instance needs the same keys (--stable-keys) and the same --redis-prefix.`;

function parsePort(value: string, where: string): number {
  const port = /^[0-9]{1,5}$/.test(value) ? Number(value) : NaN;
  if (!(port >= 0 && port <= 65_535)) {
    throw new Error(
      `${where} must be a port number from 0 to 65535 (got ${JSON.stringify(value)})`,
    );
  }
  return port;
}

function formatCount(value: number): string {
  return value.toLocaleString("en-US");
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      port: { type: "string" },
      "stable-keys": { type: "boolean", default: false },
      empty: { type: "boolean", default: false },
      redis: { type: "string" },
      "redis-fail": { type: "string", default: "open" },
      "redis-prefix": { type: "string", default: REDIS_PREFIX },
      "redis-timeout": { type: "string" },
      "clock-offset": { type: "string" },
      cors: { type: "string", multiple: true },
      mcp: { type: "boolean", default: false },
      help: { type: "boolean", default: false },
    },
    strict: true,
  });
  if (values.help === true) {
    console.log(USAGE);
    return;
  }
  const envPort = process.env["PORT"];
  const port =
    values.port !== undefined
      ? parsePort(values.port, "--port")
      : envPort !== undefined && envPort !== ""
        ? parsePort(envPort, "PORT")
        : DEFAULT_PORT;

  const corsOrigins = parseCorsOrigins(values.cors ?? []);
  const offset = usage(() =>
    values["clock-offset"] === undefined ? 0 : parseClockOffset(values["clock-offset"]),
  );
  const timeoutMs = usage(() =>
    values["redis-timeout"] === undefined ? undefined : parseRedisTimeout(values["redis-timeout"]),
  );
  const redis = await openRedisStore(
    values.redis,
    values["redis-fail"],
    values["redis-prefix"],
    timeoutMs,
  );
  const server = createPetStoreServer({
    ...(offset === 0 ? {} : { now: () => Date.now() + offset }),
    stableKeys: values["stable-keys"] === true,
    seed: values.empty !== true,
    ...(redis === undefined ? {} : { rateLimitStore: redis.store }),
    ...(corsOrigins === undefined ? {} : { cors: { origins: corsOrigins } }),
    ...(values.mcp === true ? { mcp: {} } : {}),
  });
  const url = await server.listen({ port, host: DEFAULT_HOST });

  const lines = [
    `Pet store reference server listening on ${url}`,
    `Response validation: ${server.validateResponses ? "on" : "off (NODE_ENV=production)"}; demo data: ${values.empty === true ? "none" : "loaded"}`,
    `Rate limits, bans and idempotency records: ${redis === undefined ? "this process's memory" : redis.description}`,
    `Clock: ${offset === 0 ? "real time" : `shifted ${offset > 0 ? "+" : "-"}${formatDuration(Math.abs(offset))} (now ${new Date(Date.now() + offset).toISOString()})`}`,
    `CORS: ${corsOrigins === undefined ? "off (same-origin browsers and non-browser clients only)" : corsOrigins === "*" ? "any origin" : corsOrigins.join(", ")}`,
    `MCP: ${values.mcp === true ? `${url}/mcp (Streamable HTTP; send X-API-Key)` : "off (--mcp serves the operations as tools at /mcp)"}`,
    "",
    "Demo API keys (send them in the X-API-Key header):",
  ];
  for (const { key, plan } of server.keys) {
    const limits = limitsOfPlan(plan, server.planLimits);
    const quota =
      limits === undefined
        ? "no limits configured"
        : `${formatCount(limits.perMinute)}/min, ${formatCount(limits.perDay)}/day`;
    lines.push(`  ${plan.padEnd(11)} ${quota.padEnd(26)} ${key}`);
  }
  const example = server.keys[0]?.key ?? "<key>";
  lines.push("", `Try: curl -i -H 'X-API-Key: ${example}' ${url}/pets`, "Stop with Ctrl-C.");
  console.log(lines.join("\n"));

  let stopping = false;
  const stop = (signal: NodeJS.Signals): void => {
    if (stopping) return;
    stopping = true;
    console.log(`\n${signal}: stopping the pet store server`);
    Promise.all([server.close(), redis?.store.close()]).then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  };
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);
}

/** A bad option value: reported as one paragraph, exit code 2. */
class UsageError extends Error {}

/** Runs a flag's parser; its error becomes a {@link UsageError}. */
function usage<T>(parse: () => T): T {
  try {
    return parse();
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
}

/** `34d 2h 5m` (whole minutes; seconds only under a minute). */
function formatDuration(ms: number): string {
  if (ms < 60_000) return `${Math.round(ms / 1000)}s`;
  const minutes = Math.round(ms / 60_000);
  const parts = [
    [Math.floor(minutes / 1440), "d"],
    [Math.floor((minutes % 1440) / 60), "h"],
    [minutes % 60, "m"],
  ] as const;
  return parts
    .filter(([amount]) => amount > 0)
    .map(([amount, unit]) => `${amount}${unit}`)
    .join(" ");
}

/** `--cors` values: origins as browsers send them (`scheme://host[:port]`), or `*` alone. */
function parseCorsOrigins(values: readonly string[]): readonly string[] | "*" | undefined {
  if (values.length === 0) return undefined;
  if (values.includes("*")) {
    if (values.length > 1) throw new UsageError('--cors "*" allows any origin: give it alone.');
    return "*";
  }
  for (const value of values) {
    let origin: string | undefined;
    try {
      origin = new URL(value).origin;
    } catch {
      origin = undefined;
    }
    if (origin !== value) {
      throw new UsageError(
        `--cors ${JSON.stringify(value)} is not an origin: give scheme, host and port only, as a browser sends it in Origin (e.g. http://localhost:5173, no path or trailing slash).`,
      );
    }
  }
  return values;
}

/**
 * The Redis store when `--redis` or `REDIS_URL` is set: a malformed URL is refused (UsageError);
 * an unreachable Redis is reported and the server starts anyway, following `--redis-fail`.
 * The Redis client is loaded only here, so a server without Redis never loads it.
 */
async function openRedisStore(
  flag: string | undefined,
  fail: string | undefined,
  keyPrefix: string | undefined,
  timeoutMs: number | undefined,
): Promise<{ store: RedisStore; description: string } | undefined> {
  const envUrl = process.env["REDIS_URL"];
  const source = flag !== undefined ? "--redis" : "REDIS_URL";
  const text = flag ?? (envUrl === "" ? undefined : envUrl);
  if (fail !== "open" && fail !== "closed") {
    throw new UsageError(`--redis-fail must be open or closed (got ${JSON.stringify(fail)}).`);
  }
  if (text === undefined) return undefined;
  const { createRedisStore, DEFAULT_REDIS_TIMEOUT_MS, parseRedisUrl } =
    await import("../../generated/runtime/server/stores/redis-store.js");
  let shown: string;
  try {
    const parsed = parseRedisUrl(text);
    shown = `${parsed.protocol}//${parsed.host}${parsed.pathname === "/" ? "" : parsed.pathname}`;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    throw new UsageError(
      `${source}: ${message} Fix it, or leave out ${source} to keep rate limits in this process's memory.`,
    );
  }
  const store = createRedisStore({
    url: text,
    onUnavailable: fail,
    keyPrefix: keyPrefix ?? REDIS_PREFIX,
    ...(timeoutMs === undefined ? {} : { timeoutMs }),
    log: (line) => console.warn(line),
  });
  try {
    await store.ping(2_000);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    console.warn(
      `Redis at ${shown} is unreachable at start: ${message}. ` +
        (fail === "open"
          ? "Serving anyway with --redis-fail open: this instance limits requests from its own memory until Redis answers; the client keeps reconnecting."
          : "Serving anyway with --redis-fail closed: requests get 503 service_unavailable until Redis answers; the client keeps reconnecting."),
    );
  }
  return {
    store,
    description: `Redis at ${shown} (key prefix ${JSON.stringify(keyPrefix ?? REDIS_PREFIX)}, fail ${fail}, call timeout ${timeoutMs ?? DEFAULT_REDIS_TIMEOUT_MS} ms)`,
  };
}

main().catch((error: unknown) => {
  if (error instanceof UsageError) {
    console.error(`pet store server: ${error.message}`);
    process.exitCode = 2;
    return;
  }
  const message = error instanceof Error ? error.message : String(error);
  console.error(`pet store server: ${message}`);
  if ((error as NodeJS.ErrnoException | null)?.code === "EADDRINUSE") {
    console.error("The port is in use: pick another with --port <n> or PORT=<n>.");
  }
  process.exitCode = 1;
});
