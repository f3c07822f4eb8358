/**
 * Child process of unauthenticated-memory.test.ts (run with `node --expose-gc --import tsx`):
 * sends requests with distinct invented API keys (all answered 401) through the generated pet
 * store handler, and prints, as one JSON line, the heap after a full GC and the rate-limit
 * store's size at each checkpoint. argv[2]: "address" (every request from one client address,
 * as the node adapter reports it) or "per-request-address" (a new address per request: the
 * control, which grows like the old per-presented-key counters did); argv[3]: total requests.
 */
import { createPetStoreStubs, createRequestHandler } from "../../../../generated/server.js";
import {
  createKeyAuthenticator,
  createMemoryRateLimitStore,
} from "../../../../generated/runtime/server/index.js";

const gc = (globalThis as { gc?: () => void }).gc;
if (gc === undefined) throw new Error("run with node --expose-gc");
const [mode = "address", totalArg = "130000"] = process.argv.slice(2);
const total = Number(totalArg);
const store = createMemoryRateLimitStore();
let current = 0;
const handler = createRequestHandler(createPetStoreStubs(), {
  authenticate: createKeyAuthenticator([{ key: "the-only-real-key", plan: "free", caller: {} }]),
  rateLimitStore: store,
  // A huge plan, so that the invented keys keep getting 401 (not 429) all the way.
  planLimits: { free: { perMinute: 10_000_000, perDay: 10_000_000 } },
  clientAddress: () =>
    mode === "address"
      ? "203.0.113.9"
      : `10.${(current >> 16) & 255}.${(current >> 8) & 255}.${current & 255}`,
  onError: (error) => {
    throw error;
  },
});

const checkpoints: { requests: number; heapBytes: number; size: number }[] = [];
for (current = 1; current <= total; current++) {
  const key = `invented-${current.toString(36).padStart(12, "0")}`;
  const response = await handler(
    new Request("http://127.0.0.1/pets", { headers: { "x-api-key": key } }),
  );
  if (response.status !== 401) throw new Error(`expected 401, got ${response.status}`);
  await response.arrayBuffer();
  if (current % (total / 10) === 0) {
    gc();
    checkpoints.push({
      requests: current,
      heapBytes: process.memoryUsage().heapUsed,
      size: store.size,
    });
  }
}
console.log(JSON.stringify(checkpoints));
