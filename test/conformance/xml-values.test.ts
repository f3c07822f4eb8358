/**
 * Conformance data for XML bodies (conformance/xml-values.ts): a drawn value becomes the value its
 * XML reads back as (no `null`, no empty unwrapped list, untyped text), positive requests of an
 * XML-only operation are drawn that way, and the request goes out as XML.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { prepareRequest } from "../../conformance/http-request.js";
import { positiveRequests, requestMedia } from "../../conformance/request-arbitrary.js";
import { loadApi } from "../../conformance/load-api.js";
import { xmlCarried } from "../../conformance/xml-values.js";
import { readXml } from "../../templates/xml/xml-codec.js";
import { FIXTURES } from "../runtime-specs/serve-fixture.js";

const document = {
  components: {
    schemas: {
      Pet: {
        type: "object",
        xml: { name: "pet" },
        properties: {
          id: { type: "integer", xml: { attribute: true } },
          name: { type: "string", nullable: true },
          tags: { type: "array", items: { type: "string" } },
          any: {},
        },
      },
    },
  },
};
const media = { mediaType: "application/xml", schema: { $ref: "#/components/schemas/Pet" } };

describe("xmlCarried", () => {
  it("gives the value an XML body reads back as", () => {
    expect(xmlCarried(document, media, { id: 1, name: null, tags: [], any: 5 })).toEqual({
      id: 1,
      any: "5",
    });
    expect(xmlCarried(document, media, { id: 2, name: "a", tags: ["x", "y"] })).toEqual({
      id: 2,
      name: "a",
      tags: ["x", "y"],
    });
  });

  it("leaves other media types alone", () => {
    const json = { mediaType: "application/json", schema: media.schema };
    const value = { id: 1, name: null };
    expect(xmlCarried(document, json, value)).toBe(value);
  });
});

describe("positive requests of an XML operation", () => {
  it("choose the XML media type, draw carried values and send them as XML", async () => {
    const api = await loadApi(`${FIXTURES}/xml-bodies.yaml`);
    const operation = api.model.operations.find((op) => op.operationId === "addPet")!;
    const chosen = requestMedia(operation);
    expect(chosen?.mediaType).toBe("application/xml");
    const generated = positiveRequests(api, operation);
    if (generated.kind !== "ok") throw new Error(generated.reason);
    const requests = fc
      .sample(generated.arbitrary, { seed: 7, numRuns: 20 })
      .filter((request) => request !== undefined);
    expect(requests.length).toBeGreaterThan(0);
    for (const request of requests) {
      const prepared = prepareRequest(request, { baseUrl: "http://127.0.0.1:1", headers: [] });
      expect(prepared.headers).toContainEqual(["Content-Type", "application/xml"]);
      expect(prepared.body).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?><p:pet /);
      expect(readXml(prepared.body!, request.body!.xml!)).toEqual(request.body!.value);
    }
  });
});
