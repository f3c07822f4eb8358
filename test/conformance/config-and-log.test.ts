/**
 * `--config <file>` (options in a JSON file, `${VAR}` from the environment, the command line
 * winning, clear errors) and `--log <file>` (every exchange as one NDJSON line, credentials masked).
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { main } from "../../conformance/cli.js";
import { captureOutput } from "./captured-output.js";
import { startTestServer, type TestServer } from "./reference-server.js";

const work = mkdtempSync(join(process.cwd(), ".tmp-conformance-config-"));
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
  rmSync(work, { recursive: true, force: true });
  delete process.env["CONFORMANCE_TEST_KEY"];
});

const output = captureOutput();

function config(name: string, content: unknown): string {
  const path = join(work, name);
  writeFileSync(path, typeof content === "string" ? content : JSON.stringify(content));
  return path;
}

interface LogLine {
  time: string;
  durationMs: number;
  operationId: string | null;
  request: { method: string; url: string; headers: Array<[string, string]>; body: string | null };
  response: { status: number; headers: Array<[string, string]>; body: string } | null;
}

describe("--config and --log", () => {
  it("runs from a config file, the key from the environment, and logs every exchange masked", async () => {
    const key = server.key("enterprise");
    process.env["CONFORMANCE_TEST_KEY"] = key;
    const log = join(work, "run.ndjson");
    const file = config("conformance.config.json", {
      baseUrl: server.baseUrl,
      authHeaders: ["X-API-Key: ${CONFORMANCE_TEST_KEY}"],
      operations: ["listCategories", "getCategory"],
      maxExamples: 2,
      seed: 5,
      stateful: false,
      boundary: false,
      quiet: true,
      log,
    });
    expect(await main(["--config", file]), output.out + output.err).toBe(0);
    const requests = Number(/(\d+) request\(s\)/.exec(output.out)?.[1]);
    const lines = readFileSync(log, "utf8")
      .trimEnd()
      .split("\n")
      .map((line) => JSON.parse(line) as LogLine);
    expect(lines).toHaveLength(requests);
    expect(output.err).toContain(`log: ${requests} exchange(s) written to ${log}`);
    // null: the method probes; createCategory: the live category getCategory's example is sent with
    expect(new Set(lines.map((line) => line.operationId))).toEqual(
      new Set(["listCategories", "getCategory", "createCategory", null]),
    );
    for (const line of lines) {
      expect(line.response?.status).toBeGreaterThanOrEqual(200);
      expect(line.durationMs).toBeGreaterThanOrEqual(0);
      expect(Date.parse(line.time)).not.toBeNaN();
    }
    const text = readFileSync(log, "utf8");
    expect(text).not.toContain(key);
    expect(text).toContain(`"X-API-Key","${key.slice(0, 4)}…"`);
    // the run read the key from the environment: authenticated requests were answered 200
    expect(lines.some((line) => line.response?.status === 200)).toBe(true);
  }, 60_000);

  it("lets the command line win over the file", async () => {
    const log = join(work, "override.ndjson");
    const file = config("override.json", {
      baseUrl: "http://127.0.0.1:1",
      authHeaders: ["X-API-Key: not-a-key"],
      operations: ["listCategories"],
      maxExamples: 1,
      stateful: false,
      boundary: false,
      examples: false,
      quiet: true,
    });
    const args = ["--config", file, "--base-url", server.baseUrl, "--operations", "getInventory"];
    const key = `X-API-Key: ${server.key("enterprise")}`;
    expect(await main([...args, "--auth-header", key, "--log", log]), output.out + output.err).toBe(
      0,
    );
    const lines = readFileSync(log, "utf8")
      .trimEnd()
      .split("\n")
      .map((line) => JSON.parse(line) as LogLine);
    expect(new Set(lines.map((line) => line.operationId))).toEqual(new Set(["getInventory", null]));
    expect(JSON.stringify(lines)).not.toContain("not-a-key");
  }, 60_000);

  it.each([
    [{ baseUrl: 1 }, /override\.json: "baseUrl" must be a string/],
    [{ maxExample: 3 }, /"maxExample" is not an option \(options: baseUrl, spec, authHeaders/],
    [{ stateful: "no" }, /"stateful" must be true or false, got "no"/],
    [{ authHeaders: "X-API-Key: k" }, /"authHeaders" must be an array of strings/],
    [
      { authHeaders: ["X-API-Key: ${NOT_SET_ANYWHERE}"] },
      /uses \$\{NOT_SET_ANYWHERE\}, which is not set/,
    ],
    ["{ not json", /is not JSON/],
    [[1], /must hold a JSON object of options/],
  ])("refuses a bad config %j with exit 2 and a clear error", async (content, message) => {
    const file = config("override.json", content);
    expect(await main(["--config", file, "--base-url", server.baseUrl])).toBe(2);
    expect(output.err).toMatch(message);
  });

  it("refuses a missing config file and an unwritable log", async () => {
    expect(await main(["--config", join(work, "nope.json")])).toBe(2);
    expect(output.err).toMatch(/--config .*nope\.json cannot be read/);
    output.err = "";
    const args = ["--base-url", server.baseUrl, "--log", join(work, "no-dir", "x.ndjson")];
    expect(await main(args)).toBe(2);
    expect(output.err).toMatch(/--log .*x\.ndjson cannot be written/);
  });
});
