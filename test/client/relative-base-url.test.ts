/**
 * A relative `baseUrl` (issue 34 item 10): with and without middleware, the client behaves the
 * same. In a browser (a page `location`), it is resolved against the page, over real HTTP to a
 * purpose-built server on 127.0.0.1; elsewhere every call rejects with a clear `TypeError`
 * before anything is sent (not at creation: a module creating the client while rendering on a
 * server still loads).
 */
import { afterEach, describe, expect, it } from "vitest";
import { createPetStoreClient } from "../../generated/entry/client.js";
import { startScriptedServer, type PurposeServer } from "../templates/client/purpose-servers.js";

let server: PurposeServer | undefined;
afterEach(async () => {
  await server?.close();
  Reflect.deleteProperty(globalThis, "location");
});

const ok = { status: 200, headers: { "content-type": "application/json" }, body: "[]" };
const quiet = { onDeprecation: () => undefined, retry: false } as const;

describe.each([
  ["without middleware", false],
  ["with middleware", true],
])("%s", (_name, withMiddleware) => {
  it("in Node.js, a call rejects with a TypeError naming the baseUrl; creating the client does not throw", async () => {
    const api = createPetStoreClient({ baseUrl: "/api/v1", apiKey: "k", ...quiet });
    if (withMiddleware) api.use({ onRequest: ({ request }) => request });
    const error = await api.listPets().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TypeError);
    expect((error as TypeError).message).toBe(
      'The client\'s baseUrl "/api/v1" is relative, and there is no page location to resolve it against here: give an absolute URL (e.g. "https://api.example.com/v1") outside a browser',
    );
  });

  it("in a browser, it is resolved against the page's location", async () => {
    server = await startScriptedServer(ok);
    Object.defineProperty(globalThis, "location", {
      value: { href: `${server.url}/app/page.html` },
      configurable: true,
    });
    const api = createPetStoreClient({ baseUrl: "/api/v1", apiKey: "k", ...quiet });
    if (withMiddleware) api.use({ onRequest: ({ request }) => request });
    const result = await api.listPets({ query: { limit: 1 } });
    expect(result.ok).toBe(true);
    expect(server.received.map((request) => request.url)).toEqual(["/api/v1/pets?limit=1"]);
  });
});
