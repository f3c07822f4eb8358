/**
 * `npm run serve`: starts the reference pet store on 127.0.0.1 for client teams to develop against.
 *
 *   npm run serve                      # port 8080 (or $PORT)
 *   npm run serve -- --port 9000
 *   npm run serve -- --stable-keys     # fixed petstore-demo-<plan> keys across restarts
 *   npm run serve -- --empty           # no demo records
 *
 * Prints the base URL and one demo API key per rate-limit plan. Response validation is on unless
 * NODE_ENV=production. Ctrl-C stops it.
 */
import { parseArgs } from "node:util";
import { limitsOfPlan } from "./keys.js";
import { createPetStoreServer, DEFAULT_HOST, DEFAULT_PORT } from "./server.js";

const USAGE = `Usage: npm run serve -- [--port <n>] [--stable-keys] [--empty]

  --port <n>       port to listen on (default: $PORT, else ${DEFAULT_PORT}; 0 = any free port)
  --stable-keys    fixed demo keys (petstore-demo-<plan>) instead of random ones
  --empty          start without demo records
  --help           show this help

The server listens on ${DEFAULT_HOST} only.`;

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

  const server = createPetStoreServer({
    stableKeys: values["stable-keys"] === true,
    seed: values.empty !== true,
  });
  const url = await server.listen({ port, host: DEFAULT_HOST });

  const lines = [
    `Pet store reference server listening on ${url}`,
    `Response validation: ${server.validateResponses ? "on" : "off (NODE_ENV=production)"}; demo data: ${values.empty === true ? "none" : "loaded"}`,
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
    server.close().then(
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

main().catch((error: unknown) => {
  const message = error instanceof Error ? error.message : String(error);
  console.error(`pet store server: ${message}`);
  if ((error as NodeJS.ErrnoException | null)?.code === "EADDRINUSE") {
    console.error("The port is in use: pick another with --port <n> or PORT=<n>.");
  }
  process.exitCode = 1;
});
