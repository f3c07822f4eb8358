/**
 * The generated client's types: right calls compile, wrong ones do not
 * (each `@ts-expect-error` fails the type check if the line ever starts compiling).
 */
import { describe, expectTypeOf, it } from "vitest";
import { createPetStoreClient, type PetStoreClient } from "../../generated/client.js";
import type { components } from "../../generated/types.js";

type Pet = components["schemas"]["Pet"];
type ApiError = components["schemas"]["Error"];

describe("generated client types", () => {
  const api: PetStoreClient = createPetStoreClient({ baseUrl: "http://127.0.0.1:1", fetch: async () => new Response(null) });

  it("types parameters, bodies and results from the spec", () => {
    expectTypeOf(api.listPets).parameter(0).toEqualTypeOf<Parameters<PetStoreClient["listPets"]>[0]>();
    expectTypeOf<Awaited<ReturnType<PetStoreClient["getPetById"]>>["data"]>().toEqualTypeOf<Pet | undefined>();
    expectTypeOf<NonNullable<Awaited<ReturnType<PetStoreClient["getPetById"]>>["error"]>>().toEqualTypeOf<ApiError>();
  });

  it("rejects wrong calls at compile time", () => {
    // These lines never run: the point is that they do not compile.
    const neverRun = (): void => {
      void api.listPets({ query: { status: "available" } });
      void api.getPetById({ path: { petId: 1 } });
      void api.createPet({ body: { name: "Rex", categoryId: 1 } });
      // @ts-expect-error an unknown status value
      void api.listPets({ query: { status: "lost" } });
      // @ts-expect-error a wrong path parameter name
      void api.getPetById({ path: { id: 1 } });
      // @ts-expect-error a path parameter of the wrong type
      void api.getPetById({ path: { petId: "one" } });
      // @ts-expect-error the path parameter is required
      void api.getPetById({});
      // @ts-expect-error a missing required body field (categoryId)
      void api.createPet({ body: { name: "Rex" } });
      // @ts-expect-error an unknown operation
      void api.getPetByName({ path: { name: "Rex" } });
    };
    expectTypeOf(neverRun).toBeFunction();
  });
});
