/**
 * lint/lifecycle-implied.js: `deprecated: true` with x-deprecated-since / x-sunset /
 * x-replaced-by implies the Deprecation, Sunset and Link headers and the 410, for every tool.
 * A spec that spells them out and one that leaves them implied generate the same contract and
 * spec:diff finds no contract change between them.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { implyLifecycle } from "../../lint/lifecycle-implied.js";
import { diffSpecs } from "../../review/diff-specs.js";
import { SPEC_PATH, deref, fixture, type Doc } from "./helpers.js";

const getPet = (doc: Doc): Doc => doc.paths["/pets/{petId}"].get;

function deprecatedFixture(): Doc {
  const doc: Doc = parse(fixture());
  Object.assign(getPet(doc), {
    deprecated: true,
    "x-deprecated-since": "2096-01-01",
    "x-sunset": "2099-06-30",
    "x-replaced-by": "getInventory",
  });
  return doc;
}

describe("implyLifecycle", () => {
  it("declares Deprecation and Sunset on every response, copying shared ones into the operation", () => {
    const doc = implyLifecycle(deprecatedFixture());
    for (const [status, raw] of Object.entries<Doc>(getPet(doc).responses)) {
      expect(raw.$ref, status).toBeUndefined();
      expect(Object.keys(raw.headers), status).toEqual(
        expect.arrayContaining(["Deprecation", "Sunset"]),
      );
    }
    // the shared NotFound stays as it was: getInventory uses it without the headers
    expect(Object.keys(doc.components.responses.NotFound.headers)).not.toContain("Deprecation");
    expect(
      Object.keys(deref(doc, doc.paths["/store/inventory"].get.responses["500"]).headers),
    ).not.toContain("Sunset");
  });

  it("declares the 410 with the error body, the rate-limit headers and Link to the successor", () => {
    const gone = getPet(implyLifecycle(deprecatedFixture())).responses["410"];
    expect(gone.content["application/json"].schema).toEqual({ $ref: "#/components/schemas/Error" });
    expect(Object.keys(gone.headers).sort()).toEqual([
      "Deprecation",
      "Link",
      "Sunset",
      "X-RateLimit-Limit",
      "X-RateLimit-Remaining",
      "X-RateLimit-Reset",
    ]);
    expect(gone.headers.Link.schema).toEqual({ type: "string" });
  });

  it("keeps what the spec declares and leaves operations that are not deprecated alone", () => {
    const spec: Doc = parse(readFileSync(SPEC_PATH, "utf8"));
    expect(implyLifecycle(structuredClone(spec))).toEqual(spec); // getPet spells everything out
    const doc: Doc = parse(fixture());
    expect(implyLifecycle(structuredClone(doc))).toEqual(doc);
  });

  it("spec:diff: leaving the headers and the 410 implied is no contract change", () => {
    const spelled: Doc = parse(readFileSync(SPEC_PATH, "utf8"));
    const implied = structuredClone(spelled);
    const operation = getPet(implied);
    delete operation.responses["410"];
    for (const response of Object.values<Doc>(operation.responses)) {
      delete response.headers?.Deprecation;
      delete response.headers?.Sunset;
    }
    const report = diffSpecs(spelled, implied, { today: "2026-11-28" });
    expect(report.summary).toEqual({ breaking: 0, warning: 0, deprecation: 0, nonBreaking: 1 });
    expect(report.changes.map((change) => change.rule)).toEqual(["document.other-changed"]);
  });
});
