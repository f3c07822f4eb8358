/**
 * The API descriptor's optional `readers` (issue 41 item 3: a worker bundle carries only the code
 * its spec needs): a descriptor whose operations need the styled parameter readers, the form
 * reader or the stream writer runs with them, and one that lacks them is refused when the handler is built, naming
 * the operation and what to import, instead of failing on the first such request.
 */
import { describe, expect, it } from "vitest";
import type {
  ApiDescriptor,
  ServerOperationDescriptor,
} from "../../../templates/server/core/descriptor.js";
import type { Credential } from "../../../templates/server/core/auth.js";
import { cookies } from "../../../templates/server/core/cookies.js";
import { ConfigurationError } from "../../../templates/server/core/errors.js";
import { formBodies } from "../../../templates/server/core/form-reader.js";
import {
  needsCookieReader,
  needsFormReader,
  needsStreamWriter,
  needsStyleReader,
} from "../../../templates/server/core/optional-readers.js";
import { streamBodies } from "../../../templates/server/core/stream-writer.js";
import { authorizationHeader } from "../../../templates/server/core/authorization-header.js";
import { parameterStyles } from "../../../templates/server/core/parameter-styles.js";
import { createRuntimeRequestHandler } from "../../../templates/server/core/request-handler.js";
import { compileBody, parameters } from "./fixture-api.js";
import { request } from "./helpers.js";

const filter = parameters([
  {
    name: "filter",
    in: "query",
    schema: { type: "object", properties: { size: { type: "integer" } } },
  },
]);

const search: ServerOperationDescriptor = {
  operationId: "searchPets",
  method: "get",
  path: "/pets",
  parameters: filter.parameters.map((parameter) => ({
    ...parameter,
    style: "deepObject",
    object: true,
  })),
  validateParameters: filter.validateParameters,
  responses: { "200": { mediaType: "application/json" } },
  secured: false,
};

const upload: ServerOperationDescriptor = {
  operationId: "uploadPhoto",
  method: "post",
  path: "/photos",
  parameters: [],
  validateParameters: parameters([]).validateParameters,
  body: {
    required: true,
    mediaTypes: ["multipart/form-data"],
    forms: {
      "multipart/form-data": {
        fields: { count: { types: ["integer"] } },
        validate: compileBody({ type: "object", required: ["count"] }),
      },
    },
  },
  responses: { "200": { mediaType: "application/json" } },
  secured: false,
};

const events: ServerOperationDescriptor = {
  operationId: "petEvents",
  method: "get",
  path: "/events",
  parameters: [],
  validateParameters: parameters([]).validateParameters,
  responses: { "200": { mediaType: "text/event-stream" } },
  secured: false,
};

async function* twoEvents() {
  yield { data: { id: 1 } };
  yield { event: "done", data: "bye" };
}

function descriptor(
  operations: ServerOperationDescriptor[],
  readers?: ApiDescriptor["readers"],
): ApiDescriptor {
  return { title: "Readers", version: "1.0.0", operations, ...(readers ? { readers } : {}) };
}

const echo = {
  searchPets: (input: { query: unknown }) => ({ status: 200, body: input.query }),
  uploadPhoto: (input: { body: unknown }) => ({ status: 200, body: input.body }),
  petEvents: () => ({ status: 200, body: twoEvents() }),
  searchAsStream: () => ({
    status: 200,
    headers: { "content-type": "application/x-ndjson" },
    body: twoEvents(),
  }),
};

describe("which readers an operation needs", () => {
  it.each([
    ["a plain query parameter", { name: "q", in: "query", required: false, array: false }, false],
    [
      "a deepObject query parameter",
      { name: "f", in: "query", required: false, array: false, style: "deepObject", object: true },
      true,
    ],
    [
      "a JSON content parameter",
      { name: "f", in: "query", required: false, array: false, json: true },
      true,
    ],
    ["an exploded query array", { name: "t", in: "query", required: false, array: true }, false],
    ["a header array", { name: "x-t", in: "header", required: false, array: true }, false],
    [
      "a label path parameter",
      { name: "id", in: "path", required: true, array: false, style: "label" },
      true,
    ],
  ] as const)("%s: styled readers %s", (_name, parameter, needed) => {
    expect(needsStyleReader(parameter)).toBe(needed);
  });

  it.each([
    ["JSON", { required: true, mediaTypes: ["application/json"] }, false],
    [
      "a form without shapes",
      { required: true, mediaTypes: ["application/x-www-form-urlencoded"] },
      false,
    ],
    [
      "a form with shapes",
      {
        required: true,
        mediaTypes: ["application/x-www-form-urlencoded"],
        forms: { "application/x-www-form-urlencoded": { fields: { a: { types: ["integer"] } } } },
      },
      true,
    ],
    [
      "a form read as text",
      {
        required: true,
        mediaTypes: ["application/x-www-form-urlencoded"],
        forms: { "application/x-www-form-urlencoded": { fields: {}, text: true } },
      },
      false,
    ],
    ["multipart", { required: true, mediaTypes: ["multipart/form-data"] }, true],
    ["any media type", { required: true, mediaTypes: ["*/*"] }, true],
    ["application/*", { required: true, mediaTypes: ["application/*"] }, false],
  ] as const)("%s: form reader %s", (_name, body, needed) => {
    expect(needsFormReader(body)).toBe(needed);
  });
});

