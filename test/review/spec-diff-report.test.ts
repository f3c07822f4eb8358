/**
 * The report around the classifications: locations and reached operations, stability notes, the
 * version-bump verdict, the three output formats, and the real contract diffed against itself.
 */
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { diffSpecs } from "../../review/diff-specs.js";
import { formatGithub } from "../../review/format-github.js";
import { formatJson } from "../../review/format-json.js";
import { COMMENT_MARKER, formatMarkdown } from "../../review/format-markdown.js";
import { formatText } from "../../review/format-text.js";
import { readSpec } from "../../review/read-spec.js";
import { baseDoc, mutated } from "./fixture.js";
import type { Doc } from "./fixture.js";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const TODAY = "2026-11-22";

function diff(mutate: (doc: Doc) => void, version?: string) {
  return diffSpecs(
    baseDoc(),
    mutated((doc) => {
      mutate(doc);
      if (version) doc.info.version = version;
    }),
    { today: TODAY, baseLabel: "origin/main:spec/openapi.yaml", headLabel: "spec/openapi.yaml" },
  );
}

const lowerNameMaxLength = (doc: Doc) =>
  (doc.components.schemas.NewPet.properties.name.maxLength = 50);
const addOptionalField = (doc: Doc) =>
  (doc.components.schemas.Pet.properties.createdAt = { type: "string" });
const relaxLimit = (doc: Doc) => (doc.components.parameters.Limit.schema.maximum = 500);

describe("change entries", () => {
  it("reports a change in a shared schema once, at the component, with the operations it reaches", () => {
    const report = diff(
      (doc) =>
        (doc.components.schemas.Error.properties.code.enum = ["validation_failed", "not_found"]),
    );
    expect(report.changes).toHaveLength(1);
    expect(report.changes[0]).toMatchObject({
      severity: "breaking",
      side: "response",
      location: "#/components/schemas/Error",
      field: "code",
      bump: "major",
      before: "rate_limited",
      operations: [
        "GET /pets",
        "GET /pets/by-id/{petId}",
        "GET /pets/{petId}",
        "POST /pets",
        "PUT /store/inventory/{petId}",
      ],
    });
    expect(report.changes[0]?.reason).toContain('"rate_limited" removed');
  });

  it("keeps the request and the response reading of one schema apart", () => {
    const report = diff((doc) => doc.components.schemas.PetStatus.enum.push("adopted"));
    const [response, request] = report.changes;
    expect(response).toMatchObject({
      side: "response",
      severity: "breaking",
      operations: ["GET /pets", "GET /pets/by-id/{petId}", "GET /pets/{petId}", "POST /pets"],
    });
    expect(request).toMatchObject({
      side: "request",
      severity: "non-breaking",
      bump: "minor",
      operations: ["GET /pets", "POST /pets"],
    });
  });

  it("notes why a breaking change was downgraded (experimental: non-breaking, beta: warning)", () => {
    const experimental = diff((doc) => delete doc.paths["/store/inventory/{petId}"]);
    expect(experimental.changes[0]).toMatchObject({ severity: "non-breaking", bump: "minor" });
    expect(experimental.changes[0]?.note).toMatch(/experimental/);
    expect(experimental.verdict).toBe("pass");

    const beta = diff((doc) => (doc.paths["/categories"].get.parameters[0].schema.maxLength = 20));
    expect(beta.summary).toEqual({ breaking: 0, warning: 1, deprecation: 0, nonBreaking: 0 });
    expect(beta.changes[0]?.note).toMatch(/beta/);
    expect(beta.verdict).toBe("pass");
  });

  it("names the new home of an operation whose path changed", () => {
    const report = diff((doc) => {
      doc.paths["/pets/id/{petId}"] = doc.paths["/pets/by-id/{petId}"];
      delete doc.paths["/pets/by-id/{petId}"];
    });
    expect(report.changes.map((change) => change.reason)).toEqual([
      expect.stringContaining("moved to GET /pets/id/{petId}"),
      expect.stringContaining("moved from GET /pets/by-id/{petId}"),
    ]);
  });

  it("takes the date as a Date too, and rejects an impossible one", () => {
    const report = diffSpecs(baseDoc(), baseDoc(), {
      today: new Date(Date.UTC(2027, 5, 30, 23, 59)),
    });
    expect(report.today).toBe("2027-06-30");
    expect(() => diffSpecs(baseDoc(), baseDoc(), { today: "2027-02-30" })).toThrow(RangeError);
  });
});

