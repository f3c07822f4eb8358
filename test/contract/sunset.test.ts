/**
 * The deprecated `getPet` on both sides of its `x-sunset` date (2027-06-30), over real HTTP with
 * the server's injectable clock, every response checked against the spec: served with
 * `Deprecation`/`Sunset` until 00:00:00 UTC of that date, then 410 `gone` with `Sunset`,
 * `Deprecation` and a `Link` to `getPetById`, without calling the handler; `serveAfterSunset`
 * keeps serving it.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { parse } from "yaml";
import { readFileSync } from "node:fs";
import {
  contract,
  expectError,
  FAKE_START,
  startContractServer,
  type ContractServer,
} from "./harness.js";
import { SPEC_PATH } from "./spec-contract.js";

/** Read from the spec, not written twice. */
const spec = parse(readFileSync(SPEC_PATH, "utf8")) as {
  paths: Record<string, Record<string, { operationId?: string; "x-sunset"?: string }>>;
};
const SUNSET_DATE = spec.paths["/pets/{petId}"]?.["get"]?.["x-sunset"] as string;
const SUNSET = Date.parse(`${SUNSET_DATE}T00:00:00Z`);

let h: ContractServer;
let petId = 0;
let getPetCalls = 0;

beforeAll(async () => {
  h = await startContractServer({
    wrapHandlers: (handlers) => ({
      getPet(request) {
        getPetCalls += 1;
        return handlers.getPet(request);
      },
    }),
  });
  const key = h.key("enterprise");
  const category = await h.send("POST", "/categories", { key, json: { name: "Dogs" } });
  const categoryId = (category.body as { id: number }).id;
  const pet = await h.send("POST", "/pets", { key, json: { name: "Rex", categoryId } });
  petId = (pet.body as { id: number }).id;
});

afterAll(async () => {
  await h.close();
});

afterEach(() => {
  h.log.expectNoViolations();
  expect(h.serverErrors).toEqual([]);
});

describe("getPet around its sunset date", () => {
  it("is served until the last millisecond before 00:00 UTC of x-sunset", async () => {
    expect(SUNSET).toBeGreaterThan(FAKE_START);
    h.clock = SUNSET - 1;
    const calls = getPetCalls;
    const answer = await h.send("GET", `/pets/${petId}`, { key: h.key("enterprise") });
    expect(answer.status).toBe(200);
    expect(answer.headers.get("sunset")).toBe(new Date(SUNSET).toUTCString());
    expect(answer.headers.get("deprecation")).not.toBeNull();
    expect(getPetCalls).toBe(calls + 1);
  });

  it("answers 410 gone from 00:00 UTC of x-sunset on, with Sunset, Deprecation and a Link to getPetById", async () => {
    for (const at of [SUNSET, SUNSET + 400 * 86_400_000]) {
      h.clock = at;
      const calls = getPetCalls;
      const answer = await h.send("GET", `/pets/${petId}`, { key: h.key("enterprise") });
      expectError(answer, 410, "gone", /getPetById/);
      expect(answer.headers.get("sunset")).toBe(new Date(SUNSET).toUTCString());
      expect(answer.headers.get("deprecation")).not.toBeNull();
      expect(answer.headers.get("link")).toBe(`</pets/by-id/${petId}>; rel="successor-version"`);
      expect(getPetCalls).toBe(calls);
      // The successor the Link names works.
      const successor = await h.send("GET", `/pets/by-id/${petId}`, { key: h.key("enterprise") });
      expect(successor.status).toBe(200);
    }
    expect(h.log.statusesSeen().get("getPet")).toEqual(new Set([200, 410]));
  });

  it("still asks for the API key first (401 without one)", async () => {
    h.clock = SUNSET;
    const answer = await h.send("GET", `/pets/${petId}`);
    expectError(answer, 401, "unauthorized");
  });

  it("every operation with x-sunset answered 410 here", () => {
    const sunsetIds = Object.values(spec.paths)
      .flatMap((item) => Object.values(item))
      .filter((operation) => operation["x-sunset"] !== undefined)
      .map((operation) => operation.operationId);
    expect(sunsetIds).toEqual(["getPet"]);
    for (const id of sunsetIds) {
      expect(contract().declaredStatuses(id as string)).toContain(410);
      expect(
        h.log
          .statusesSeen()
          .get(id as string)
          ?.has(410),
      ).toBe(true);
    }
  });
});

describe("serveAfterSunset", () => {
  it("keeps serving getPet after its sunset date when named", async () => {
    const grace = await startContractServer({
      serveAfterSunset: ["getPet"],
      fakeClock: SUNSET + 86_400_000,
    });
    try {
      const key = grace.key("enterprise");
      const category = await grace.send("POST", "/categories", { key, json: { name: "Cats" } });
      const pet = await grace.send("POST", "/pets", {
        key,
        json: { name: "Tom", categoryId: (category.body as { id: number }).id },
      });
      const answer = await grace.send("GET", `/pets/${(pet.body as { id: number }).id}`, { key });
      expect(answer.status).toBe(200);
      expect(answer.headers.get("sunset")).toBe(new Date(SUNSET).toUTCString());
      expect(grace.log.violations).toEqual([]);
    } finally {
      await grace.close();
    }
  });
});
