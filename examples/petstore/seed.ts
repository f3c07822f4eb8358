/**
 * Demo data for `npm run serve`, created through the store's own rules: a few categories, pets
 * with stock, an open order and a shipped one.
 */
import type { PetStoreState } from "./store.js";

function must<T>(outcome: { ok: true; value: T } | { ok: false; message: string }): T {
  if (!outcome.ok) throw new Error(`demo data: ${outcome.message}`);
  return outcome.value;
}

export function seedDemoData(state: PetStoreState): void {
  const dogs = must(
    state.createCategory({ name: "Dogs", description: "Domestic dogs of every breed." }),
  );
  const cats = must(state.createCategory({ name: "Cats" }));
  must(state.createCategory({ name: "Birds", description: "Parrots, canaries and finches." }));

  const rex = must(state.createPet({ name: "Rex", categoryId: dogs.id }));
  const tom = must(state.createPet({ name: "Tom", categoryId: cats.id }));
  const bella = must(state.createPet({ name: "Bella", categoryId: dogs.id }));
  must(state.createPet({ name: "Felix", categoryId: cats.id, status: "sold" }));

  must(state.setStock(rex.id, 5));
  must(state.setStock(tom.id, 1));
  must(state.setStock(bella.id, 3));

  const shipped = must(state.placeOrder({ petId: rex.id, quantity: 2 }));
  must(state.completeOrder(shipped.id));
  must(state.placeOrder({ petId: tom.id, quantity: 1 })); // Tom's stock reaches 0: pending
}
