/**
 * The reference pet store's state, in memory: pets, categories, orders and the inventory (stock
 * per pet), with the identifier sequences.
 *
 * Every mutation the business rules describe is one synchronous method here, so that it is atomic
 * in Node's single thread: a handler checks and changes the state without an `await` in between
 * (e.g. placing an order checks the stock, decrements it, changes the pet's status and records
 * the order in one step).
 */
import type { components } from "../../generated/types.js";

export type Pet = components["schemas"]["Pet"];
export type PetStatus = components["schemas"]["PetStatus"];
export type NewPet = components["schemas"]["NewPet"];
export type Category = components["schemas"]["Category"];
export type NewCategory = components["schemas"]["NewCategory"];
export type Order = components["schemas"]["Order"];
export type NewOrder = components["schemas"]["NewOrder"];
export type InventoryItem = components["schemas"]["InventoryItem"];

/** Every order field is always present (the spec's `Order` marks none required). */
export type StoredOrder = Required<Order>;

/** The largest identifier the contract allows (2^53 − 1). */
export const MAX_ID = Number.MAX_SAFE_INTEGER;

/** Positive, increasing, never reused identifiers (one sequence per kind of record). */
export class IdSequence {
  #last = 0;

  constructor(readonly kind: string) {}

  next(): number {
    if (this.#last >= MAX_ID) throw new Error(`${this.kind} identifiers are exhausted`);
    this.#last += 1;
    return this.#last;
  }
}

/** Why a business rule refused a request: a missing record (404) or the current state (409). */
export type FailureKind = "not_found" | "conflict";

/** The failure of a business rule, turned into a 404 or 409 `Error` by the handlers. */
export interface RuleFailure<K extends FailureKind = FailureKind> {
  readonly ok: false;
  readonly kind: K;
  readonly message: string;
}

/** What a store method did: its result, or which rule refused it (`K`: the possible refusals). */
export type Outcome<T, K extends FailureKind = FailureKind> =
  { readonly ok: true; readonly value: T } | RuleFailure<K>;

const ok = <T>(value: T): { readonly ok: true; readonly value: T } => ({ ok: true, value });
const notFound = (message: string): RuleFailure<"not_found"> => ({
  ok: false,
  kind: "not_found",
  message,
});
const conflict = (message: string): RuleFailure<"conflict"> => ({
  ok: false,
  kind: "conflict",
  message,
});

/** Case-insensitive key of a category name (names are unique ignoring case). */
export function categoryNameKey(name: string): string {
  return name.normalize("NFC").toLowerCase();
}

export interface PetStoreStateOptions {
  /** The clock (epoch ms) used for expected ship dates. Default `Date.now`. */
  readonly now?: () => number;
  /** Days from placing an order to its expected ship date. Default 2. */
  readonly shippingDays?: number;
}

export interface PetFilter {
  readonly status?: PetStatus | undefined;
  readonly categoryId?: number | undefined;
}

export interface OrderFilter {
  readonly complete?: boolean | undefined;
  readonly petId?: number | undefined;
}

const DAY_MS = 86_400_000;

/**
 * The store. Maps keep insertion order and identifiers only grow, so iterating a map lists its
 * records in ascending `id` order.
 */
export class PetStoreState {
  readonly #pets = new Map<number, Pet>();
  readonly #categories = new Map<number, Category>();
  readonly #orders = new Map<number, StoredOrder>();
  /** Stock per pet id: exactly one entry per existing pet. */
  readonly #stock = new Map<number, number>();
  readonly #petIds = new IdSequence("pet");
  readonly #categoryIds = new IdSequence("category");
  readonly #orderIds = new IdSequence("order");
  readonly #now: () => number;
  readonly #shippingDays: number;

  constructor(options: PetStoreStateOptions = {}) {
    this.#now = options.now ?? Date.now;
    this.#shippingDays = options.shippingDays ?? 2;
  }

  // --- Categories ---------------------------------------------------------------------------

  listCategories(): Category[] {
    return [...this.#categories.values()];
  }

  getCategory(id: number): Outcome<Category, "not_found"> {
    const category = this.#categories.get(id);
    return category === undefined ? notFound(`category ${id} does not exist`) : ok(category);
  }

  #nameTakenBy(name: string, exceptId?: number): Category | undefined {
    const key = categoryNameKey(name);
    for (const category of this.#categories.values()) {
      if (category.id !== exceptId && categoryNameKey(category.name) === key) return category;
    }
    return undefined;
  }

