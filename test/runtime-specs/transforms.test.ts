/**
 * The option `transforms: { dates: true, int64: "bigint" }` end to end, over real HTTP: the
 * generated client against the generated server of test/fixtures/runtime-specs/transforms.yaml.
 * An int64 past 2^53 (9007199254740993) goes client → server → client as a `bigint` with every
 * digit (path, query, header and body, nested in arrays, maps, `oneOf` and `allOf` branches); a
 * `date-time` is a `Date` on both sides; a `format: date` stays a `YYYY-MM-DD` string; the server
 * still validates what was sent; without the option, nothing changes.
 */
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generateFixture, type GeneratedFixture } from "./serve-fixture.js";

const ON = { dates: true, int64: "bigint" } as const;
const BIG = 9007199254740993n; // 2^53 + 1: a double reads it as 9007199254740992
const AT = "2026-03-04T05:06:07.890Z";

interface Result {
  readonly status: number;
  readonly ok: boolean;
  readonly data?: unknown;
  readonly error?: unknown;
}
type Call = (init?: object) => Promise<Result>;
type Client = Record<"putEvent" | "listEvents", Call>;
type ClientFactory = (options: object) => Client;

interface HandlerRequest {
  readonly path: Record<string, unknown>;
  readonly query: Record<string, unknown>;
  readonly header: Record<string, unknown>;
  readonly body: Record<string, unknown>;
}

/** The JavaScript type of a value, as the echo reports it. */
function typeName(value: unknown): string {
  if (value instanceof Date) return "Date";
  if (Array.isArray(value)) return `[${value.map(typeName).join(",")}]`;
  return typeof value;
}

/** Echoes what the handler received, with the types it saw. */
function putEvent(request: HandlerRequest) {
  const body = request.body;
  const detail = body.detail as Record<string, unknown> | undefined;
  const audit = body.audit as Record<string, unknown> | undefined;
  const tags = body.tags as Record<string, unknown>[] | undefined;
  const totals = body.totals as Record<string, unknown> | undefined;
  return {
    status: 200,
    body: {
      event: body,
      eventId: request.path.eventId,
      since: request.query.since,
      ids: request.query.ids,
      traceId: request.header["x-trace-id"],
      types: {
        eventId: typeName(request.path.eventId),
        since: typeName(request.query.since),
        ids: typeName(request.query.ids),
        traceId: typeName(request.header["x-trace-id"]),
        id: typeName(body.id),
        at: typeName(body.at),
        day: typeName(body.day),
        count: typeName(body.count),
        seen: typeName(tags?.[0]?.seen),
        total: typeName(totals?.a),
        when: typeName(detail?.when),
        revision: typeName(audit?.revision),
      },
    },
  };
}

const stored = {
  id: 7,
  at: AT,
  day: "2026-03-04",
  count: 2,
  tags: [{ name: "a", seen: "2026-01-01T00:00:00Z" }],
  detail: { kind: "note", text: "no date here" },
};

let fixture: GeneratedFixture;
let createClient: ClientFactory;
let plain: { baseUrl: string; close(): Promise<void> };
let transformed: { baseUrl: string; close(): Promise<void> };
const handlers = { putEvent, listEvents: () => ({ status: 200, body: [stored] }) };

beforeAll(async () => {
  fixture = await generateFixture("transforms.yaml");
  createClient = (
    (await import(join(fixture.outDir, "client.ts"))) as { createFixtureClient: ClientFactory }
  ).createFixtureClient;
  plain = await fixture.serve(handlers, { validateResponses: true });
  transformed = await fixture.serve(handlers, { validateResponses: true, transforms: ON });
}, 120_000);
afterAll(async () => {
  await plain?.close();
  await transformed?.close();
  fixture?.remove();
});

const event = {
  id: BIG,
  at: new Date(AT),
  day: "2026-03-04",
  count: 3,
  tags: [{ name: "a", seen: new Date("2026-01-01T00:00:00Z") }],
  totals: { a: BIG, b: 2n },
  detail: { kind: "moved", when: new Date("2026-02-02T01:02:03Z") },
  audit: { revision: BIG, by: "ops" },
};

