/**
 * Rate-limit awareness against the reference server's real limits (Free: 60 requests a minute,
 * a ban after 5 requests that ignore a 429's Retry-After), on a fake clock that the tool's waits
 * advance: a run that needs more than a minute's quota waits for every Retry-After and ends with
 * zero `key_banned`; `rate` spaces requests so that no 429 comes at all.
 */
import { afterEach, describe, expect, it } from "vitest";
import { formatReport, runConformance } from "../../conformance/index.js";
import { petStoreApi, startTestServer, type TestServer } from "./reference-server.js";

let open: TestServer | undefined;
afterEach(async () => {
  await open?.close();
  open = undefined;
});

describe("rate limits", () => {
  it("a run on a Free key over a minute's quota honours Retry-After and is never banned", async () => {
    open = await startTestServer();
    const start = open.clock;
    const report = await runConformance({
      ...open.options("free"),
      spec: await petStoreApi(),
      operations: ["listPets", "listCategories", "getPetById"],
      maxExamples: 25,
      seed: 5,
      stateful: false,
    });
    expect(report.failures, formatReport(report, undefined)).toEqual([]);
    expect(report.requests).toBeGreaterThan(60);
    expect(report.rateLimited).toBeGreaterThan(0);
    expect(open.seen.filter((response) => response.code === "rate_limited").length).toBe(
      report.rateLimited,
    );
    expect(open.seen.filter((response) => response.code === "key_banned")).toEqual([]);
    // It waited (on the fake clock) for the minute windows to reset.
    expect(open.clock - start).toBeGreaterThanOrEqual(60_000);
  });

  it("paces itself under --rate, so that a Free key never even sees a 429", async () => {
    open = await startTestServer();
    const start = open.clock;
    const rate = 0.9; // under 60 a minute
    const report = await runConformance({
      ...open.options("free"),
      spec: await petStoreApi(),
      operations: ["listCategories", "getCategory"],
      maxExamples: 40,
      seed: 6,
      stateful: false,
      rate,
    });
    expect(report.ok).toBe(true);
    expect(report.requests).toBeGreaterThan(60);
    expect(report.rateLimited).toBe(0);
    expect(open.seen.every((response) => response.status !== 429)).toBe(true);
    expect(open.clock - start).toBeGreaterThanOrEqual(((report.requests - 1) / rate) * 1000 - 1);
  });
});

describe("a key that is already banned", () => {
  it("stops at once with a clear error instead of waiting out the ban or insisting", async () => {
    open = await startTestServer();
    const key = open.key("free");
    // Get the Free key banned the way a careless client would: 61 requests, then 5 more after the 429.
    for (let index = 0; index < 66; index++)
      await fetch(`${open.baseUrl}/categories`, { headers: { "X-API-Key": key } });
    const banned = await fetch(`${open.baseUrl}/categories`, { headers: { "X-API-Key": key } });
    expect(((await banned.json()) as { code: string }).code).toBe("key_banned");
    const before = open.clock;
    await expect(
      runConformance({
        ...open.options("free"),
        spec: await petStoreApi(),
        operations: ["listCategories"],
        maxExamples: 3,
        seed: 1,
        stateful: false,
      }),
    ).rejects.toThrow(
      /GET http:\/\/127\.0\.0\.1:\d+\/categories.* was answered 429 with Retry-After \d+ s \(more than 300 s: a ban, or a quota for the day\): stopping so that the key is not banned/,
    );
    expect(open.seen).toHaveLength(1);
    expect(open.clock).toBe(before);
  });
});
