/**
 * The query entry's types through @tanstack/react-query: `useQuery(listPetsOptions(...))` gives
 * `data` typed from the spec, `useMutation(createPetMutation(...))` takes the request and returns
 * the created body, the cache reads are typed by the tagged keys, and wrong calls do not compile
 * (each `@ts-expect-error` fails the type check if the line ever starts compiling). The hooks are
 * only type-checked here (they need a React renderer to run; test/query/query-options.test.ts runs
 * the same options with query-core).
 */
import { QueryClient, useMutation, useQuery, useSuspenseQuery } from "@tanstack/react-query";
import { describe, expectTypeOf, it } from "vitest";
import {
  createPetStoreClient,
  createPetStoreExperimentalClient,
} from "../../generated/entry/experimental.js";
import {
  createPetMutation,
  deletePetMutation,
  getInventoryOptions,
  getPetByIdOptions,
  listPetsOptions,
  petsKeys,
} from "../../generated/entry/query.js";
import type { components } from "../../generated/types.js";

type Pet = components["schemas"]["Pet"];

describe("query entry types", () => {
  const api = createPetStoreClient({ baseUrl: "http://127.0.0.1:1" });
  const throwing = createPetStoreClient({ baseUrl: "http://127.0.0.1:1", throwOnError: true });

  it("useQuery(listPetsOptions(...)) types data from the spec", () => {
    const ListPets = () => {
      const { data, error } = useQuery(
        listPetsOptions(api, { query: { limit: 10, status: "available" } }),
      );
      expectTypeOf(data).toEqualTypeOf<Pet[] | undefined>();
      expectTypeOf(error).toEqualTypeOf<Error | null>();
      const one = useSuspenseQuery(getPetByIdOptions(throwing, { path: { petId: 1 } }));
      expectTypeOf(one.data).toEqualTypeOf<Pet>();
      // options spread with the caller's own (select changes the data type)
      const names = useQuery({
        ...listPetsOptions(api),
        select: (pets) => pets.map((pet) => pet.name),
      });
      expectTypeOf(names.data).toEqualTypeOf<string[] | undefined>();
      return data?.length ?? 0;
    };
    expectTypeOf(ListPets).toBeFunction();
  });

  it("useMutation(createPetMutation(...)) takes the request and returns the body", () => {
    const CreatePet = () => {
      const create = useMutation(createPetMutation(api));
      expectTypeOf(create.mutate)
        .parameter(0)
        .toMatchTypeOf<{ body: { name: string; categoryId: number } }>();
      expectTypeOf(create.data).toEqualTypeOf<Pet | undefined>();
      create.mutate({ body: { name: "Rex", categoryId: 1 } });
      // @ts-expect-error the body is required
      create.mutate({});
      const remove = useMutation(deletePetMutation(api));
      remove.mutate({ path: { petId: 1 } });
      expectTypeOf(remove.data).toEqualTypeOf<undefined>();
      return create.isPending;
    };
    expectTypeOf(CreatePet).toBeFunction();
  });

  it("keys are tagged: cache reads and writes are typed", () => {
    const queryClient = new QueryClient();
    expectTypeOf(queryClient.getQueryData(listPetsOptions(api).queryKey)).toEqualTypeOf<
      Pet[] | undefined
    >();
    expectTypeOf(petsKeys.all).toEqualTypeOf<readonly ["PetStore", "pets"]>();
    queryClient.setQueryData(listPetsOptions(api).queryKey, {
      // @ts-expect-error a pet is not a list of pets
      id: 1,
      name: "Rex",
      categoryId: 1,
      status: "available",
    });
  });

  it("refuses wrong parameters and clients without the operation", () => {
    // @ts-expect-error getPetById needs its path parameter
    void getPetByIdOptions(api);
    // @ts-expect-error limit is a number
    void listPetsOptions(api, { query: { limit: "10" } });
    const experimental = createPetStoreExperimentalClient({ baseUrl: "http://127.0.0.1:1" });
    void getInventoryOptions(experimental);
    // @ts-expect-error not a client of this API
    void listPetsOptions({ listCategories: api.listCategories });
  });
});
