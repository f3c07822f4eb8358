/**
 * The command end to end in a throw-away git repository: the base read from a revision (also a
 * multi-file spec), exit codes 0/1 through the real CLI (`node --import tsx`), usage errors (2)
 * and unreadable specs (3) in-process.
 */
import { execFileSync, spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { stringify } from "yaml";
import { EXIT, runSpecDiff } from "../../review/spec-diff-command.js";
import { baseDoc, mutated } from "./fixture.js";
import type { Doc } from "./fixture.js";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const CLI = path.join(ROOT, "review/spec-diff-cli.ts");
const TSX = pathToFileURL(createRequire(import.meta.url).resolve("tsx")).href;
const TODAY = "2026-11-22";

const repos: string[] = [];

/** A git repository whose first commit holds `files`; returns its path. */
function gitRepo(files: Record<string, string>): string {
  const dir = mkdtempSync(path.join(tmpdir(), "spec-diff-repo-"));
  repos.push(dir);
  writeFiles(dir, files);
  const git = (...args: string[]) =>
    execFileSync(
      "git",
      ["-c", "user.name=Test", "-c", "user.email=test@example.invalid", ...args],
      { cwd: dir, stdio: "pipe" },
    );
  git("init", "-q", "-b", "main");
  git("add", "-A");
  git("commit", "-q", "-m", "base");
  return dir;
}

function writeFiles(dir: string, files: Record<string, string>): void {
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), text);
  }
}

const yaml = (doc: Doc) => stringify(doc);

async function run(cwd: string, ...argv: string[]) {
  let stdout = "";
  let stderr = "";
  const code = await runSpecDiff(argv, {
    cwd,
    stdout: (text) => (stdout += text),
    stderr: (text) => (stderr += text),
  });
  return { code, stdout, stderr };
}

afterAll(() => {
  for (const dir of repos) rmSync(dir, { recursive: true, force: true });
});

describe("spec:diff CLI (node --import tsx)", () => {
  let repo: string;
  beforeAll(() => {
    repo = gitRepo({ "spec/openapi.yaml": yaml(baseDoc()) });
  });

  function cli(...argv: string[]) {
    return spawnSync(process.execPath, ["--import", TSX, CLI, ...argv], {
      cwd: repo,
      encoding: "utf8",
      timeout: 60_000,
    });
  }

  it("exits 1 on a breaking change without a major bump, and 0 once info.version has one", () => {
    writeFiles(repo, {
      "spec/openapi.yaml": yaml(
        mutated((doc) => (doc.components.schemas.NewPet.properties.name.maxLength = 50)),
      ),
    });
    const failing = cli("HEAD", "--today", TODAY);
    expect(failing.stderr).toBe("");
    expect(failing.status).toBe(EXIT.breaking);
    expect(failing.stdout).toContain(
      "spec:diff HEAD:spec/openapi.yaml (1.0.0) → spec/openapi.yaml (1.0.0)",
    );
    expect(failing.stdout).toContain(
      "FAIL: 1 breaking change without a major bump of info.version",
    );

    writeFiles(repo, {
      "spec/openapi.yaml": yaml(
        mutated((doc) => {
          doc.components.schemas.NewPet.properties.name.maxLength = 50;
          doc.info.version = "2.0.0";
        }),
      ),
    });
    const passing = cli("main", "--format", "json", "--today", TODAY);
    expect(passing.status).toBe(EXIT.ok);
    const report = JSON.parse(passing.stdout);
    expect(report).toMatchObject({
      verdict: "pass",
      summary: { breaking: 1 },
      version: { required: "major", actual: "major", sufficient: true },
    });
  });
});

