// Runtime template of the pet store contract toolchain: copied verbatim into generated/runtime/. Edit it in templates/, never in generated/.
/**
 * Middleware for a client core (`useMiddleware(api, logging)`, exported by a generated
 * operations.ts): the core has no `use` method, so that a bundle that never adds middleware does
 * not carry it (middleware-send.ts). Only a bundle that calls this does.
 */
import { notAClient, runtimeOf, type ClientCore } from "./core.js";
import type { Middleware } from "./middleware.js";
import { attachMiddleware } from "./middleware-send.js";

/**
 * Adds middleware to a core (or a whole client: the same as its `use`), run on every attempt of
 * every later call, as the whole client's `use` runs it.
 *
 * @returns a function that removes the middleware added here (the whole client's `eject`)
 * @throws TypeError when `client` was made by neither `create…Core` nor `create…Client`, or an
 *   argument is not an object with at least one hook
 */
export function useMiddleware(
  client: ClientCore<boolean>,
  ...middleware: Middleware[]
): () => void {
  const runtime = runtimeOf(client);
  if (runtime === undefined) throw notAClient("useMiddleware", client);
  const stack = runtime.middleware(attachMiddleware);
  stack.use(...middleware);
  return () => stack.eject(...middleware);
}