describe("version verdict", () => {
  it.each([
    {
      name: "breaking without a bump fails",
      mutate: lowerNameMaxLength,
      version: undefined,
      required: "major",
      actual: "none",
      sufficient: false,
      verdict: "fail",
    },
    {
      name: "breaking with a minor bump fails",
      mutate: lowerNameMaxLength,
      version: "1.1.0",
      required: "major",
      actual: "minor",
      sufficient: false,
      verdict: "fail",
    },
    {
      name: "breaking with a major bump passes",
      mutate: lowerNameMaxLength,
      version: "2.0.0",
      required: "major",
      actual: "major",
      sufficient: true,
      verdict: "pass",
    },
    {
      name: "an addition needs a minor bump",
      mutate: addOptionalField,
      version: "1.1.0",
      required: "minor",
      actual: "minor",
      sufficient: true,
      verdict: "pass",
    },
    {
      name: "an addition with only a patch bump is reported, not failed",
      mutate: addOptionalField,
      version: "1.0.1",
      required: "minor",
      actual: "patch",
      sufficient: false,
      verdict: "pass",
    },
    {
      name: "a relaxed limit needs a patch bump",
      mutate: relaxLimit,
      version: "1.0.1",
      required: "patch",
      actual: "patch",
      sufficient: true,
      verdict: "pass",
    },
    {
      name: "a version downgrade is never sufficient",
      mutate: relaxLimit,
      version: "0.9.0",
      required: "patch",
      actual: "downgrade",
      sufficient: false,
      verdict: "pass",
    },
    {
      name: "no change needs no bump",
      mutate: () => undefined,
      version: undefined,
      required: "none",
      actual: "none",
      sufficient: true,
      verdict: "pass",
    },
  ])("$name", ({ mutate, version, required, actual, sufficient, verdict }) => {
    const report = diff(mutate, version);
    expect(report.version).toMatchObject({
      base: "1.0.0",
      head: version ?? "1.0.0",
      required,
      actual,
      sufficient,
    });
    expect(report.verdict).toBe(verdict);
  });
});

