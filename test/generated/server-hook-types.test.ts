/**
 * The generated `createRequestHandler`'s hooks and extra headers: `operationId` is the spec's
 * union, not `string`; headers listed in `responseHeaders` are typed on every handler response
 * (and only those: each `@ts-expect-error` fails the type check if its line starts compiling),
 * and the rule holds at run time with `validateResponses`.
 */
import { describe, expect, expectTypeOf, it } from "vitest";
import {
  createPetStoreStubs,
  createRequestHandler,
  type GetPetByIdHandlerResponse,
  type PetStoreHandlers,
  type PetStoreOperationId,
} from "../../generated/server.js";
import type { components } from "../../generated/types.js";

const pet: components["schemas"]["Pet"] = { id: 1, name: "Rex", categoryId: 1 };

describe("hooks typed with the operation", () => {
  it("see operationId as the union of the spec's operationIds", () => {
    createRequestHandler(createPetStoreStubs(), {
      onRequest(event) {
        expectTypeOf(event.operationId).toEqualTypeOf<PetStoreOperationId>();
        // @ts-expect-error no operation of the spec is called listPet
        if (event.operationId === "listPet") return undefined;
        return undefined;
      },
      onResponse(event) {
        expectTypeOf(event.operationId).toEqualTypeOf<PetStoreOperationId | undefined>();
      },
    });
    expectTypeOf<"getPetById">().toMatchTypeOf<PetStoreOperationId>();
  });
});

describe("headers every response may carry (responseHeaders)", () => {
  it("are typed on every handler response once declared, and only then", () => {
    const withId: GetPetByIdHandlerResponse<"X-Request-Id"> = {
      status: 200,
      body: pet,
      headers: { "X-Request-Id": "abc" },
    };
    const undeclared: GetPetByIdHandlerResponse = {
      status: 200,
      body: pet,
      // @ts-expect-error without responseHeaders, a header the spec does not declare does not compile
      headers: { "X-Request-Id": "abc" },
    };
    const other: GetPetByIdHandlerResponse<"X-Request-Id"> = {
      status: 200,
      body: pet,
      // @ts-expect-error only the declared extra headers
      headers: { "X-Trace": "abc" },
    };
    expect([withId, undeclared, other]).toHaveLength(3);
  });

  it("come from the option: a handler may set them, the stubs still fit", async () => {
    const handlers: PetStoreHandlers<unknown, "X-Request-Id"> = {
      ...createPetStoreStubs(),
      getPetById: () => ({ status: 200, body: pet, headers: { "X-Request-Id": "req-1" } }),
    };
    const handler = createRequestHandler(handlers, {
      responseHeaders: ["X-Request-Id"],
      validateResponses: true,
      authenticate: () => ({ caller: {}, plan: "enterprise" }),
      planLimits: { enterprise: { perMinute: 100, perDay: 1_000 } },
    });
    const response = await handler(
      new Request("http://api.test/pets/by-id/1", { headers: { "x-api-key": "k" } }),
    );
    expect(response.status).toBe(200);
    expect(response.headers.get("x-request-id")).toBe("req-1");
  });

  it("is checked against handlers: a header the option does not list does not compile", () => {
    const handlers: PetStoreHandlers<unknown, "X-Request-Id"> = createPetStoreStubs();
    // @ts-expect-error the handlers set X-Request-Id, which responseHeaders does not list
    createRequestHandler(handlers, { responseHeaders: ["X-Trace"] });
    createRequestHandler(handlers, { responseHeaders: ["X-Request-Id", "X-Trace"] });
  });
});
