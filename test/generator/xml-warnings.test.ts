/**
 * XML bodies are not mapped from their schema yet: `generate` warns once per operation, naming
 * where its XML bodies are, instead of letting them fail at run time; JSON-only operations get none.
 */
import { describe, expect, it } from "vitest";
import { buildModel } from "../../generator/model/build-model.js";
import { xmlWarnings } from "../../generator/model/xml-warnings.js";

const xml = (mediaType: string) => ({
  content: { [mediaType]: { schema: { type: "object", xml: { name: "Pet" } } } },
});

describe("xmlWarnings", () => {
  it("names each operation with an XML request body or response, and where", () => {
    const model = buildModel(
      {
        openapi: "3.0.3",
        info: { title: "T", version: "1" },
        paths: {
          "/pets": {
            post: {
              operationId: "addPet",
              requestBody: xml("application/xml"),
              responses: { "200": { description: "ok", ...xml("text/xml; charset=utf-8") } },
            },
            get: {
              operationId: "listPets",
              responses: { "200": { description: "ok", ...xml("application/json") } },
            },
          },
          "/feed": {
            get: {
              operationId: "feed",
              responses: { default: { description: "ok", ...xml("application/atom+xml") } },
            },
          },
        },
      },
      "hash",
    );
    const warnings = xmlWarnings(model);
    expect(warnings).toHaveLength(2);
    expect(warnings[0]).toMatch(
      /^xml: addPet \(POST \/pets\) has XML in its request body \(application\/xml\), its 200 response \(text\/xml; charset=utf-8\), which the generated client and server do not map/,
    );
    expect(warnings[1]).toContain("feed (GET /feed) has XML in its default response");
  });
});
