/**
 * How the server reads parameter text (docs/server.md#how-text-is-read): a scalar type takes only
 * its plain text (`" "` is not 0, `0x10` is not 16); in a union the most specific type that reads
 * the text takes it, whatever the declared order (`oneOf: [integer, string]` reads "5" as 5 and
 * " " as text); one value for a list-or-value union is the value when a single branch reads it.
 */
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generateFixture, type GeneratedFixture } from "./serve-fixture.js";

let fixture: GeneratedFixture;
let server: { baseUrl: string; close(): Promise<void> };
beforeAll(async () => {
  fixture = await generateFixture("text-reading.yaml");
  server = await fixture.serve({
    readText: (request: { path: unknown; query: unknown }) => ({
      status: 200,
      body: { path: request.path, query: request.query },
    }),
  });
}, 120_000);
afterAll(async () => {
  await server?.close();
  fixture?.remove();
});

interface Answer {
  status: number;
  body: { path?: { key?: unknown }; query?: Record<string, unknown>; detail?: string };
}

async function get(target: string): Promise<Answer> {
  const response = await fetch(`${server.baseUrl}${target}`);
  return { status: response.status, body: (await response.json()) as Answer["body"] };
}

const key = async (text: string) => (await get(`/keys/${encodeURIComponent(text)}`)).body.path?.key;
const query = async (search: string) => (await get(`/keys/k?${search}`)).body.query;

describe("parameter text", () => {
  it("is a number only when written the plain way, under a union too", async () => {
    expect(await key("5")).toBe(5);
    expect(await key("-12")).toBe(-12);
    expect(await key("1e3")).toBe(1000);
    for (const text of [" ", " 1", "1 ", "0x10", "Infinity", "1.0", "+1", "five"])
      expect(await key(text), JSON.stringify(text)).toBe(text);
  });

  it("answers 400 for a number that is not plain, naming the type", async () => {
    for (const text of ["%20", "%201", "0x10", "1.5", "1e"]) {
      const answer = await get(`/keys/k?count=${text}`);
      expect(answer.status, text).toBe(400);
      expect(answer.body.detail, text).toBe("query.count must be integer (type)");
    }
    expect(await query("count=-7")).toEqual({ count: -7 });
    expect((await get("/keys/k?filter[above]=%201")).body.detail).toBe(
      "query.filter.above must be number (type)",
    );
  });

  it("gives the most specific type that reads the text, whatever the declared order", async () => {
    expect(await query("flag=true")).toEqual({ flag: true });
    expect(await query("flag=yes")).toEqual({ flag: "yes" });
    expect(await query("label=42")).toEqual({ label: 42 });
    expect(await query("label=%2042")).toEqual({ label: " 42" });
    expect(await query("ratio=2.5")).toEqual({ ratio: 2.5 });
    expect(await query("ratio=")).toEqual({ ratio: null });
    expect(await query("filter[owner]=7&filter[above]=1.5")).toEqual({
      filter: { owner: 7, above: 1.5 },
    });
    expect(await query("filter[owner]=%207")).toEqual({ filter: { owner: " 7" } });
  });

  it("reads one value of a list-or-value union as the value when a single branch reads it", async () => {
    expect(await query("rates=")).toEqual({ rates: "" });
    expect(await query("rates=r1")).toEqual({ rates: ["r1"] });
    expect(await query("pages=3")).toEqual({ pages: 3 });
    expect(await query("filter[rates]=")).toEqual({ filter: { rates: "" } });
    expect(await query("filter[rates]=r1")).toEqual({ filter: { rates: ["r1"] } });
    expect(await query("filter[rates][]=r1&filter[rates][]=r2")).toEqual({
      filter: { rates: ["r1", "r2"] },
    });
    expect((await get("/keys/k?pages=x")).status).toBe(400);
    expect(await query("rates=r1&rates=r2")).toEqual({ rates: ["r1", "r2"] });
    expect(await query("pages=3&pages=4")).toEqual({ pages: [3, 4] });
    // a parameter that takes one value only is still refused when repeated
    expect((await get("/keys/k?count=1&count=2")).body.detail).toBe(
      "query.count was given 2 times; it takes one value",
    );
  });

  it("is what the generated client sends: a call gets back every typed value", async () => {
    type Call = (init: object) => Promise<{ status: number; data: unknown }>;
    const { createFixtureClient } = (await import(join(fixture.outDir, "client.ts"))) as {
      createFixtureClient(options: object): { readText: Call };
    };
    const client = createFixtureClient({ baseUrl: server.baseUrl, retry: false, throttle: false });
    const query = {
      flag: true,
      count: 7,
      ratio: 0.5,
      label: "x 1",
      rates: ["r1", "r2"],
      pages: [3, 4],
      filter: { above: 1e21, owner: 9, rates: ["a"] },
    };
    expect(await client.readText({ path: { key: "deploy.yml" }, query })).toMatchObject({
      status: 200,
      data: { path: { key: "deploy.yml" }, query },
    });
    const single = {
      flag: "yes",
      label: 42,
      rates: "",
      pages: 3,
      filter: { owner: "ann", rates: "" },
    };
    expect(await client.readText({ path: { key: 12 }, query: single })).toMatchObject({
      status: 200,
      data: { path: { key: 12 }, query: single },
    });
  });
});
