import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { ROOT, runCli } from "./cli-helper.js";

const work = mkdtempSync(join(ROOT, ".tmp-check-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

function snapshot(dir: string): string {
  return readFileSync(join(dir, "client.ts"), "utf8") + readFileSync(join(dir, ".generated-manifest.json"), "utf8");
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
    writeFileSync(client, readFileSync(client, "utf8").replace("createClientRuntime(options", "createClientRuntime({ ...options }"));
    const before = snapshot(out);
    const result = runCli("generator/cli.ts", ["--name", "PetStore", "--check", "--out", out]);
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/changed\s+\S*client\.ts/);
    expect(result.stderr).toContain("+  const runtime = createClientRuntime(options");
    expect(snapshot(out)).toBe(before);
  });

  it("fails on a spec change that was not regenerated, and lists missing and extra files", () => {
    // a copy of the project's spec/ and generated/, so paths in headers stay the same
    const project = join(work, "project");
    cpSync(join(ROOT, "spec"), join(project, "spec"), { recursive: true });
    cpSync(join(ROOT, "generated"), join(project, "generated"), { recursive: true });
    const spec = join(project, "spec/openapi.yaml");
    writeFileSync(spec, readFileSync(spec, "utf8").replace(/^(\s+summary: )(.+)$/m, "$1Renamed summary"));
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
