/**
 * The plain openapi-fetch client (`create<Name>RawClient`, package entry `./raw`): same options as
 * the typed client, the API key in the spec's header, typed paths; and kept out of the typed
 * client, so that client's bundle carries no openapi-fetch.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, expectTypeOf, it } from "vitest";
import { createPetStoreRawClient } from "../../generated/raw-client.js";
import type { RawClientOptions } from "../../generated/runtime/client/raw-client-options.js";
import type { components } from "../../generated/types.js";
import { ROOT } from "../generator/cli-helper.js";

describe("generated raw client", () => {
  it("sends the API key and the caller's headers to the base URL, and types the paths", async () => {
    const requests: Request[] = [];
    const raw = createPetStoreRawClient({
      baseUrl: "http://127.0.0.1:1/v1",
      apiKey: "k-123",
      headers: { "X-Trace": "t" },
      fetch: async (input: RequestInfo | URL, init?: RequestInit) => {
        requests.push(new Request(input, init));
        return Response.json({ id: 7, name: "Rex", categoryId: 1 });
      },
    });
    const { data } = await raw.GET("/pets/by-id/{petId}", { params: { path: { petId: 7 } } });
    expectTypeOf(data).toEqualTypeOf<components["schemas"]["Pet"] | undefined>();
    expect(data).toEqual({ id: 7, name: "Rex", categoryId: 1 });
    expect(
      requests.map((request) => [
        request.url,
        request.headers.get("x-api-key"),
        request.headers.get("x-trace"),
      ]),
    ).toEqual([["http://127.0.0.1:1/v1/pets/by-id/7", "k-123", "t"]]);
  });

  it("calls an apiKey function per request (rotation), through its own middleware", async () => {
    const keys: Array<string | null> = [];
    let n = 0;
    const raw = createPetStoreRawClient({
      baseUrl: "http://127.0.0.1:1/v1",
      apiKey: async () => `rotated-${++n}`,
      fetch: async (input: RequestInfo | URL, init?: RequestInit) => {
        keys.push(new Request(input, init).headers.get("x-api-key"));
        return Response.json([]);
      },
    });
    await raw.GET("/pets");
    await raw.GET("/pets");
    expect(keys).toEqual(["rotated-1", "rotated-2"]);
  });

  it("accepts only the options it honours", () => {
    // @ts-expect-error: the raw client does not retry
    createPetStoreRawClient({ baseUrl: "http://127.0.0.1:1", retry: false });
    // @ts-expect-error: nor throttle
    createPetStoreRawClient({ baseUrl: "http://127.0.0.1:1", throttle: true });
    // @ts-expect-error: nor report deprecations
    createPetStoreRawClient({ baseUrl: "http://127.0.0.1:1", onDeprecation: () => undefined });
    expectTypeOf<Parameters<typeof createPetStoreRawClient>[0]>().toEqualTypeOf<RawClientOptions>();
  });

  it("is not imported by the typed client", () => {
    const client = readFileSync(join(ROOT, "generated/client.ts"), "utf8");
    expect(client).not.toMatch(/from "openapi-fetch"/);
    expect(client).not.toContain("raw-client");
  });
});
