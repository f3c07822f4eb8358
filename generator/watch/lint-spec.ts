/**
 * `--watch --lint`: the spec linted as `npm run lint` lints it (lint/run-lint.mjs: Redocly CLI
 * with the project's redocly.yaml and house rules), in a child process running beside the
 * generation.
 */
import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";

const RUN_LINT = fileURLToPath(new URL("../../lint/run-lint.mjs", import.meta.url));

export interface LintResult {
  readonly ok: boolean;
  /** Everything the linter printed. */
  readonly output: string;
  /** Its last line naming errors or warnings ("Validation failed with 1 error and 0 warnings."), else the exit code. */
  readonly summary: string;
}

export function lintSpec(specPath: string, cwd: string): Promise<LintResult> {
  return new Promise((resolveLint) => {
    const child = spawn(process.execPath, [RUN_LINT, specPath, "--max-problems", "200"], {
      cwd,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.on("error", (error) =>
      resolveLint({
        ok: false,
        output: String(error),
        summary: `could not run the linter (${error.message})`,
      }),
    );
    child.on("close", (code) => {
      const lines = output
        .replace(/\u001b\[[0-9;]*m/g, "")
        .split("\n")
        .map((line) => line.trim());
      const last = lines.filter((line) => /\b(error|warning)s?\b/i.test(line)).pop();
      const summary = (last ?? `the linter exited with ${String(code)}`).replace(/^[^A-Za-z]+/, "");
      resolveLint({ ok: code === 0, output: problemsOnly(output), summary });
    });
  });
}

/** The linter's output without its banners (boxed notices) and progress lines. */
function problemsOnly(output: string): string {
  return output
    .split("\n")
    .filter((line) => !/^\s*[╔║╚]/.test(line) && !/^validating /.test(line))
    .join("\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}
