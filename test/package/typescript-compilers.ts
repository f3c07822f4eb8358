/**
 * The TypeScript compilers the generated package is checked with: the project's own (5.9, root
 * package.json), TypeScript 6 and TypeScript 7, the native compiler (test/typescript-versions/,
 * installed with `npm ci --prefix test/typescript-versions`, as .ci/run does). See docs/package.md.
 */
import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const VERSIONS_DIR = join(ROOT, "test/typescript-versions/node_modules");

export interface TypeScriptCompiler {
  /** The major line, as tests name it: "5.9", "6", "7". */
  readonly line: string;
  /** Its `bin/tsc`, run with node. */
  readonly tsc: string;
}

export const TYPESCRIPT_COMPILERS: readonly TypeScriptCompiler[] = [
  { line: "5.9", tsc: join(ROOT, "node_modules/typescript/bin/tsc") },
  { line: "6", tsc: join(VERSIONS_DIR, "typescript-6/bin/tsc") },
  { line: "7", tsc: join(VERSIONS_DIR, "typescript-7/bin/tsc") },
];

/** Why `compiler` cannot run here, or undefined when it can. */
export function missingCompiler(compiler: TypeScriptCompiler): string | undefined {
  return existsSync(compiler.tsc)
    ? undefined
    : `TypeScript ${compiler.line} is not installed (${compiler.tsc}): run npm ci --prefix test/typescript-versions`;
}

/** `tsc <args>` with `compiler` in `cwd`: exit code and output (never throws on errors found). */
export async function runTsc(
  compiler: TypeScriptCompiler,
  args: readonly string[],
  cwd: string,
  env: NodeJS.ProcessEnv = process.env,
): Promise<{ readonly code: number; readonly output: string }> {
  try {
    const { stdout, stderr } = await promisify(execFile)(
      process.execPath,
      [compiler.tsc, ...args, "--pretty", "false"],
      { cwd, env, maxBuffer: 64 * 1024 * 1024 },
    );
    return { code: 0, output: stdout + stderr };
  } catch (error) {
    const failed = error as { code?: unknown; stdout?: string; stderr?: string };
    return {
      code: typeof failed.code === "number" ? failed.code : 1,
      output: (failed.stdout ?? "") + (failed.stderr ?? String(error)),
    };
  }
}
