/**
 * The shape of types.ts that the generated client, server and their consumers rely on: what
 * openapi-typescript (7, in maintenance since 2026-09-19) prints. Should an update of it change
 * that shape, these fail with the part that moved, before any consumer does (docs/package.md).
 */
import { describe, expectTypeOf, it } from "vitest";
import type { components, operations, paths } from "../../generated/types.js";

type Methods = "get" | "put" | "post" | "delete" | "options" | "head" | "patch" | "trace";

describe("types.ts (openapi-typescript's shape)", () => {
  it("paths: each path item has its parameters and one key per method, the operation or never", () => {
    expectTypeOf<keyof paths["/pets"]>().toEqualTypeOf<"parameters" | Methods>();
    expectTypeOf<paths["/pets"]["get"]>().toEqualTypeOf<operations["listPets"]>();
    expectTypeOf<paths["/pets"]["post"]>().toEqualTypeOf<operations["createPet"]>();
    expectTypeOf<paths["/pets"]["put"]>().toEqualTypeOf<undefined>();
  });

  it("operations: parameters by location, requestBody by media type, responses by status", () => {
    type ListPets = operations["listPets"];
    expectTypeOf<keyof ListPets>().toEqualTypeOf<"parameters" | "requestBody" | "responses">();
    expectTypeOf<keyof ListPets["parameters"]>().toEqualTypeOf<
      "query" | "header" | "path" | "cookie"
    >();
    expectTypeOf<NonNullable<ListPets["parameters"]["query"]>["limit"]>().toEqualTypeOf<
      components["parameters"]["Limit"] | undefined
    >();
    expectTypeOf<ListPets["requestBody"]>().toEqualTypeOf<undefined>();
    expectTypeOf<ListPets["responses"][200]["content"]["application/json"]>().toEqualTypeOf<
      components["schemas"]["Pets"]
    >();
    expectTypeOf<ListPets["responses"][200]["headers"]["X-Total-Count"]>().toEqualTypeOf<
      components["headers"]["X-Total-Count"]
    >();
    expectTypeOf<ListPets["responses"][429]>().toEqualTypeOf<
      components["responses"]["TooManyRequests"]
    >();
    type CreatePet = operations["createPet"];
    expectTypeOf<
      NonNullable<CreatePet["requestBody"]>["content"]["application/json"]
    >().toEqualTypeOf<components["schemas"]["NewPet"]>();
    expectTypeOf<keyof operations["getPet"]["parameters"]["path"]>().toEqualTypeOf<"petId">();
  });

  it("components: schemas, responses, parameters, request bodies, headers and path items", () => {
    expectTypeOf<keyof components>().toEqualTypeOf<
      "schemas" | "responses" | "parameters" | "requestBodies" | "headers" | "pathItems"
    >();
    expectTypeOf<components["schemas"]["Pet"]["name"]>().toEqualTypeOf<string>();
    expectTypeOf<
      components["responses"]["TooManyRequests"]["content"]["application/json"]
    >().toEqualTypeOf<components["schemas"]["Error"]>();
  });
});
