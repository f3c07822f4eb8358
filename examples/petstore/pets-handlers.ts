/**
 * Handlers of the `Pets` tag: pets and their categories.
 */
import {
  paginateListCategories,
  paginateListPets,
  type PetStoreHandlers,
} from "../../generated/server.js";
import { created, failure, locations } from "./responses.js";
import type { PetStoreState } from "./store.js";

export type PetsTagOperation =
  | "listPets"
  | "createPet"
  | "getPet"
  | "updatePet"
  | "deletePet"
  | "getPetById"
  | "listCategories"
  | "createCategory"
  | "getCategory"
  | "updateCategory"
  | "deleteCategory";

export type PetsTagHandlers<C> = Pick<PetStoreHandlers<C>, PetsTagOperation>;

/** The `Pets` tag's handlers over `state`. Parameters and bodies arrive validated. */
export function createPetsHandlers<C>(state: PetStoreState): PetsTagHandlers<C> {
  return {
    listPets(request) {
      const { status, categoryId } = request.query;
      return paginateListPets(state.listPets({ status, categoryId }), request);
    },

    createPet({ body }) {
      const outcome = state.createPet(body);
      return outcome.ok ? created(outcome.value, locations.pet) : failure(outcome);
    },

    // Deprecated (sunset 2027-06-30): the runtime adds `Deprecation` and `Sunset`.
    getPet({ path }) {
      const outcome = state.getPet(path.petId);
      return outcome.ok ? { status: 200, body: outcome.value } : failure(outcome);
    },

    updatePet({ path, body }) {
      const outcome = state.replacePet(path.petId, body);
      return outcome.ok ? { status: 200, body: outcome.value } : failure(outcome);
    },

    deletePet({ path }) {
      const outcome = state.deletePet(path.petId);
      return outcome.ok ? { status: 204 } : failure(outcome);
    },

    getPetById({ path }) {
      const outcome = state.getPet(path.petId);
      return outcome.ok ? { status: 200, body: outcome.value } : failure(outcome);
    },

    listCategories(request) {
      return paginateListCategories(state.listCategories(), request);
    },

    createCategory({ body }) {
      const outcome = state.createCategory(body);
      return outcome.ok ? created(outcome.value, locations.category) : failure(outcome);
    },

    getCategory({ path }) {
      const outcome = state.getCategory(path.categoryId);
      return outcome.ok ? { status: 200, body: outcome.value } : failure(outcome);
    },

    updateCategory({ path, body }) {
      const outcome = state.replaceCategory(path.categoryId, body);
      return outcome.ok ? { status: 200, body: outcome.value } : failure(outcome);
    },

    deleteCategory({ path }) {
      const outcome = state.deleteCategory(path.categoryId);
      return outcome.ok ? { status: 204 } : failure(outcome);
    },
  };
}
