/**
 * Child process of rate-limit-memory-bound.test.ts (run with `node --expose-gc --import tsx`):
 * hits a memory store with distinct ids and prints, as one JSON line, the heap after a full GC at
 * each checkpoint. argv[2]: maxRecords ("default" or a number); argv[3]: total distinct ids.
 */
import { createMemoryRateLimitStore } from "../../../../templates/server/stores/rate-limiter.js";

const gc = (globalThis as { gc?: () => void }).gc;
if (gc === undefined) throw new Error("run with node --expose-gc");
const [capArg = "default", totalArg = "1000000"] = process.argv.slice(2);
const store = createMemoryRateLimitStore(
  capArg === "default" ? {} : { maxRecords: Number(capArg) },
);
const total = Number(totalArg);
const now = Date.UTC(2030, 0, 1, 12);
const limits = { perMinute: 60, perDay: 1000 };
const checkpoints: { ids: number; heapBytes: number; size: number }[] = [];
for (let i = 1; i <= total; i++) {
  // The shape of the handler's ids: "key:" + a 43-character SHA-256 in base64url.
  store.hit(`key:${i.toString(36).padStart(43, "-")}`, { now: now + Math.floor(i / 1000), limits });
  if (i % (total / 10) === 0) {
    gc();
    checkpoints.push({ ids: i, heapBytes: process.memoryUsage().heapUsed, size: store.size });
  }
}
console.log(JSON.stringify(checkpoints));
