/**
 * server-api.ts imports the runtime's optional readers (styled parameters, form and multipart
 * bodies, the stream writer, the Authorization and Cookie headers) only for a spec whose operations need them, and names them in the descriptor's
 * `readers` (issue 41 item 3: the pet store's worker bundle carried them all).
 */
import { describe, expect, it } from "vitest";
import { serverApiModule } from "../../generator/emit/server/emit-server-api.js";
import { buildModel } from "../../generator/model/build-model.js";
import { printDataModule } from "../../generator/emit/ts/data-layout.js";
import { API } from "../../generated/server.js";

function spec(operation: Record<string, unknown>): Record<string, unknown> {
  return {
    openapi: "3.0.3",
    info: { title: "T", version: "1.0.0" },
    paths: {
      "/things": {
        post: {
          operationId: "postThing",
          ...operation,
          responses: { "204": { description: "done" } },
        },
      },
    },
  };
}

function serverApi(operation: Record<string, unknown>): string {
  const document = spec(operation);
  return printDataModule(serverApiModule(buildModel(document, "hash")));
}

const STYLES = 'import { parameterStyles } from "./runtime/server/core/parameter-styles.js";';
const FORMS = 'import { formBodies } from "./runtime/server/core/form-reader.js";';

function body(mediaType: string, schema: object = { type: "object" }): Record<string, unknown> {
  return { requestBody: { required: true, content: { [mediaType]: { schema } } } };
}

describe("server-api.ts readers", () => {
  it.each([
    ["no parameter and a JSON body", body("application/json"), []],
    [
      "a deepObject query parameter",
      {
        parameters: [
          {
            name: "filter",
            in: "query",
            style: "deepObject",
            schema: { type: "object", properties: { a: { type: "string" } } },
          },
        ],
      },
      ["parameterStyles"],
    ],
    [
      "a pipe-delimited query array",
      {
        parameters: [
          {
            name: "ids",
            in: "query",
            style: "pipeDelimited",
            explode: false,
            schema: { type: "array", items: { type: "integer" } },
          },
        ],
      },
      ["parameterStyles"],
    ],
    [
      "plain query, header and path-less parameters",
      {
        parameters: [
          { name: "limit", in: "query", schema: { type: "integer" } },
          { name: "tags", in: "query", schema: { type: "array", items: { type: "string" } } },
          { name: "X-Ids", in: "header", schema: { type: "array", items: { type: "string" } } },
        ],
      },
      [],
    ],
    [
      "a cookie parameter",
      { parameters: [{ name: "sid", in: "cookie", schema: { type: "string" } }] },
      ["cookies"],
    ],
    ["a multipart body", body("multipart/form-data"), ["formBodies"]],
    [
      "a form with properties",
      body("application/x-www-form-urlencoded", {
        type: "object",
        properties: { n: { type: "integer" } },
      }),
      ["formBodies"],
    ],
    ["a body of any media type", body("*/*", {}), ["formBodies"]],
    ["a binary body", body("application/octet-stream", { type: "string", format: "binary" }), []],
  ] as const)("%s: %j", (_name, operation, readers) => {
    const text = serverApi(operation);
    expect(text.includes(STYLES)).toBe(readers.includes("parameterStyles" as never));
    expect(text.includes(FORMS)).toBe(readers.includes("formBodies" as never));
    if (readers.length === 0) expect(text).not.toContain("readers:");
    else {
      expect(text).toContain(
        `  readers: {\n${readers.map((name) => `    ${name}: ${name},\n`).join("")}  },\n`,
      );
    }
  });

  it("imports the stream writer for an event-stream response, the header reader for a Bearer scheme", () => {
    const document: Record<string, unknown> = {
      ...spec({ security: [{ Token: [] }] }),
      components: { securitySchemes: { Token: { type: "http", scheme: "bearer" } } },
    };
    const paths = document.paths as Record<string, Record<string, Record<string, unknown>>>;
    paths["/things"]!["post"]!["responses"] = {
      "200": { description: "events", content: { "text/event-stream": { schema: {} } } },
    };
    const text = printDataModule(serverApiModule(buildModel(document, "hash")));
    expect(text).toContain(
      'import { streamBodies } from "./runtime/server/core/stream-writer.js";',
    );
    expect(text).toContain(
      'import { authorizationHeader } from "./runtime/server/core/authorization-header.js";',
    );
    expect(text).toContain(
      "    streamBodies: streamBodies,\n    authorizationHeader: authorizationHeader,\n",
    );
    // an API key alone reads no Authorization header, a JSON response needs no writer
    expect(serverApi({})).not.toMatch(/authorizationHeader|streamBodies/);
  });

  it("imports the cookie reader for an API key sent in a cookie", () => {
    const document: Record<string, unknown> = {
      ...spec({ security: [{ Session: [] }] }),
      components: { securitySchemes: { Session: { type: "apiKey", in: "cookie", name: "sid" } } },
    };
    const text = printDataModule(serverApiModule(buildModel(document, "hash")));
    expect(text).toContain('import { cookies } from "./runtime/server/core/cookies.js";');
    expect(text).toContain("  readers: {\n    cookies: cookies,\n  },\n");
    expect(serverApi({})).not.toContain("cookies");
  });

  it("leaves every reader out of the pet store's descriptor (API keys, JSON, plain parameters)", () => {
    expect(API.readers).toBeUndefined();
  });
});
