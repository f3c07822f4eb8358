/**
 * MSW mocks of path keys with a fragment (`/#Action=…`, `/{Bucket}#tagging`): each operation answers
 * only the requests that carry its keys (query or header), so the keyless operation of the same
 * path does not swallow them, whatever the order of the table.
 */
import { setupServer } from "msw/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMocks, type MockOperation } from "../../templates/mocks/mock-handlers.js";

const answer = (handler: string, method: MockOperation["method"], path: string) => ({
  method,
  path,
  status: 200,
  responses: { 200: { status: 200, json: { handler }, headers: {} } },
});
const { handlers } = createMocks(
  {
    deleteBucket: answer("deleteBucket", "delete", "/{Bucket}"),
    deleteBucketTagging: answer("deleteBucketTagging", "delete", "/{Bucket}#tagging"),
    root: answer("root", "get", "/"),
    describe: answer("describe", "get", "/#Action=Describe"),
    getItem: answer("getItem", "post", "/#X-Amz-Target=S.GetItem"),
  },
  { baseUrl: "http://aws.mock.test" },
);
const server = setupServer(...handlers);
beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
afterAll(() => server.close());

async function handler(path: string, init?: RequestInit): Promise<unknown> {
  const response = await fetch(`http://aws.mock.test${path}`, init);
  return ((await response.json()) as { handler: unknown }).handler;
}

describe("mocks route by a fragment's keys", () => {
  it("answers each operation only with its keys", async () => {
    expect(await handler("/b?tagging", { method: "DELETE" })).toBe("deleteBucketTagging");
    expect(await handler("/b", { method: "DELETE" })).toBe("deleteBucket");
    expect(await handler("/?Action=Describe")).toBe("describe");
    expect(await handler("/?Action=Other")).toBe("root");
    const target = { method: "POST", headers: { "X-Amz-Target": "S.GetItem" } };
    expect(await handler("/", target)).toBe("getItem");
  });
});
