/**
 * Opt-in response validation: the generated `validatePetStoreResponse` hook (precompiled
 * validators of bodies and declared headers) on real responses of the reference server, and on
 * responses of a small purpose-built server that breaks the spec in each way it can be broken.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RESPONSE_VALIDATORS, validatePetStoreResponse } from "../../generated/validate.js";
import {
  ResponseValidationError,
  validateResponseAgainst,
  type ResponseValidationContext,
  type ResponseValidator,
} from "../../generated/runtime/client/response-validation.js";
import { UnexpectedResponseBody } from "../../generated/runtime/client/unexpected-body.js";
import { isJsonMediaType } from "../../generated/runtime/client/url.js";
import { startContractServer, type ContractServer } from "../contract/harness.js";
import { SPEC_PATH } from "../contract/spec-contract.js";
import { OPERATIONS } from "../../generated/client.js";
import { readFileSync } from "node:fs";
import { parse } from "yaml";

/** The statuses the spec declares for an operation, in the spec's order (read, not written twice). */
function declaredStatuses(operationId: string): string[] {
  const spec = parse(readFileSync(SPEC_PATH, "utf8")) as {
    paths: Record<string, Record<string, { operationId?: string; responses?: object }>>;
  };
  for (const item of Object.values(spec.paths)) {
    for (const operation of Object.values(item)) {
      if (operation?.operationId === operationId) return Object.keys(operation.responses ?? {});
    }
  }
  throw new Error(`no operation ${operationId}`);
}

/** What the client hands `validateResponse`: the body parsed as the runtime parses it. */
async function contextOf(
  operationId: string,
  response: Response,
): Promise<ResponseValidationContext> {
  const text = await response.text();
  const contentType = response.headers.get("content-type");
  let body: unknown;
  if (response.ok) {
    body =
      text === ""
        ? undefined
        : contentType !== null && isJsonMediaType(contentType)
          ? JSON.parse(text)
          : text;
  } else {
    try {
      if (contentType === null || !isJsonMediaType(contentType)) throw new Error("not JSON");
      body = JSON.parse(text) as unknown;
    } catch {
      body = new UnexpectedResponseBody(response.status, response.statusText, contentType, text);
    }
  }
  return { operationId, status: response.status, body, response };
}

function failure(run: () => void): ResponseValidationError {
  try {
    run();
  } catch (error) {
    if (error instanceof ResponseValidationError) return error;
    throw error;
  }
  throw new Error("the response was accepted");
}

describe("validatePetStoreResponse on the reference server", () => {
  let server: ContractServer;
  let key: string;
  beforeAll(async () => {
    server = await startContractServer({ fakeClock: false });
    key = server.key("enterprise");
  });
  afterAll(async () => {
    await server.close();
  });

  it("accepts the responses the server sends: 2XX with headers, 404, 401, 400", async () => {
    const category = await fetch(`${server.baseUrl}/categories`, {
      method: "POST",
      headers: { "x-api-key": key, "content-type": "application/json" },
      body: JSON.stringify({ name: "Dogs" }),
    });
    const created = await contextOf("createCategory", category);
    expect(() => validatePetStoreResponse(created)).not.toThrow();
    const categoryId = (created.body as { id: number }).id;
    const pet = await fetch(`${server.baseUrl}/pets`, {
      method: "POST",
      headers: { "x-api-key": key, "content-type": "application/json" },
      body: JSON.stringify({ name: "Rex", categoryId }),
    });
    expect(pet.status).toBe(201);
    const answers: Array<[string, Promise<Response>]> = [
      ["createPet", Promise.resolve(pet)],
      ["listPets", fetch(`${server.baseUrl}/pets?limit=5`, { headers: { "x-api-key": key } })],
      [
        "getPetById",
        fetch(`${server.baseUrl}/pets/by-id/999999`, { headers: { "x-api-key": key } }),
      ],
      ["listPets", fetch(`${server.baseUrl}/pets`)],
      ["listPets", fetch(`${server.baseUrl}/pets?limit=0`, { headers: { "x-api-key": key } })],
    ];
    const statuses: number[] = [];
    for (const [operationId, answer] of answers) {
      const context = await contextOf(operationId, await answer);
      statuses.push(context.status);
      expect(
        () => validatePetStoreResponse(context),
        `${operationId} ${context.status}`,
      ).not.toThrow();
    }
    expect(statuses).toEqual([201, 200, 404, 401, 400]);
  });
});

