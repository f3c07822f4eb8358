/**
 * The reference pet store: an in-memory implementation of the generated `PetStoreHandlers`.
 */
export {
  createPetStoreHandlers,
  createPetStoreServer,
  DEFAULT_HOST,
  DEFAULT_PORT,
  type ListenOptions,
  type PetStoreServer,
  type PetStoreServerOptions,
} from "./server.js";
export {
  createDemoKeys,
  DEFAULT_ENTERPRISE_LIMITS,
  keyAuthenticator,
  limitsOfPlan,
  resolvePlanLimits,
  SPEC_PLANS,
  type DemoCaller,
  type DemoKey,
  type DemoKeyOptions,
} from "./keys.js";
export { createPetsHandlers, type PetsTagHandlers } from "./pets-handlers.js";
export {
  createStoreHandlers,
  type StoreHandlersOptions,
  type StoreTagHandlers,
} from "./store-handlers.js";
export { seedDemoData } from "./seed.js";
export { PetStoreState, type PetStoreStateOptions, type StoredOrder } from "./store.js";