describe("transforms on, client and server", () => {
  it("round-trips 9007199254740993 as a bigint and date-times as Dates, everywhere the plan says", async () => {
    const sent: string[] = [];
    const api = createClient({
      baseUrl: transformed.baseUrl,
      retry: false,
      transforms: ON,
      fetch: async (input: RequestInfo | URL, init?: RequestInit) => {
        const request = new Request(input, init);
        sent.push(`${request.url}\n${await request.clone().text()}`);
        return fetch(request);
      },
    });
    const result = await api.putEvent({
      path: { eventId: BIG },
      query: { since: new Date(AT), ids: [BIG, 1n] },
      header: { "X-Trace-Id": BIG },
      body: event,
    });
    expect(result.status).toBe(200);
    const data = result.data as Record<string, unknown>;
    // what the handler saw
    expect(data.types).toEqual({
      eventId: "bigint",
      since: "Date",
      ids: "[bigint,bigint]",
      traceId: "bigint",
      id: "bigint",
      at: "Date",
      day: "string",
      count: "number",
      seen: "Date",
      total: "bigint",
      when: "Date",
      revision: "bigint",
    });
    // what the client got back: the same values, every digit kept
    expect(data.eventId).toBe(BIG);
    expect(data.since).toEqual(new Date(AT));
    expect(data.ids).toEqual([BIG, 1n]);
    expect(data.traceId).toBe(BIG);
    expect(data.event).toEqual(event);
    // on the wire: JSON numbers with every digit, ISO 8601 strings
    expect(sent[0]).toContain(`/events/${BIG}?since=${encodeURIComponent(AT)}&ids=${BIG}&ids=1`);
    expect(sent[0]).toContain(`"id":${BIG}`);
    expect(sent[0]).toContain(`"at":"${AT}"`);
    expect(sent[0]).toContain('"day":"2026-03-04"');
  });

  it("keeps a format: date a YYYY-MM-DD string, reads lists, and leaves other branches alone", async () => {
    const api = createClient({ baseUrl: transformed.baseUrl, retry: false, transforms: ON });
    const result = await api.listEvents();
    expect(result.data).toEqual([
      {
        ...stored,
        id: 7n,
        at: new Date(AT),
        tags: [{ name: "a", seen: new Date("2026-01-01T00:00:00Z") }],
      },
    ]);
  });

  it("checks responses in their wire form with validateResponse on: strings and numbers, not Dates", async () => {
    const { validateFixtureResponse } = (await import(join(fixture.outDir, "validate.ts"))) as {
      validateFixtureResponse: (context: { body: unknown }) => void;
    };
    const seen: { body: unknown }[] = [];
    const api = createClient({
      baseUrl: transformed.baseUrl,
      retry: false,
      transforms: ON,
      validateResponse: (context: { body: unknown }) => {
        seen.push(context);
        validateFixtureResponse(context);
      },
    });
    const result = await api.listEvents();
    expect(result.ok).toBe(true);
    expect((result.data as { at: unknown }[])[0]!.at).toEqual(new Date(AT));
    // the Dates written back as ISO 8601 (milliseconds included), the int64 as a number
    const tags = [{ name: "a", seen: "2026-01-01T00:00:00.000Z" }];
    expect(seen.map((context) => context.body)).toEqual([[{ ...stored, at: AT, tags }]]);
    // the same check on the decoded value fails: that is what the wire form avoids
    expect(() => validateFixtureResponse({ ...seen[0]!, body: result.data })).toThrow();
  });

  it("still validates what was sent: a date-time that is no date-time is a 400", async () => {
    const response = await fetch(`${transformed.baseUrl}/events/1`, {
      method: "PUT",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ id: 1, at: "yesterday", day: "2026-03-04" }),
    });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("at");
  });

  it("answers exactly what the server sends to a plain client (the wire form is the spec's)", async () => {
    const response = await fetch(`${transformed.baseUrl}/events`);
    expect(await response.json()).toEqual([stored]);
  });
});

describe("transforms off (the default)", () => {
  it("returns exactly what JSON.parse gives, on the client and in the handler", async () => {
    const api = createClient({ baseUrl: plain.baseUrl, retry: false });
    const listed = await api.listEvents();
    const wire = (await (await fetch(`${plain.baseUrl}/events`)).json()) as unknown;
    expect(listed.data).toEqual(wire);
    expect(listed.data).toEqual([stored]);
    const put = await api.putEvent({
      path: { eventId: 5 },
      query: { since: AT, ids: [1, 2] },
      body: { id: 5, at: AT, day: "2026-03-04" },
    });
    const data = put.data as { types: Record<string, string>; event: unknown };
    expect(data.event).toEqual({ id: 5, at: AT, day: "2026-03-04" });
    expect(data.types).toMatchObject({
      eventId: "number",
      since: "string",
      ids: "[number,number]",
      id: "number",
      at: "string",
    });
  });

  it("a client with the option reads a plain server's answers the same way", async () => {
    const api = createClient({ baseUrl: plain.baseUrl, retry: false, transforms: { dates: true } });
    const listed = await api.listEvents();
    expect(listed.data).toEqual([
      {
        ...stored,
        at: new Date(AT),
        tags: [{ name: "a", seen: new Date("2026-01-01T00:00:00Z") }],
      },
    ]);
  });
});
