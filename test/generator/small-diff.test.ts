/**
 * Small spec changes give small diffs: headers carry no spec-wide hash, so a description edit
 * rewrites only the files that show that description, and only its lines; adding an operation
 * adds its lines and changes no line of another operation. Validator files (validators/*) are
 * left out of the second assertion: how their code is named and ordered is the validator
 * emitter's (issue 17's "core" part). The README's operation table is the one exception to
 * "no line of another operation": the README emitter aligns markdown table columns, so a longer new row
 * re-pads the others.
 */
import { rmSync } from "node:fs";
import { join } from "node:path";
import { diffArrays } from "diff";
import { afterAll, describe, expect, it } from "vitest";
import { render } from "../../generator/generate.js";
import { ROOT } from "./cli-helper.js";
import { addOperation, copySpec, editDescription, editSpec } from "./spec-edits.js";

const temps: string[] = [];
afterAll(() => temps.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

interface FileChange {
  readonly removed: string[];
  readonly added: string[];
}

async function renderFiles(spec: string, cwd: string): Promise<Map<string, string>> {
  const rendered = await render({
    specPath: spec,
    outDir: join(cwd, "out"),
    cwd,
    apiName: "PetStore",
  });
  return new Map(rendered.files.map((file) => [file.path, file.content]));
}

function changes(before: Map<string, string>, after: Map<string, string>): Map<string, FileChange> {
  const result = new Map<string, FileChange>();
  for (const path of new Set([...before.keys(), ...after.keys()])) {
    const a = before.get(path) ?? "";
    const b = after.get(path) ?? "";
    if (a === b) continue;
    const change: FileChange = { removed: [], added: [] };
    for (const part of diffArrays(a.split("\n"), b.split("\n"))) {
      if (part.removed) change.removed.push(...part.value);
      if (part.added) change.added.push(...part.value);
    }
    result.set(path, change);
  }
  return result;
}

describe("small diffs", () => {
  it("a description edit changes only lines showing that description, in the files that show it", async () => {
    const { dir, spec } = copySpec(join(ROOT, "spec/openapi.yaml"));
    temps.push(dir);
    const before = await renderFiles(spec, dir);
    editSpec(spec, (document) => editDescription(document, 2, "WORDADDEDBYTEST"));
    const after = await renderFiles(spec, dir);
    const changed = changes(before, after);
    expect(changed.size).toBeGreaterThan(0);
    // only the files that show an operation's description (it was 14 files): the types, the
    // client and its per-operation functions, the query options, the server's handler types, an
    // MCP tool, the README
    const showing = [
      "README.md",
      "client.ts",
      "mcp.ts",
      "operations.ts",
      "query.ts",
      "server.ts",
      "types.ts",
    ];
    for (const path of changed.keys()) expect(showing).toContain(path);
    for (const [path, change] of changed) {
      expect(path, "no validator or runtime file changes").not.toMatch(/^(validators|runtime)\//);
      for (const line of change.added)
        expect(line, `${path}: every added line shows the edit`).toContain("WORDADDEDBYTEST");
      // a description ending in a newline (a YAML block scalar) gets the word on a line of its own
      expect(
        change.removed.length,
        `${path}: no more lines removed than added`,
      ).toBeLessThanOrEqual(change.added.length);
    }
  }, 300_000);

  it("adding an operation adds its lines and changes no line of other operations (validators aside)", async () => {
    const { dir, spec } = copySpec(join(ROOT, "spec/openapi.yaml"));
    temps.push(dir);
    const before = await renderFiles(spec, dir);
    editSpec(spec, (document) => addOperation(document, "addedByTheTest"));
    const after = await renderFiles(spec, dir);
    const changed = changes(before, after);
    const added = [...changed.values()].reduce((sum, change) => sum + change.added.length, 0);
    expect(added).toBeGreaterThan(20);
    for (const [path, change] of changed) {
      if (path.startsWith("validators/")) continue;
      expect(path).not.toMatch(/^runtime\//);
      if (path === "README.md") {
        // the README's operation table gains a row, and the emitter re-aligns the table's columns
        for (const line of change.removed) expect(line, `README.md: ${line}`).toMatch(/^\|/);
        continue;
      }
      // what goes are at most a few lines per file that end a list the new operation joins
      // (a closing bracket, the last member now followed by the new one)
      expect(
        change.removed.length,
        `${path}: removed ${JSON.stringify(change.removed)}`,
      ).toBeLessThanOrEqual(3);
    }
  }, 300_000);
});
