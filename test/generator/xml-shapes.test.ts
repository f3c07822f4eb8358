/**
 * A schema and its `xml` objects reduced to the node tree the XML codec reads and writes by
 * (generator/model/xml-shapes.ts): OpenAPI's naming rules, `allOf` merged, unions, and which
 * media types count as XML.
 */
import { describe, expect, it } from "vitest";
import { hasXmlBodies, xmlMediaShape, xmlShapes } from "../../generator/model/xml-shapes.js";

const document = {
  components: {
    schemas: {
      Pet: {
        allOf: [
          { $ref: "#/components/schemas/Named" },
          {
            type: "object",
            required: ["tags"],
            properties: {
              tags: { type: "array", items: { type: "string" } },
              ids: { type: "array", items: { type: "integer", xml: { name: "id" } } },
            },
          },
        ],
      },
      Named: {
        type: "object",
        properties: {
          name: { type: "string", xml: { name: "Name", prefix: "n", namespace: "urn:n" } },
          size: { oneOf: [{ type: "integer" }, { type: "integer", minimum: 10 }] },
          flag: { type: ["boolean", "null"], xml: { attribute: true } },
          extra: { type: "object", additionalProperties: true },
        },
      },
    },
  },
};

/** The node tree the model reads for a body (build-model.ts), as `xmlShapes` gives it back. */
const media = (mediaType: string, schema: Record<string, unknown> | undefined) => {
  const xml = xmlMediaShape(document, mediaType, schema);
  return { mediaType, schema, ...(xml === undefined ? {} : { xml }) };
};
const shapeOf = (schema: Record<string, unknown>, mediaType = "application/xml") =>
  xmlShapes([media(mediaType, schema)])?.shapes[mediaType];

describe("xmlShapes", () => {
  it("names the root by its component, items by their xml.name or their array's name", () => {
    expect(shapeOf({ $ref: "#/components/schemas/Pet" })).toEqual({
      name: "Pet",
      type: "object",
      properties: {
        name: { name: "Name", prefix: "n", namespace: "urn:n" },
        size: { name: "size", type: "integer" },
        flag: { name: "flag", attribute: true, type: "boolean" },
        extra: { name: "extra", type: "object", properties: {}, open: true },
        tags: { name: "tags", type: "array", items: { name: "tags" }, required: true },
        ids: { name: "ids", type: "array", items: { name: "id", type: "integer" } },
      },
    });
  });

  it("wraps a root array, naming its items by their component", () => {
    expect(
      shapeOf({ type: "array", items: { $ref: "#/components/schemas/Named" } }, "text/xml"),
    ).toMatchObject({ name: "root", type: "array", wrapped: true, items: { name: "Named" } });
  });

  it("makes a string or untyped body without xml the document's text", () => {
    expect(shapeOf({ type: "string" })).toEqual({ name: "root", text: true });
    expect(xmlShapes([media("text/xml", undefined)])?.shapes).toEqual({
      "text/xml": { name: "root", text: true },
    });
    expect(shapeOf({ type: "string", xml: { name: "message" } })).toEqual({ name: "message" });
  });

  it("leaves out media types that are not XML", () => {
    expect(xmlShapes([media("application/json", {})])).toBeUndefined();
    const model = (mediaType: string) =>
      ({
        operations: [{ requestBody: { contents: [{ mediaType }] }, responses: [] }],
      }) as unknown as Parameters<typeof hasXmlBodies>[0];
    expect(hasXmlBodies(model("application/soap+xml; charset=utf-8"))).toBe(true);
    expect(hasXmlBodies(model("application/json"))).toBe(false);
  });
});
