/**
 * Figure 4, our server: the generated `createRequestHandler` (routing, API-key auth, fixed-window
 * rate limits, parameter and body validation) with stub-like handlers, on the runtime's
 * `serveNode`. The key is on the enterprise plan with limits far above the load. Response
 * validation is off (its production setting). Prints `listening <port>`.
 */
import {
  createPetStoreStubs,
  createRequestHandler,
  type PetStoreHandlers,
} from "../../generated/server.js";
import { createKeyAuthenticator } from "../../generated/runtime/server/index.js";
import { serveNode } from "../../generated/runtime/server/adapters/node-adapter.js";
import type { AddressInfo } from "node:net";
import { API_KEY, BENCH_LIMITS, CREATED_ID, createdPet, PET } from "./fixtures.js";

interface Caller {
  readonly name: string;
}

const handlers: PetStoreHandlers<Caller> = {
  ...createPetStoreStubs<Caller>(),
  getPetById: (request) => ({ status: 200, body: { ...PET, id: request.path.petId } }),
  createPet: (request) => ({
    status: 201,
    body: createdPet(request.body),
    headers: { Location: `/pets/by-id/${CREATED_ID}` },
  }),
};

const handler = createRequestHandler<Caller>(handlers, {
  authenticate: createKeyAuthenticator<Caller>([
    { key: API_KEY, plan: "enterprise", caller: { name: "bench" } },
  ]),
  planLimits: { enterprise: BENCH_LIMITS },
  validateResponses: false,
});
const server = await serveNode(handler, { port: 0, host: "127.0.0.1" });
process.stdout.write(`listening ${(server.address() as AddressInfo).port}\n`);
process.on("SIGTERM", () => {
  server.close(() => process.exit(0));
  server.closeAllConnections();
});
