/**
 * The handler every runtime and framework smoke run serves: the reference pet store's handlers
 * (examples/petstore) behind the generated `createRequestHandler`, with fixed keys and a fixed
 * clock so that the smoke table's rate-limit rows give the same answers on every runtime.
 *
 * Built only from web-standard pieces (no `node:http` server, no `node:crypto` key generation),
 * so that the same module bundles for Node, Deno, Bun and workerd.
 */
import { API, createRequestHandler, type PetStoreHandlers } from "../../generated/server.js";
import {
  createKeyAuthenticator,
  type ApiKeyEntry,
} from "../../generated/runtime/server/core/auth.js";
import type { DemoCaller } from "../../examples/petstore/keys.js";
import { createPetStoreHandlers } from "../../examples/petstore/handlers.js";
import { seedDemoData } from "../../examples/petstore/seed.js";
import { PetStoreState } from "../../examples/petstore/store.js";

/** The smoke clock: mid-day UTC, so no rate-limit window rolls over during a run. */
export const SMOKE_NOW = Date.UTC(2026, 5, 15, 12, 0, 0);

/** The keys the smoke table sends. */
export const SMOKE_KEYS = {
  /** The spec's free plan (60 per minute): never exhausted by the table. */
  free: "smoke-free-key",
  /** A configured plan with 2 requests per minute: the table's 429 rows exhaust it. */
  tight: "smoke-tight-key",
} as const;

/** The configured `tight` plan. */
export const TIGHT_LIMITS = { perMinute: 2, perDay: 100 } as const;

export interface SmokeAppOptions {
  /** A path prefix to serve under, e.g. `/api/v1` (default: the root). */
  readonly basePath?: string;
}

/** A fresh pet store (the demo records, fresh in-memory rate-limit counters) as a web handler. */
export function createSmokeHandler(
  options: SmokeAppOptions = {},
): (request: Request) => Promise<Response> {
  const now = (): number => SMOKE_NOW;
  const state = new PetStoreState({ now });
  seedDemoData(state);
  const handlers: PetStoreHandlers<DemoCaller> = createPetStoreHandlers<DemoCaller>(state);
  const keys: ApiKeyEntry<DemoCaller>[] = [
    { key: SMOKE_KEYS.free, plan: "free", caller: { name: "smoke-free", plan: "free" } },
    { key: SMOKE_KEYS.tight, plan: "tight", caller: { name: "smoke-tight", plan: "tight" } },
  ];
  if (API.rateLimits === undefined) throw new Error("the spec has no x-rate-limits");
  return createRequestHandler<DemoCaller>(handlers, {
    authenticate: createKeyAuthenticator<DemoCaller>(keys),
    planLimits: { tight: TIGHT_LIMITS },
    validateResponses: true,
    now,
    ...(options.basePath === undefined ? {} : { basePath: options.basePath }),
  });
}
