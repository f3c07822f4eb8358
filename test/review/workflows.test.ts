/**
 * The pull-request workflows: contract.yml annotates lint and spec:diff findings and writes the
 * review with a read-only token; contract-comment.yml posts it through `workflow_run` with a
 * write token and never checks out or runs the pull request's code (fork pull requests included).
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { ROOT, type Doc } from "../lint/helpers.js";

const workflow = (name: string): Doc =>
  parse(readFileSync(path.join(ROOT, ".github/workflows", name), "utf8"));
const runs = (doc: Doc): string =>
  Object.values<Doc>(doc.jobs)
    .flatMap((job) => job.steps.map((step: Doc) => step.run ?? ""))
    .join("\n");
const uses = (doc: Doc): string[] =>
  Object.values<Doc>(doc.jobs).flatMap((job) =>
    job.steps.map((step: Doc) => step.uses).filter(Boolean),
  );

describe("the pull-request workflows", () => {
  it("contract.yml: read-only, annotates lint and spec:diff findings, uploads the review", () => {
    const contract = workflow("contract.yml");
    expect(Object.keys(contract.on)).toEqual(["pull_request"]);
    expect(contract.permissions).toEqual({ contents: "read" });
    const script = runs(contract);
    expect(script).toContain("npm run --silent lint -- --format github-actions");
    expect(script).toContain("--format github");
    expect(script).toContain('--link-base "$LINK_BASE"');
    expect(script).toContain("spec-review/comment.md");
    expect(uses(contract)).toContain("actions/upload-artifact@v4");
    expect(uses(contract)).not.toContain("actions/github-script@v7");
  });

  it("contract-comment.yml: posts through workflow_run, never checking out the pull request", () => {
    const comment = workflow("contract-comment.yml");
    expect(comment.on.workflow_run).toEqual({ workflows: ["Contract"], types: ["completed"] });
    expect(comment.permissions).toEqual({ actions: "read", "pull-requests": "write" });
    expect(uses(comment)).toEqual(["actions/download-artifact@v4", "actions/github-script@v7"]);
    expect(runs(comment).trim()).toBe("");
    const script: string = comment.jobs.comment.steps[1].with.script;
    expect(script).toContain("pull.head.sha !== process.env.RUN_HEAD_SHA");
    expect(script).toMatch(/\/\^\[1-9\]\\d\{0,9\}\$\//);
  });

  it("sunset-watch.yml: a daily read-only run of npm run sunsets", () => {
    const watch = workflow("sunset-watch.yml");
    expect(watch.on.schedule).toHaveLength(1);
    expect(watch.permissions).toEqual({ contents: "read" });
    expect(runs(watch)).toContain("npm run --silent sunsets -- --within");
  });
});
