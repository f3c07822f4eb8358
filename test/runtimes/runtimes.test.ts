/**
 * The smoke table (smoke-table.ts) over HTTP against the reference handlers on every runtime:
 * Node 20, 22 and 24 (the Node adapter), Deno 2 (`Deno.serve`), Bun 1 (`Bun.serve`) and workerd
 * (an ES module worker). Each runtime starts the handler in its own process on a free port, the
 * table runs, the process stops.
 *
 * The workerd bundle is built for a platform without Node.js built-ins and runs without
 * `nodejs_compat`: it builds and serves only while nothing in the handler's module graph needs node.
 *
 * A runtime binary this machine lacks skips with one line; under CI (`CI` set) it fails.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runSmokeTable } from "./run-smoke-table.js";
import {
  missingRuntime,
  RUNTIMES,
  startRuntime,
  versionOf,
  type RunningServer,
} from "./runtime-servers.js";

for (const runtime of RUNTIMES) {
  const missing = missingRuntime(runtime);
  if (missing !== undefined && process.env["CI"] === undefined) {
    describe.skip(`${runtime.name}: skipped, ${missing}`, () => {
      it("runs the smoke table", () => undefined);
    });
    continue;
  }

  describe(`smoke table on ${runtime.name}`, () => {
    let server: RunningServer | undefined;
    beforeAll(async () => {
      if (missing !== undefined)
        throw new Error(`${runtime.name} is required under CI: ${missing}`);
      server = await startRuntime(runtime);
    }, 60_000);
    afterAll(async () => {
      await server?.stop();
    });

    it("is the runtime it claims to be", () => {
      expect(versionOf(runtime)).toMatch(runtime.version);
    });

    it(`meets every row${runtime.caveat === undefined ? "" : ` (${runtime.caveat})`}`, async () => {
      if (server === undefined) throw new Error(`${runtime.name} did not start`);
      const problems = await runSmokeTable(server.url);
      expect(problems, `${runtime.name} output:\n${server.output()}`).toEqual([]);
    }, 60_000);
  });
}
