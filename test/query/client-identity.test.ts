/**
 * Query keys carry the client's identity (issue 34 item 4): two clients on two servers, or on one
 * server with two keys (a logout then a login), in one `QueryClient` never read each other's
 * cached data, the identity holds no secret, and a mutation invalidates its own client's queries.
 * Over real HTTP against two purpose-built servers on 127.0.0.1 that answer different pets.
 */
import { QueryClient } from "@tanstack/query-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPetStoreClient } from "../../generated/entry/client.js";
import { createPetMutation, listPetsOptions, petsKeys } from "../../generated/entry/query.js";
import { startScriptedServer, type PurposeServer } from "../templates/client/purpose-servers.js";

const pet = (id: number, name: string) => ({ id, name, categoryId: 1, status: "available" });
const json = (body: unknown, status = 200) => ({
  status,
  headers: { "content-type": "application/json" },
  body: JSON.stringify(body),
});

let a: PurposeServer;
let b: PurposeServer;
beforeAll(async () => {
  [a, b] = await Promise.all([
    startScriptedServer(json([pet(1, "from A")])),
    startScriptedServer(json([pet(2, "from B")])),
  ]);
});
afterAll(async () => {
  await Promise.all([a.close(), b.close()]);
});

const quiet = { onDeprecation: () => undefined, retry: false } as const;

describe("two clients in one QueryClient", () => {
  it("on two servers never see each other's data", async () => {
    const queryClient = new QueryClient();
    const staging = createPetStoreClient({ baseUrl: a.url, apiKey: "key-a", ...quiet });
    const production = createPetStoreClient({ baseUrl: b.url, apiKey: "key-a", ...quiet });
    const fromA = await queryClient.ensureQueryData(
      listPetsOptions(staging, { query: { limit: 1 } }),
    );
    const fromB = await queryClient.ensureQueryData(
      listPetsOptions(production, { query: { limit: 1 } }),
    );
    expect(fromA).toEqual([pet(1, "from A")]);
    expect(fromB).toEqual([pet(2, "from B")]); // not A's cached list
    expect(
      queryClient.getQueryData(listPetsOptions(staging, { query: { limit: 1 } }).queryKey),
    ).toEqual(fromA);
    expect(
      queryClient.getQueryData(petsKeys.listPets({ query: { limit: 1 } }, production)),
    ).toEqual(fromB);
  });

  it("on one server with two keys (a logout, then a login) do not share, and the key is not in the query key", async () => {
    const queryClient = new QueryClient();
    const before = createPetStoreClient({ baseUrl: a.url, apiKey: "secret-of-alice", ...quiet });
    const after = createPetStoreClient({ baseUrl: a.url, apiKey: "secret-of-bob", ...quiet });
    const first = listPetsOptions(before);
    const second = listPetsOptions(after);
    expect(first.queryKey).not.toEqual(second.queryKey);
    expect(JSON.stringify([first.queryKey, second.queryKey])).not.toMatch(/secret/);
    expect(first.queryKey[4]).toEqual({
      client: expect.stringMatching(new RegExp(`^${a.url}#[0-9a-f]{8}$`)),
    });
    await queryClient.ensureQueryData(first);
    expect(queryClient.getQueryData(second.queryKey)).toBeUndefined();
  });

  it("a mutation invalidates its own client's queries only; a prefix still matches every client", async () => {
    const queryClient = new QueryClient();
    const mine = createPetStoreClient({ baseUrl: a.url, apiKey: "k", ...quiet });
    const theirs = createPetStoreClient({ baseUrl: b.url, apiKey: "k", ...quiet });
    const mineKey = listPetsOptions(mine).queryKey;
    const theirsKey = listPetsOptions(theirs).queryKey;
    await queryClient.ensureQueryData(listPetsOptions(mine));
    await queryClient.ensureQueryData(listPetsOptions(theirs));
    const mutation = createPetMutation(mine, { queryClient });
    await mutation.onSuccess(
      pet(3, "new") as never,
      { body: { name: "new", categoryId: 1 } },
      undefined,
    );
    expect(queryClient.getQueryState(mineKey)?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(theirsKey)?.isInvalidated).toBe(false);
    await queryClient.invalidateQueries({ queryKey: petsKeys.all });
    expect(queryClient.getQueryState(theirsKey)?.isInvalidated).toBe(true);
  });
});
