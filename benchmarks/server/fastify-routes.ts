/**
 * The two benchmarked routes as the Fastify peers serve them: GET /pets/by-id/{petId} with the
 * spec's path-parameter schema and POST /pets with the spec's body schema, answering what our
 * handler answers (fixtures.ts). Shared by the bare and the fair peer.
 */
import type { FastifyInstance } from "fastify";
import { CREATED_ID, createdPet, PET, type NewPet } from "./fixtures.js";
import type { FastifySchemas } from "./spec-schemas.js";

export function registerPetRoutes(app: FastifyInstance, schemas: FastifySchemas): void {
  app.get<{ Params: { petId: number } }>(
    "/pets/by-id/:petId",
    { schema: { params: schemas.getPetByIdParams } },
    async (request) => ({ ...PET, id: request.params.petId }),
  );
  app.post<{ Body: NewPet }>(
    "/pets",
    { schema: { body: schemas.createPetBody } },
    async (request, reply) => {
      reply.code(201).header("location", `/pets/by-id/${CREATED_ID}`);
      return createdPet(request.body);
    },
  );
}
