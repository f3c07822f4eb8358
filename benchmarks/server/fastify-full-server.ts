/**
 * Figure 4, the fair peer: Fastify 5 doing the work our handler does on the two benchmarked
 * routes: an API-key preHandler with the same key lookup as `createKeyAuthenticator` (the key's
 * SHA-256, with the same library, compared in constant time with each known key's; 401 for an
 * unknown key), `@fastify/rate-limit` with the plan's per-minute limit keyed by that digest (the
 * raw key never reaches the store, as issue 13 requires of ours; its `X-RateLimit-*` headers
 * on), and Ajv validation of the same JSON schemas (path parameters of
 * GET /pets/by-id/{petId}, body of POST /pets). argv[2]: the spec path; argv[3], optional: a
 * redis-server URL for the shared store (ioredis), else Fastify's in-memory store. Optional:
 * `--per-minute <n>` (the key's limit), `--prefix <p>` (its Redis namespace). Prints
 * `listening <port>`.
 */
import { timingSafeEqual } from "node:crypto";
import rateLimit from "@fastify/rate-limit";
import { sha256 } from "@noble/hashes/sha2.js";
import Fastify from "fastify";
import { Redis } from "ioredis";
import { registerPetRoutes } from "./fastify-routes.js";
import { API_KEY, argFlag, BENCH_LIMITS } from "./fixtures.js";
import { loadSchemas } from "./spec-schemas.js";

const schemas = loadSchemas(process.argv[2] ?? "spec/openapi.yaml");
const redisUrl = process.argv[3]?.startsWith("redis") === true ? process.argv[3] : undefined;
const redis =
  redisUrl === undefined
    ? undefined
    : new Redis(redisUrl, { connectTimeout: 500, maxRetriesPerRequest: 1 });
const app = Fastify({ logger: false, ajv: { customOptions: { removeAdditional: false } } });
const encoder = new TextEncoder();
const digestOf = (key: string): Uint8Array => sha256(encoder.encode(key));
const known = [{ digest: digestOf(API_KEY), plan: "enterprise" }];
const perMinute: Readonly<Record<string, number>> = {
  enterprise: Number(argFlag("--per-minute") ?? BENCH_LIMITS.perMinute),
};

/** What the preHandler found: the caller's plan and the digest that rate limits count by. */
interface Caller {
  readonly plan: string;
  readonly rateKey: string;
}
declare module "fastify" {
  interface FastifyRequest {
    caller: Caller | null;
  }
}
app.decorateRequest("caller", null);

/** The plan of the key with this digest: every entry compared, no early exit. */
function planOf(digest: Uint8Array): string | undefined {
  let plan: string | undefined;
  for (const entry of known) {
    const equal = timingSafeEqual(digest, entry.digest);
    plan = equal && plan === undefined ? entry.plan : plan;
  }
  return plan;
}

app.addHook("preHandler", async (request, reply) => {
  const key = request.headers["x-api-key"];
  const digest = typeof key === "string" && key !== "" ? digestOf(key) : undefined;
  const plan = digest === undefined ? undefined : planOf(digest);
  if (digest === undefined || plan === undefined) {
    await reply.code(401).send({ code: "unauthorized", message: "Invalid API key", status: 401 });
    return;
  }
  request.caller = { plan, rateKey: Buffer.from(digest).toString("base64url") };
});
await app.register(rateLimit, {
  max: (request) => perMinute[request.caller?.plan ?? ""] ?? 0,
  timeWindow: 60_000,
  ...(redis === undefined ? {} : { redis, nameSpace: argFlag("--prefix") ?? "bench-fastify:" }),
  hook: "preHandler", // after the API-key check, as in our handler
  keyGenerator: (request) => request.caller?.rateKey ?? "anonymous",
});

registerPetRoutes(app, schemas);

const address = await app.listen({ port: 0, host: "127.0.0.1" });
process.stdout.write(`listening ${new URL(address).port}\n`);
process.on("SIGTERM", () => {
  app.close().then(
    () => {
      redis?.disconnect();
      process.exit(0);
    },
    () => process.exit(1),
  );
});
