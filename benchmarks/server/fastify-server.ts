/**
 * Figure 4, the peer: Fastify 5 validating the same JSON schemas from the spec (path parameters of
 * GET /pets/by-id/{petId}, body of POST /pets). Ajv's `removeAdditional` is turned off so that
 * `additionalProperties: false` rejects unknown fields as our server does (Fastify's default
 * silently strips them). No auth and no rate limiting (Fastify has none built in), no response
 * schema. argv[2]: the spec path. Prints `listening <port>`.
 */
import Fastify from "fastify";
import { registerPetRoutes } from "./fastify-routes.js";
import { loadSchemas } from "./spec-schemas.js";

const schemas = loadSchemas(process.argv[2] ?? "spec/openapi.yaml");
const app = Fastify({ logger: false, ajv: { customOptions: { removeAdditional: false } } });

registerPetRoutes(app, schemas);

const address = await app.listen({ port: 0, host: "127.0.0.1" });
process.stdout.write(`listening ${new URL(address).port}\n`);
process.on("SIGTERM", () => {
  app.close().then(
    () => process.exit(0),
    () => process.exit(1),
  );
});
