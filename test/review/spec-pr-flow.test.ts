/**
 * A spec author's pull requests, one after the other, in a copy of the repository: each change
 * (an optional field, a new paginated operation, a renamed response field, an enum value removed,
 * a deprecation in four lines)
 * is classified by spec:diff, gets the version bump spec:diff asks for, and then passes the checks
 * a spec-only pull request meets: `npm run lint`, `generate --check` and the strict typecheck (the
 * contract tests themselves are left to CI: running the whole suite four times here would cost
 * minutes; the new operation's step also runs the generic contract tests, every-operation.test.ts,
 * which exercise it). A seed-fact violation (X-RateLimit-Remaining removed) fails lint with the fix.
 *
 * Costs about a typecheck per step (incremental after the first): 2–4 minutes on 2 cores.
 */
import { execFileSync, spawnSync } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseDocument, type Document } from "yaml";
import { ROOT } from "../lint/helpers.js";

const STEP_TIMEOUT = 600_000;
let copy: string;

function run(command: string, args: readonly string[]) {
  const result = spawnSync(command, args, {
    cwd: copy,
    encoding: "utf8",
    env: {
      ...process.env,
      NODE_ENV: "test",
      REDOCLY_TELEMETRY: "off",
      FORCE_COLOR: "0",
      NO_COLOR: "1",
    },
    maxBuffer: 64 * 1024 * 1024,
  });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

const node = (args: readonly string[]) => run(process.execPath, args);
const bin = (name: string) => path.join(ROOT, "node_modules/.bin", name);

function editSpec(change: (doc: Document) => void): void {
  const file = path.join(copy, "spec/openapi.yaml");
  const doc = parseDocument(readFileSync(file, "utf8"));
  change(doc);
  writeFileSync(file, doc.toString({ lineWidth: 0 }));
}

/** spec:diff against `base` (the spec before the pull request); returns its JSON report. */
function specDiff(base: string): { version: { required: string }; verdict: string } {
  const { output, status } = run(bin("tsx"), ["review/spec-diff-cli.ts", base, "--format", "json"]);
  expect([0, 1], output).toContain(status);
  return JSON.parse(output.slice(output.indexOf("{")));
}

function bump(version: string, level: string): string {
  const [major = 0, minor = 0, patch = 0] = version.split(".").map(Number);
  if (level === "major") return `${major + 1}.0.0`;
  if (level === "minor") return `${major}.${minor + 1}.0`;
  if (level === "patch") return `${major}.${minor}.${patch + 1}`;
  return version;
}

/** Applies `change` as one pull request: diff, bump, regenerate, then the spec PR's checks. */
function pullRequest(name: string, change: (doc: Document) => void, expected: string): void {
  const base = path.join(copy, `base-${name}.yaml`);
  cpSync(path.join(copy, "spec/openapi.yaml"), base);
  editSpec(change);
  const report = specDiff(base);
  expect(report.version.required, name).toBe(expected);
  editSpec((doc) => {
    doc.setIn(["info", "version"], bump(String(doc.getIn(["info", "version"])), expected));
  });
  expect(specDiff(base).verdict, name).toBe("pass");
  const generated = node(["generator/run.mjs", "cli", "--name", "PetStore"]);
  expect(generated.status, generated.output).toBe(0);
  const lint = node(["lint/run-lint.mjs", "spec/openapi.yaml"]);
  expect(lint.status, lint.output).toBe(0);
  const check = node(["generator/run.mjs", "cli", "--name", "PetStore", "--check"]);
  expect(check.status, check.output).toBe(0);
  const typecheck = node([
    path.join(ROOT, "node_modules/typescript/bin/tsc"),
    "-p",
    "tsconfig.json",
    "--noEmit",
    "--incremental",
    "--tsBuildInfoFile",
    path.join(copy, ".tsbuildinfo"),
  ]);
  expect(typecheck.status, typecheck.output).toBe(0);
}

const petProperty = (schema: string, field: string) => [
  "components",
  "schemas",
  schema,
  "properties",
  field,
];

beforeAll(() => {
  copy = mkdtempSync(path.join(tmpdir(), "spec-pr-"));
  const files = execFileSync("git", ["ls-files", "-co", "--exclude-standard"], {
    cwd: ROOT,
    encoding: "utf8",
  })
    .split("\n")
    .filter((file) => file !== "" && !file.startsWith("node_modules"));
  for (const file of files) {
    try {
      cpSync(path.join(ROOT, file), path.join(copy, file), { recursive: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error; // deleted, not committed
    }
  }
  symlinkSync(path.join(ROOT, "node_modules"), path.join(copy, "node_modules"));
});

afterAll(() => {
  if (copy !== undefined) rmSync(copy, { recursive: true, force: true });
});

describe("a spec-only pull request passes lint, generate --check and the typecheck", () => {
  it(
    "an optional field (minor)",
    () => {
      const size = {
        type: "string",
        enum: ["small", "medium", "large"],
        description: "How big the animal is.",
        example: "small",
      };
      pullRequest(
        "optional-field",
        (doc) => {
          doc.setIn(petProperty("NewPet", "size"), doc.createNode(size));
          doc.setIn(petProperty("Pet", "size"), doc.createNode(size));
        },
        "minor",
      );
    },
    STEP_TIMEOUT,
  );

  it(
    "a new paginated operation (minor), which the reference server answers with its 501 stub",
    () => {
      pullRequest(
        "new-operation",
        (doc) => {
          const listPets = doc.getIn(["paths", "/pets", "get"], true) as { toJSON(): any };
          const operation = listPets.toJSON();
          operation.operationId = "listCategoryPets";
          operation.summary = "List the pets of a category";
          operation.description =
            "Returns a page of the pets of one category, in ascending id order.";
          operation.parameters = [
            { $ref: "#/components/parameters/Limit" },
            { $ref: "#/components/parameters/Offset" },
          ];
          operation.responses["404"] = { $ref: "#/components/responses/NotFound" };
          doc.setIn(
            ["paths", "/categories/{categoryId}/pets"],
            doc.createNode({
              parameters: [{ $ref: "#/components/parameters/CategoryId" }],
              get: operation,
            }),
          );
        },
        "minor",
      );
      // the generic contract tests exercise it without a hand-written row: 501 from its stub
      const generic = run(bin("vitest"), ["run", "test/contract/every-operation.test.ts"]);
      expect(generic.status, generic.output).toBe(0);
      expect(generic.output).toMatch(/4 passed/);
      const stubs = readFileSync(path.join(copy, "generated/server.ts"), "utf8");
      expect(stubs).toContain('listCategoryPets: () => notImplemented("listCategoryPets")');
    },
    STEP_TIMEOUT,
  );

  it(
    "a renamed response field (major)",
    () => {
      pullRequest(
        "renamed-field",
        (doc) => {
          for (const schema of ["NewPet", "Pet"]) {
            const size = doc.getIn(petProperty(schema, "size"), true);
            doc.deleteIn(petProperty(schema, "size"));
            doc.setIn(petProperty(schema, "build"), size);
          }
        },
        "major",
      );
    },
    STEP_TIMEOUT,
  );

  it(
    "an enum value removed (major)",
    () => {
      pullRequest(
        "enum-value-removed",
        (doc) => {
          for (const schema of ["NewPet", "Pet"]) {
            doc.setIn(
              [...petProperty(schema, "build"), "enum"],
              doc.createNode(["small", "medium"]),
            );
          }
        },
        "major",
      );
    },
    STEP_TIMEOUT,
  );

  it(
    "a deprecation in four lines (minor): the headers and the 410 are implied",
    () => {
      const day = (offsetMonths: number) => {
        const date = new Date();
        date.setUTCMonth(date.getUTCMonth() + offsetMonths);
        return date.toISOString().slice(0, 10);
      };
      pullRequest(
        "deprecation",
        (doc) => {
          const path = ["paths", "/categories/{categoryId}", "get"];
          doc.setIn([...path, "deprecated"], true);
          doc.setIn([...path, "x-deprecated-since"], doc.createNode(day(0)));
          doc.setIn([...path, "x-sunset"], doc.createNode(day(7)));
          doc.setIn([...path, "x-replaced-by"], "listCategories");
        },
        "minor",
      );
      const server = readFileSync(path.join(copy, "generated/server-api.ts"), "utf8");
      // A literal, or the shared descriptor of a 410 another operation declares alike.
      expect(server).toMatch(/operationId: "getCategory",[\s\S]*?"410": (\{|response\d+,)/);
    },
    STEP_TIMEOUT,
  );

  it("a seed-fact violation (X-RateLimit-Remaining removed) fails lint, saying how to comply", () => {
    editSpec((doc) => {
      doc.deleteIn([
        "paths",
        "/pets",
        "get",
        "responses",
        "200",
        "headers",
        "X-RateLimit-Remaining",
      ]);
    });
    const lint = node(["lint/run-lint.mjs", "spec/openapi.yaml"]);
    expect(lint.status).toBe(1);
    expect(lint.output).toContain("house/rate-limit-headers");
    expect(lint.output).toContain(
      "does not declare `X-RateLimit-Remaining`, which the server sends on it: add `X-RateLimit-Remaining: { $ref: '#/components/headers/X-RateLimit-Remaining' }` under its `headers`.",
    );
  });
});
