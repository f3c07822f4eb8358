/** Runs the generator's CLI as a user would, capturing its exit code and output. */
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";

export const ROOT = fileURLToPath(new URL("../../", import.meta.url));

export interface CliResult {
  readonly status: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

export function runCli(script: string, args: readonly string[], cwd = ROOT): CliResult {
  const result = spawnSync(process.execPath, ["--import", "tsx", `${ROOT}${script}`, ...args], {
    cwd,
    encoding: "utf8",
    timeout: 120_000,
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}
