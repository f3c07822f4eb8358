/**
 * Figure 4 with Redis, our server: ours-server.ts's handler with the Redis store
 * (`createRedisStore`, one Lua script per request: minute and day windows and the ban) on the
 * redis-server at argv[2]. Same key and limits as the peer. Optional: `--auto-pipelining`,
 * `--per-minute <n>` (the key's limit), `--prefix <p>` (Redis key prefix), `--fail open|closed`
 * (for the burst-exactness row, server-redis-exact.ts). Prints `listening <port>`.
 */
import {
  createPetStoreStubs,
  createRequestHandler,
  type PetStoreHandlers,
} from "../../generated/server.js";
import { createKeyAuthenticator } from "../../generated/runtime/server/index.js";
import { serveNode } from "../../generated/runtime/server/adapters/node-adapter.js";
import { createRedisStore } from "../../generated/runtime/server/stores/redis-store.js";
import type { AddressInfo } from "node:net";
import { API_KEY, argFlag, PET, BENCH_LIMITS } from "./fixtures.js";

interface Caller {
  readonly name: string;
}

const handlers: PetStoreHandlers<Caller> = {
  ...createPetStoreStubs<Caller>(),
  getPetById: (request) => ({ status: 200, body: { ...PET, id: request.path.petId } }),
};

const fail = argFlag("--fail") === "closed" ? "closed" : "open";
const perMinute = Number(argFlag("--per-minute") ?? BENCH_LIMITS.perMinute);
const store = createRedisStore({
  url: process.argv[2] ?? "",
  keyPrefix: argFlag("--prefix") ?? "bench-ours:",
  onUnavailable: fail,
  // "--auto-pipelining": the store's `autoPipelining` option, to compare by hand.
  autoPipelining: process.argv.includes("--auto-pipelining"),
});
await store.ping(5_000);
const handler = createRequestHandler<Caller>(handlers, {
  authenticate: createKeyAuthenticator<Caller>([
    { key: API_KEY, plan: "enterprise", caller: { name: "bench" } },
  ]),
  planLimits: { enterprise: { perMinute, perDay: BENCH_LIMITS.perDay } },
  rateLimitStore: store,
  validateResponses: false,
});
const server = await serveNode(handler, { port: 0, host: "127.0.0.1" });
process.stdout.write(`listening ${(server.address() as AddressInfo).port}\n`);
process.on("SIGTERM", () => {
  server.close(() => void store.close().then(() => process.exit(0)));
  server.closeAllConnections();
});
