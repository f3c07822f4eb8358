/**
 * Two runs with the same seed on the same server give the same verdicts: every `Idempotency-Key`
 * sent is a fresh UUID (a drawn key repeats across runs, and the server replays the first run's
 * creation to the second), while the requests themselves stay those of the seed.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatReport, runConformance, type ConformanceReport } from "../../conformance/index.js";
import { petStoreApi, startTestServer, type TestServer } from "./reference-server.js";

let server: TestServer;
const keys: string[] = [];
const runs: ConformanceReport[] = [];

const verdicts = (report: ConformanceReport): string[] =>
  report.failures
    .map((failure) => `${failure.operationId} ${failure.phase} ${failure.check}`)
    .sort();

beforeAll(async () => {
  server = await startTestServer();
  const options = server.options();
  const recording: typeof fetch = async (input, init) => {
    const key = new Headers(init?.headers).get("idempotency-key");
    if (key !== null) keys.push(key);
    return options.fetch!(input, init);
  };
  for (let run = 0; run < 2; run++) {
    runs.push(
      await runConformance({
        ...options,
        fetch: recording,
        spec: await petStoreApi(),
        maxExamples: 5,
        seed: 4242,
        unsupportedMethods: false,
      }),
    );
  }
}, 120_000);
afterAll(() => server.close());

describe("the same seed twice on one server", () => {
  it("gives the same verdicts, with no false failure on the second run", () => {
    expect(verdicts(runs[1]!)).toEqual(verdicts(runs[0]!));
    expect(runs[1]!.failures, formatReport(runs[1]!, undefined)).toEqual([]);
  });

  it("sends a fresh UUID as every valid Idempotency-Key (negative requests break it on purpose)", () => {
    const valid = keys.filter((key) => key.length >= 1 && key.length <= 255);
    expect(valid.length).toBeGreaterThan(10);
    for (const key of valid)
      expect(key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(new Set(valid).size).toBe(valid.length);
  });
});
