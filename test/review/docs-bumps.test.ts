/**
 * docs/review.md and spec:diff say the same about enum values: one that requests may send is a
 * minor change, one added to a response is major (generated types are closed unions).
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { diffSpecs } from "../../review/diff-specs.js";
import { ROOT } from "../lint/helpers.js";
import { baseDoc, mutated } from "./fixture.js";

const REVIEW = readFileSync(path.join(ROOT, "docs/review.md"), "utf8").replace(/\s+/g, " ");

describe("enum values: the docs and spec:diff agree", () => {
  it("a value added to a response is major; one only requests send is minor", () => {
    const response = diffSpecs(
      baseDoc(),
      mutated((doc) => doc.components.schemas.PetStatus.enum.push("reserved")),
      { today: "2026-11-22" },
    );
    const added = response.changes.filter((change) => change.rule.endsWith("enum-value-added"));
    expect(added.some((change) => change.side === "response" && change.bump === "major")).toBe(
      true,
    );
    expect(REVIEW).toContain("An enum value added to a *response* is **major**");

    const request = diffSpecs(
      baseDoc(),
      mutated((doc) => doc.paths["/pets"].get.parameters[2].schema.enum.push("created")),
      { today: "2026-11-22" },
    );
    expect(request.changes.map((change) => `${change.side} ${change.rule} ${change.bump}`)).toEqual(
      ["request request.enum-value-added minor"],
    );
    expect(REVIEW).toContain("a value that only requests use is minor");
  });
});
