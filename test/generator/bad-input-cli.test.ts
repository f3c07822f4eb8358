/**
 * Bad input through the CLI, as a user meets it: a documented exit code, a one-paragraph error
 * saying what, where and what to do, no stack trace, and the output folder exactly as it was.
 */
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROOT, runCli } from "./cli-helper.js";
import { snapshotFolder, stagingLeftovers } from "./snapshot.js";

const work = mkdtempSync(join(ROOT, ".tmp-bad-input-"));
const out = join(work, "out");
let before: Record<string, string>;

function spec(name: string, text: string): string {
  const path = join(work, name);
  writeFileSync(path, text);
  return path;
}

const VALID = `openapi: 3.0.3
info: { title: Valid, version: 1.0.0 }
paths:
  /a:
    get:
      operationId: getA
      responses:
        "200":
          description: ok
          content: { application/json: { schema: { $ref: "#/components/schemas/A" } } }
components:
  schemas:
    A: { type: object, properties: { name: { type: string } } }
`;

beforeAll(() => {
  const first = runCli("generator/cli.ts", ["--spec", spec("valid.yaml", VALID), "--out", out]);
  expect(first.status, first.stderr).toBe(0);
  before = snapshotFolder(out);
}, 120_000);
afterAll(() => rmSync(work, { recursive: true, force: true }));

const cases: [string, string, number, RegExp][] = [
  [
    "malformed YAML",
    "openapi: 3.0.3\ninfo: { title: x, version: 1.0.0\npaths: {}\n",
    3,
    /Malformed YAML or JSON.*\(at .*malformed-yaml\.yaml:\d+:\d+\)/,
  ],
  [
    "a missing $ref target",
    VALID.replace("#/components/schemas/A", "#/components/schemas/Missing"),
    3,
    /\$ref "#\/components\/schemas\/Missing" points at nothing.*(at .*a-missing-ref-target\.yaml:\d+:\d+ \(#\/paths\/~1a\/get)/s,
  ],
  [
    "a path template parameter nobody declares",
    VALID.replace("/a:", "/a/{id}:"),
    3,
    /The path \/a\/\{id\} has \{id\} but declares no path parameter of that name \(at \S+\.yaml:5:5 \(#\/paths\/~1a~1\{id\}\/get\)\)[\s\S]*name: id, in: path, required: true/,
  ],
  [
    "a missing referenced file",
    VALID.replace("#/components/schemas/A", "./nowhere.yaml#/A"),
    3,
    /nowhere\.yaml/,
  ],
  [
    "Swagger 2.0",
    "swagger: '2.0'\ninfo: { title: x, version: 1.0.0 }\npaths: {}\n",
    4,
    /Swagger 2\.0 .*not supported[\s\S]*Convert it to OpenAPI 3 first/,
  ],
  [
    "an unsupported version",
    VALID.replace("3.0.3", "4.0.0"),
    4,
    /Unsupported OpenAPI version "4\.0\.0"[\s\S]*3\.0\.x and 3\.1\.x/,
  ],
  [
    "a spec that fails validation",
    VALID.replace(/responses:[\s\S]*?components:/, 'responses: "none"\ncomponents:'),
    3,
    /not valid OpenAPI.*\(at .*:\d+:\d+/,
  ],
  [
    "duplicate operationIds",
    VALID.replace(
      "/a:",
      "/b:\n    get: { operationId: getA, responses: { '204': { description: ok } } }\n  /a:",
    ),
    3,
    /Duplicate operationId "getA"/,
  ],
];

describe("bad input", () => {
  it.each(cases)("%s: exit code, a clear error, nothing written", (name, text, code, message) => {
    const file = spec(
      `${name
        .replace(/[^a-z0-9]+/gi, "-")
        .replace(/^-|-$/g, "")
        .toLowerCase()}.yaml`,
      text,
    );
    const result = runCli("generator/cli.ts", ["--spec", file, "--out", out]);
    expect(result.status, result.stderr).toBe(code);
    expect(result.stderr).toMatch(/^error: /);
    expect(result.stderr).toMatch(message);
    expect(result.stderr).not.toMatch(/^\s+at /m);
    expect(snapshotFolder(out)).toEqual(before);
    expect(stagingLeftovers(work)).toEqual([]);
  });

  it("refuses an --out it does not own and deletes nothing", () => {
    const handWritten = join(work, "hand-written");
    mkdirSync(handWritten);
    writeFileSync(join(handWritten, "notes.md"), "mine");
    const valid = join(work, "valid.yaml");
    const refused = runCli("generator/cli.ts", ["--spec", valid, "--out", handWritten]);
    expect(refused.status).toBe(5);
    expect(refused.stderr).toMatch(/did not create/);
    expect(snapshotFolder(handWritten)).toEqual({ "/notes.md": "mine" });
    const root = runCli("generator/cli.ts", ["--spec", valid, "--out", "."], work);
    expect(root.status).toBe(5);
    expect(root.stderr).toMatch(/Refusing to write into/);
  });

  it("answers a usage error with exit 2", () => {
    const result = runCli("generator/cli.ts", ["--no-such-flag"]);
    expect(result.status).toBe(2);
    expect(result.stderr).toMatch(/Unknown option/);
  });
});

describe("interrupted runs", () => {
  it("leave the output either as it was or fully written, and no temporary files", async () => {
    const project = join(work, "kill");
    cpSync(join(ROOT, "spec"), join(project, "spec"), { recursive: true });
    cpSync(out, join(project, "out"), { recursive: true });
    const changed = VALID.replace("title: Valid", "title: Valid changed");
    writeFileSync(join(project, "spec/changed.yaml"), changed);
    // the complete new output, for comparison
    const reference = runCli(
      "generator/cli.ts",
      ["--spec", "spec/changed.yaml", "--out", "reference"],
      project,
    );
    expect(reference.status, reference.stderr).toBe(0);
    const after = snapshotFolder(join(project, "reference"));
    const { spawn } = await import("node:child_process");
    const outcomes = new Set<string>();
    for (const delay of [50, 400, 900, 1500, 2500, 4000, 6000]) {
      rmSync(join(project, "out"), { recursive: true, force: true });
      cpSync(out, join(project, "out"), { recursive: true });
      const child = spawn(
        process.execPath,
        [
          "--import",
          "tsx",
          join(ROOT, "generator/cli.ts"),
          "--spec",
          "spec/changed.yaml",
          "--out",
          "out",
        ],
        { cwd: project, stdio: "ignore" },
      );
      const exited = new Promise((resolve) => child.on("exit", resolve));
      setTimeout(() => child.kill(delay % 2 === 0 ? "SIGTERM" : "SIGINT"), delay);
      await exited;
      const now = snapshotFolder(join(project, "out"));
      const state =
        JSON.stringify(now) === JSON.stringify(before)
          ? "before"
          : JSON.stringify(now) === JSON.stringify(after)
            ? "after"
            : "mixed";
      expect(state, `killed after ${delay} ms`).not.toBe("mixed");
      expect(stagingLeftovers(project)).toEqual([]);
      outcomes.add(state);
    }
    expect(outcomes.has("before")).toBe(true);
  }, 240_000);
});
