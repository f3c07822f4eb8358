/**
 * Wire forms client and server must agree on (test/fixtures/runtime-specs/wire-forms.yaml): what
 * the generated client puts on the wire (seen by a recording fetch), and what the generated server
 * reads from it, over real HTTP. JSON-content parameters, an object-or-null header, nested objects
 * in an exploded form query, arrays of objects in a query, label paths from the template's
 * operators, a path id that is an integer or a name, a urlencoded body that is a string or an
 * array, multipart JSON parts.
 */
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  generateFixture,
  recordingClient,
  recordingOperations,
  type GeneratedFixture,
} from "./serve-fixture.js";

interface Received {
  path?: unknown;
  query?: unknown;
  header?: Record<string, unknown>;
  cookie?: unknown;
  body?: unknown;
}
type Call = (init: Record<string, unknown>) => Promise<{ status: number; error: unknown }>;

let fixture: GeneratedFixture;
let server: { baseUrl: string; close(): Promise<void> };
let received: Received | undefined;
const sent: Request[] = [];
let client: Record<string, Call>;
let functions: Record<string, Call>;

beforeAll(async () => {
  fixture = await generateFixture("wire-forms.yaml");
  const record = (status: number) => async (request: Received & { body?: unknown }) => {
    const body = request.body instanceof Blob ? { bytes: await request.body.text() } : request.body;
    received = {
      path: request.path,
      query: request.query,
      header: request.header,
      cookie: request.cookie,
      body,
    };
    return status === 200 ? { status, body: {} } : { status };
  };
  server = await fixture.serve({
    jsonParameters: record(204),
    search: record(200),
    labels: record(204),
    getWorkflow: record(204),
    getBoxes: record(204),
    postNote: record(204),
    putNames: record(204),
    upload: record(204),
  });
  client = await recordingClient<Call>(fixture, server.baseUrl, sent);
  functions = await recordingOperations<Call>(fixture, server.baseUrl, sent);
}, 120_000);
afterAll(async () => {
  await server?.close();
  fixture?.remove();
});

/**
 * Calls an operation with the generated client (or its per-operation function over the core):
 * what went on the wire, and what the handler got.
 */
async function exchange(
  method: string,
  init: Record<string, unknown>,
  through: Record<string, Call> = client,
): Promise<{ request: Request; status: number; received: Received | undefined; error: unknown }> {
  received = undefined;
  sent.length = 0;
  const result = await through[method]!(init);
  return { request: sent[0]!, status: result.status, received, error: result.error };
}

async function raw(
  target: string,
  init: RequestInit = {},
): Promise<{ status: number; detail?: string }> {
  received = undefined;
  const response = await fetch(`${server.baseUrl}${target}`, init);
  const text = await response.text();
  return {
    status: response.status,
    ...(text === "" ? {} : { detail: (JSON.parse(text) as { detail?: string }).detail }),
  };
}

describe("parameters described by a JSON content", () => {
  it.each([
    ["the whole client", () => client],
    ["the per-operation function (its descriptor brings json-parameters.ts)", () => functions],
  ])(
    "travel as JSON text in the path, query, header and cookie, and arrive parsed: %s",
    async (_, through) => {
      const filter = { prop: "abc" };
      const { request, status, received } = await exchange(
        "jsonParameters",
        {
          path: { where: filter },
          query: { filter },
          header: { "X-Filter": filter, "X-Nullable": { prop: "n" } },
          cookie: { prefs: filter },
        },
        through(),
      );
      expect(status).toBe(204);
      const json = encodeURIComponent(JSON.stringify(filter));
      expect(request.url).toBe(`${server.baseUrl}/json/${json}?filter=${json}`);
      expect(request.headers.get("x-filter")).toBe('{"prop":"abc"}');
      expect(request.headers.get("cookie")).toBe(`prefs=${json}`);
      expect(received).toMatchObject({
        path: { where: filter },
        query: { filter },
        header: { "x-filter": filter },
        cookie: { prefs: filter },
      });
    },
  );

  it("are validated once parsed, and refused when they are not JSON", async () => {
    const headers = { "x-filter": '{"prop":"abc"}', "x-nullable": "prop,n" };
    const good = encodeURIComponent('{"prop":"abc"}');
    expect((await raw(`/json/${good}?filter=${good}`, { method: "POST", headers })).status).toBe(
      204,
    );
    const notJson = await raw(`/json/${good}?filter=${good}`, {
      method: "POST",
      headers: { ...headers, "x-filter": "prop,abc" },
    });
    expect(notJson).toMatchObject({
      status: 400,
      detail: expect.stringMatching(/^header\.x-filter is not valid JSON/) as unknown,
    });
    const invalid = await raw(`/json/${good}?filter=${encodeURIComponent('{"prop":"ABC"}')}`, {
      method: "POST",
      headers,
    });
    expect(invalid).toMatchObject({
      status: 400,
      detail: expect.stringMatching(/^query\.filter\.prop must match pattern/) as unknown,
    });
  });
});

