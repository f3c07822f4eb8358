/**
 * The package's bin: `npx petstore-api scaffold --out <dir>` in a consumer project that has the
 * built package in its node_modules (linked as npm links a bin) writes handler stubs importing
 * `petstore-api/server`, never overwrites a file, and what it writes type-checks as written
 * against the installed package. `--package-name` names the bin and the imports.
 */
import { spawnSync } from "node:child_process";
import {
  chmodSync,
  cpSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { join } from "node:path";
import ts from "typescript";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emitBin } from "../../generator/emit/package/emit-bin.js";
import { packageJsonData } from "../../generator/emit/package/emit-package-json.js";
import { buildModel } from "../../generator/model/build-model.js";
import { loadSpec } from "../../generator/load/load-spec.js";
import { buildPackage } from "../../scripts/build-package.js";

const ROOT = join(import.meta.dirname, "../..");
// under the repository, so that the package's own dependencies resolve from its node_modules
const consumer = mkdtempSync(join(ROOT, ".tmp-scaffold-bin-"));
const installed = join(consumer, "node_modules", "petstore-api");
afterAll(() => rmSync(consumer, { recursive: true, force: true }));

beforeAll(async () => {
  cpSync(join(ROOT, "generated"), installed, {
    recursive: true,
    filter: (source) => !/[\\/](dist|node_modules)$/.test(source),
  });
  await buildPackage(installed);
  const manifest = JSON.parse(readFileSync(join(installed, "package.json"), "utf8")) as {
    bin: Record<string, string>;
  };
  // what npm does on install: node_modules/.bin/<name> → the package's bin, executable
  mkdirSync(join(consumer, "node_modules", ".bin"), { recursive: true });
  for (const [name, target] of Object.entries(manifest.bin)) {
    chmodSync(join(installed, target), 0o755);
    symlinkSync(join("..", "petstore-api", target), join(consumer, "node_modules", ".bin", name));
  }
  writeFileSync(
    join(consumer, "package.json"),
    JSON.stringify({ name: "consumer", private: true, type: "module" }),
  );
}, 240_000);

function npx(...args: string[]) {
  return spawnSync("npx", ["--no-install", "petstore-api", ...args], {
    cwd: consumer,
    encoding: "utf8",
    env: { ...process.env, npm_config_offline: "true", npm_config_update_notifier: "false" },
  });
}

describe("npx petstore-api scaffold", () => {
  it("writes stubs importing petstore-api/server that type-check against the installed package", () => {
    const result = npx("scaffold", "--out", "src/handlers");
    expect(result.status, result.stderr).toBe(0);
    expect(result.stdout).toContain(`created ${join("src", "handlers", "pets.ts")}`);
    expect(result.stdout).toContain(`created ${join("src", "handlers", "index.ts")}`);
    const pets = readFileSync(join(consumer, "src/handlers/pets.ts"), "utf8");
    expect(pets).toContain('from "petstore-api/server"');
    expect(pets).not.toMatch(/generated|runtime\//);
    const program = ts.createProgram([join(consumer, "src/handlers/index.ts")], {
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.NodeNext,
      moduleResolution: ts.ModuleResolutionKind.NodeNext,
      lib: ["lib.es2023.d.ts", "lib.dom.d.ts"],
      types: [],
      strict: true,
      noUncheckedIndexedAccess: true,
      exactOptionalPropertyTypes: true,
      verbatimModuleSyntax: true,
      skipLibCheck: true,
      noEmit: true,
    });
    const errors = ts
      .getPreEmitDiagnostics(program)
      .map((diagnostic) => ts.flattenDiagnosticMessageText(diagnostic.messageText, "\n"));
    expect(errors).toEqual([]);
    // the package resolved through its exports, not a path into it
    expect(
      program.getSourceFiles().some((file) => file.fileName.includes("/dist/entry/server.d.ts")),
    ).toBe(true);
  }, 120_000);

  it("never overwrites a file that exists", () => {
    writeFileSync(join(consumer, "src/handlers/store.ts"), "// mine\nexport {};\n");
    const result = npx("scaffold", "--out", "src/handlers");
    expect(result.status, result.stderr).toBe(0);
    expect(result.stdout).toContain(
      `kept    ${join("src", "handlers", "store.ts")} (exists; never overwritten)`,
    );
    expect(readFileSync(join(consumer, "src/handlers/store.ts"), "utf8")).toBe(
      "// mine\nexport {};\n",
    );
  }, 60_000);

  it("says what is wrong with its arguments, exit code 2", () => {
    const missing = npx("scaffold");
    expect(missing.status).toBe(2);
    expect(missing.stderr).toContain("--out <dir> is required");
    const unknown = npx("scafold", "--out", "x");
    expect(unknown.status).toBe(2);
    expect(unknown.stderr).toContain('unknown command ("scafold"); the command is "scaffold"');
    const help = npx("--help");
    expect(help.status).toBe(0);
    expect(help.stdout).toContain("usage: npx petstore-api scaffold --out <dir>");
  }, 60_000);
});

describe("--package-name", () => {
  it("names the bin after the package (without its scope) and the stubs' imports", async () => {
    const spec = await loadSpec(join(ROOT, "spec/openapi.yaml"), ROOT);
    const model = buildModel(spec.document, spec.specHash);
    const context = { apiName: "PetStore", specPath: "spec/openapi.yaml" };
    const files = emitBin(model, context, "@acme/pets");
    const data = files.find((file) => file.path === "bin/scaffold-files.ts")!.content;
    expect(data).toContain('from \\"@acme/pets/server\\"');
    expect(files.find((file) => file.path === "bin/cli.ts")!.content).toMatch(
      /^#!\/usr\/bin\/env node\n[^]*"npx @acme\/pets"/,
    );
    const pkg = packageJsonData(model, {
      name: "@acme/pets",
      version: "1.0.0",
      license: { field: "MIT", name: "MIT", url: undefined },
      apiName: "PetStore",
    });
    expect(pkg["bin"]).toEqual({ pets: "./dist/bin/cli.js" });
  });
});
