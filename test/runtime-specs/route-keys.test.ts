/**
 * Path keys with a fragment, as AWS writes its APIs (test/fixtures/runtime-specs/route-keys.yaml):
 * `/#Action=…` in the query, `/#X-Amz-Target=…` in a header, `/{Bucket}#tagging` sub-resources.
 * The generated client puts each key where the generated server routes by it, over real HTTP;
 * a request that carries no operation's keys, or fits two equally, is never given to a guess.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  generateFixture,
  recordingClient,
  recordingOperations,
  type GeneratedFixture,
} from "./serve-fixture.js";

type Call = (init?: Record<string, unknown>) => Promise<{ status: number; data: unknown }>;
const OPERATIONS = [
  "describeThings",
  "postDescribeThings",
  "createThing",
  "postForm",
  "getItem",
  "putItem",
  "deleteBucket",
  "listObjects",
  "deleteBucketTagging",
  "getBucketAcl",
  "getBucketPolicy",
  "sameFirst",
  "sameSecond",
];

let fixture: GeneratedFixture;
let server: { baseUrl: string; close(): Promise<void> };
const sent: Request[] = [];
let client: Record<string, Call>;
let functions: Record<string, Call>;

beforeAll(async () => {
  fixture = await generateFixture("route-keys.yaml");
  const handlers = Object.fromEntries(
    OPERATIONS.map((name) => [name, () => ({ status: 200, body: { handler: name } })]),
  );
  server = await fixture.serve(handlers, { validateResponses: true });
  client = await recordingClient<Call>(fixture, server.baseUrl, sent);
  functions = await recordingOperations<Call>(fixture, server.baseUrl, sent);
}, 120_000);
afterAll(async () => {
  await server?.close();
  fixture?.remove();
});

async function raw(path: string, init?: RequestInit): Promise<{ status: number; body: unknown }> {
  const response = await fetch(`${server.baseUrl}${path}`, init);
  return { status: response.status, body: await response.json() };
}

function lastSent(): { target: string; header: (name: string) => string | null } {
  const request = sent.at(-1)!;
  const url = new URL(request.url);
  return { target: url.pathname + url.search, header: (name) => request.headers.get(name) };
}

describe("path keys with a fragment (AWS style)", () => {
  it("generate warns about keys that cannot be told apart, and keys declared only in the body", () => {
    const routing = fixture.rendered.warnings.filter((warning) => warning.startsWith("routing:"));
    expect(routing).toEqual([
      "routing: SameFirst (GET /twice/{a}#Action=Same) and SameSecond (GET /twice/{b}#Action=Same) answer the same requests: SameSecond is never reached",
      "routing: PostForm (POST /#Action=PostForm) is told apart by Action, which it declares only in its request body: the server routes by the query (where the generated client also sends it), so a client that sends Action only in the body gets a 404",
    ]);
  });

  it("sends a key declared in a form body in the query too, and the body as given", async () => {
    const posted = await client.postForm!({ body: { Action: "PostForm", Name: "n" } });
    expect(posted).toMatchObject({ status: 200, data: { handler: "postForm" } });
    expect(lastSent().target).toBe("/?Action=PostForm");
    expect(await sent.at(-1)!.text()).toBe("Action=PostForm&Name=n");
  });

  it("routes by the Action the client sends in the query, once", async () => {
    const described = await client.describeThings!({
      query: { Action: "DescribeThings", Version: "2016-11-15", MaxResults: 5 },
    });
    expect(described).toMatchObject({ status: 200, data: { handler: "describeThings" } });
    expect(lastSent().target).toBe("/?Action=DescribeThings&Version=2016-11-15&MaxResults=5");
    expect(await client.postDescribeThings!({ query: { Action: "DescribeThings" } })).toMatchObject(
      { data: { handler: "postDescribeThings" } },
    );
    // an optional Action the call leaves out is sent from the fragment
    expect(await client.createThing!()).toMatchObject({ data: { handler: "createThing" } });
    expect(lastSent().target).toBe("/?Action=CreateThing");
    expect(await client.createThing!({ query: { Action: "Other" } })).toMatchObject({
      data: { handler: "createThing" },
    });
    expect(lastSent().target).toBe("/?Action=CreateThing");
  });

  it("sends the keys from a per-operation function too (its descriptor brings route-keys.ts)", async () => {
    expect(await functions.createThing!()).toMatchObject({ data: { handler: "createThing" } });
    expect(lastSent().target).toBe("/?Action=CreateThing");
    const described = await functions.describeThings!({
      query: { Action: "DescribeThings", Version: "2016-11-15" },
    });
    expect(described).toMatchObject({ status: 200, data: { handler: "describeThings" } });
    expect(lastSent().target).toBe("/?Action=DescribeThings&Version=2016-11-15");
    const operations = readFileSync(join(fixture.outDir, "operations.ts"), "utf8");
    expect(operations).toContain("routeKeys: $routeKeysOf");
  });

  it("routes by a header key, which the client sends even when the call leaves it out", async () => {
    const got = await client.getItem!({
      header: { "X-Amz-Target": "Store_2012.GetItem" },
      body: { key: "k" },
    });
    expect(got).toMatchObject({ status: 200, data: { handler: "getItem" } });
    expect(await client.putItem!({ body: { key: "k" } })).toMatchObject({
      data: { handler: "putItem" },
    });
    expect(lastSent().header("x-amz-target")).toBe("Store_2012.PutItem");
    expect(lastSent().target).toBe("/");
    // a value the fragment fixes is sent in place of another the call gives: it reaches PutItem
    const given = await client.putItem!({ header: { "X-Amz-Target": "x" }, body: { key: "k" } });
    expect(given).toMatchObject({ data: { handler: "putItem" } });
    expect(lastSent().header("x-amz-target")).toBe("Store_2012.PutItem");
  });

  it("routes a sub-resource key (`#tagging` → `?tagging`) apart from its resource", async () => {
    expect(await client.deleteBucketTagging!({ path: { Bucket: "photos" } })).toMatchObject({
      data: { handler: "deleteBucketTagging" },
    });
    expect(lastSent().target).toBe("/photos?tagging");
    expect(await client.deleteBucket!({ path: { Bucket: "photos" } })).toMatchObject({
      data: { handler: "deleteBucket" },
    });
    expect(lastSent().target).toBe("/photos");
    expect(await client.getBucketAcl!({ path: { Bucket: "photos" } })).toMatchObject({
      data: { handler: "getBucketAcl" },
    });
    expect((await raw("/photos?tagging=")).body).toMatchObject({ handler: "listObjects" });
    expect((await raw("/photos?policy=")).body).toMatchObject({ handler: "getBucketPolicy" });
  });

  it("never hands a request without its keys, or fitting two operations alike, to a guess", async () => {
    expect((await raw("/")).status).toBe(404);
    expect((await raw("/?Action=Unknown")).status).toBe(404);
    expect((await raw("/", { method: "POST", body: "{}" })).status).toBe(404);
    const wrongTarget = await raw("/", {
      method: "POST",
      headers: { "x-amz-target": "Store_2012.DeleteItem", "content-type": "application/json" },
      body: "{}",
    });
    expect(wrongTarget.status).toBe(404);
    // both sub-resources named: neither is chosen, nor the bucket listing
    expect((await raw("/photos?acl&policy")).status).toBe(404);
    // a repeated Action is routed by its first value, then refused as a parameter given twice
    expect(await raw("/?Action=CreateThing&Action=DescribeThings")).toMatchObject({
      status: 400,
      body: { detail: "query.Action was given 2 times; it takes one value" },
    });
  });
});
