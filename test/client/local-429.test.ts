/**
 * A 429 the client answers itself (issue 34 item 6): once its rate-limit state knows the key is
 * limited for longer than `retry.maxRetryAfterMs`, a call resolves with a copy of the server's last
 * 429 without a request. Such a result says so (`sentToServer: false`), and middleware's
 * `onResponse` sees it, so a service counting 429s counts what its callers saw. Over real HTTP
 * against a purpose-built server on 127.0.0.1.
 */
import { afterEach, expect, it } from "vitest";
import {
  createPetStoreClient,
  RateLimitError,
  type Middleware,
} from "../../generated/entry/client.js";
import { startScriptedServer, type PurposeServer } from "../templates/client/purpose-servers.js";

let server: PurposeServer | undefined;
afterEach(async () => {
  await server?.close();
});

const banned = {
  status: 429,
  headers: { "content-type": "application/json", "retry-after": "900" },
  body: '{"code":"key_banned","message":"banned for 900 s"}',
};

it("marks the locally answered 429 and shows it to onResponse; the server sees one request", async () => {
  server = await startScriptedServer(banned);
  const seen: number[] = [];
  const api = createPetStoreClient({
    baseUrl: server.url,
    apiKey: "k",
    rateLimitState: "own",
    onDeprecation: () => undefined,
  });
  const counting: Middleware = {
    onResponse({ response }) {
      seen.push(response.status);
    },
  };
  api.use(counting);
  const first = await api.listPets();
  expect(first.status).toBe(429);
  expect(first.sentToServer).toBe(true);
  const second = await api.listPets();
  expect(second.status).toBe(429);
  expect(second.sentToServer).toBe(false);
  expect(second.error).toEqual({ code: "key_banned", message: "banned for 900 s" });
  expect(Number(second.response.headers.get("retry-after"))).toBeGreaterThan(890);
  expect(server.received).toHaveLength(1);
  expect(seen).toEqual([429, 429]); // the server's, then the client's own
  // under throwOnError it is a RateLimitError, as the server's would be
  await expect(api.listPets({ throwOnError: true })).rejects.toBeInstanceOf(RateLimitError);
  expect(server.received).toHaveLength(1);
});

it("without middleware too", async () => {
  server = await startScriptedServer(banned);
  const api = createPetStoreClient({
    baseUrl: server.url,
    apiKey: "k",
    rateLimitState: "own",
    onDeprecation: () => undefined,
  });
  expect((await api.listPets()).sentToServer).toBe(true);
  const local = await api.listPets();
  expect(local.sentToServer).toBe(false);
  expect(server.received).toHaveLength(1);
});
