/**
 * The smoke handler as a workerd (Cloudflare Workers) ES module worker. The handler is made on the
 * first request: a worker may not start timers or use randomness at module scope.
 *
 * workerd keeps this module's memory only for the life of one isolate, and a deployment runs many:
 * the in-memory rate-limit counters the smoke table's 429 rows count on hold here only because the
 * local workerd serves every request from one isolate. A deployed worker keeps counters in a
 * shared store instead (a `RateLimitStore` over a REST Redis or a Durable Object); see
 * docs/runtimes.md.
 */
import { createSmokeHandler } from "../smoke-app.js";

let handler: ((request: Request) => Promise<Response>) | undefined;

export default {
  fetch(request: Request): Promise<Response> {
    handler ??= createSmokeHandler();
    return handler(request);
  },
};
