/**
 * Handlers of the `Store` tag: orders and the inventory.
 */
import { paginateListOrders, type PetStoreHandlers } from "../../generated/server.js";
import { notImplemented } from "../../generated/runtime/server/index.js";
import { created, failure, locations } from "./responses.js";
import type { PetStoreState } from "./store.js";

export type StoreTagOperation =
  "listOrders" | "placeOrder" | "getOrder" | "cancelOrder" | "getInventory" | "setInventoryStock";

export type StoreTagHandlers<C> = Pick<PetStoreHandlers<C>, StoreTagOperation>;

export interface StoreHandlersOptions {
  /**
   * Serve the experimental `setInventoryStock` (`x-stability: experimental`). Default true; when
   * false it answers `501 not_implemented`, as the spec allows a deployment to do.
   */
  readonly experimental?: boolean;
}

/** The `Store` tag's handlers over `state`. Parameters and bodies arrive validated. */
export function createStoreHandlers<C>(
  state: PetStoreState,
  options: StoreHandlersOptions = {},
): StoreTagHandlers<C> {
  const experimental = options.experimental ?? true;
  return {
    listOrders(request) {
      const { complete, petId } = request.query;
      return paginateListOrders(state.listOrders({ complete, petId }), request);
    },

    placeOrder({ body }) {
      const outcome = state.placeOrder(body);
      return outcome.ok ? created(outcome.value, locations.order) : failure(outcome);
    },

    getOrder({ path }) {
      const outcome = state.getOrder(path.orderId);
      return outcome.ok ? { status: 200, body: outcome.value } : failure(outcome);
    },

    cancelOrder({ path }) {
      const outcome = state.cancelOrder(path.orderId);
      return outcome.ok ? { status: 204 } : failure(outcome);
    },

    getInventory() {
      return { status: 200, body: state.inventory() };
    },

    setInventoryStock({ path, body }) {
      if (!experimental) return notImplemented("setInventoryStock");
      const outcome = state.setStock(path.petId, body.quantity);
      return outcome.ok ? { status: 200, body: outcome.value } : failure(outcome);
    },
  };
}
