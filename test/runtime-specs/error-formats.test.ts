/**
 * The runtime's own error responses take the format the spec declares for the status (or
 * `default`, or the API's usual one) when the runtime can fill it, else RFC 9457 problem details;
 * `formatError` shapes them. Generated, served and called over real HTTP.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generateFixture, type GeneratedFixture } from "./serve-fixture.js";

let fixture: GeneratedFixture;
let server: { baseUrl: string; close(): Promise<void> };
beforeAll(async () => {
  fixture = await generateFixture("error-formats.yaml");
  server = await fixture.serve({ getPlain: () => ({ status: 200 }) }, { validateResponses: true });
}, 120_000);
afterAll(async () => {
  await server?.close();
  fixture?.remove();
});

async function call(method: string, path: string, init: RequestInit = {}) {
  const response = await fetch(`${server.baseUrl}${path}`, { method, ...init });
  return {
    status: response.status,
    type: response.headers.get("content-type"),
    allow: response.headers.get("allow"),
    body: (await response.json()) as Record<string, unknown>,
  };
}

describe("error formats", () => {
  it("fill a declared problem+json response", async () => {
    const answer = await call("POST", "/problems", {
      headers: { "content-type": "application/json" },
      body: "{}",
    });
    expect(answer).toMatchObject({ status: 400, type: "application/problem+json" });
    expect(answer.body).toEqual({
      type: "about:blank",
      title: "Bad Request",
      status: 400,
      detail: "body must have required property 'name' (required)",
    });
  });

  it("fill a nested error object declared under default and 4XX (OpenAI's shape)", async () => {
    const tooLong = await call("GET", "/models/abcdefgh");
    expect(tooLong).toMatchObject({ status: 400, type: "application/json" });
    expect(tooLong.body).toEqual({
      error: {
        message: expect.stringContaining("path.id must NOT have more than 5 characters"),
        type: "validation_failed",
        param: null,
        code: "validation_failed",
      },
    });
    // No handler: 501 is not declared, `default` is.
    expect((await call("GET", "/models/m1")).body).toEqual({
      error: {
        message: "Operation getModel is not implemented",
        type: "not_implemented",
        param: null,
        code: "not_implemented",
      },
    });
  });

  it("use the API's usual error format before routing (404, 405)", async () => {
    const missing = await call("GET", "/nowhere");
    expect(missing).toMatchObject({ status: 404, type: "application/json" });
    expect(missing.body).toEqual({
      error: {
        message: "No operation matches GET /nowhere",
        type: "not_found",
        param: null,
        code: "not_found",
      },
    });
    const wrongMethod = await call("PUT", "/models/m1");
    expect(wrongMethod).toMatchObject({ status: 405, allow: "GET, HEAD, DELETE" });
    expect(wrongMethod.body).toMatchObject({ error: { type: "method_not_allowed" } });
  });

  it("put the status in an integer code (the classic petstore error)", async () => {
    expect(await call("GET", "/classic?n=x")).toMatchObject({
      status: 400,
      type: "application/json",
      body: { code: 400, message: expect.stringContaining("query.n must") },
    });
  });

  it("answer RFC 9457 problem details when the declared format cannot be filled", async () => {
    for (const path of ["/plain?n=x", "/strict?n=x"]) {
      const answer = await call("GET", path);
      expect(answer.type, path).toBe("application/problem+json");
      expect(answer.body, path).toEqual({
        type: "about:blank",
        title: "Bad Request",
        status: 400,
        detail: expect.stringContaining("query.n must"),
        code: "validation_failed",
      });
    }
  });

  it("let a team shape them with formatError (falling back to the default when it returns undefined)", async () => {
    const shaped = await fixture.serve(
      {},
      {
        formatError: (error: {
          status: number;
          code: string;
          message: string;
          operationId?: string;
        }) =>
          error.status === 404
            ? {
                contentType: "application/vnd.team.error+json",
                body: { oops: error.code, where: error.operationId ?? null, why: error.message },
              }
            : undefined,
      },
    );
    try {
      const missing = await fetch(`${shaped.baseUrl}/nowhere`);
      expect(missing.status).toBe(404);
      expect(missing.headers.get("content-type")).toBe("application/vnd.team.error+json");
      expect(await missing.json()).toEqual({
        oops: "not_found",
        where: null,
        why: "No operation matches GET /nowhere",
      });
      const bad = await fetch(`${shaped.baseUrl}/classic?n=x`);
      expect(await bad.json()).toEqual({
        code: 400,
        message: expect.stringContaining("query.n must"),
      });
    } finally {
      await shaped.close();
    }
  });

  it("the generated descriptor names the usual format (the one declared most often)", () => {
    const source =
      fixture.rendered.files.find((file) => file.path === "server-api.ts")?.content ?? "";
    expect(source).toMatch(
      /errorFormat: \{\s*mediaType: "application\/json",\s*errorShape: errorShape\d/,
    );
    expect(source).toMatch(
      /error: \{\s*message: "message",\s*type: "code",\s*param: "null",\s*code: "code",?\s*\}/,
    );
  });
});
