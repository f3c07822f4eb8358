/**
 * The generated client's types: right calls compile, wrong ones do not
 * (each `@ts-expect-error` fails the type check if the line ever starts compiling).
 */
import { describe, expectTypeOf, it } from "vitest";
import { createPetStoreClient, type PetStoreClient } from "../../generated/client.js";
import {
  UnexpectedResponseBody,
  unwrap,
  type UndeclaredBody,
} from "../../generated/runtime/client/index.js";
import type { components } from "../../generated/types.js";

type Pet = components["schemas"]["Pet"];
type ApiError = components["schemas"]["Error"];

describe("generated client types", () => {
  const api: PetStoreClient = createPetStoreClient({
    baseUrl: "http://127.0.0.1:1",
    fetch: async () => new Response(null),
  });

  it("types parameters, bodies and results from the spec", () => {
    expectTypeOf(api.listPets)
      .parameter(0)
      .toEqualTypeOf<Parameters<PetStoreClient["listPets"]>[0]>();
    expectTypeOf<Awaited<ReturnType<PetStoreClient["getPetById"]>>["data"]>().toEqualTypeOf<
      Pet | undefined
    >();
    expectTypeOf<
      Exclude<Awaited<ReturnType<PetStoreClient["getPetById"]>>["error"], undefined>
    >().toEqualTypeOf<ApiError | UnexpectedResponseBody | UndeclaredBody>();
  });

  it("narrows results by status: data on the 2XX, each error status to its schema", () => {
    const show = async (): Promise<string> => {
      const r = await api.getPetById({ path: { petId: 1 } });
      if (r.status === 200 && r.ok) {
        expectTypeOf(r.data).toEqualTypeOf<Pet>();
        expectTypeOf(r.error).toEqualTypeOf<undefined>();
        return r.data.name;
      }
      if (r.status === 404) {
        expectTypeOf(r.data).toEqualTypeOf<undefined>();
        expectTypeOf(r.error).toEqualTypeOf<ApiError | UnexpectedResponseBody>();
        return r.error instanceof UnexpectedResponseBody ? r.error.text : r.error.code;
      }
      if (r.status === 502) {
        // not in the spec (a proxy's answer): any JSON value or an UnexpectedResponseBody
        expectTypeOf(r.error).toEqualTypeOf<UndeclaredBody>();
        return "bad gateway";
      }
      if (!r.ok) {
        expectTypeOf(r.data).toEqualTypeOf<undefined>();
        return `failed: ${r.status}`;
      }
      expectTypeOf(r.data).toEqualTypeOf<Pet>();
      return r.data.name;
    };
    expectTypeOf(show).toBeFunction();
  });

  it("types the declared response headers of each status", () => {
    const read = async (): Promise<number | string | undefined> => {
      const list = await api.listPets();
      if (list.status === 200) {
        expectTypeOf(list.headers["X-Total-Count"]).toEqualTypeOf<number | undefined>();
        // @ts-expect-error not declared on listPets' 200
        void list.headers.Location;
        return list.headers["X-Total-Count"];
      }
      const created = await api.createPet({ body: { name: "Rex", categoryId: 1 } });
      if (created.status === 201) {
        expectTypeOf(created.headers.Location).toEqualTypeOf<string | undefined>();
        return created.headers.Location;
      }
      // @ts-expect-error not narrowed: only the 201 declares Location
      return created.headers.Location;
    };
    expectTypeOf(read).toBeFunction();
  });

  it("resolves only to the 2XX variants under throwOnError, and unwrap gives the data", () => {
    const throwing = createPetStoreClient({ baseUrl: "http://127.0.0.1:1", throwOnError: true });
    const use = async (): Promise<void> => {
      const r = await throwing.getPetById({ path: { petId: 1 } });
      expectTypeOf(r.ok).toEqualTypeOf<true>();
      expectTypeOf(r.data).toEqualTypeOf<Pet>();
      // a call's own throwOnError: false gives every variant back
      const all = await throwing.getPetById({ path: { petId: 1 }, throwOnError: false });
      expectTypeOf(all.ok).toEqualTypeOf<boolean>();
      // and throwOnError: true on a non-throwing client narrows that call
      const one = await api.getPetById({ path: { petId: 1 }, throwOnError: true });
      expectTypeOf(one.data).toEqualTypeOf<Pet>();
      expectTypeOf(unwrap(await api.listPets())).toEqualTypeOf<Pet[]>();
    };
    expectTypeOf(use).toBeFunction();
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
