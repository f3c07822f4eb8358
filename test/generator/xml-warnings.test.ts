/**
 * XML bodies are mapped from their schema (generator/model/xml-shapes.ts): `generate` warns only
 * about what a schema asks that XML cannot honour, naming the operation, the body and the place.
 */
import { describe, expect, it } from "vitest";
import { buildModel } from "../../generator/model/build-model.js";
import { xmlWarnings } from "../../generator/model/xml-warnings.js";

const xml = (mediaType: string, schema: unknown) => ({ content: { [mediaType]: { schema } } });

describe("xmlWarnings", () => {
  it("warns about what XML cannot honour, and about nothing else", () => {
    const document = {
      openapi: "3.0.3",
      info: { title: "T", version: "1" },
      paths: {
        "/pets": {
          post: {
            operationId: "addPet",
            requestBody: xml("application/xml", { $ref: "#/components/schemas/Pet" }),
            responses: {
              "200": {
                description: "ok",
                ...xml("text/xml; charset=utf-8", { $ref: "#/components/schemas/Node" }),
              },
            },
          },
          get: {
            operationId: "listPets",
            responses: {
              "200": {
                description: "ok",
                ...xml("application/xml", {
                  type: "array",
                  items: { $ref: "#/components/schemas/Pet" },
                }),
              },
            },
          },
        },
        "/feed": {
          get: {
            operationId: "feed",
            responses: {
              default: {
                description: "ok",
                ...xml("application/atom+xml", {
                  type: "object",
                  properties: {
                    tags: { type: "object", xml: { attribute: true } },
                    either: { oneOf: [{ type: "string" }, { type: "object" }] },
                  },
                }),
              },
            },
          },
        },
      },
      components: {
        schemas: {
          Pet: {
            type: "object",
            xml: { name: "pet", namespace: "urn:pets", prefix: "p" },
            properties: {
              id: { type: "integer", xml: { attribute: true } },
              names: { type: "array", xml: { wrapped: true }, items: { type: "string" } },
            },
          },
          Node: {
            type: "object",
            properties: { child: { $ref: "#/components/schemas/Node" } },
          },
        },
      },
    };
    const warnings = xmlWarnings(buildModel(document, "hash"));
    expect(warnings).toHaveLength(2);
    expect(warnings[0]).toMatch(/^xml: addPet \(POST \/pets\) has XML the schema cannot fully map/);
    expect(warnings[0]).toContain(
      "200 response: property child of the root element refers back to #/components/schemas/Node",
    );
    expect(warnings[0]).not.toContain("request body");
    expect(warnings[1]).toContain("feed (GET /feed)");
    expect(warnings[1]).toContain(
      "property tags of the root element is an object with xml.attribute",
    );
    expect(warnings[1]).toContain("property either of the root element is a oneOf/anyOf");
  });
});