describe("formats", () => {
  const report = diff((doc) => {
    lowerNameMaxLength(doc);
    addOptionalField(doc);
    doc.paths["/categories"].get.parameters[0].schema.maxLength = 20;
    doc.paths["/pets/by-id/{petId}"].get.deprecated = true;
    doc.paths["/pets/by-id/{petId}"].get["x-sunset"] = "2027-12-31";
    doc.paths["/pets/by-id/{petId}"].get["x-deprecated-since"] = "2026-11-22";
  });

  it("text: grouped by severity, then the version and the verdict", () => {
    const text = formatText(report);
    expect(text).toContain("✖ Breaking (1)");
    expect(text).toContain("⚠ Warnings (1)");
    expect(text).toContain("↓ Deprecations (1)");
    expect(text).toContain("#/components/schemas/NewPet  name");
    expect(text).toContain("used by POST /pets");
    expect(text).toMatch(
      /info\.version 1\.0\.0 → 1\.0\.0 is unchanged; the changes need a major bump \(missing\)/,
    );
    expect(text.trimEnd().split("\n").at(-1)).toBe(
      "FAIL: 1 breaking change without a major bump of info.version",
    );
  });

  it("markdown: a pull-request comment with the marker, the bump table and grouped tables", () => {
    const markdown = formatMarkdown(report);
    expect(
      markdown.startsWith(
        `${COMMENT_MARKER}\n### ❌ Spec diff: 1 breaking change without a major version bump`,
      ),
    ).toBe(true);
    expect(markdown).toContain(
      "| `info.version` | Base | Head | Bump in head | Required bump | OK |",
    );
    expect(markdown).toContain("| | 1.0.0 | 1.0.0 | none | **major** | ❌ |");
    expect(markdown).toContain("#### ❌ Breaking (1)");
    expect(markdown).toContain(
      "| request | `#/components/schemas/NewPet` | `name` | maxLength lowered from 100 to 50",
    );
    expect(markdown).toContain("<summary>✅ Non-breaking (1)</summary>");
    expect(markdown.match(/^\|---\|---\|---\|---\|$/gm)).toHaveLength(4);
  });

  it("markdown and text: a deprecation-policy breach with a major bump says no bump fixes it", () => {
    const breach = diff((doc) => {
      lowerNameMaxLength(doc);
      doc.paths["/pets/by-id/{petId}"].get.deprecated = true;
      doc.paths["/pets/by-id/{petId}"].get["x-sunset"] = "2027-01-15"; // < 6 months from TODAY
      doc.paths["/pets/by-id/{petId}"].get["x-deprecated-since"] = "2026-11-22";
    }, "2.0.0");
    expect(breach.version.sufficient).toBe(true);
    expect(breach.verdict).toBe("fail");
    const headline = formatMarkdown(breach).split("\n")[1];
    expect(headline).toBe(
      "### ❌ Spec diff: 1 breach of the deprecation policy (no version bump fixes it: fix the spec as each says)",
    );
    expect(formatText(breach).trimEnd().split("\n").at(-1)).toBe(
      `FAIL: ${headline?.slice("### ❌ Spec diff: ".length)}`,
    );
  });

  it("a deprecation is one row: the lifecycle headers and the 410 it declares are folded in", () => {
    const report = diff((doc) => {
      const operation = doc.paths["/pets/by-id/{petId}"].get;
      Object.assign(operation, {
        deprecated: true,
        "x-deprecated-since": "2026-11-22",
        "x-sunset": "2027-12-31",
        "x-replaced-by": "listPets",
      });
      const lifecycle = {
        Deprecation: { schema: { type: "string" } },
        Sunset: { schema: { type: "string" } },
        Link: { schema: { type: "string" } },
      };
      for (const response of Object.values<Doc>(operation.responses)) {
        if (response.$ref === undefined) response.headers = { ...response.headers, ...lifecycle };
      }
      operation.responses["410"] = { description: "Gone.", headers: lifecycle };
    }, "1.1.0");
    expect(report.changes.map((change) => `${change.rule} ${change.field}`)).toEqual([
      "operation.operation-deprecated ",
    ]);
    expect(report.changes[0]?.reason).toMatch(
      /^deprecated: sunset 2027-12-31, \d+ days ahead; use `listPets` instead \(includes \d+ lifecycle header declarations and the 410 after the sunset\)$/,
    );
  });

  it("markdown: the generated-code impact, and file:line linked to the pull request's files", () => {
    const added = diff((doc) => {
      doc.paths["/pets/count"] = {
        get: {
          operationId: "countPets",
          summary: "Count",
          responses: { "200": { description: "ok" } },
        },
      };
      delete doc.paths["/health"];
    }, "2.0.0");
    expect(added.codeImpact).toEqual({ added: ["countPets"], removed: ["getHealth"] });
    const at = {
      ...added,
      changes: added.changes.map((change) => ({ ...change, at: "spec/openapi.yaml:12:5" })),
    };
    const markdown = formatMarkdown(at, { linkBase: "https://github.com/o/r/blob/abc123/" });
    expect(markdown).toContain(
      "**Generated code:** client: `+countPets`, `−getHealth`; server: +1 handler to implement (501 until then), −1 handler to delete",
    );
    expect(markdown).toContain(
      "at [`spec/openapi.yaml:12:5`](https://github.com/o/r/blob/abc123/spec/openapi.yaml#L12)",
    );
    const base = {
      ...added,
      changes: added.changes.map((change) => ({
        ...change,
        at: "origin/main:spec/openapi.yaml:7:3",
      })),
    };
    expect(formatMarkdown(base, { linkBase: "https://x" })).toContain(
      "at `origin/main:spec/openapi.yaml:7:3`",
    );
    expect(formatMarkdown(diff(() => undefined))).not.toContain("Generated code");
  });

  it("github: one annotation per finding, on its line in the head spec", () => {
    const located = {
      ...report,
      changes: report.changes.map((change, index) => ({
        ...change,
        at: index === 0 ? "spec/openapi.yaml:12:5" : "origin/main:spec/openapi.yaml:3:1",
      })),
    };
    const lines = formatGithub(located).trimEnd().split("\n");
    expect(lines).toHaveLength(report.changes.length);
    expect(lines[0]).toMatch(
      /^::error file=spec\/openapi\.yaml,line=12,col=5,title=spec%3Adiff breaking%3A #\/components\/schemas\/NewPet name::maxLength lowered/,
    );
    expect(lines[1]).toMatch(/^::(warning|notice) file=spec\/openapi\.yaml,line=1,title=/);
  });

  it("json: parses back to the report, with a stable key order", () => {
    const json = formatJson(report);
    expect(JSON.parse(json)).toEqual(JSON.parse(JSON.stringify(report)));
    expect(Object.keys(JSON.parse(json))).toEqual([
      "reportVersion",
      "base",
      "head",
      "today",
      "minNoticeMonths",
      "summary",
      "version",
      "verdict",
      "changes",
      "codeImpact",
    ]);
    expect(formatJson(diff(() => undefined))).toContain('"changes": []');
  });
});

describe("the real contract", () => {
  it("has no changes against itself", async () => {
    const { document } = await readSpec("spec/openapi.yaml", {
      cwd: ROOT,
      specPath: "spec/openapi.yaml",
    });
    const report = diffSpecs(document, structuredClone(document), { today: TODAY });
    expect(report.changes).toEqual([]);
    expect(report.verdict).toBe("pass");
    expect(report.version.required).toBe("none");
  });
});
