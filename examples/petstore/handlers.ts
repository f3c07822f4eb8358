/**
 * The reference pet store's handlers: the generated 501 stubs for every operation of the spec,
 * overlaid with the implementations of the `Pets` and `Store` tags. An operation added to the spec
 * therefore compiles and answers `501 not_implemented` until someone implements it here (the
 * generic contract tests exercise it either way). Web-standard only, so the runtime smoke apps
 * (Deno, Bun, workerd) bundle it too.
 */
import { createPetStoreStubs, type PetStoreHandlers } from "../../generated/server.js";
import { createPetsHandlers } from "./pets-handlers.js";
import { createStoreHandlers, type StoreHandlersOptions } from "./store-handlers.js";
import type { PetStoreState } from "./store.js";

/** The handlers of the reference pet store over `state`; unimplemented operations answer 501. */
export function createPetStoreHandlers<C>(
  state: PetStoreState,
  options: StoreHandlersOptions = {},
): PetStoreHandlers<C> {
  return {
    ...createPetStoreStubs<C>(),
    ...createPetsHandlers<C>(state),
    ...createStoreHandlers<C>(state, options),
  };
}
