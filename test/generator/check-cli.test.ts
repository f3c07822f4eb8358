import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { ROOT, runCli } from "./cli-helper.js";

const work = mkdtempSync(join(ROOT, ".tmp-check-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

function snapshot(dir: string): string {
  return (
    readFileSync(join(dir, "client.ts"), "utf8") +
    readFileSync(join(dir, ".generated-manifest.json"), "utf8")
  );
}

describe("npm run generate -- --check", () => {
  it("passes on the committed generated/ and writes nothing", () => {
    const result = runCli("generator/cli.ts", ["--name", "PetStore", "--check"]);
    expect(result.stderr).toBe("");
    expect(result.status).toBe(0);
  });

  it("fails on a hand-edited generated file, names it with a diff, and leaves it as it was", () => {
    const out = join(work, "edited");
    cpSync(join(ROOT, "generated"), out, { recursive: true });
    const client = join(out, "client.ts");
    const original = readFileSync(client, "utf8");
    const edited = original.replace("const runtime = ", "const runtime: unknown = ");
    expect(edited).not.toBe(original); // the edit must hit something
    writeFileSync(client, edited);
    const before = snapshot(out);
    const result = runCli("generator/cli.ts", ["--name", "PetStore", "--check", "--out", out]);
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/changed\s+\S*client\.ts/);
    expect(result.stderr).toContain("+  const runtime = createClientRuntime");
    expect(result.stderr).toContain("-  const runtime: unknown = createClientRuntime");
    expect(snapshot(out)).toBe(before);
  });

  it("fails on a spec change that was not regenerated, and lists missing and extra files", () => {
    // a copy of the project's spec/ and generated/, so paths in headers stay the same
    const project = join(work, "project");
    cpSync(join(ROOT, "spec"), join(project, "spec"), { recursive: true });
    cpSync(join(ROOT, "generated"), join(project, "generated"), { recursive: true });
    const spec = join(project, "spec/openapi.yaml");
    writeFileSync(
      spec,
      readFileSync(spec, "utf8").replace(/^(\s+summary: )(.+)$/m, "$1Renamed summary"),
    );
    const unchanged = runCli("generator/cli.ts", ["--name", "PetStore", "--check"], project);
    expect(unchanged.status).toBe(1);
    expect(unchanged.stderr).toMatch(/changed\s+generated\/client\.ts/);
    expect(unchanged.stderr).toContain("Renamed summary");

    rmSync(join(project, "generated/types.ts"));
    writeFileSync(join(project, "generated/stray.ts"), "export {};\n");
    const result = runCli("generator/cli.ts", ["--name", "PetStore", "--check"], project);
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/missing\s+generated\/types\.ts/);
    expect(result.stderr).toMatch(/extra\s+generated\/stray\.ts/);
  });
});

describe("the fast path (unchanged inputs and outputs)", () => {
  it("lets `npm run generate` answer without rendering or writing when nothing changed", () => {
    const out = join(work, "again");
    const first = runCli("generator/cli.ts", ["--name", "PetStore", "--out", out]);
    expect(first.status).toBe(0);
    expect(first.stdout).toContain("Generated");
    const mtimes = () =>
      ["client.ts", "types.ts", ".generated-manifest.json"].map(
        (file) => statSync(join(out, file)).mtimeMs,
      );
    const before = mtimes();
    const second = runCli("generator/cli.ts", ["--name", "PetStore", "--out", out]);
    expect(second.status).toBe(0);
    expect(second.stdout).toContain(
      "is up to date with spec/openapi.yaml (inputs and outputs unchanged; nothing rendered)",
    );
    expect(mtimes()).toEqual(before);

    // a staging folder left by a killed run: the full path runs and clears it
    const litter = join(work, ".again.staging-99999");
    mkdirSync(litter);
    writeFileSync(join(litter, "client.ts"), "half-written");
    const third = runCli("generator/cli.ts", ["--name", "PetStore", "--out", out]);
    expect(third.status).toBe(0);
    expect(third.stdout).toContain("Generated");
    expect(existsSync(litter)).toBe(false);
  });

  it("is not taken with --no-cache, which renders everything as its help says", () => {
    const out = join(work, "uncached");
    expect(runCli("generator/cli.ts", ["--name", "PetStore", "--out", out]).status).toBe(0);
    const result = runCli("generator/cli.ts", ["--name", "PetStore", "--out", out, "--no-cache"]);
    expect(result.status).toBe(0);
    expect(result.stdout).not.toContain("nothing rendered");
    expect(result.stdout).toMatch(
      /Generated \d+ files for \d+ operations .*\(0 written, \d+ unchanged/,
    );
  }, 120_000);

  it("is never taken for another spec than the output was generated from, even with the same content", () => {
    const copy = join(work, "same-content.yaml");
    cpSync(join(ROOT, "spec/openapi.yaml"), copy);
    const result = runCli("generator/cli.ts", ["--name", "PetStore", "--check", "--spec", copy]);
    expect(result.stdout).not.toContain("nothing rendered");
    // the headers name the spec they come from: a full render finds every file changed
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/changed\s+generated\/client\.ts/);
  });
});
