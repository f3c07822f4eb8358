/**
 * The real contract: it lints with zero problems (through @redocly/openapi-core and through
 * the pinned CLI that `npm run lint` uses), the lint config itself is valid, and an
 * independent validator accepts it as OpenAPI 3.0.3.
 */
import { execFile, spawnSync } from "node:child_process";
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import SwaggerParser from "@apidevtools/swagger-parser";
import { lintConfig } from "@redocly/openapi-core";
import { describe, expect, it } from "vitest";
import { parse, stringify } from "yaml";
import {
  CONFIG_PATH,
  ROOT,
  SPEC_PATH,
  describeProblems,
  lintSpec,
  projectConfig,
} from "./helpers.js";

describe("spec/openapi.yaml", () => {
  it("lints with zero problems under redocly.yaml (openapi-core)", async () => {
    const problems = await lintSpec();
    expect(problems, describeProblems(problems)).toEqual([]);
  });

  it("lints with zero errors and zero warnings in the Redocly CLI (`npm run lint`)", async () => {
    const cli = path.join(ROOT, "node_modules/@redocly/cli/bin/cli.js");
    const { stdout } = await promisify(execFile)(
      process.execPath,
      [cli, "lint", SPEC_PATH, "--config", CONFIG_PATH, "--format", "json"],
      {
        cwd: ROOT,
        maxBuffer: 16 * 1024 * 1024,
      },
    );
    const report = JSON.parse(stdout) as {
      totals: { errors: number; warnings: number };
      problems: unknown[];
    };
    expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
    expect(report.problems).toEqual([]);
  }, 60_000);

  it("`npm run lint` fails on a problem, says how to comply, and never suggests an ignore file", async () => {
    const spec = parse(readFileSync(SPEC_PATH, "utf8"));
    delete spec.paths["/pets"].get.responses["429"];
    const file = path.join(ROOT, `.tmp-lint-${process.pid}.yaml`);
    writeFileSync(file, stringify(spec));
    try {
      const result = spawnSync(process.execPath, [path.join(ROOT, "lint/run-lint.mjs"), file], {
        cwd: ROOT,
        encoding: "utf8",
        timeout: 60_000,
      });
      const output = `${result.stdout}${result.stderr}`;
      expect(result.status, output).toBe(1);
      expect(output).toContain(
        "add `'429': { $ref: '#/components/responses/TooManyRequests' }` under its responses",
      );
      expect(output).not.toMatch(/generate-ignore-file/);
    } finally {
      rmSync(file, { force: true });
    }
  }, 60_000);

  it("is validated as OpenAPI 3.0.3 by an independent validator (swagger-parser)", async () => {
    const api = await SwaggerParser.validate(SPEC_PATH);
    expect("openapi" in api ? api.openapi : undefined).toBe("3.0.3");
    // v1 of the API: any 1.x.y release (the spec evolves with minor and patch bumps)
    expect(api.info.version).toMatch(/^1\.\d+\.\d+$/);
  });
});

describe("redocly.yaml", () => {
  it("is a valid Redocly configuration", async () => {
    const config = await projectConfig();
    const problems = await lintConfig({ config });
    expect(problems, describeProblems(problems)).toEqual([]);
  });
});
