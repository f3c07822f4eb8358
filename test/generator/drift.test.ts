import { describe, expect, it } from "vitest";
import { render } from "../../generator/generate.js";
import { checkOutput } from "../../generator/write/check-output.js";
import { API_NAME, OUT, SPEC, renderProjectSpec } from "./render-cache.js";

describe("generated/ is what the spec generates", () => {
  it("has no drift: every rendered file matches the committed one, and nothing is extra", async () => {
    const rendered = await renderProjectSpec();
    const drifts = await checkOutput(OUT, rendered.files, rendered.manifest);
    expect(drifts.map((drift) => `${drift.kind} ${drift.path}\n${drift.diff ?? ""}`)).toEqual([]);
  });

  it("is deterministic: a second render gives the same bytes", async () => {
    const first = await renderProjectSpec();
    const second = await render({ specPath: SPEC, outDir: OUT, apiName: API_NAME });
    expect(second.files.map((file) => file.path)).toEqual(first.files.map((file) => file.path));
    for (const [index, file] of second.files.entries())
      expect(file.content).toBe(first.files[index]?.content);
  });

  it("starts every generated source file with the static header and no volatile data", async () => {
    const rendered = await renderProjectSpec();
    for (const file of rendered.files) {
      if (!/\.(ts|js)$/.test(file.path)) continue;
      // a bin's `#!` line comes first, the header right below it
      const lines = file.content.split("\n");
      const head = lines
        .slice(lines[0]?.startsWith("#!") ? 1 : 0)
        .slice(0, 2)
        .join("\n");
      expect(head, file.path).toMatch(/Do not edit|never in generated/);
      expect(head, file.path).not.toMatch(/\/(work|home|tmp|Users)\//);
      expect(head, file.path).not.toMatch(/\d\d:\d\d:\d\d/);
    }
  });
});
