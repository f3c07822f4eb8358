/**
 * One instance of the reference server on a shared Redis, for redis-instances.test.ts:
 * `node --import tsx redis-instance.ts <redis url> <open|closed>`. The demo keys are the stable
 * ones; plan limits are lowered below 200 per minute so that 200 requests exhaust every plan.
 * Prints `listening <url>` once ready; stops on SIGTERM.
 */
import { createRedisStore } from "../../../generated/runtime/server/stores/redis-store.js";
import { createPetStoreServer } from "../../../examples/petstore/server.js";
import { INSTANCE_PLAN_LIMITS } from "./instance-limits.js";

const [url = "", fail = "open"] = process.argv.slice(2);
if (fail !== "open" && fail !== "closed") throw new Error(`fail mode: open or closed, not ${fail}`);
const store = createRedisStore({
  url,
  keyPrefix: "petstore:",
  onUnavailable: fail,
  // The default deadline (1 s) and circuit breaker: a loaded test machine must not push a call
  // into the memory fallback (redis-outages.test.ts measures it).
  log: (line) => console.warn(line),
});
await store.ping(5_000);
const server = createPetStoreServer({
  stableKeys: true,
  planLimits: INSTANCE_PLAN_LIMITS,
  rateLimitStore: store,
  onError: (error) => console.error(`500: ${String(error)}`),
});
const listening = await server.listen({ port: 0 });
console.log(`listening ${listening}`);
process.once("SIGTERM", () => {
  void Promise.all([server.close(), store.close()]).then(() => process.exit(0));
});
