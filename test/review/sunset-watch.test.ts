/** npm run sunsets: the deprecated operations at or near their sunset, for the scheduled watch. */
import { describe, expect, it } from "vitest";
import { dueOperations, formatDue } from "../../review/sunset-watch.js";
import { baseDoc, mutated } from "./fixture.js";

const spec = mutated((doc) => {
  Object.assign(doc.paths["/pets/by-id/{petId}"].get, {
    deprecated: true,
    "x-deprecated-since": "2026-01-01",
    "x-sunset": "2027-08-01",
  });
});

describe("sunset watch", () => {
  it("lists operations within the window, soonest (or passed) first, and nothing else", () => {
    expect(dueOperations(baseDoc(), "2027-06-20", 30).map((item) => item.operationId)).toEqual([
      "getPet",
    ]);
    const due = dueOperations(spec, "2027-07-10", 30, (pointer) => `spec.yaml:${pointer.length}:1`);
    expect(due.map((item) => [item.operationId, item.daysLeft, item.replacedBy])).toEqual([
      ["getPet", -10, "getPetById"],
      ["getPetById", 22, undefined],
    ]);
    expect(due[0]?.at).toMatch(/^spec\.yaml:\d+:1$/);
    expect(dueOperations(spec, "2027-01-01", 30)).toEqual([]);
  });

  it("says what to do, as text, markdown and GitHub annotations on the x-sunset line", () => {
    const due = dueOperations(spec, "2027-07-10", 30, () => "spec/openapi.yaml:42:7");
    expect(formatDue(due, "text", 30)).toContain(
      "getPet (GET /pets/{petId}) passed its sunset on 2027-06-30: it answers 410; remove it from the spec (a minor change); clients move to getPetById\n  at spec/openapi.yaml:42:7\n",
    );
    expect(formatDue(due, "markdown", 30)).toMatch(
      /^### 🕓 2 operations at or near the sunset \(window: 30 days\)\n/,
    );
    expect(formatDue(due, "github", 30).split("\n")).toEqual([
      "::error file=spec/openapi.yaml,line=42,title=Sunset::getPet (GET /pets/{petId}) passed its sunset on 2027-06-30: it answers 410; remove it from the spec (a minor change); clients move to getPetById",
      "::warning file=spec/openapi.yaml,line=42,title=Sunset::getPetById (GET /pets/by-id/{petId}) reaches its sunset on 2027-08-01, in 22 days",
      "",
    ]);
    expect(formatDue([], "text", 30)).toBe(
      "No deprecated operation reaches its sunset within 30 days.\n",
    );
  });
});
