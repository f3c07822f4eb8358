/**
 * The client's walk (templates/client/paginate.ts) against purpose-built servers on 127.0.0.1:
 * a server whose next link points at the page just read ends the walk with a PageLoopError (never
 * an endless loop), and a cursor list ends on `has_more: false`.
 */
import { afterEach, describe, expect, it } from "vitest";
import type { ClientOperationDescriptor } from "../../../templates/client/descriptor.js";
import { PageLoopError, walkItems } from "../../../templates/client/paginate.js";
import { createClientRuntime } from "../../../templates/client/runtime.js";
import { startScriptedServer, type PurposeServer } from "./purpose-servers.js";

let server: PurposeServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const json = (body: unknown, headers: Record<string, string> = {}) => ({
  status: 200,
  headers: { "content-type": "application/json", ...headers },
  body: JSON.stringify(body),
});

async function collect(op: ClientOperationDescriptor, answers: ReturnType<typeof json>[]) {
  server = await startScriptedServer(...answers);
  const runtime = createClientRuntime({ baseUrl: server.url, retry: false, rateLimitState: "own" });
  const items: unknown[] = [];
  const call = (init: object) => runtime.call(op, init);
  try {
    for await (const item of walkItems(op.operationId, op.pagination!, call)) items.push(item);
    return { items };
  } catch (error) {
    return { items, error };
  }
}

describe("the client's walk", () => {
  it("stops with a PageLoopError when the next link does not advance", async () => {
    const op: ClientOperationDescriptor = {
      operationId: "listThings",
      method: "get",
      path: "/things",
      secured: false,
      pagination: {
        style: "link",
        items: { in: "body", pointer: [] },
        next: { in: "header", name: "Link" },
      },
    };
    const stuck = json([1, 2], { link: '<?page=2>; rel="next"' });
    const { items, error } = await collect(op, [stuck]);
    expect(error).toBeInstanceOf(PageLoopError);
    expect((error as Error).message).toMatch(
      /^The next page of "listThings" is the page just read/,
    );
    expect(items).toEqual([1, 2, 1, 2]); // page 1, then page 2 (which links to itself)
  });

  it("a cursor list ends on has_more: false", async () => {
    const op: ClientOperationDescriptor = {
      operationId: "listCustomers",
      method: "get",
      path: "/v1/customers",
      secured: false,
      pagination: {
        style: "cursor",
        cursor: "starting_after",
        items: { in: "body", pointer: ["data"] },
        nextCursor: { in: "body", pointer: ["data", "-1", "id"] },
        hasMore: { in: "body", pointer: ["has_more"] },
      },
    };
    const { items, error } = await collect(op, [
      json({ data: [{ id: "a" }, { id: "b" }], has_more: true }),
      json({ data: [{ id: "c" }], has_more: false }),
      json({ data: [{ id: "never" }], has_more: false }),
    ]);
    expect(error).toBeUndefined();
    expect(items).toEqual([{ id: "a" }, { id: "b" }, { id: "c" }]);
  });
});
