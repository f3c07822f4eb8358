import { describe, expect, it } from "vitest";
import { generatedSummary } from "../../generator/write/generated-summary.js";

describe("the summary npm run generate ends with", () => {
  it.each([
    [
      { written: 1, unchanged: 43, deleted: 0 },
      17,
      "Generated 44 files for 17 operations into generated/ (1 written, 43 unchanged, 0 deleted)",
    ],
    [
      { written: 44, unchanged: 0, deleted: 2 },
      1,
      "Generated 44 files for 1 operation into generated/ (44 written, 0 unchanged, 2 deleted)",
    ],
    [
      { written: 1, unchanged: 0, deleted: 0 },
      0,
      "Generated 1 file for 0 operations into generated/ (1 written, 0 unchanged, 0 deleted)",
    ],
  ])("adds up: %j", (counts, operations, want) => {
    const list = (n: number) => Array.from({ length: n }, (_, i) => `f${i}`);
    const report = {
      written: list(counts.written),
      unchanged: list(counts.unchanged),
      deleted: list(counts.deleted),
    };
    expect(generatedSummary(report, operations, "generated")).toBe(want);
  });
});
