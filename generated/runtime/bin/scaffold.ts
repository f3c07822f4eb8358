// Runtime template of the pet store contract toolchain: copied verbatim into generated/runtime/. Edit it in templates/, never in generated/.
/**
 * Writes the handler scaffold (one editable file per tag and an `index.ts`, rendered by the
 * generator) into a folder, never overwriting a file that exists; says which files it created
 * and which it kept. Shared by the package's bin (`npx <package> scaffold --out <dir>`) and the
 * repository's `npm run scaffold`, which differ only in where the files import from.
 */
import { mkdir, writeFile } from "node:fs/promises";
import { join, relative, resolve } from "node:path";
import { parseArgs } from "node:util";

export interface ScaffoldFile {
  readonly path: string;
  readonly content: string;
}

export interface ScaffoldOutput {
  readonly cwd: string;
  out(line: string): void;
  error(line: string): void;
}

/** Exit codes, as the generator's: 0 done, 1 failed (I/O), 2 usage. */
export const SCAFFOLD_EXIT = { ok: 0, failure: 1, usage: 2 } as const;

/** Writes `files` into `dir` (created if needed); an existing file is kept as it is. */
export async function writeScaffold(
  files: readonly ScaffoldFile[],
  dir: string,
  output: ScaffoldOutput,
): Promise<{ created: string[]; kept: string[] }> {
  const out = resolve(output.cwd, dir);
  await mkdir(out, { recursive: true });
  const created: string[] = [];
  const kept: string[] = [];
  for (const file of files) {
    const target = join(out, file.path);
    const shown = relative(output.cwd, target) || target;
    try {
      await writeFile(target, file.content, { flag: "wx" });
      created.push(shown);
      output.out(`created ${shown}`);
    } catch (error) {
      if ((error as { code?: unknown }).code !== "EEXIST") throw error;
      kept.push(shown);
      output.out(`kept    ${shown} (exists; never overwritten)`);
    }
  }
  return { created, kept };
}

function usage(command: string): string {
  return [
    `usage: ${command} scaffold --out <dir>`,
    "",
    "Writes one editable handler file per tag and an index.ts into <dir> (e.g. src/handlers).",
    "A file that exists is never overwritten.",
  ].join("\n");
}

/** The bin: `<command> scaffold --out <dir>` (and `--help`). */
export async function runScaffoldCli(
  argv: readonly string[],
  files: readonly ScaffoldFile[],
  command: string,
  output: ScaffoldOutput,
): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args: [...argv],
      options: { out: { type: "string" }, help: { type: "boolean", short: "h" } },
      allowPositionals: true,
      strict: true,
    });
  } catch (error) {
    output.error(`error: ${(error as Error).message}\n${usage(command)}`);
    return SCAFFOLD_EXIT.usage;
  }
  const { values, positionals } = parsed;
  if (values.help === true) {
    output.out(usage(command));
    return SCAFFOLD_EXIT.ok;
  }
  if (positionals.length !== 1 || positionals[0] !== "scaffold") {
    const given = positionals.length === 0 ? "no command" : `"${positionals.join(" ")}"`;
    output.error(`error: unknown command (${given}); the command is "scaffold"\n${usage(command)}`);
    return SCAFFOLD_EXIT.usage;
  }
  if (values.out === undefined || values.out === "") {
    output.error(
      `error: --out <dir> is required: the folder for your handler files (e.g. src/handlers)`,
    );
    return SCAFFOLD_EXIT.usage;
  }
  try {
    await writeScaffold(files, values.out, output);
    return SCAFFOLD_EXIT.ok;
  } catch (error) {
    output.error(`error: could not write the scaffold: ${(error as Error).message}`);
    return SCAFFOLD_EXIT.failure;
  }
}
