/**
 * A success is what its type says (issue 34 item 2, issue 33 item 5): a 2XX whose Content-Type the
 * spec does not declare for its status, or whose declared JSON does not parse, is a failure result
 * (`ok: false`, an `UnexpectedResponseBody` naming the operation and status) and throws under
 * `throwOnError`; with response validation on, a `ResponseValidationError`. Over real HTTP: a
 * purpose-built server on 127.0.0.1 playing a proxy, and the reference server for the honest cases.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createPetStoreClient } from "../../generated/client.js";
import { validatePetStoreResponse } from "../../generated/validate.js";
import { ApiError } from "../../generated/runtime/client/api-error.js";
import { ResponseValidationError } from "../../generated/runtime/client/response-validation.js";
import { UnexpectedResponseBody } from "../../generated/runtime/client/unexpected-body.js";
import { startContractServer, type ContractServer } from "../contract/harness.js";
import {
  startScriptedServer,
  type PurposeServer,
  type ScriptedAnswer,
} from "../templates/client/purpose-servers.js";

const servers: PurposeServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});
async function serve(...answers: ScriptedAnswer[]): Promise<PurposeServer> {
  const server = await startScriptedServer(...answers);
  servers.push(server);
  return server;
}

const MAINTENANCE = "<html><body>Down for maintenance</body></html>";
const quiet = { onDeprecation: () => undefined, retry: false } as const;

describe("a 2XX that is not the declared success is a failure", () => {
  const cases: ReadonlyArray<
    [
      string,
      { answer: ScriptedAnswer; reason: string; message: RegExp; contentType: string | null },
    ]
  > = [
    [
      "a proxy's 200 text/html maintenance page",
      {
        answer: { status: 200, headers: { "content-type": "text/html" }, body: MAINTENANCE },
        reason: "undeclared content type",
        message:
          /^listPets got 200 OK with text\/html \(the spec declares application\/json\): <html>/,
        contentType: "text/html",
      },
    ],
    [
      "declared JSON that does not parse",
      {
        answer: { status: 200, headers: { "content-type": "application/json" }, body: "[{" },
        reason: "invalid JSON",
        message: /^listPets got 200 OK with JSON that does not parse \(.+\): \[\{$/,
        contentType: "application/json",
      },
    ],
    [
      "a body without a Content-Type",
      {
        answer: { status: 200, body: "[]" },
        reason: "undeclared content type",
        message: /^listPets got 200 OK with no Content-Type/,
        contentType: null,
      },
    ],
  ];

  it.each(cases)(
    "%s: ok false, an UnexpectedResponseBody naming the operation and status",
    async (_name, c) => {
      const server = await serve(c.answer);
      const api = createPetStoreClient({ baseUrl: server.url, apiKey: "k", ...quiet });
      const result = await api.listPets();
      expect(result.ok).toBe(false);
      expect(result.status).toBe(200);
      expect(result.data).toBeUndefined();
      expect(result.error).toBeInstanceOf(UnexpectedResponseBody);
      const error = result.error as UnexpectedResponseBody;
      expect(error.operationId).toBe("listPets");
      expect(error.reason).toBe(c.reason);
      expect(error.status).toBe(200);
      expect(error.contentType).toBe(c.contentType);
      expect(error.text).toBe(c.answer.body);
      expect(error.message).toMatch(c.message);
    },
  );

  it("throws an ApiError carrying it under throwOnError (client or call)", async () => {
    const server = await serve({
      status: 200,
      headers: { "content-type": "text/html" },
      body: MAINTENANCE,
    });
    const api = createPetStoreClient({
      baseUrl: server.url,
      apiKey: "k",
      throwOnError: true,
      ...quiet,
    });
    const thrown = await api.listPets().catch((error: unknown) => error);
    expect(thrown).toBeInstanceOf(ApiError);
    expect((thrown as ApiError).status).toBe(200);
    expect((thrown as ApiError).error).toBeInstanceOf(UnexpectedResponseBody);
    expect((thrown as ApiError).message).toContain(
      "listPets failed with 200 OK: listPets got 200 OK with text/html",
    );
    const lenient = createPetStoreClient({ baseUrl: server.url, apiKey: "k", ...quiet });
    await expect(lenient.listPets({ throwOnError: true })).rejects.toBeInstanceOf(ApiError);
  });

  it("with response validation, unparsable JSON is a ResponseValidationError, not a bare SyntaxError", async () => {
    const server = await serve({
      status: 200,
      headers: { "content-type": "application/json" },
      body: "{not json",
    });
    const api = createPetStoreClient({
      baseUrl: server.url,
      apiKey: "k",
      validateResponse: validatePetStoreResponse,
      ...quiet,
    });
    const thrown = await api.listPets().catch((error: unknown) => error);
    expect(thrown).toBeInstanceOf(ResponseValidationError);
    expect((thrown as ResponseValidationError).operationId).toBe("listPets");
    expect((thrown as ResponseValidationError).status).toBe(200);
    expect((thrown as ResponseValidationError).message).toContain(
      "listPets got 200 OK with JSON that does not parse",
    );
  });

  it("keeps the honest edges: another JSON media type, charset parameters, an empty body", async () => {
    const server = await serve(
      { status: 200, headers: { "content-type": "application/vnd.api+json" }, body: "[]" },
      { status: 200, headers: { "content-type": "Application/JSON; charset=utf-8" }, body: "[]" },
      { status: 200, headers: { "content-length": "0" } },
    );
    const api = createPetStoreClient({ baseUrl: server.url, apiKey: "k", ...quiet });
    for (let i = 0; i < 2; i++) {
      const result = await api.listPets();
      expect(result.ok).toBe(true);
      expect(result.data).toEqual([]);
    }
    const empty = await api.listPets();
    expect(empty.ok).toBe(true);
    expect(empty.data).toBeUndefined();
  });

  it("a 2XX the spec does not declare is checked against every declared success media type", async () => {
    const server = await serve(
      { status: 203, headers: { "content-type": "text/html" }, body: MAINTENANCE },
      { status: 203, headers: { "content-type": "application/json" }, body: "[]" },
    );
    const api = createPetStoreClient({ baseUrl: server.url, apiKey: "k", ...quiet });
    expect((await api.listPets()).ok).toBe(false);
    const json = await api.listPets();
    expect(json.ok).toBe(true);
    expect(json.data).toEqual([]);
  });
});

describe("against the reference server", () => {
  let contract: ContractServer;
  beforeAll(async () => {
    contract = await startContractServer();
  });
  afterAll(async () => {
    await contract.close();
  });

  it("declared successes stay successes, typed as the spec says", async () => {
    const api = createPetStoreClient({
      baseUrl: contract.baseUrl,
      apiKey: contract.key("pro"),
      ...quiet,
    });
    const result = await api.listPets({ query: { limit: 2 } });
    expect(result.ok).toBe(true);
    if (result.ok) expect(Array.isArray(result.data)).toBe(true);
    // the type: a 200 may be a failure now, so `data` needs `ok` to narrow
    if (result.status === 200 && !result.ok) {
      const error: UnexpectedResponseBody = result.error;
      expect(error).toBeUndefined();
    }
  });
});
