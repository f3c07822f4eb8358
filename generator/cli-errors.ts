/** How the command-line tools report a failure: one paragraph, the documented exit code. */
import { EXIT_CODES, GeneratorError } from "./errors.js";

export function reportFailure(error: unknown, debug: boolean): number {
  process.stderr.write(`${formatFailure(error, debug)}\n`);
  return error instanceof GeneratorError ? error.exitCode : EXIT_CODES.internal;
}

/** The paragraph a failure is reported with (and, with `debug`, the stack after it). */
export function formatFailure(error: unknown, debug: boolean): string {
  if (error instanceof GeneratorError) {
    return debug && error.cause
      ? `${error.format()}\n${String((error.cause as Error).stack ?? error.cause)}`
      : error.format();
  }
  const text =
    `error: internal error in the generator: ${error instanceof Error ? error.message : String(error)}\n` +
    "  This is a bug: run again with --debug and report the output.";
  return debug && error instanceof Error ? `${text}\n${error.stack}` : text;
}

/** Reports a command-line usage error (exit 2): the problem, then the usage text. */
export function usageError(error: unknown, usage = ""): number {
  process.stderr.write(
    `error: ${error instanceof Error ? error.message : String(error)}\n${usage ? `\n${usage}\n` : ""}`,
  );
  return EXIT_CODES.usage;
}