  createCategory(fields: NewCategory): Outcome<Category, "conflict"> {
    const taken = this.#nameTakenBy(fields.name);
    if (taken !== undefined) {
      return conflict(`category name "${fields.name}" is already used by category ${taken.id}`);
    }
    const category = categoryRecord(this.#categoryIds.next(), fields);
    this.#categories.set(category.id, category);
    return ok(category);
  }

  /** Full replacement: an omitted `description` removes it. */
  replaceCategory(id: number, fields: NewCategory): Outcome<Category> {
    if (!this.#categories.has(id)) return notFound(`category ${id} does not exist`);
    const taken = this.#nameTakenBy(fields.name, id);
    if (taken !== undefined) {
      return conflict(`category name "${fields.name}" is already used by category ${taken.id}`);
    }
    const category = categoryRecord(id, fields);
    this.#categories.set(id, category);
    return ok(category);
  }

  deleteCategory(id: number): Outcome<void> {
    if (!this.#categories.has(id)) return notFound(`category ${id} does not exist`);
    let users = 0;
    for (const pet of this.#pets.values()) if (pet.categoryId === id) users++;
    if (users > 0) {
      return conflict(`category ${id} is still used by ${users} pet${users === 1 ? "" : "s"}`);
    }
    this.#categories.delete(id);
    return ok(undefined);
  }

  // --- Pets ---------------------------------------------------------------------------------

  listPets(filter: PetFilter = {}): Pet[] {
    const result: Pet[] = [];
    for (const pet of this.#pets.values()) {
      if (filter.status !== undefined && pet.status !== filter.status) continue;
      if (filter.categoryId !== undefined && pet.categoryId !== filter.categoryId) continue;
      result.push(pet);
    }
    return result;
  }

  getPet(id: number): Outcome<Pet, "not_found"> {
    const pet = this.#pets.get(id);
    return pet === undefined ? notFound(`pet ${id} does not exist`) : ok(pet);
  }

  /** Creates the pet (status `available` by default) and its inventory entry (stock 0). */
  createPet(fields: NewPet): Outcome<Pet, "not_found"> {
    if (!this.#categories.has(fields.categoryId)) {
      return notFound(`category ${fields.categoryId} does not exist`);
    }
    const pet: Pet = {
      id: this.#petIds.next(),
      name: fields.name,
      categoryId: fields.categoryId,
      status: fields.status ?? "available",
    };
    this.#pets.set(pet.id, pet);
    this.#stock.set(pet.id, 0);
    return ok(pet);
  }

  /** Full replacement; an omitted `status` keeps the current one. The stock never changes. */
  replacePet(id: number, fields: NewPet): Outcome<Pet, "not_found"> {
    const current = this.#pets.get(id);
    if (current === undefined) return notFound(`pet ${id} does not exist`);
    if (!this.#categories.has(fields.categoryId)) {
      return notFound(`category ${fields.categoryId} does not exist`);
    }
    const pet: Pet = {
      id,
      name: fields.name,
      categoryId: fields.categoryId,
      status: fields.status ?? current.status ?? "available",
    };
    this.#pets.set(id, pet);
    return ok(pet);
  }

  /** Refused while the pet has open orders; deletes its inventory entry too. */
  deletePet(id: number): Outcome<void> {
    if (!this.#pets.has(id)) return notFound(`pet ${id} does not exist`);
    let open = 0;
    for (const order of this.#orders.values()) if (order.petId === id && !order.complete) open++;
    if (open > 0) {
      return conflict(
        `pet ${id} has ${open} open order${open === 1 ? "" : "s"}; cancel ${open === 1 ? "it" : "them"} first`,
      );
    }
    this.#pets.delete(id);
    this.#stock.delete(id);
    return ok(undefined);
  }

  // --- Inventory ----------------------------------------------------------------------------

  /** One entry per pet, ascending `petId`. */
  inventory(): InventoryItem[] {
    const result: InventoryItem[] = [];
    for (const pet of this.#pets.values()) result.push(this.#inventoryItem(pet));
    return result;
  }

  #inventoryItem(pet: Pet): InventoryItem {
    return {
      petId: pet.id,
      quantity: this.#stock.get(pet.id) ?? 0,
      status: pet.status ?? "available",
    };
  }

  /** Applies the automatic status transitions after the stock of `pet` changed. */
  #followStock(pet: Pet, stock: number): Pet {
    let status = pet.status;
    if (status === "available" && stock === 0) status = "pending";
    else if (status === "pending" && stock > 0) status = "available";
    if (status === pet.status) return pet;
    const updated: Pet = { ...pet, status };
    this.#pets.set(pet.id, updated);
    return updated;
  }

  /** Sets an absolute stock count; `available` ↔ `pending` follow it, `sold` stays. */
  setStock(petId: number, quantity: number): Outcome<InventoryItem, "not_found"> {
    const pet = this.#pets.get(petId);
    if (pet === undefined) return notFound(`pet ${petId} does not exist`);
    this.#stock.set(petId, quantity);
    return ok(this.#inventoryItem(this.#followStock(pet, quantity)));
  }

  // --- Orders -------------------------------------------------------------------------------

  listOrders(filter: OrderFilter = {}): StoredOrder[] {
    const result: StoredOrder[] = [];
    for (const order of this.#orders.values()) {
      if (filter.complete !== undefined && order.complete !== filter.complete) continue;
      if (filter.petId !== undefined && order.petId !== filter.petId) continue;
      result.push(order);
    }
    return result;
  }

  getOrder(id: number): Outcome<StoredOrder, "not_found"> {
    const order = this.#orders.get(id);
    return order === undefined ? notFound(`order ${id} does not exist`) : ok(order);
  }

  /**
   * Places an order, atomically: the pet must exist (404), be `available` and have enough stock
   * (409); the stock decreases by the quantity and a pet whose stock reaches 0 becomes `pending`.
   */
  placeOrder(fields: NewOrder): Outcome<StoredOrder> {
    const pet = this.#pets.get(fields.petId);
    if (pet === undefined) return notFound(`pet ${fields.petId} does not exist`);
    if (pet.status !== "available") {
      return conflict(`pet ${pet.id} is ${pet.status ?? "not available"}, not available`);
    }
    const stock = this.#stock.get(pet.id) ?? 0;
    if (stock < fields.quantity) {
      return conflict(
        `pet ${pet.id} has ${stock} in stock, fewer than the ${fields.quantity} ordered`,
      );
    }
    const remaining = stock - fields.quantity;
    this.#stock.set(pet.id, remaining);
    this.#followStock(pet, remaining);
    const order: StoredOrder = {
      id: this.#orderIds.next(),
      petId: pet.id,
      quantity: fields.quantity,
      shipDate: this.#expectedShipDate(),
      complete: false,
    };
    this.#orders.set(order.id, order);
    return ok(order);
  }

  /** The expected ship date: `shippingDays` after now, at 09:00 UTC. */
  #expectedShipDate(): string {
    const now = this.#now();
    const day = now - (now % DAY_MS) + this.#shippingDays * DAY_MS;
    return new Date(day + 9 * 3_600_000).toISOString().replace(".000Z", "Z");
  }

  /**
   * Cancels an open order (409 when complete) and deletes it; its quantity returns to the pet's
   * stock (a `pending` pet becomes `available`), unless the pet was deleted meanwhile.
   */
  cancelOrder(id: number): Outcome<void> {
    const order = this.#orders.get(id);
    if (order === undefined) return notFound(`order ${id} does not exist`);
    if (order.complete) return conflict(`order ${id} is complete and cannot be cancelled`);
    const pet = this.#pets.get(order.petId);
    if (pet !== undefined) {
      const stock = (this.#stock.get(pet.id) ?? 0) + order.quantity;
      this.#stock.set(pet.id, stock);
      this.#followStock(pet, stock);
    }
    this.#orders.delete(id);
    return ok(undefined);
  }

  /**
   * The store's fulfilment process (outside the API): ships an open order, setting
   * `complete: true` and the actual ship date.
   */
  completeOrder(id: number, shipDate: Date = new Date(this.#now())): Outcome<StoredOrder> {
    const order = this.#orders.get(id);
    if (order === undefined) return notFound(`order ${id} does not exist`);
    if (order.complete) return conflict(`order ${id} is already complete`);
    const completed: StoredOrder = {
      ...order,
      complete: true,
      shipDate: shipDate.toISOString().replace(/\.\d{3}Z$/, "Z"),
    };
    this.#orders.set(id, completed);
    return ok(completed);
  }

  /** Record counts, for start-up messages and tests. */
  get size(): { pets: number; categories: number; orders: number } {
    return { pets: this.#pets.size, categories: this.#categories.size, orders: this.#orders.size };
  }
}

function categoryRecord(id: number, fields: NewCategory): Category {
  return fields.description === undefined
    ? { id, name: fields.name }
    : { id, name: fields.name, description: fields.description };
}
