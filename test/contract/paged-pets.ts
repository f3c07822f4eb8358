/** The pagination tests' reference server: `count` pets (`Pet 0`, `Pet 1`, …) in one category. */
import type { ContractServer } from "./harness.js";

export async function seedPets(h: ContractServer, count: number): Promise<void> {
  const api = h.client();
  const category = await api.createCategory({ body: { name: "Dogs" } });
  if (!category.ok) throw new Error(`createCategory: ${category.status}`);
  for (let index = 0; index < count; index++) {
    const pet = await api.createPet({
      body: { name: `Pet ${index}`, categoryId: category.data.id },
    });
    if (!pet.ok) throw new Error(`createPet: ${pet.status}`);
  }
}

/** The `GET /pets` requests the server saw since exchange `from`, as `?query` strings. */
export function petListRequests(h: ContractServer, from: number): string[] {
  return h.log.exchanges
    .slice(from)
    .filter((exchange) => exchange.method === "GET" && new URL(exchange.url).pathname === "/pets")
    .map((exchange) => new URL(exchange.url).search);
}
