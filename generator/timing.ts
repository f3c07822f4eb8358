/**
 * With PETSTORE_GENERATOR_TIMINGS=1, each stage's wall time on stderr (where a run's time goes):
 * `timing(stage, started)` after a stage that began at `performance.now()` = `started`.
 */
export function timing(stage: string, started: number): void {
  if (process.env["PETSTORE_GENERATOR_TIMINGS"] === "1")
    process.stderr.write(`timing ${stage}: ${(performance.now() - started).toFixed(1)} ms\n`);
}
