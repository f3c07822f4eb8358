/**
 * Generates a fixture spec with the real generator (a child process, as `npm run generate`
 * runs it) into a temporary folder inside the project, so its imports resolve.
 */
import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";

export const ROOT = fileURLToPath(new URL("../../", import.meta.url));

export interface GeneratedFixture {
  /** The output folder. */
  readonly out: string;
  remove(): void;
}

export async function generateFixture(
  spec: string,
  args: readonly string[] = [],
): Promise<GeneratedFixture> {
  const dir = mkdtempSync(join(ROOT, ".tmp-fixture-"));
  const out = join(dir, "out");
  await promisify(execFile)(
    process.execPath,
    [join(ROOT, "generator/run.mjs"), "cli", "--spec", join(ROOT, spec), "--out", out, ...args],
    { cwd: ROOT },
  );
  return { out, remove: () => rmSync(dir, { recursive: true, force: true }) };
}
