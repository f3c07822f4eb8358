/**
 * A descriptor whose `createOrder` declares the `Idempotency-Key` header, and a handler that counts
 * its runs: shared by the idempotency tests (memory and Redis stores).
 */
import type {
  ApiDescriptor,
  ServerOperationDescriptor,
} from "../../../templates/server/core/descriptor.js";
import type { HandlerMap, HandlerResponse } from "../../../templates/server/core/handler-api.js";
import {
  api as fixtureApi,
  compileBody,
  errorSchema,
  handlers as fixtureHandlers,
  KEYS,
  parameters,
  type Caller,
} from "./fixture-api.js";

const createOrder: ServerOperationDescriptor = {
  operationId: "createOrder",
  method: "post",
  path: "/orders",
  secured: true,
  ...parameters([
    { name: "Idempotency-Key", in: "header", schema: { type: "string", maxLength: 255 } },
    { name: "dryRun", in: "query", schema: { type: "boolean" } },
  ]),
  body: {
    required: true,
    mediaTypes: ["application/json"],
    validate: compileBody({
      type: "object",
      properties: { item: { type: "string" }, outcome: { type: "string" } },
      required: ["item"],
      additionalProperties: false,
    }),
  },
  responses: {
    "201": { validate: compileBody({ type: "object" }), mediaType: "application/json" },
    "4XX": { validate: compileBody(errorSchema), mediaType: "application/json" },
    "5XX": { validate: compileBody(errorSchema), mediaType: "application/json" },
  },
};

export const api: ApiDescriptor = {
  ...fixtureApi,
  operations: [...fixtureApi.operations, createOrder],
};

export interface Orders {
  readonly handlers: HandlerMap<Caller>;
  /** Times the handler ran. */
  calls: number;
  /** When set, the handler waits for it. */
  gate: Promise<void> | undefined;
}

/** A handler that creates order n on its n-th run; `outcome` in the body picks a failure. */
export function orders(): Orders {
  const state: Orders = {
    calls: 0,
    gate: undefined,
    handlers: {
      ...fixtureHandlers,
      async createOrder({ body }): Promise<HandlerResponse> {
        state.calls += 1;
        const id = state.calls;
        if (state.gate !== undefined) await state.gate;
        const { item, outcome } = body as { item: string; outcome?: string };
        if (outcome === "throw") throw new Error("database down");
        if (outcome === "503") {
          return { status: 503, body: { code: "down", message: "try later", status: 503 } };
        }
        if (outcome === "404") {
          return { status: 404, body: { code: "not_found", message: `no ${item}`, status: 404 } };
        }
        return {
          status: 201,
          body: { id, item },
          headers: { location: `/orders/${id}`, "x-order-run": String(id) },
        };
      },
    },
  };
  return state;
}

export const order = (key: string | undefined, json: object, apiKey: string = KEYS.pro) => ({
  key: apiKey,
  json,
  ...(key === undefined ? {} : { headers: { "idempotency-key": key } }),
});
