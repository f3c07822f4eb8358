/** `npm run docs` on a spec it cannot render says why (exit 3), as generate and spec:diff do. */
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { ROOT } from "../lint/helpers.js";

const work = mkdtempSync(path.join(tmpdir(), "docs-cli-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

function docs(spec: string) {
  const file = path.join(work, "spec.yaml");
  writeFileSync(file, spec);
  const result = spawnSync(
    path.join(ROOT, "node_modules/.bin/tsx"),
    ["review/build-docs.ts", "--spec", file, "--out", path.join(work, "out.html")],
    { cwd: ROOT, encoding: "utf8" },
  );
  return { status: result.status, stderr: result.stderr };
}

describe("npm run docs on a broken spec", () => {
  it("names the problem, where it is and what to do", () => {
    const dangling = docs(
      'openapi: 3.0.3\ninfo: { title: T, version: "1" }\npaths:\n  /a:\n    get:\n      responses:\n        "200": { $ref: "#/components/responses/Nope" }\n',
    );
    expect(dangling.status).toBe(3);
    expect(dangling.stderr).toMatch(
      /is not a valid spec:\nerror: \$ref "#\/components\/responses\/Nope" points at nothing \(at .*spec\.yaml:7:16/,
    );
    expect(dangling.stderr).toMatch(/Fix the \$ref/);
    const malformed = docs("openapi: 3.0.3\ninfo: [\n");
    expect(malformed.status).toBe(3);
    expect(malformed.stderr).toMatch(/error: Malformed YAML or JSON: .*\n  Fix the syntax/);
  }, 60_000);
});
