// Runtime template of the pet store contract toolchain: copied verbatim into generated/runtime/. Edit it in templates/, never in generated/.
/**
 * The client core behind the per-operation functions (`operations.ts` of a generated package:
 * `getPetById(api, { path: { petId: 1 } })`). It is the same runtime as the whole client's
 * (rate-limit state shared per key and origin, retries after `Retry-After`, timeouts, deadlines,
 * deprecation notices, typed errors, the redirect policy of credentialed calls), but created
 * without any optional feature: each per-operation function passes its own descriptor,
 * and the descriptor references the serializers it needs (`op.codecs`: non-JSON bodies, styled
 * queries and paths, cookies, event streams). A bundle that calls one operation therefore holds
 * that operation's descriptor and the runtime it uses, not the table of every operation.
 * Middleware too is added by a function, `useMiddleware(api, ...)` (core-middleware.ts), so that a
 * bundle that never adds any does not carry it.
 *
 * The object of a whole client (`create<Name>Client`) works too: the functions then use its
 * runtime (with its logger, `onRetry`, ... which the core leaves out).
 */
import type { ClientSecurity } from "./auth.js";
import type { CallInit } from "./build-request.js";
import { CLIENT_IDENTITY } from "./client-identity.js";
import type { ClientOperationDescriptor } from "./descriptor.js";
import type { ClientResult } from "./result.js";
import {
  CLIENT_RUNTIME,
  createRuntimeWithFeatures,
  type ClientOptions,
  type CoreRuntime,
} from "./runtime.js";
import type { ResultOptions } from "./types.js";

/** Carries the `throwOnError` of the client's options into the functions' result types. */
declare const THROWS: unique symbol;

/**
 * What the per-operation functions take as their first argument: a core (`create<Name>Core`) or
 * a whole client (`create<Name>Client`). `Throws` is `true` when it was created with
 * `throwOnError: true` (the functions then resolve only to 2XX results).
 */
export interface ClientCore<Throws extends boolean = false> {
  /**
   * Type only (never set): the client's `throwOnError`, for the functions to infer. A method, so
   * that it adds no constraint between clients (their methods' types already say it).
   */
  [THROWS]?(throws: Throws): void;
}

/**
 * The options of a core: those of the whole client but `onRetry`, `onRateLimitWait`, `logger` and
 * `logLevel` (observe.ts is not in the core: create the whole client for them; its object works
 * with the per-operation functions too).
 */
export type CoreOptions = Omit<
  ClientOptions,
  "onRetry" | "onRateLimitWait" | "logger" | "logLevel"
>;

/**
 * Creates the core the per-operation functions call through (a generated `create<Name>Core`
 * passes the spec's security schemes).
 *
 * @throws TypeError when `options` has `onRetry`, `onRateLimitWait` or `logger` (not in the core)
 */
export function createClientCore<Throws extends boolean = false>(
  options: CoreOptions & ResultOptions<Throws>,
  security: ClientSecurity,
): ClientCore<Throws> {
  const runtime = createRuntimeWithFeatures(options, security, { codecs: {} });
  const core = {};
  // symbols: `Object.keys` and JSON show nothing
  Object.defineProperty(core, CLIENT_RUNTIME, { value: runtime, enumerable: true });
  if (runtime.identity !== undefined)
    Object.defineProperty(core, CLIENT_IDENTITY, { value: runtime.identity, enumerable: true });
  return core;
}

/** The runtime of a core or a whole client; `undefined` for anything else. */
export function runtimeOf(client: unknown): CoreRuntime | undefined {
  return (client as { readonly [CLIENT_RUNTIME]?: CoreRuntime } | undefined)?.[CLIENT_RUNTIME];
}

/** The `TypeError` for a first argument that is no client (`what`: the function called). */
export function notAClient(what: string, client: unknown): TypeError {
  return new TypeError(
    `${what}: the first argument must be a client made by the generated create…Core ` +
      `or create…Client, not ${client === null ? "null" : typeof client}`,
  );
}

/**
 * Calls one operation through a core or a whole client: what every generated per-operation
 * function does with its descriptor. The result type is the function's (its operation's types).
 * Rejects with a `TypeError`, sending nothing, when `client` was made by neither.
 */
export function callThrough<R = ClientResult>(
  client: ClientCore<boolean>,
  op: ClientOperationDescriptor,
  init: unknown,
): Promise<R> {
  const runtime = runtimeOf(client);
  if (runtime === undefined) return Promise.reject(notAClient(op.operationId, client));
  return runtime.call(op, init as CallInit | undefined) as Promise<R>;
}
