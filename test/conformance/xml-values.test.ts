/**
 * Conformance data for XML bodies (conformance/xml-values.ts): a drawn value becomes the value its
 * XML reads back as (no `null`, no empty unwrapped list, untyped text), positive requests of an
 * XML-only operation are drawn that way, the request goes out as XML, and an XML response is
 * read by its schema and checked against it.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { checkResponse } from "../../conformance/checks/response-checks.js";
import { prepareRequest } from "../../conformance/http-request.js";
import { positiveRequests, requestMedia } from "../../conformance/request-arbitrary.js";
import { loadApi } from "../../conformance/load-api.js";
import { xmlCarried } from "../../conformance/xml-values.js";
import { xmlMediaShape } from "../../generator/model/xml-shapes.js";
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
const schema = { $ref: "#/components/schemas/Pet" };
// the model reads the node tree once (build-model.ts), as here
const media = {
  mediaType: "application/xml",
  schema,
  xml: xmlMediaShape(document, "application/xml", schema),
};

describe("xmlCarried", () => {
  it("gives the value an XML body reads back as", () => {
    expect(xmlCarried(media, { id: 1, name: null, tags: [], any: 5 })).toEqual({
      id: 1,
      any: "5",
    });
    expect(xmlCarried(media, { id: 2, name: "a", tags: ["x", "y"] })).toEqual({
      id: 2,
      name: "a",
      tags: ["x", "y"],
    });
  });

  it("leaves other media types alone", () => {
    const json = { mediaType: "application/json", schema: media.schema };
    const value = { id: 1, name: null };
    expect(xmlCarried(json, value)).toBe(value);
  });
});

describe("an XML operation in the conformance runner", () => {
  it("is drawn values XML carries and sent them as XML; its XML answers are checked", async () => {
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
    const answer = (bodyText: string) =>
      checkResponse(api, operation, {
        status: 201,
        headers: new Headers({ "content-type": "application/xml" }),
        bodyText,
      }).map((failure) => failure.message);
    expect(answer('<pet id="1"><name>a</name><tag label="x"/></pet>')).toEqual([]);
    expect(answer('<pet id="one"><name>a</name></pet>')).toEqual([
      expect.stringContaining("the body does not match the schema of 201 application/xml: /id"),
    ]);
    expect(answer("<pet><name>a</pet>")).toEqual([
      expect.stringContaining("the body cannot be read as XML: is not well-formed XML"),
    ]);
  });
});