/** A server that answers each path with a scripted status, headers and body. */
function badServer(): Promise<{ server: Server; url: string }> {
  const answers: Record<string, { status: number; headers: Record<string, string>; body: string }> =
    {
      "/wrong-field-type": {
        status: 200,
        headers: { "content-type": "application/json", "x-total-count": "1" },
        body: '[{"id":"one","name":"Rex","categoryId":1}]',
      },
      "/bad-header": {
        status: 200,
        headers: { "content-type": "application/json", "x-total-count": "many" },
        body: "[]",
      },
      "/html-404": {
        status: 404,
        headers: { "content-type": "text/html" },
        body: "<h1>Not Found</h1>",
      },
      "/proxy-502": {
        status: 502,
        headers: { "content-type": "text/html" },
        body: "<h1>Bad Gateway</h1>",
      },
      "/json-but-not": {
        status: 404,
        headers: { "content-type": "application/json" },
        body: "<h1>oops</h1>",
      },
      "/missing-field": {
        status: 404,
        headers: { "content-type": "application/json" },
        body: '{"code":"not_found","status":404}',
      },
    };
  const server = createServer((request, response) => {
    const answer = answers[request.url ?? ""] ?? { status: 500, headers: {}, body: "" };
    response.writeHead(answer.status, answer.headers).end(answer.body);
  });
  return new Promise((resolve) => {
    server.listen(0, "127.0.0.1", () => {
      resolve({ server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` });
    });
  });
}

describe("validatePetStoreResponse on responses that break the spec", () => {
  let bad: { server: Server; url: string };
  beforeAll(async () => {
    bad = await badServer();
  });
  afterAll(async () => {
    await new Promise((resolve) => bad.server.close(resolve));
  });
  const check = async (operationId: string, path: string): Promise<ResponseValidationError> => {
    const context = await contextOf(operationId, await fetch(bad.url + path));
    return failure(() => validatePetStoreResponse(context));
  };

  it("names the operation, the status and the JSON pointer of a body that breaks its schema", async () => {
    const error = await check("listPets", "/wrong-field-type");
    expect(error).toMatchObject({
      name: "ResponseValidationError",
      operationId: "listPets",
      status: 200,
      target: "body",
      pointer: "/0/id",
      keyword: "type",
    });
    expect(error.message).toBe(
      "Response of listPets (HTTP 200) does not match the spec: body at /0/id must be integer",
    );
    expect(error.response.status).toBe(200);
  });

  it("reports a missing required field at its parent's pointer", async () => {
    const error = await check("getPetById", "/missing-field");
    expect(error).toMatchObject({ status: 404, target: "body", pointer: "", keyword: "required" });
    expect(error.message).toContain("must have required property 'message'");
  });

  it("checks the declared headers against their schema", async () => {
    const error = await check("listPets", "/bad-header");
    expect(error).toMatchObject({ status: 200, target: "header", pointer: "/x-total-count" });
    expect(error.message).toMatch(
      /^Response of listPets \(HTTP 200\) does not match the spec: header at \/x-total-count /,
    );
  });

  it("rejects a content type the response does not declare", async () => {
    const error = await check("getPetById", "/html-404");
    expect(error).toMatchObject({ status: 404, target: "content-type", keyword: "content-type" });
    expect(error.message).toContain(
      "text/html is not declared (the spec declares application/json)",
    );
  });

  it("rejects a body that claims JSON but is not", async () => {
    const error = await check("getPetById", "/json-but-not");
    expect(error).toMatchObject({ status: 404, target: "body", keyword: "json" });
    expect(error.message).toContain(
      "is not the JSON the spec declares: 404 Not Found: <h1>oops</h1>",
    );
  });

  it("rejects a status the operation does not declare", async () => {
    const error = await check("getPetById", "/proxy-502");
    expect(error).toMatchObject({ status: 502, target: "status", keyword: "status" });
    expect(error.message).toContain(
      `status is not declared (the spec declares ${declaredStatuses("getPetById").join(", ")})`,
    );
  });

  it("says so when the operation is not in the table", async () => {
    const context = await contextOf("noSuchOperation", await fetch(`${bad.url}/bad-header`));
    expect(failure(() => validatePetStoreResponse(context)).message).toContain(
      "an operation the validators do not know",
    );
  });

  it("has an entry for every response of every operation", () => {
    for (const operation of Object.values(OPERATIONS)) {
      expect(
        Object.keys(RESPONSE_VALIDATORS[operation.operationId as keyof typeof RESPONSE_VALIDATORS]),
        operation.operationId,
      ).toEqual(declaredStatuses(operation.operationId));
    }
    expect(RESPONSE_VALIDATORS.deletePet["204"]).toEqual(
      expect.objectContaining({ mediaTypes: [] }),
    );
    expect(RESPONSE_VALIDATORS.deletePet["204"]).not.toHaveProperty("body");
  });
});

describe("validateResponseAgainst", () => {
  const context = (
    status: number,
    headers: Record<string, string>,
    body: unknown = undefined,
  ): ResponseValidationContext => ({
    operationId: "op",
    status,
    body,
    response: new Response(null, { status, headers }),
  });
  // validators of the shape Ajv standalone code has
  const requiredCount: ResponseValidator = Object.assign(
    (data: unknown): boolean => {
      const headers = data as Record<string, unknown>;
      const ok = typeof headers["x-count"] === "string";
      requiredCount.errors = ok
        ? null
        : [
            {
              instancePath: "",
              keyword: "required",
              message: "must have required property 'x-count'",
            },
          ];
      return ok;
    },
    { errors: null },
  );
  const tags: ResponseValidator = Object.assign(
    (data: unknown): boolean => {
      const list = (data as Record<string, unknown>)["x-tags"];
      const ok = Array.isArray(list) && list.every((item) => item === "a" || item === "b");
      tags.errors = ok
        ? null
        : [
            {
              instancePath: "/x-tags/1",
              keyword: "enum",
              message: "must be equal to one of the allowed values",
            },
          ];
      return ok;
    },
    { errors: null },
  );

  it("reports a required header that is missing, and passes when it is there", () => {
    const table = {
      op: { "2XX": { mediaTypes: [], headers: requiredCount }, default: { mediaTypes: [] } },
    };
    expect(failure(() => validateResponseAgainst(table, context(204, {})))).toMatchObject({
      target: "header",
      keyword: "required",
    });
    expect(() => validateResponseAgainst(table, context(204, { "x-count": "1" }))).not.toThrow();
    expect(() => validateResponseAgainst(table, context(503, {}))).not.toThrow(); // default covers it
  });

  it("splits an array header on commas before validating it", () => {
    const table = { op: { "200": { mediaTypes: [], headers: tags, arrayHeaders: ["x-tags"] } } };
    expect(() => validateResponseAgainst(table, context(200, { "x-tags": "a, b" }))).not.toThrow();
    expect(
      failure(() => validateResponseAgainst(table, context(200, { "x-tags": "a,c" }))),
    ).toMatchObject({ pointer: "/x-tags/1" });
  });

  it("accepts media types through wildcards", () => {
    const table = { op: { "200": { mediaTypes: ["text/*"] } } };
    expect(() =>
      validateResponseAgainst(table, context(200, { "content-type": "text/plain; charset=utf-8" })),
    ).not.toThrow();
    expect(
      failure(() => validateResponseAgainst(table, context(200, { "content-type": "image/png" }))),
    ).toMatchObject({ target: "content-type" });
  });
});
