/**
 * The per-operation functions (operations.ts) on the constructs of
 * test/fixtures/client-constructs/constructs.yaml, over real HTTP (constructs-server.ts): the
 * core has no codec of its own, so each of these works only because its operation's descriptor
 * references the module it needs (the event-stream reader, its resumption, the multipart writer
 * alone).
 * The same calls as client-constructs.test.ts makes through the whole client.
 */
import { join } from "node:path";
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startConstructsServer, type ConstructsServer } from "./constructs-server.js";
import { generateFixture, type GeneratedFixture } from "./generate-fixture.js";

const SPEC = "test/fixtures/client-constructs/constructs.yaml";

type Call = (client: object, init?: Record<string, unknown>) => Promise<Result>;
interface Result {
  readonly ok: boolean;
  readonly status: number;
  readonly data: unknown;
}
interface Operations {
  createClientConstructsCore(options: { baseUrl: string }): object;
  createChat: Call;
  uploadFile: Call;
}

let fixture: GeneratedFixture;
let server: ConstructsServer;
let ops: Operations;
let api: object;

beforeAll(async () => {
  fixture = await generateFixture(SPEC);
  server = await startConstructsServer();
  ops = (await import(join(fixture.out, "operations.ts"))) as Operations;
  api = ops.createClientConstructsCore({ baseUrl: server.url });
}, 120_000);
afterAll(async () => {
  await server?.close();
  fixture?.remove();
});

const hello = { messages: [{ role: "user", content: "hi" }] };

async function events(result: Result): Promise<unknown[]> {
  if (!result.ok) throw new Error(`status ${result.status}`);
  const out: unknown[] = [];
  for await (const event of result.data as AsyncIterable<{ id?: string; data: unknown }>)
    out.push({ id: event.id, data: event.data });
  return out;
}

describe("codecs referenced by the descriptors", () => {
  it("writes each descriptor's codecs, and only the operation's own", () => {
    const source = readFileSync(join(fixture.out, "operations.ts"), "utf8");
    const descriptor = (name: string) => {
      const start = source.indexOf(`const $${name} = {`);
      return source.slice(start, source.indexOf("} as const satisfies", start));
    };
    expect(descriptor("createChat")).toMatch(/codecs: \{\s+streams: \$readStreamResult,/);
    // JSON or multipart: the multipart writer alone
    expect(descriptor("uploadFile")).toMatch(/otherBody: \$encodeMultipartBody/);
    expect(descriptor("uploadFile")).not.toContain("streams");
    expect(descriptor("deleteFile")).not.toContain("codecs");
  });

  it("reads an event stream as it arrives (the streams codec of createChat)", async () => {
    const result = await ops.createChat(api, { body: { ...hello, stream: true } });
    expect(await events(result)).toEqual([
      { id: "1", data: { delta: "Hel" } },
      { id: "2", data: { delta: "lo" } },
    ]);
  });

  it("resumes a dropped stream with Last-Event-ID (resumeStream)", async () => {
    const before = server.received.length;
    const result = await ops.createChat(api, {
      body: { ...hello, stream: true },
      headers: { "x-mode": "drop" },
      resumeStream: true,
    });
    expect(await events(result)).toEqual([
      { id: "1", data: { delta: "a" } },
      { id: "2", data: { delta: "b" } },
      { id: "3", data: { delta: "after 2" } },
    ]);
    expect(server.received.length - before).toBe(2);
  });

  it("sends a multipart body (the otherBody codec of uploadFile)", async () => {
    const file = new File(["PNGDATA"], "a.png", { type: "image/png" });
    const result = await ops.uploadFile(api, {
      contentType: "multipart/form-data",
      body: { file, label: "logo" },
    });
    expect(result.status).toBe(201);
    const sent = server.received.at(-1)!;
    expect(sent.contentType).toMatch(/^multipart\/form-data; boundary=/);
    expect(sent.body.toString("latin1")).toContain('name="file"; filename="a.png"');
  });
});