describe("spec:diff command (in-process)", () => {
  it("reads every file a multi-file spec references at the base revision", async () => {
    // openapi.yaml → schemas/pet.yaml → schemas/pet-status.yaml (a file reached only through another file)
    const root = mutated((doc) => {
      doc.components.schemas.Pet = { $ref: "./schemas/pet.yaml" };
      doc.components.schemas.PetStatus = { $ref: "./schemas/pet-status.yaml" };
    });
    const pet = baseDoc().components.schemas.Pet;
    pet.properties.status = { $ref: "./pet-status.yaml" };
    const repo = gitRepo({
      "spec/openapi.yaml": yaml(root),
      "spec/schemas/pet.yaml": yaml(pet),
      "spec/schemas/pet-status.yaml": yaml(baseDoc().components.schemas.PetStatus),
    });
    expect((await run(repo, "HEAD", "--today", TODAY)).stdout).toContain("PASS: no changes");

    delete pet.properties.tag;
    writeFiles(repo, {
      "spec/schemas/pet.yaml": yaml(pet),
      "spec/schemas/pet-status.yaml": yaml({ type: "string", enum: ["available", "pending"] }),
    });
    const result = await run(repo, "HEAD", "--format", "json", "--today", TODAY);
    expect(result.code).toBe(EXIT.breaking);
    expect(
      JSON.parse(result.stdout)
        .changes.map((change: { rule: string; field: string }) => `${change.rule} ${change.field}`)
        .sort(),
    ).toEqual([
      "request.enum-value-removed ",
      "response.enum-value-removed ",
      "response.field-removed tag",
    ]);
    // Findings inside a $ref'd file point into that file (the base's, read at the revision, for a
    // removal), not at the root spec's `$ref` line.
    const at = Object.fromEntries(
      JSON.parse(result.stdout).changes.map((change: { rule: string; at?: string }) => [
        change.rule,
        change.at,
      ]),
    );
    expect(at["response.field-removed"]).toMatch(/^HEAD:spec\/schemas\/pet\.yaml:\d+:\d+$/);
    expect(at["response.enum-value-removed"]).toBe("spec/schemas/pet-status.yaml:1:1");
  });

  it("takes a file as the base and --head as the spec to check", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "spec-diff-files-"));
    repos.push(dir);
    writeFiles(dir, {
      "old.yaml": yaml(baseDoc()),
      "new.yaml": yaml(mutated((doc) => (doc.info.version = "1.1.0"))),
    });
    const result = await run(
      dir,
      "old.yaml",
      "--head",
      "new.yaml",
      "--format",
      "markdown",
      "--today",
      TODAY,
    );
    expect(result.code).toBe(EXIT.ok);
    expect(result.stdout).toContain("### ✅ Spec diff: no contract changes");
  });

  it.each([
    { name: "no base", argv: [] },
    { name: "two bases", argv: ["a", "b"] },
    { name: "an unknown format", argv: ["HEAD", "--format", "xml"] },
    { name: "an impossible --today", argv: ["HEAD", "--today", "2026-02-30"] },
    {
      name: "--min-sunset-days, gone: the notice is the shared policy's",
      argv: ["HEAD", "--min-sunset-days", "30"],
    },
    { name: "an unknown option", argv: ["HEAD", "--verbose"] },
  ])("exits 2 on a usage error: $name", async ({ argv }) => {
    const result = await run(ROOT, ...argv);
    expect(result.code).toBe(EXIT.usage);
    expect(result.stderr).toContain("Usage: npm run spec:diff -- <base>");
  });

  it("prints the usage with --help and exits 0", async () => {
    const result = await run(ROOT, "--help");
    expect(result.code).toBe(EXIT.ok);
    expect(result.stdout).toContain("Exit codes:");
  });

  it("exits 3 when a spec cannot be read", async () => {
    const dir = gitRepo({
      "spec/openapi.yaml": yaml(baseDoc()),
      "broken.yaml": "openapi: 3.0.3\ninfo: { title: x\n",
      "dangling.yaml": yaml(
        mutated((doc) => (doc.components.schemas.Pet = { $ref: "./missing.yaml" })),
      ),
      "not-openapi.yaml": "just: a map\n",
    });
    const unknownRevision = await run(dir, "origin/nowhere");
    expect(unknownRevision.code).toBe(EXIT.unreadable);
    expect(unknownRevision.stderr).toContain("origin/nowhere is neither a file nor a git revision");
    expect((await run(dir, "HEAD", "--spec-path", "spec/absent.yaml")).stderr).toContain(
      "HEAD:spec/absent.yaml could not be read from git",
    );
    for (const head of ["broken.yaml", "dangling.yaml", "not-openapi.yaml", "absent.yaml"]) {
      const result = await run(dir, "HEAD", "--head", head);
      expect(result.code, head).toBe(EXIT.unreadable);
      expect(result.stdout).toBe("");
    }
  });

  it("validates both sides first and refuses an invalid one with generate's own error", async () => {
    const duplicate = mutated(
      (doc) => (doc.paths["/pets/by-id/{petId}"].get.operationId = "getPet"),
    );
    const undeclared = mutated((doc) => {
      doc.paths["/pets/{petId}/toys/{toyId}"] = {
        get: {
          operationId: "listToys",
          summary: "Toys",
          parameters: [{ name: "petId", in: "path", required: true, schema: { type: "integer" } }],
          responses: { "200": { description: "The toys." } },
        },
      };
    });
    const structural = mutated((doc) => (doc.paths["/pets"].get.responses = "none"));
    const successor = mutated(
      (doc) => (doc.paths["/pets/{petId}"].get["x-replaced-by"] = "getPetByIdd"),
    );
    const dir = gitRepo({
      "successor.yaml": yaml(successor),
      "spec/openapi.yaml": yaml(baseDoc()),
      "duplicate.yaml": yaml(duplicate),
      "undeclared.yaml": yaml(undeclared),
      "structural.yaml": yaml(structural),
    });
    const cases: [string, RegExp][] = [
      [
        "duplicate.yaml",
        /duplicate\.yaml is not a valid spec:\nerror: Duplicate operationId "getPet" \(at duplicate\.yaml:\d+:5 \(#\/paths\/~1pets~1by-id~1\{petId\}\/get\) and duplicate\.yaml:\d+:5 \(#\/paths\/~1pets~1\{petId\}\/get\)\)\n  operationIds must be unique/,
      ],
      [
        "undeclared.yaml",
        /undeclared\.yaml is not a valid spec:\nerror: The path \/pets\/\{petId\}\/toys\/\{toyId\} has \{toyId\} but declares no path parameter of that name \(at undeclared\.yaml:\d+:\d+ \(#\/paths/,
      ],
      [
        "successor.yaml",
        /successor\.yaml is not a valid spec:\nerror: x-replaced-by "getPetByIdd" names no operation of this spec \(at successor\.yaml:\d+:\d+ \(#\/paths\/~1pets~1\{petId\}\/get\/x-replaced-by\)\)\n  Did you mean "getPetById"\?/,
      ],
      [
        "structural.yaml",
        /structural\.yaml is not a valid spec:\nerror: The spec is not valid OpenAPI: .*\(at structural\.yaml:\d+:\d+ \(#\/paths\/~1pets\/get\/responses\)\)/,
      ],
    ];
    for (const [head, message] of cases) {
      const result = await run(dir, "HEAD", "--head", head);
      expect(result.code, head).toBe(EXIT.unreadable);
      expect(result.stdout, head).toBe("");
      expect(result.stderr, head).toMatch(message);
    }
    // The base side too, read from a revision: the location names the revision, not a temp folder.
    writeFiles(dir, { "spec/openapi.yaml": yaml(duplicate) });
    execFileSync(
      "git",
      ["-c", "user.name=T", "-c", "user.email=t@example.invalid", "commit", "-qam", "dup"],
      { cwd: dir },
    );
    writeFiles(dir, { "spec/openapi.yaml": yaml(baseDoc()) });
    const base = await run(dir, "HEAD");
    expect(base.code).toBe(EXIT.unreadable);
    expect(base.stderr).toContain(
      "HEAD:spec/openapi.yaml is not a valid spec:\nerror: Duplicate operationId",
    );
  }, 60_000);

  it("gives every finding a file:line:column, in the head spec or (for a removal) in the base", async () => {
    const head = mutated((doc) => {
      doc.components.schemas.NewPet.properties.name.maxLength = 10;
      delete doc.paths["/pets/by-id/{petId}"];
      delete doc.paths["/pets/{petId}"].get["x-replaced-by"]; // it named the removed operation
    });
    const headText = yaml(head);
    const baseText = yaml(baseDoc());
    const dir = gitRepo({ "spec/openapi.yaml": baseText, "head.yaml": headText });
    const result = await run(
      dir,
      "spec/openapi.yaml",
      "--head",
      "head.yaml",
      "--format",
      "json",
      "--today",
      TODAY,
    );
    const changes = JSON.parse(result.stdout).changes as {
      location: string;
      field: string;
      at?: string;
    }[];
    const lineOf = (text: string, needle: string, after = 0) =>
      text.split("\n").findIndex((line, index) => index >= after && line.includes(needle)) + 1;
    const name = changes.find(
      (change) => change.location === "#/components/schemas/NewPet" && change.field === "name",
    );
    const newPetLine = lineOf(headText, "NewPet:");
    expect(name?.at).toBe(
      `head.yaml:${lineOf(headText, "name:", newPetLine)}:${headText.split("\n")[lineOf(headText, "name:", newPetLine) - 1]!.indexOf("name:") + 1}`,
    );
    const removed = changes.find((change) => change.location === "GET /pets/by-id/{petId}");
    expect(removed?.at).toMatch(
      new RegExp(
        `^spec/openapi\\.yaml:${lineOf(baseText, "get:", lineOf(baseText, "/pets/by-id/{petId}:"))}:\\d+$`,
      ),
    );
    const text = await run(dir, "spec/openapi.yaml", "--head", "head.yaml", "--today", TODAY);
    expect(text.stdout).toContain(`at ${name?.at}`);
  });
});