describe("object parameters", () => {
  it("read an object-or-null header as an object (the null branch has no form)", async () => {
    const { status, received } = await exchange("jsonParameters", {
      path: { where: { prop: "a" } },
      query: { filter: { prop: "a" } },
      header: { "X-Filter": { prop: "a" }, "X-Nullable": { prop: "xyz" } },
    });
    expect(status).toBe(204);
    expect(received?.header?.["x-nullable"]).toEqual({ prop: "xyz" });
  });

  it("send nested objects of an exploded form query in brackets, and read them back", async () => {
    const scope = { first: { second: { third: "deep value" } } };
    const { request, status, received } = await exchange("search", { query: { scope } });
    expect(status).toBe(200);
    expect(new URL(request.url).search).toBe("?first[second][third]=deep%20value");
    expect(received?.query).toEqual({ scope });
    const missing = await raw("/search?first[second][other]=x");
    expect(missing).toMatchObject({
      status: 400,
      detail: "query.scope.first.second must have required property 'third' (required)",
    });
  });

  it("send each object of a query array as JSON, and read each back", async () => {
    const filters = [{ prop: "one" }, { prop: "two" }];
    const { request, status, received } = await exchange("search", {
      query: { scope: { first: { second: { third: "x" } } }, filters },
    });
    expect(status).toBe(200);
    expect(new URL(request.url).searchParams.getAll("filters")).toEqual([
      '{"prop":"one"}',
      '{"prop":"two"}',
    ]);
    expect(received?.query).toMatchObject({ filters });
    const broken = await raw("/search?first[second][third]=x&filters=prop");
    expect(broken).toMatchObject({
      status: 400,
      detail: expect.stringMatching(/^query\.filters is not valid JSON/) as unknown,
    });
    const invalid = await raw(
      `/search?first[second][third]=x&filters=${encodeURIComponent('{"prop":"UP"}')}`,
    );
    expect(invalid).toMatchObject({
      status: 400,
      detail: expect.stringMatching(/^query\.filters\[0\]\.prop must match pattern/) as unknown,
    });
  });
});

describe("an array of objects in a path (simple style)", () => {
  it("sends each object as percent-encoded JSON, comma-separated, and reads each back", async () => {
    const boxes = [{ prop: "a" }, { prop: "b" }];
    const { request, status, received } = await exchange("getBoxes", { path: { boxes } });
    expect(status).toBe(204);
    expect(new URL(request.url).pathname).toBe(
      `/boxes/${boxes.map((box) => encodeURIComponent(JSON.stringify(box))).join(",")}`,
    );
    expect(received?.path).toEqual({ boxes });
  });
});

describe("label paths from the template's operators ({.point*})", () => {
  it("send a '.' inside a value encoded, so that exploded items split right", async () => {
    const { request, status, received } = await exchange("labels", {
      path: { point: { e: "x.y", g: 1.5 }, amounts: [2.5, -3, 1e21] },
    });
    expect(status).toBe(204);
    expect(new URL(request.url).pathname).toBe("/labels/.e=x%2Ey.g=1%2E5/.2%2E5.-3.1e%2B21");
    expect(received?.path).toEqual({ point: { e: "x.y", g: 1.5 }, amounts: [2.5, -3, 1e21] });
  });

  it("read the label style on the server, a value without its leading '.' being a 400", async () => {
    expect((await raw("/labels/.e=a.g=2/.1")).status).toBe(204);
    expect(received?.path).toEqual({ point: { e: "a", g: 2 }, amounts: [1] });
    expect(await raw("/labels/e=a.g=2/.1")).toMatchObject({
      status: 400,
      detail: "path.point must start with . (label style)",
    });
  });
});

describe("a path id that is an integer or a name (oneOf: [integer, string])", () => {
  it("reads the first branch the text fits: digits are the integer, anything else the string", async () => {
    expect((await raw("/workflows/42")).status).toBe(204);
    expect(received?.path).toEqual({ workflow_id: 42 });
    expect((await raw("/workflows/main.yml")).status).toBe(204);
    expect(received?.path).toEqual({ workflow_id: "main.yml" });
    const { status, received: fromClient } = await exchange("getWorkflow", {
      path: { workflow_id: 7 },
    });
    expect(status).toBe(204);
    expect(fromClient?.path).toEqual({ workflow_id: 7 });
  });
});

describe("urlencoded bodies whose schema is not an object", () => {
  it("a string is the form's text: sent as given, handed over as text and validated", async () => {
    const { request, status, received } = await exchange("postNote", { body: "a=1&b=two" });
    expect(status).toBe(204);
    expect(request.headers.get("content-type")).toBe("application/x-www-form-urlencoded");
    expect(await request.text()).toBe("a=1&b=two");
    expect(received?.body).toBe("a=1&b=two");
    const long = await raw("/notes", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "x".repeat(41),
    });
    expect(long).toMatchObject({
      status: 400,
      detail: "body must NOT have more than 40 characters (maxLength)",
    });
  });

  it("an array has no form: generate warns naming the operation, and the server refuses it", async () => {
    expect(
      fixture.rendered.warnings.some((warning) =>
        warning.startsWith(
          "operation putNames: its application/x-www-form-urlencoded body is of type array, which no form carries",
        ),
      ),
    ).toBe(true);
    const { status } = await exchange("putNames", { body: ["a", "b"] });
    expect(status).toBe(400);
    expect(received).toBeUndefined();
  });
});

describe("multipart JSON parts", () => {
  it("parse an object-or-null part as JSON, and keep empty arrays inside a part", async () => {
    const tree = { children: [{ children: [] }] };
    const { status, received } = await exchange("upload", {
      body: { meta: { prop: "m" }, tree, file: new Blob(["bytes"]) },
    });
    expect(status).toBe(204);
    expect(received?.body).toMatchObject({ meta: { prop: "m" }, tree });
  });
});