describe("which responses need the stream writer", () => {
  it.each([
    ["JSON", { "200": { mediaType: "application/json" } }, false],
    ["no body", { "204": {} }, false],
    ["server-sent events", { "200": { mediaType: "text/event-stream; charset=utf-8" } }, true],
    [
      "NDJSON among several types",
      {
        "200": {
          mediaType: "application/json",
          mediaTypes: ["application/json", "application/x-ndjson"],
        },
      },
      true,
    ],
    ["JSON Lines on an error status", { "4XX": { mediaType: "application/jsonl" } }, true],
  ] as const)("%s: %s", (_name, responses, needed) => {
    expect(needsStreamWriter(responses)).toBe(needed);
  });
});

describe("a descriptor with the readers it needs", () => {
  it("streams server-sent events", async () => {
    const handler = createRuntimeRequestHandler(
      descriptor([events], { streamBodies }),
      echo as never,
    );
    const response = await handler(request("GET", "/events"));
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('data: {"id":1}\n\nevent: done\ndata: bye\n\n');
  });

  it("reads a deepObject query parameter", async () => {
    const handler = createRuntimeRequestHandler(
      descriptor([search], { parameterStyles }),
      echo as never,
    );
    const response = await handler(request("GET", "/pets?filter[size]=3"));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ filter: { size: 3 } });
  });

  it("reads a multipart body by its field shapes", async () => {
    const handler = createRuntimeRequestHandler(
      descriptor([upload], { formBodies }),
      echo as never,
    );
    const form = new FormData();
    form.append("count", "7");
    const response = await handler(
      new Request("http://api.test/photos", { method: "POST", body: form }),
    );
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ count: 7 });
  });
});

/** An API whose one operation needs a Bearer token (a scheme read from `Authorization`). */
function bearerApi(readers?: ApiDescriptor["readers"]): ApiDescriptor {
  return {
    ...descriptor(
      [{ ...search, parameters: [], secured: true, security: [{ Token: [] }] }],
      readers,
    ),
    securitySchemes: { Token: { type: "http", scheme: "bearer" } },
  };
}

const bearerHandlers = {
  ...echo,
  searchPets: (input: { caller: unknown }) => ({ status: 200, body: { caller: input.caller } }),
};

describe("the Authorization header reader", () => {
  it("reads a Bearer token when the descriptor carries it", async () => {
    const handler = createRuntimeRequestHandler(
      bearerApi({ authorizationHeader }),
      bearerHandlers as never,
      {
        authenticate: (credentials) =>
          credentials["Token"]?.type === "bearer" && credentials["Token"].token === "t0k"
            ? { caller: "ann", plan: "free" }
            : undefined,
      },
    );
    const ok = await handler(request("GET", "/pets", { headers: { authorization: "Bearer t0k" } }));
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ caller: "ann" });
    const malformed = await handler(
      request("GET", "/pets", { headers: { authorization: "Basic x" } }),
    );
    expect(malformed.status).toBe(401);
    expect(await malformed.text()).toContain(
      "the Authorization scheme is not one this API accepts (bearer)",
    );
  });

  it("is refused when a scheme reads Authorization and the descriptor lacks it", () => {
    expect(() => createRuntimeRequestHandler(bearerApi(), bearerHandlers as never)).toThrow(
      "Token: reading the Authorization header needs the API descriptor's readers.authorizationHeader; import { authorizationHeader } from runtime/server/core/authorization-header.js",
    );
  });
});

describe("which parameters and schemes need the cookie reader", () => {
  it.each([
    ["a cookie parameter", { name: "session", in: "cookie" }, true],
    ["a header parameter", { name: "session", in: "header" }, false],
    ["an API key in a cookie", { type: "apiKey", in: "cookie", name: "sid" }, true],
    ["an API key in a header", { type: "apiKey", in: "header", name: "X-Key" }, false],
    ["a Bearer scheme", { type: "http", scheme: "bearer" }, false],
  ] as const)("%s: %s", (_name, read, needed) => {
    expect(needsCookieReader(read)).toBe(needed);
  });
});

