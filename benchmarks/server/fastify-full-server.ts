/**
 * Figure 4, the fair peer: Fastify 5 doing the work our handler does on the two benchmarked
 * routes: an API-key preHandler (401 for an unknown key, the key's plan looked up in a map),
 * `@fastify/rate-limit` with the plan's per-minute limit keyed by the same header (its
 * `X-RateLimit-*` headers on), and Ajv validation of the same JSON schemas (path parameters of
 * GET /pets/by-id/{petId}, body of POST /pets). argv[2]: the spec path; argv[3], optional: a
 * redis-server URL for the shared store (ioredis), else Fastify's in-memory store. Prints
 * `listening <port>`.
 */
import rateLimit from "@fastify/rate-limit";
import Fastify, { type FastifyRequest } from "fastify";
import { Redis } from "ioredis";
import { registerPetRoutes } from "./fastify-routes.js";
import { API_KEY, BENCH_LIMITS } from "./fixtures.js";
import { loadSchemas } from "./spec-schemas.js";

const schemas = loadSchemas(process.argv[2] ?? "spec/openapi.yaml");
const redisUrl = process.argv[3];
const redis =
  redisUrl === undefined
    ? undefined
    : new Redis(redisUrl, { connectTimeout: 500, maxRetriesPerRequest: 1 });
const app = Fastify({ logger: false, ajv: { customOptions: { removeAdditional: false } } });
const plans = new Map([[API_KEY, "enterprise"]]);
const perMinute: Readonly<Record<string, number>> = { enterprise: BENCH_LIMITS.perMinute };
const apiKey = (request: FastifyRequest) => String(request.headers["x-api-key"] ?? "anonymous");

app.addHook("preHandler", async (request, reply) => {
  const key = request.headers["x-api-key"];
  if (typeof key !== "string" || !plans.has(key)) {
    await reply.code(401).send({ code: "unauthorized", message: "Invalid API key", status: 401 });
  }
});
await app.register(rateLimit, {
  max: (request) => perMinute[plans.get(apiKey(request)) ?? ""] ?? 0,
  timeWindow: 60_000,
  ...(redis === undefined ? {} : { redis, nameSpace: "bench-fastify:" }),
  hook: "preHandler", // after the API-key check, as in our handler
  keyGenerator: apiKey,
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
