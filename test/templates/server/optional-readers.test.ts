/**
 * The API descriptor's optional `readers` (issue 41 item 3: a worker bundle carries only the code
 * its spec needs): a descriptor whose operations need the styled parameter readers or the form
 * reader runs with them, and one that lacks them is refused when the handler is built, naming
 * the operation and what to import, instead of failing on the first such request.
 */
import { describe, expect, it } from "vitest";
import type {
  ApiDescriptor,
  ServerOperationDescriptor,
} from "../../../templates/server/core/descriptor.js";
import { ConfigurationError } from "../../../templates/server/core/errors.js";
import { formBodies } from "../../../templates/server/core/form-reader.js";
import {
  needsFormReader,
  needsStyleReader,
} from "../../../templates/server/core/optional-readers.js";
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

function descriptor(
  operations: ServerOperationDescriptor[],
  readers?: ApiDescriptor["readers"],
): ApiDescriptor {
  return { title: "Readers", version: "1.0.0", operations, ...(readers ? { readers } : {}) };
}

const echo = {
  searchPets: (input: { query: unknown }) => ({ status: 200, body: input.query }),
  uploadPhoto: (input: { body: unknown }) => ({ status: 200, body: input.body }),
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

describe("a descriptor with the readers it needs", () => {
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

describe("a descriptor without a reader it needs", () => {
  it("is refused when the handler is built, naming the parameter and what to import", () => {
    expect(() => createRuntimeRequestHandler(descriptor([search]), echo as never)).toThrow(
      ConfigurationError,
    );
    expect(() => createRuntimeRequestHandler(descriptor([search]), echo as never)).toThrow(
      "searchPets: its query parameter filter (style deepObject) needs the API descriptor's readers.parameterStyles; import { parameterStyles } from runtime/server/core/parameter-styles.js",
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