const session = parameters([
  { name: "session", in: "cookie", required: true, schema: { type: "string" } },
]);

/** An operation with a cookie parameter, secured by an API key sent in another cookie. */
function cookieApi(readers?: ApiDescriptor["readers"]): ApiDescriptor {
  return {
    ...descriptor(
      [
        {
          ...search,
          operationId: "whoAmI",
          ...session,
          secured: true,
          security: [{ Sid: [] }],
        },
      ],
      readers,
    ),
    securitySchemes: { Sid: { type: "apiKey", in: "cookie", name: "sid" } },
  };
}

const cookieHandlers = {
  whoAmI: (input: { cookie: unknown; caller: unknown }) => ({
    status: 200,
    body: { cookie: input.cookie, caller: input.caller },
  }),
};

describe("the cookie reader", () => {
  const authenticate = (credentials: Readonly<Record<string, Credential | undefined>>) => {
    const sid = credentials["Sid"];
    return sid?.type === "apiKey" && sid.value === "k 1"
      ? { caller: "ann", plan: "free" }
      : undefined;
  };

  it("reads a cookie parameter and an API key from a cookie when the descriptor carries it", async () => {
    const handler = createRuntimeRequestHandler(cookieApi({ cookies }), cookieHandlers as never, {
      authenticate,
    });
    const ok = await handler(
      request("GET", "/pets", { headers: { cookie: 'a=1; session="s%201"; sid=k%201' } }),
    );
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ cookie: { session: "s 1" }, caller: "ann" });
    const noKey = await handler(request("GET", "/pets", { headers: { cookie: "session=s" } }));
    expect(noKey.status).toBe(401);
    expect(await noKey.text()).toContain("send it in the sid cookie");
  });

  it("is refused when the descriptor lacks it, naming the scheme or the parameter", () => {
    expect(() => createRuntimeRequestHandler(cookieApi(), cookieHandlers as never)).toThrow(
      "whoAmI: its cookie parameter session needs the API descriptor's readers.cookies; import { cookies } from runtime/server/core/cookies.js",
    );
    const keyOnly: ApiDescriptor = {
      ...cookieApi(),
      operations: cookieApi().operations.map((operation) => ({ ...operation, parameters: [] })),
    };
    expect(() => createRuntimeRequestHandler(keyOnly, cookieHandlers as never)).toThrow(
      "Sid: reading its API key from a cookie needs the API descriptor's readers.cookies; import { cookies } from runtime/server/core/cookies.js",
    );
  });
});

describe("a descriptor without a reader it needs", () => {
  it("is refused when the handler is built, naming the parameter and what to import", () => {
    expect(() => createRuntimeRequestHandler(descriptor([search]), echo as never)).toThrow(
      ConfigurationError,
    );
    expect(() => createRuntimeRequestHandler(descriptor([search]), echo as never)).toThrow(
      "searchPets: its query parameter filter (style deepObject) needs the API descriptor's readers.parameterStyles; import { parameterStyles } from runtime/server/core/parameter-styles.js",
    );
  });

  it("is refused for an event-stream response, naming the operation and what to import", () => {
    expect(() => createRuntimeRequestHandler(descriptor([events]), echo as never)).toThrow(
      "petEvents: streaming its NDJSON or event-stream responses needs the API descriptor's readers.streamBodies; import { streamBodies } from runtime/server/core/stream-writer.js",
    );
  });

  it("answers 500 (never a silent {}) when a handler streams in an API that declares no stream", async () => {
    const errors: unknown[] = [];
    const handler = createRuntimeRequestHandler(
      descriptor([{ ...search, operationId: "searchAsStream", parameters: [] }]),
      echo as never,
      { onError: (error) => void errors.push(error) },
    );
    const response = await handler(request("GET", "/pets"));
    expect(response.status).toBe(500);
    expect(String(errors[0])).toContain(
      "searchAsStream answered 200 with an async iterable as application/x-ndjson, a streaming media type its API declares nowhere",
    );
  });

  it("is refused for a multipart body, naming the operation and what to import", () => {
    expect(() =>
      createRuntimeRequestHandler(descriptor([upload], { parameterStyles }), echo as never),
    ).toThrow(
      "uploadPhoto: reading its multipart/form-data bodies needs the API descriptor's readers.formBodies; import { formBodies } from runtime/server/core/form-reader.js",
    );
  });
});
