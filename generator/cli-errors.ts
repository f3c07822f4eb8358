/** How the command-line tools report a failure: one paragraph, the documented exit code. */
import { EXIT_CODES, GeneratorError } from "./errors.js";

export function reportFailure(error: unknown, debug: boolean): number {
  if (error instanceof GeneratorError) {
    process.stderr.write(`${error.format()}\n`);
    if (debug && error.cause) process.stderr.write(`${String((error.cause as Error).stack ?? error.cause)}\n`);
    return error.exitCode;
  }
  process.stderr.write(
    `error: internal error in the generator: ${error instanceof Error ? error.message : String(error)}\n` +
      "  This is a bug: run again with --debug and report the output.\n",
  );
  if (debug && error instanceof Error) process.stderr.write(`${error.stack}\n`);
  return EXIT_CODES.internal;
}

/** Reports a command-line usage error (exit 2): the problem, then the usage text. */
export function usageError(error: unknown, usage = ""): number {
  process.stderr.write(`error: ${error instanceof Error ? error.message : String(error)}\n${usage ? `\n${usage}\n` : ""}`);
  return EXIT_CODES.usage;
}
