/**
 * Issue 12's burst: a `Promise.all` of 80 calls with a Free key (60 requests per minute) against
 * the reference server over real HTTP. The client's shared rate-limit state must leave the key
 * unbanned: no request is sent while the server says the minute is used up, and the calls over
 * the quota go out after the reset and succeed. The server's clock is placed 3 s before a minute
 * boundary (and the client uses the same clock), so the reset comes within seconds.
 *
 * The control: the same burst with the protections off (`throttle: false`, no in-flight cap),
 * as the client behaved before, gets the key banned; so the first test can fail.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startContractServer, type ContractServer } from "./harness.js";
import { freeKey, minuteClock } from "./minute-clock.js";

const clock = minuteClock();
const serverNow = clock.now;
const placeBeforeBoundary = (ms: number): number => clock.placeBeforeBoundary(ms);

let h: ContractServer;

beforeAll(async () => {
  h = await startContractServer({
    fakeClock: false,
    now: serverNow,
    extraKeys: [freeKey("free-burst"), freeKey("free-control")],
  });
});
afterAll(async () => {
  await h.close();
});

describe("80 concurrent calls with a Free key (60/min)", () => {
  it("end with zero key_banned: the calls over the quota wait for the reset, then succeed", async () => {
    const boundary = placeBeforeBoundary(3_000);
    const before = h.log.exchanges.length;
    const client = h.client({ apiKey: "free-burst", plan: null, retry: {}, now: serverNow });
    const results = await Promise.all(
      Array.from({ length: 80 }, () => client.listPets({ query: { limit: 1 } })),
    );
    const wire = h.log.exchanges.slice(before);
    const codes = wire.map((exchange) =>
      exchange.status === 429 ? JSON.parse(exchange.bodyText).code : exchange.status,
    );
    expect(codes.filter((code) => code === "key_banned")).toEqual([]);
    expect(codes.filter((code) => code === "rate_limited")).toEqual([]); // not even a 429
    expect(results.map((result) => result.response.status)).toEqual(Array(80).fill(200));
    expect(wire).toHaveLength(80);
    // the 20 over the quota went out after the reset (the server's X-RateLimit-Reset)
    const afterReset = results.filter((result) => (result.rateLimit?.reset ?? 0) * 1000 > boundary);
    expect(afterReset.length).toBeGreaterThanOrEqual(20);
    h.log.expectNoViolations();
    expect(h.serverErrors).toEqual([]);
  });

  it("control: without the protections (as before), the same burst gets the key banned", async () => {
    placeBeforeBoundary(30_000);
    const before = h.log.exchanges.length;
    const client = h.client({
      apiKey: "free-control",
      plan: null,
      retry: false,
      throttle: false,
      maxConcurrent: Infinity,
      now: serverNow,
    });
    const results = await Promise.all(
      Array.from({ length: 80 }, () => client.listPets({ query: { limit: 1 } })),
    );
    const banned = results.filter(
      (result) => (result.error as { code?: string } | undefined)?.code === "key_banned",
    );
    expect(banned.length).toBeGreaterThan(0);
    expect(
      h.log.exchanges.slice(before).filter((exchange) => exchange.status === 200),
    ).toHaveLength(60);
  });
});
