/**
 * Smoke test of `npm run bench`: the harness runs every figure in --quick mode (one run, tiny
 * loads, our spec only) and writes rows with the expected names and numeric ratios. Timings are
 * not asserted: they belong to `npm run bench`, not to tests.
 */
import { mkdtemp, readFile, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { PROJECT_ROOT, runBench } from "../../benchmarks/run.js";
import { REDIS_ROWS } from "../../benchmarks/server-redis.js";
import { REDIS_EXACT_ROWS } from "../../benchmarks/server-redis-exact.js";
import { findRedisServer } from "../../scripts/redis-server.js";

const EXPECTED_ROWS = [
  "generation.time.petstore",
  "generation.memory.petstore",
  "check.cold.time.petstore",
  "generation.edit.petstore",
  "generation.edit-operation.petstore",
  "generation.edit-schema.petstore",
  "generation.edit-parameter.petstore",
  "generation.edit.budget.petstore",
  "generation.edit-operation.budget.petstore",
  "check.time.petstore",
  "client.instant.get-path",
  "client.instant.get-query",
  "client.instant.post-json",
  "client.http.get-path",
  "client.http.get-query",
  "client.http.post-json",
  "server.get-by-id.rps",
  "server.get-by-id.p99",
  "server.post-pet.rps",
  "server.post-pet.p99",
  "server.get-by-id.fair.rps",
  "server.get-by-id.fair.p99",
  "server.post-pet.fair.rps",
  "server.post-pet.fair.p99",
  "server.get-by-id.fair.cpu",
  "server.post-pet.fair.cpu",
  "typecheck.petstore",
  "typecheck.sources.petstore",
  "bundle.client.min",
  "bundle.client.gzip",
  "bundle.worker.min",
  "bundle.worker.gzip",
  "bundle.client.redocly.petstore.min",
  "bundle.client.redocly.petstore.gzip",
  "bundle.client.one-op.petstore",
  "bundle.client.one-op.petstore.gzip",
  "conformance.found",
  "conformance.first-report",
  "conformance.no-false-alarm",
  // Only with redis-server installed; without it the figure logs one line and has no rows.
  ...(findRedisServer() === undefined ? [] : [...REDIS_ROWS, ...REDIS_EXACT_ROWS]),
];

interface JsonRow {
  name: string;
  ratio: unknown;
  target: unknown;
  met: unknown;
  ours: unknown;
  peer: unknown;
  details: Record<string, unknown>;
}

describe("npm run bench --quick", () => {
  const cleanup: string[] = [];
  afterAll(async () => {
    for (const dir of cleanup) await rm(dir, { recursive: true, force: true });
  });

  it("measures every figure and writes rows with numeric ratios", async () => {
    const resultsDir = await mkdtemp(join(tmpdir(), "bench-smoke-results-"));
    // Inside the project (generated code must resolve node_modules), git-ignored, apart from bench/work.
    const workDir = join(PROJECT_ROOT, "bench", `smoke-${process.pid}`);
    cleanup.push(resultsDir, workDir);

    const results = await runBench({ quick: true, quiet: true, resultsDir, workDir });

    const files = await readdir(resultsDir);
    expect(files).toContain("latest.json");
    expect(files).toContain("latest.md");
    expect(files.some((file) => /^results-.+\.json$/.test(file))).toBe(true);

    const latest = JSON.parse(await readFile(join(resultsDir, "latest.json"), "utf8")) as {
      machine: { cpus: unknown; node: unknown; versions: Record<string, string> };
      rows: JsonRow[];
    };
    expect(latest.rows.map((row) => row.name).sort()).toEqual([...EXPECTED_ROWS].sort());
    expect(results.rows).toHaveLength(EXPECTED_ROWS.length);
    for (const row of latest.rows) {
      expect(
        row.details["failure"],
        `${row.name}: ${String(row.details["failure"])}`,
      ).toBeUndefined();
      expect(typeof row.ratio, row.name).toBe("number");
      expect(Number.isFinite(row.ratio as number) && (row.ratio as number) > 0, row.name).toBe(
        true,
      );
      expect(typeof row.ours, row.name).toBe("number");
      expect(typeof row.peer, row.name).toBe("number");
      expect(row.target, row.name).toMatch(/^(<=|>=) \d+\.\d+$/);
      expect(typeof row.met, row.name).toBe("boolean");
    }
    expect(typeof latest.machine.cpus).toBe("number");
    expect(latest.machine.node).toBe(process.version);
    expect(latest.machine.versions["openapi-typescript"]).toMatch(/^\d+\.\d+\.\d+/);
    expect(latest.machine.versions["fastify"]).toMatch(/^\d+\.\d+\.\d+/);
  }, 600_000);
});
