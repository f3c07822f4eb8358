import { describe, expect, expectTypeOf, it } from "vitest";
import {
  bindOperations,
  createClientRuntime,
  type CallInit,
  type ClientOperationDescriptor,
  type OperationArgs,
  type OperationMethod,
  type OperationRequest,
  type OperationRequestIsOptional,
  type OperationResult,
  type RateLimitInfo,
  type ErrorBody,
  type OperationSuccess,
  type StatusRange,
  type UndeclaredBody,
  UnexpectedResponseBody,
  unwrap,
} from "../../../templates/client/index.js";
import { json, scriptedFetch } from "./fake-fetch.js";

/* What openapi-typescript 7 emits for a small spec (shape copied from its output). */
interface Pet {
  id: number;
  name: string;
  tag?: string;
}
interface NewPet {
  name: string;
  tag?: string;
}
interface ApiError {
  code: string;
  message: string;
}
interface operations {
  listPets: {
    parameters: {
      query?: {
        status?: "available" | "sold";
        limit?: number;
        tags?: string[];
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description ok */
      200: {
        headers: {
          "X-RateLimit-Limit"?: number;
          "X-Total-Count": number;
          "X-Tags"?: string[];
          [name: string]: unknown;
        };
        content: { "application/json": Pet[] };
      };
      default: {
        headers: { [name: string]: unknown };
        content: { "application/problem+json": ApiError };
      };
    };
  };
  searchPets: {
    parameters: {
      query: { q: string; page?: number };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: { headers: { [name: string]: unknown }; content: { "application/json": Pet[] } };
    };
  };
  getPet: {
    parameters: {
      query?: never;
      header?: { "X-Trace"?: string };
      path: { petId: number };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: { headers: { [name: string]: unknown }; content: { "application/json": Pet } };
      404: { headers: { [name: string]: unknown }; content: { "application/json": ApiError } };
      "5XX": { headers: { [name: string]: unknown }; content: { "application/json": ApiError } };
    };
  };
  createPet: {
    parameters: { query?: never; header?: never; path?: never; cookie?: never };
    requestBody: { content: { "application/json": NewPet } };
    responses: {
      201: {
        headers: { Location: string; [name: string]: unknown };
        content: { "application/json": Pet };
      };
      "4XX": { headers: { [name: string]: unknown }; content: { "application/json": ApiError } };
    };
  };
  deletePet: {
    parameters: { query?: never; header?: never; path: { petId: number }; cookie?: never };
    requestBody?: never;
    responses: {
      204: { headers: { [name: string]: unknown }; content?: never };
      404: { headers: { [name: string]: unknown }; content: { "application/json": ApiError } };
      409: { headers: { [name: string]: unknown }; content?: never };
    };
  };
  setNote: {
    parameters: { query?: never; header?: never; path: { petId: number }; cookie?: never };
    requestBody?: { content: { "text/plain": string } };
    responses: {
      200: { headers: { [name: string]: unknown }; content: { "text/plain": string } };
      "2XX": { headers: { [name: string]: unknown }; content?: never };
    };
  };
  getPhoto: {
    parameters: { query?: never; header?: never; path: { petId: number }; cookie?: never };
    requestBody?: never;
    responses: {
      200: { headers: { [name: string]: unknown }; content: { "image/png": string } };
    };
  };
}

describe("OperationRequest", () => {
  it("requires path parameters and checks their names and types", () => {
    expectTypeOf<OperationRequest<operations["getPet"]>>().toMatchTypeOf<{
      path: { petId: number };
    }>();
    const ok: OperationRequest<operations["getPet"]> = {
      path: { petId: 1 },
      header: { "X-Trace": "t" },
    };
    // @ts-expect-error wrong path parameter name
    const wrongName: OperationRequest<operations["getPet"]> = { path: { id: 1 } };
    // @ts-expect-error wrong path parameter type
    const wrongType: OperationRequest<operations["getPet"]> = { path: { petId: "1" } };
    // @ts-expect-error path parameters are required
    const missing: OperationRequest<operations["getPet"]> = {};
    void [ok, wrongName, wrongType, missing];
  });

  it("requires the body when the spec does, with its required fields", () => {
    const ok: OperationRequest<operations["createPet"]> = { body: { name: "Rex" } };
    // @ts-expect-error missing required body field `name`
    const missingField: OperationRequest<operations["createPet"]> = { body: { tag: "dog" } };
    // @ts-expect-error missing required body
    const missingBody: OperationRequest<operations["createPet"]> = {};
    const extraField: OperationRequest<operations["createPet"]> = {
      // @ts-expect-error unknown body field
      body: { name: "Rex", color: "red" },
    };
    void [ok, missingField, missingBody, extraField];
  });

  it("checks query types and makes the query optional when all its parameters are", () => {
    const ok: OperationRequest<operations["listPets"]> = { query: { status: "sold", tags: ["a"] } };
    const none: OperationRequest<operations["listPets"]> = {};
    // @ts-expect-error wrong query type
    const wrongType: OperationRequest<operations["listPets"]> = { query: { limit: "10" } };
    // @ts-expect-error value outside the enum
    const wrongEnum: OperationRequest<operations["listPets"]> = { query: { status: "lost" } };
    // @ts-expect-error unknown query parameter
    const unknownParam: OperationRequest<operations["listPets"]> = { query: { colour: "red" } };
    // @ts-expect-error required query parameter `q`
    const missingRequired: OperationRequest<operations["searchPets"]> = { query: { page: 1 } };
    // @ts-expect-error the query group is required when one of its parameters is
    const missingQuery: OperationRequest<operations["searchPets"]> = {};
    void [ok, none, wrongType, wrongEnum, unknownParam, missingRequired, missingQuery];
  });

  it("has no path, query or body where the operation has none", () => {
    // @ts-expect-error listPets has no path parameters
    const path: OperationRequest<operations["listPets"]> = { path: { petId: 1 } };
    // @ts-expect-error listPets has no body
    const body: OperationRequest<operations["listPets"]> = { body: {} };
    void [path, body];
    expectTypeOf<OperationRequest<operations["listPets"]>>().toHaveProperty("signal");
    expectTypeOf<OperationRequest<operations["listPets"]>>().toHaveProperty("headers");
  });

  it("types an optional non-JSON body as its schema or a raw body", () => {
    const text: OperationRequest<operations["setNote"]> = { path: { petId: 1 }, body: "note" };
    const none: OperationRequest<operations["setNote"]> = { path: { petId: 1 } };
    const blob: OperationRequest<operations["setNote"]> = {
      path: { petId: 1 },
      body: new Blob([]),
    };
    void [text, none, blob];
  });

  it("tells whether the request argument may be omitted", () => {
    expectTypeOf<OperationRequestIsOptional<operations["listPets"]>>().toEqualTypeOf<true>();
    expectTypeOf<OperationRequestIsOptional<operations["getPet"]>>().toEqualTypeOf<false>();
    expectTypeOf<OperationRequestIsOptional<operations["createPet"]>>().toEqualTypeOf<false>();
    expectTypeOf<OperationRequestIsOptional<operations["searchPets"]>>().toEqualTypeOf<false>();
    expectTypeOf<OperationArgs<operations["listPets"], false>>().toEqualTypeOf<
      [init?: OperationRequest<operations["listPets"]> & { throwOnError?: false }]
    >();
    expectTypeOf<OperationArgs<operations["getPet"], true>>().toEqualTypeOf<
      [init: OperationRequest<operations["getPet"]> & { throwOnError?: true }]
    >();
  });

  it("is assignable to the runtime's untyped CallInit", () => {
    expectTypeOf<OperationRequest<operations["getPet"]>>().toMatchTypeOf<CallInit>();
    expectTypeOf<OperationRequest<operations["createPet"]>>().toMatchTypeOf<CallInit>();
    expectTypeOf<OperationRequest<operations["listPets"]>>().toMatchTypeOf<CallInit>();
  });
});

describe("OperationResult", () => {
  it("types data from 2XX bodies and error from the others (incl. default, 4XX, 5XX)", () => {
    type Get = OperationResult<operations["getPet"]>;
    expectTypeOf<NonNullable<Get["data"]>>().toEqualTypeOf<Pet>();
    // getPet declares no `default`: an undeclared status (a proxy's 502) may carry anything
    expectTypeOf<Get["error"]>().toEqualTypeOf<
      ApiError | UnexpectedResponseBody | UndeclaredBody | undefined
    >();
    expectTypeOf<ErrorBody<operations["getPet"]>>().toEqualTypeOf<
      ApiError | UnexpectedResponseBody | UndeclaredBody
    >();
    expectTypeOf<Get["response"]>().toEqualTypeOf<Response>();
    expectTypeOf<Get["rateLimit"]>().toEqualTypeOf<RateLimitInfo | undefined>();

    // listPets declares `default`: it covers every other status, so nothing is left untyped
    expectTypeOf<ErrorBody<operations["listPets"]>>().toEqualTypeOf<
      ApiError | UnexpectedResponseBody
    >();
    type List = OperationResult<operations["listPets"]>;
    expectTypeOf<NonNullable<List["data"]>>().toEqualTypeOf<Pet[]>();

    type Create = OperationResult<operations["createPet"]>;
    expectTypeOf<NonNullable<Create["data"]>>().toEqualTypeOf<Pet>();
  });

  it("types a response without content as undefined, text as its schema, other media as Blob", () => {
    type Delete = OperationResult<operations["deletePet"]>;
    expectTypeOf<Extract<Delete, { ok: true }>["data"]>().toEqualTypeOf<undefined>();
    expectTypeOf<Extract<Delete, { status: 404 }>["error"]>().toEqualTypeOf<
      ApiError | UnexpectedResponseBody
    >();
    // a 409 without content: the runtime gives an UnexpectedResponseBody
    expectTypeOf<
      Extract<Delete, { status: 409 }>["error"]
    >().toEqualTypeOf<UnexpectedResponseBody>();
    type Note = OperationResult<operations["setNote"]>;
    expectTypeOf<Extract<Note, { ok: true }>["data"]>().toEqualTypeOf<string | undefined>();
    expectTypeOf<
      Exclude<Extract<Note, { ok: false }>, { status: StatusRange<2> }>["error"]
    >().toEqualTypeOf<UndeclaredBody>();
    // a 200 whose body is not the declared text: a failure of status 200
    expectTypeOf<
      Extract<Note, { ok: false; status: 200 }>["error"]
    >().toEqualTypeOf<UnexpectedResponseBody>();
    type Photo = OperationResult<operations["getPhoto"]>;
    expectTypeOf<Extract<Photo, { status: 200; ok: true }>["data"]>().toEqualTypeOf<Blob>();
  });

  it("narrows data and error against each other", () => {
    const use = (result: OperationResult<operations["getPet"]>): string => {
      const { data, error } = result;
      if (error !== undefined) {
        expectTypeOf(data).toEqualTypeOf<undefined>();
        return error instanceof UnexpectedResponseBody ? error.message : String(error);
      }
      expectTypeOf(data).toEqualTypeOf<Pet>();
      return data.name;
    };
    const ok = (result: OperationResult<operations["getPet"]>): number =>
      result.ok ? result.data.id : result.status;
    void [use, ok];
  });

  it("narrows by status: exact codes, ranges and default", () => {
    const get = (r: OperationResult<operations["getPet"]>): string => {
      if (r.status === 200 && r.ok) {
        expectTypeOf(r.data).toEqualTypeOf<Pet>();
        expectTypeOf(r.error).toEqualTypeOf<undefined>();
        return r.data.name;
      }
      if (r.status === 200) {
        // a 200 whose body is not the declared JSON (a proxy's HTML page, invalid JSON)
        expectTypeOf(r.ok).toEqualTypeOf<false>();
        expectTypeOf(r.data).toEqualTypeOf<undefined>();
        expectTypeOf(r.error).toEqualTypeOf<UnexpectedResponseBody>();
        return r.error.message;
      }
      if (r.status === 404) {
        expectTypeOf(r.data).toEqualTypeOf<undefined>();
        expectTypeOf(r.error).toEqualTypeOf<ApiError | UnexpectedResponseBody>();
        return r.error instanceof UnexpectedResponseBody ? r.error.text : r.error.code;
      }
      if (r.status === 503) {
        // inside "5XX"
        expectTypeOf(r.error).toEqualTypeOf<ApiError | UnexpectedResponseBody>();
        return "unavailable";
      }
      if (r.status === 409) {
        // declared nowhere: anything the server sent
        expectTypeOf(r.error).toEqualTypeOf<UndeclaredBody>();
        return "conflict";
      }
      if (r.status === 204 && r.ok) {
        // an undeclared 2XX: typed with the declared success bodies
        expectTypeOf(r.data).toEqualTypeOf<Pet>();
        return "empty";
      }
      // @ts-expect-error not a status a response can have
      if (r.status === 700) return "never";
      return "other";
    };
    const list = (r: OperationResult<operations["listPets"]>): string => {
      if (r.status === 200 && r.ok) return r.data.map((pet) => pet.name).join();
      // another 2XX: typed with the declared success bodies
      if (r.ok) return r.data.length.toString();
      // every non-2XX status is `default`'s
      expectTypeOf(r.error).toEqualTypeOf<ApiError | UnexpectedResponseBody>();
      return "failed";
    };
    const create = (r: OperationResult<operations["createPet"]>): string => {
      if (r.status === 422) {
        // inside "4XX"
        expectTypeOf(r.error).toEqualTypeOf<ApiError | UnexpectedResponseBody>();
        return "invalid";
      }
      return r.ok ? r.data.name : "failed";
    };
    const note = (r: OperationResult<operations["setNote"]>): string => {
      if (r.status === 200 && r.ok) return r.data ?? "";
      if (r.ok) {
        // the rest of "2XX", which has no content
        expectTypeOf(r.data).toEqualTypeOf<undefined>();
        expectTypeOf(r.status).toEqualTypeOf<Exclude<StatusRange<2>, 200>>();
      }
      return "";
    };
    void [get, list, create, note];
    // every non-2XX, and every 2XX (a body that is not the declared one is a failure)
    expectTypeOf<
      Extract<OperationResult<operations["getPet"]>, { ok: false }>["status"]
    >().toEqualTypeOf<StatusRange<2 | 3 | 4 | 5>>();
  });

  it("types the declared response headers by status, each possibly undefined", () => {
    const list = (r: OperationResult<operations["listPets"]>): number => {
      if (r.status === 200) {
        expectTypeOf(r.headers["X-Total-Count"]).toEqualTypeOf<number | undefined>();
        expectTypeOf(r.headers["X-Tags"]).toEqualTypeOf<string[] | undefined>();
        // @ts-expect-error a header the 200 response does not declare
        void r.headers["X-Other"];
        return r.headers["X-Total-Count"] ?? 0;
      }
      // @ts-expect-error declared on the 200 only
      void r.headers["X-Total-Count"];
      return 0;
    };
    const create = (r: OperationResult<operations["createPet"]>): string =>
      r.status === 201 ? (r.headers.Location ?? "") : "";
    void [list, create];
  });

  it("gives the 2XX variants to unwrap and throwOnError", () => {
    type Success = OperationSuccess<operations["getPet"]>;
    expectTypeOf<Success["data"]>().toEqualTypeOf<Pet>();
    expectTypeOf<Success["ok"]>().toEqualTypeOf<true>();
    expectTypeOf(unwrap<OperationResult<operations["getPet"]>>).returns.toEqualTypeOf<Pet>();
    expectTypeOf(unwrap<OperationResult<operations["createPet"]>>).returns.toEqualTypeOf<Pet>();
  });

  it("types the runtime's call when the operation type is given", async () => {
    const getPet = {
      operationId: "getPet",
      method: "get",
      path: "/pets/{petId}",
      secured: false,
    } as const satisfies ClientOperationDescriptor;
    const { fetch } = scriptedFetch(json(200, { id: 1, name: "Rex" }));
    const runtime = createClientRuntime({ baseUrl: "https://api.test", fetch });
    const result = await runtime.call<operations["getPet"]>(getPet, { path: { petId: 1 } });
    expectTypeOf(result).toEqualTypeOf<OperationResult<operations["getPet"]>>();
    const call = (): unknown =>
      // @ts-expect-error wrong path parameter type through call<Op>
      runtime.call<operations["getPet"]>(getPet, { path: { petId: "1" } });
    void call;
    expectTypeOf(runtime.call).parameter(1).toEqualTypeOf<CallInit | undefined>();
  });
});

/* The shape a generated client takes: an interface of OperationMethod properties, implemented by bindOperations. */
interface TestClient {
  /** Lists the pets. */
  listPets: OperationMethod<operations["listPets"]>;
  /** Gets a pet. */
  getPet: OperationMethod<operations["getPet"]>;
  /** Creates a pet. */
  createPet: OperationMethod<operations["createPet"]>;
}
const table = {
  listPets: { operationId: "listPets", method: "get", path: "/pets", secured: true },
  getPet: { operationId: "getPet", method: "get", path: "/pets/{petId}", secured: true },
  createPet: {
    operationId: "createPet",
    method: "post",
    path: "/pets",
    bodyMediaType: "application/json",
    secured: true,
  },
} as const satisfies Record<keyof TestClient, ClientOperationDescriptor>;

describe("a generated-style client (OperationMethod + bindOperations)", () => {
  it("calls through the runtime and is typed per operation", async () => {
    const { fetch, calls } = scriptedFetch(
      json(200, [{ id: 1, name: "Rex" }]),
      json(200, { id: 2, name: "Fido" }),
      json(201, { id: 3, name: "Milo" }),
    );
    const runtime = createClientRuntime(
      { baseUrl: "https://api.test", apiKey: "k", fetch },
      {
        in: "header",
        name: "X-API-Key",
      },
    );
    const api = bindOperations(runtime, table) as unknown as TestClient;

    const list = await api.listPets({ query: { status: "available" } });
    expectTypeOf(list.data).toEqualTypeOf<Pet[] | undefined>();
    expect(list.data).toEqual([{ id: 1, name: "Rex" }]);
    const pet = await api.getPet({ path: { petId: 2 } });
    if (pet.error === undefined) expectTypeOf(pet.data).toEqualTypeOf<Pet>();
    const created = await api.createPet({ body: { name: "Milo" } });
    expect(created.data).toEqual({ id: 3, name: "Milo" });
    expect(calls.map((c) => `${c.init.method} ${c.url}`)).toEqual([
      "GET https://api.test/pets?status=available",
      "GET https://api.test/pets/2",
      "POST https://api.test/pets",
    ]);
    expect(new Headers(calls[2]?.init.headers).get("x-api-key")).toBe("k");

    const wrong = (): unknown => [
      api.listPets(), // nothing required: the argument may be omitted
      // @ts-expect-error getPet needs its path parameters
      api.getPet(),
      // @ts-expect-error wrong path parameter name
      api.getPet({ path: { id: 2 } }),
      // @ts-expect-error missing required body field
      api.createPet({ body: { tag: "cat" } }),
      // @ts-expect-error unknown operation
      api.deletePet({ path: { petId: 1 } }),
    ];
    void wrong;
  });
});
