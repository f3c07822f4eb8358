/**
 * The generated handler types: declared responses compile, anything else does not
 * (each `@ts-expect-error` fails the type check if its line ever starts compiling).
 */
import { describe, expect, expectTypeOf, it } from "vitest";
import {
  API,
  createPetStoreStubs,
  type CreatePetHandlerResponse,
  type GetPetByIdHandlerRequest,
  type GetPetByIdHandlerResponse,
  type ListPetsHandlerResponse,
  type PetStoreHandlers,
} from "../../generated/server.js";
import type { components } from "../../generated/types.js";

type Pet = components["schemas"]["Pet"];
const pet: Pet = { id: 1, name: "Rex", categoryId: 1, status: "available" };
const notFound = { code: "not_found", message: "no such pet", status: 404 } as const;

describe("generated handler types", () => {
  it("give handlers coerced parameters, the parsed body and the caller", () => {
    expectTypeOf<GetPetByIdHandlerRequest["path"]["petId"]>().toEqualTypeOf<number>();
    expectTypeOf<GetPetByIdHandlerRequest<{ id: string }>["caller"]>().toEqualTypeOf<{
      id: string;
    }>();
    expectTypeOf<Parameters<PetStoreHandlers["createPet"]>[0]["body"]>().toEqualTypeOf<
      components["schemas"]["NewPet"]
    >();
  });

  it("accept exactly the declared responses", () => {
    const ok: GetPetByIdHandlerResponse = { status: 200, body: pet };
    const missing: GetPetByIdHandlerResponse = { status: 404, body: notFound };
    // @ts-expect-error 409 is not declared for getPetById
    const undeclared: GetPetByIdHandlerResponse = { status: 409, body: notFound };
    // @ts-expect-error a 200 must carry a Pet, not an Error
    const wrongBody: GetPetByIdHandlerResponse = { status: 200, body: notFound };
    // @ts-expect-error a Pet without its required name
    const incomplete: GetPetByIdHandlerResponse = { status: 200, body: { id: 1, categoryId: 1 } };
    expect([ok, missing, undeclared, wrongBody, incomplete]).toHaveLength(5);
  });

  it("type response headers from the spec: declared names, required as declared, numbers for integers", () => {
    const page: ListPetsHandlerResponse = {
      status: 200,
      body: [pet],
      headers: { "X-Total-Count": 1 },
    };
    const created: CreatePetHandlerResponse = {
      status: 201,
      body: pet,
      headers: { Location: "/pets/by-id/1" },
    };
    const busy: CreatePetHandlerResponse = {
      status: 409,
      body: { ...notFound, status: 409, code: "conflict" },
    };
    const textCount: ListPetsHandlerResponse = {
      status: 200,
      body: [pet],
      // @ts-expect-error X-Total-Count is an integer header: a number, not a string
      headers: { "X-Total-Count": "1" },
    };
    // X-Total-Count is optional (the spec does not mark it required).
    const noCount: ListPetsHandlerResponse = { status: 200, body: [pet] };
    // @ts-expect-error Location is required on createPet's 201
    const noLocation: CreatePetHandlerResponse = { status: 201, body: pet };
    const typo: CreatePetHandlerResponse = {
      status: 201,
      body: pet,
      // @ts-expect-error a header name the spec does not declare for the response
      headers: { Location: "/p", Locaton: "/p" },
    };
    const limits: ListPetsHandlerResponse = {
      status: 200,
      body: [pet],
      // @ts-expect-error X-RateLimit-* are the runtime's, not the handler's
      headers: { "X-Total-Count": 1, "X-RateLimit-Limit": 5 },
    };
    expect([page, created, busy, textCount, noCount, noLocation, typo, limits]).toHaveLength(8);
    expect(
      API.operations.find((operation) => operation.operationId === "createPet")?.responses["201"]
        ?.headers?.["Location"],
    ).toEqual({
      required: true,
      type: "string",
    });
  });

  it("check whole handler objects", () => {
    const handlers: PetStoreHandlers = {
      ...createPetStoreStubs(),
      getPetById: ({ path }) =>
        path.petId === 1 ? { status: 200, body: pet } : { status: 404, body: notFound },
      // @ts-expect-error deletePet answers 204 without a body, never 200
      deletePet: () => ({ status: 200, body: pet }),
    };
    expect(Object.keys(handlers)).toContain("listPets");
  });

  it("stubs answer every operation with 501 not_implemented", async () => {
    const stubs = createPetStoreStubs();
    const names = Object.keys(stubs) as (keyof PetStoreHandlers)[];
    expect(names.sort()).toEqual(API.operations.map((operation) => operation.operationId).sort());
    for (const name of names) {
      const call = stubs[name] as () => unknown;
      expect(() => call(), name).toThrow(expect.objectContaining({ name: "NotImplementedError" }));
    }
  });
});
