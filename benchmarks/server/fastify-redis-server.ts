/**
 * Figure 4 with Redis, the peer: Fastify 5 with an API-key preHandler (401 for an unknown key)
 * and `@fastify/rate-limit` on the redis-server at argv[3] (ioredis), keyed by the same header,
 * with the same per-minute limit; the params schema of GET /pets/by-id/{petId} as in
 * fastify-server.ts. argv[2]: the spec path. Prints `listening <port>`.
 */
import rateLimit from "@fastify/rate-limit";
import Fastify from "fastify";
import { Redis } from "ioredis";
import { API_KEY, PET, REDIS_BENCH_LIMITS } from "./fixtures.js";
import { loadSchemas } from "./spec-schemas.js";

const schemas = loadSchemas(process.argv[2] ?? "spec/openapi.yaml");
const redis = new Redis(process.argv[3] ?? "", { connectTimeout: 500, maxRetriesPerRequest: 1 });
const app = Fastify({ logger: false, ajv: { customOptions: { removeAdditional: false } } });
const keys = new Set([API_KEY]);

app.addHook("preHandler", async (request, reply) => {
  const key = request.headers["x-api-key"];
  if (typeof key !== "string" || !keys.has(key)) {
    await reply.code(401).send({ code: "unauthorized", message: "Invalid API key", status: 401 });
  }
});
await app.register(rateLimit, {
  max: REDIS_BENCH_LIMITS.perMinute,
  timeWindow: 60_000,
  redis,
  nameSpace: "bench-fastify:",
  hook: "preHandler", // after the API-key check, as in our handler
  keyGenerator: (request) => String(request.headers["x-api-key"] ?? "anonymous"),
});

app.get<{ Params: { petId: number } }>(
  "/pets/by-id/:petId",
  { schema: { params: schemas.getPetByIdParams } },
  async (request) => ({ ...PET, id: request.params.petId }),
);

const address = await app.listen({ port: 0, host: "127.0.0.1" });
process.stdout.write(`listening ${new URL(address).port}\n`);
process.on("SIGTERM", () => {
  app.close().then(
    () => {
      redis.disconnect();
      process.exit(0);
    },
    () => process.exit(1),
  );
});
