/**
 * What a handler may return beyond plain JSON: a body JSON cannot carry is a 500 through
 * `onError` (never a silent `{}`), async iterables stream as NDJSON or server-sent events, and
 * `replyFor` names an undeclared status in the compiler's message.
 */
import { describe, expect, expectTypeOf, it } from "vitest";
import type {
  ApiDescriptor,
  ServerOperationDescriptor,
} from "../../../templates/server/core/descriptor.js";
import { replyFor } from "../../../templates/server/core/reply.js";
import { streamBodies } from "../../../templates/server/core/stream-writer.js";
import { compileBody, handlers, api as fixtureApi } from "./fixture-api.js";
import { testServer } from "./helpers.js";

const health = fixtureApi.operations.find((operation) => operation.operationId === "health");
const events: ServerOperationDescriptor = {
  ...health!,
  operationId: "petEvents",
  path: "/pet-events",
  responses: {
    "200": {
      validate: compileBody({ type: "object" }),
      mediaType: "application/x-ndjson",
      mediaTypes: ["application/x-ndjson", "text/event-stream"],
    },
  },
};
const api: ApiDescriptor = {
  ...fixtureApi,
  rateLimits: undefined,
  operations: [...fixtureApi.operations, events],
  readers: { ...fixtureApi.readers, streamBodies },
} as ApiDescriptor;

async function* pets(closed: { value: boolean }, failAt = -1) {
  try {
    for (let id = 1; id <= 3; id++) {
      if (id === failAt) throw new Error("cursor lost");
      yield { id, name: `pet ${id}` };
    }
  } finally {
    closed.value = true;
  }
}

describe("a body JSON cannot carry", () => {
  it.each([
    ["a ReadableStream", () => new ReadableStream()],
    ["a Map", () => new Map([["a", 1]])],
    ["a promise (await it)", () => Promise.resolve({ id: 1 })],
  ])(
    "%s where JSON is declared is a 500 with onError, even without response validation",
    async (reason, make) => {
      const server = testServer({
        api,
        validateResponses: false,
        handlers: { ...handlers, health: () => ({ status: 200, body: make() }) },
      });
      const answer = await server.call("GET", "/health");
      expect(answer.status).toBe(500);
      expect(answer.text).not.toBe("{}");
      expect(server.logged).toHaveLength(1);
      expect(String(server.logged[0]?.error)).toContain(
        `health answered 200 with ${reason} as its application/json body`,
      );
    },
  );
});

describe("streamed bodies from an async iterable", () => {
  it("sends NDJSON, one item a line, and ends the iteration", async () => {
    const closed = { value: false };
    const server = testServer({
      api,
      handlers: { ...handlers, petEvents: () => ({ status: 200, body: pets(closed) }) },
    });
    const response = await server.handler(new Request("http://api.test/pet-events"));
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/x-ndjson");
    expect((await response.text()).split("\n")).toEqual([
      '{"id":1,"name":"pet 1"}',
      '{"id":2,"name":"pet 2"}',
      '{"id":3,"name":"pet 3"}',
      "",
    ]);
    expect(closed.value).toBe(true);
  });

  it("sends server-sent events with event, id and multi-line data", async () => {
    async function* feed() {
      yield { event: "created", id: "1", data: { id: 1 } };
      yield { data: "two\nlines" };
    }
    const server = testServer({
      api,
      handlers: {
        ...handlers,
        petEvents: () => ({
          status: 200,
          body: feed(),
          headers: { "content-type": "text/event-stream" },
        }),
      },
    });
    const answer = await server.call("GET", "/pet-events");
    expect(answer.text).toBe('event: created\nid: 1\ndata: {"id":1}\n\ndata: two\ndata: lines\n\n');
  });

  it("cuts the stream and reports an item that fails after the status was sent", async () => {
    const closed = { value: false };
    const server = testServer({
      api,
      handlers: { ...handlers, petEvents: () => ({ status: 200, body: pets(closed, 2) }) },
    });
    const response = await server.handler(new Request("http://api.test/pet-events"));
    expect(response.status).toBe(200);
    await expect(response.text()).rejects.toThrow();
    expect(String(server.logged[0]?.error)).toContain("cursor lost");
    expect(closed.value).toBe(true);
  });

  it("stops pulling items when the client goes away", async () => {
    const closed = { value: false };
    let pulled = 0;
    async function* endless() {
      try {
        for (;;) yield { n: ++pulled };
      } finally {
        closed.value = true;
      }
    }
    const server = testServer({
      api,
      handlers: { ...handlers, petEvents: () => ({ status: 200, body: endless() }) },
    });
    const response = await server.handler(new Request("http://api.test/pet-events"));
    const reader = response.body!.getReader();
    await reader.read();
    await reader.cancel();
    expect(closed.value).toBe(true);
    expect(pulled).toBeLessThan(5);
  });
});

describe("replyFor", () => {
  type Response =
    | { status: 200; body: { id: number } }
    | { status: 204 }
    | { status: 404; body: { message: string }; headers?: { "X-Reason"?: string } };
  const reply = replyFor<Response>();

  it("builds the declared response of a status", () => {
    expect(reply(200, { body: { id: 1 } })).toEqual({ status: 200, body: { id: 1 } });
    expect(reply(204)).toEqual({ status: 204 });
    expectTypeOf(reply(404, { body: { message: "x" } })).toEqualTypeOf<
      Extract<Response, { status: 404 }>
    >();
  });

  it("names an undeclared status in the compiler's message", () => {
    // @ts-expect-error status 418 is not declared for this operation in the spec
    reply(418, { body: {} });
    // @ts-expect-error the body of a 200 is { id: number }
    reply(200, { body: { id: "one" } });
    expectTypeOf<
      Parameters<typeof reply<418>>[1]
    >().toEqualTypeOf<"status 418 is not declared for this operation in the spec">();
  });
});
