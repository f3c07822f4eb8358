/** What `main` writes to stdout and stderr during each test of a file (the CLI tests run it in-process). */
import { afterEach, beforeEach, vi } from "vitest";

export interface CapturedOutput {
  out: string;
  err: string;
}

/** Captures stdout and stderr afresh for each test; read `.out` and `.err` inside the test. */
export function captureOutput(): CapturedOutput {
  const captured: CapturedOutput = { out: "", err: "" };
  beforeEach(() => {
    captured.out = "";
    captured.err = "";
    vi.spyOn(process.stdout, "write").mockImplementation(
      (chunk) => ((captured.out += String(chunk)), true),
    );
    vi.spyOn(process.stderr, "write").mockImplementation(
      (chunk) => ((captured.err += String(chunk)), true),
    );
  });
  afterEach(() => vi.restoreAllMocks());
  return captured;
}
