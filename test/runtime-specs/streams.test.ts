/**
 * NDJSON and server-sent events produced from an async iterable (test/fixtures/runtime-specs/
 * streams.yaml): the handler types take an async iterable of the spec's item schema (an event's
 * `data` for SSE), and the wrong item does not compile; over HTTP the items arrive one per line
 * or per event, pulled as the client reads, and a client that goes away ends the iteration.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { typecheckFolders } from "../generator/typecheck.js";
import { generateFixture, type GeneratedFixture } from "./serve-fixture.js";

let fixture: GeneratedFixture;
let server: { baseUrl: string; close(): Promise<void> };
let finished = 0;
beforeAll(async () => {
  fixture = await generateFixture("streams.yaml");
  server = await fixture.serve(
    {
      exportRecords: () => ({
        status: 200,
        body: (async function* () {
          for (let id = 1; id <= 3; id++) yield { id, name: `record ${id}` };
        })(),
      }),
      watchRecords: () => ({
        status: 200,
        body: (async function* () {
          try {
            yield { event: "created", id: "1", data: { id: 1, name: "one" } };
            yield { data: { id: 2, name: "two\nlines" } };
            for (let id = 3; ; id++) {
              await new Promise((resolve) => setTimeout(resolve, 5));
              yield { data: { id, name: "tick" } };
            }
          } finally {
            finished += 1;
          }
        })(),
      }),
    },
    { validateResponses: true },
  );
}, 120_000);
afterAll(async () => {
  await server?.close();
  fixture?.remove();
});

describe("streamed handler results", () => {
  it("are typed from the item schema", () => {
    writeFileSync(
      join(fixture.outDir, "stream-handlers.ts"),
      `import type { FixtureHandlers } from "./server.js";

export const handlers: Pick<FixtureHandlers, "exportRecords" | "watchRecords"> = {
  exportRecords: () => ({
    status: 200,
    body: (async function* () {
      yield { id: 1, name: "one" };
    })(),
  }),
  watchRecords: () => ({
    status: 200,
    body: (async function* () {
      yield { event: "created", data: { id: 1, name: "one" } };
    })(),
  }),
};

export const wrongItem: Pick<FixtureHandlers, "exportRecords"> = {
  exportRecords: () => ({
    status: 200,
    body: (async function* () {
      yield { id: "1" }; // EXPECT an error: id is an integer and name is required
    })(),
  }),
};

export const notAnEvent: Pick<FixtureHandlers, "watchRecords"> = {
  watchRecords: () => ({
    status: 200,
    body: (async function* () {
      yield { id: 1, name: "one" }; // EXPECT an error: an event carries the item in data
    })(),
  }),
};
`,
    );
    const errors = typecheckFolders([fixture.outDir]);
    // each wrong generator is refused at its `body:` (the line above its EXPECT comment; 1-based)
    const text = readFileSync(join(fixture.outDir, "stream-handlers.ts"), "utf8").split("\n");
    const expected = text.flatMap((line, index) => (line.includes("// EXPECT") ? [index] : []));
    const found = errors.map((error) => /stream-handlers\.ts:(\d+) (.*)/.exec(error));
    expect(
      found.map((match) => Number(match?.[1])),
      errors.join("\n"),
    ).toEqual(expected);
    expect(found[0]?.[2]).toContain("NdjsonBody<{ id: number; name: string; }>");
    expect(found[1]?.[2]).toContain("EventStreamBody<{ id: number; name: string; }>");
  }, 120_000);

  it("send NDJSON one item per line", async () => {
    const response = await fetch(`${server.baseUrl}/exports`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("application/x-ndjson");
    const lines = (await response.text()).split("\n");
    expect(lines).toEqual([
      '{"id":1,"name":"record 1"}',
      '{"id":2,"name":"record 2"}',
      '{"id":3,"name":"record 3"}',
      "",
    ]);
  });

  it("send one server-sent event per item, and stop iterating when the client goes away", async () => {
    const controller = new AbortController();
    const response = await fetch(`${server.baseUrl}/events`, { signal: controller.signal });
    expect(response.headers.get("content-type")).toContain("text/event-stream");
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    let text = "";
    while ((text.match(/\n\n/g) ?? []).length < 4) {
      const { value } = await reader.read();
      text += decoder.decode(value, { stream: true });
    }
    expect(text).toMatch(
      /^event: created\nid: 1\ndata: \{"id":1,"name":"one"\}\n\ndata: \{"id":2,"name":"two\\nlines"\}\n\ndata: \{"id":3,"name":"tick"\}\n\n/,
    );
    controller.abort();
    await reader.cancel().catch(() => undefined);
    for (let i = 0; i < 100 && finished === 0; i++) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    expect(finished).toBe(1);
  });
});
