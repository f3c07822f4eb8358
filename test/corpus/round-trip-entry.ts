/**
 * The runtime round trip of one corpus entry (or any spec), in a child process running
 * round-trip-cli.ts; never throws: a spec that cannot be round-tripped at all is a result with
 * its reason.
 */
import { join } from "node:path";
import type { RoundTripResult } from "./round-trip.js";
import { ROOT, run } from "./run-entry.js";

export interface EntryRoundTrip {
  readonly result: RoundTripResult | undefined;
  /** Why the round trip could not run (the child's first error line, or a timeout). */
  readonly error: string;
  readonly seconds: number;
}

export async function roundTripEntry(
  specPath: string,
  timeoutMs: number,
  extraArgs: readonly string[] = [],
): Promise<EntryRoundTrip> {
  const child = await run(
    process.execPath,
    ["--import", "tsx", join(ROOT, "test/corpus/round-trip-cli.ts"), specPath, ...extraArgs],
    timeoutMs,
  );
  if (child.timedOut)
    return {
      result: undefined,
      error: `no answer in ${timeoutMs / 1000} s`,
      seconds: child.seconds,
    };
  const last = child.stdout.trim().split("\n").at(-1) ?? "";
  if (child.code === 0 && last.startsWith("{"))
    return { result: JSON.parse(last) as RoundTripResult, error: "", seconds: child.seconds };
  const lines = child.stderr.split("\n");
  const error =
    lines.find((line) => /^\s*(\w*Error|error):? /.test(line)) ??
    lines.find((line) => /error/i.test(line)) ??
    lines[0] ??
    `exit ${child.code}`;
  return { result: undefined, error: error.slice(0, 200), seconds: child.seconds };
}

/** `12 / 14`, or `—` with the reason when it could not run. */
export function roundTripCell(roundTrip: EntryRoundTrip | undefined): string {
  if (roundTrip === undefined) return "";
  if (roundTrip.result === undefined) return `— (${roundTrip.error})`;
  return `${roundTrip.result.roundTripped} / ${roundTrip.result.total}`;
}
