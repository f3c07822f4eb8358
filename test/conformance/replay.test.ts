/**
 * Self-contained stateful reproductions: a server whose pets cannot be read by id once updated
 * fails a chain (create category → create pet → read by both paths → update → read); the failure's
 * replay refers to the category and the pet by the responses that created them, so it reproduces
 * on a fresh server that numbers them differently, and says "not reproduced" on a correct one.
 */
import { execFile, spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { promisify } from "node:util";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { main } from "../../conformance/cli.js";
import { formatReport, runConformance, type ConformanceFailure } from "../../conformance/index.js";
import { parseReplayFile, runReplay, toReplayFile } from "../../conformance/replay.js";
import { toShellScript } from "../../conformance/replay-script.js";
import { Sender } from "../../conformance/sender.js";
import type { PetStoreServerOptions } from "../../examples/petstore/index.js";
import { staleIndexAfterUpdate } from "./faulty-layers.js";
import { petStoreApi, startTestServer, type TestServer } from "./reference-server.js";

const work = mkdtempSync(join(process.cwd(), ".tmp-conformance-replay-"));
const servers: TestServer[] = [];
async function server(options: PetStoreServerOptions): Promise<TestServer> {
  const started = await startTestServer(options);
  servers.push(started);
  return started;
}
afterAll(async () => {
  await Promise.all(servers.map((item) => item.close()));
  rmSync(work, { recursive: true, force: true });
});

let failure: ConformanceFailure;
let first: TestServer;
beforeAll(async () => {
  // demo data first: this server's ids are not a fresh one's
  first = await server({ seed: true, ...staleIndexAfterUpdate() });
  const report = await runConformance({
    ...first.options(),
    spec: await petStoreApi(),
    operations: ["createPet"],
    maxExamples: 3,
    seed: 11,
    boundary: false,
    unsupportedMethods: false,
  });
  const found = report.failures.find(
    (item) => item.check === "ensure_resource_availability" && item.operationId === "getPetById",
  );
  expect(found, formatReport(report, undefined)).toBeDefined();
  failure = found!;
}, 120_000);

describe("a stateful failure's reproduction", () => {
  it("is the whole chain: the category, the pet, both reads, the update, the failing read", () => {
    expect(failure.message).toBe(
      "getPetById cannot read what createPet created, once updatePet updated it",
    );
    expect(failure.replay.map((step) => step.operationId)).toEqual([
      "createCategory",
      "createPet",
      "getPet",
      "getPetById",
      "updatePet",
      "getPet",
      "getPetById",
    ]);
    const [category, pet, , , update, , last] = failure.replay;
    const categoryRef = Object.keys(category!.capture)[0]!;
    expect(category!.capture[categoryRef]).toEqual({ body: "/id" });
    expect(pet!.body).toContain(`"categoryId":"{{${categoryRef}}}"`);
    const petRef = Object.keys(pet!.capture)[0]!;
    expect(pet!.capture[petRef]).toEqual({ body: "/id" });
    expect(update!.url).toBe(`/pets/{{${petRef}}}`);
    expect(last!.url).toBe(`/pets/by-id/{{${petRef}}}`);
    // no credential is recorded; each step says it carried them
    expect(JSON.stringify(failure.replay)).not.toContain(first.key("enterprise"));
    expect(failure.replay.every((step) => step.credentials === "sent")).toBe(true);
    // the human report lists what came before, in order
    expect(failure.steps).toHaveLength(6);
    expect(failure.steps[0]).toMatch(/^curl -i -X POST '.*\/categories'/);
  });

  it("reproduces on a fresh server that numbers resources differently", async () => {
    const fresh = await server(staleIndexAfterUpdate());
    const file = parseReplayFile(
      JSON.stringify(toReplayFile(failure, "spec/openapi.yaml")),
      "test",
    );
    const outcome = await runReplay(file, {
      api: await petStoreApi(),
      baseUrl: fresh.baseUrl,
      headers: [["X-API-Key", fresh.key("enterprise")]],
      sender: new Sender(),
    });
    expect(outcome.stoppedAt).toBeUndefined();
    expect(outcome.reproduced).toBe(true);
    expect(outcome.failures[0]?.actual).toBe("404");
    const [category, pet] = outcome.exchanges;
    expect(category!.response.status).toBe(201);
    const categoryId = (JSON.parse(category!.response.bodyText) as { id: number }).id;
    const petId = (JSON.parse(pet!.response.bodyText) as { id: number }).id;
    expect(JSON.parse(pet!.request.body!)).toMatchObject({ categoryId });
    expect(outcome.exchanges.at(-1)!.request.url).toBe(`${fresh.baseUrl}/pets/by-id/${petId}`);
    // the first run's ids were not these (the first server had demo data)
    expect(failure.url).not.toBe(
      outcome.exchanges.at(-1)!.request.url.replace(fresh.baseUrl, first.baseUrl),
    );
  });

  it.skipIf(spawnSync("jq", ["--version"]).status !== 0)(
    "as a curl + jq shell script, runs on a fresh server with the ids it answers",
    async () => {
      const fresh = await server(staleIndexAfterUpdate());
      const script = join(work, "repro.sh");
      writeFileSync(script, toShellScript(toReplayFile(failure, "spec/openapi.yaml")));
      // a child process must not block the servers of this one: run it asynchronously
      const { stdout } = await promisify(execFile)("sh", [script], {
        env: {
          ...process.env,
          BASE_URL: fresh.baseUrl,
          AUTH_HEADER: `X-API-Key: ${fresh.key("enterprise")}`,
        },
      });
      const statuses = [...stdout.matchAll(/^(\d+)\) (\w+) (\S+) -> (\d+)$/gm)].map(
        (match) => `${match[2]} ${match[3]} ${match[4]}`,
      );
      expect(statuses[0]).toMatch(/^POST \/categories 201$/);
      expect(statuses[1]).toMatch(/^POST \/pets 201$/);
      expect(statuses.at(-1)).toMatch(/^GET \/pets\/by-id\/\{\{petId_\d+\}\} 404$/);
      // the pet the script created on this server is the one it updated and then failed to read
      expect(fresh.server.state.listPets().length).toBe(1);
    },
  );

  it("is not reproduced on a correct server", async () => {
    const correct = await server({});
    const outcome = await runReplay(toReplayFile(failure, "spec/openapi.yaml"), {
      api: await petStoreApi(),
      baseUrl: correct.baseUrl,
      headers: [["X-API-Key", correct.key("enterprise")]],
      sender: new Sender(),
    });
    expect(outcome.reproduced).toBe(false);
    expect(outcome.exchanges.at(-1)!.response.status).toBe(200);
  });
});

describe("npm run conformance -- --replay-dir / --replay", () => {
  let out = "";
  afterAll(() => vi.restoreAllMocks());

  it("writes replay files and runs one on a fresh server: exit 1 while the bug is there", async () => {
    vi.spyOn(process.stdout, "write").mockImplementation((chunk) => ((out += String(chunk)), true));
    vi.spyOn(process.stderr, "write").mockImplementation(() => true);
    const broken = await server({ seed: true, ...staleIndexAfterUpdate() });
    const key = `X-API-Key: ${broken.key("enterprise")}`;
    const dir = join(work, "replays");
    const args = ["--auth-header", key, "--operations", "createPet", "--no-boundary", "--quiet"];
    expect(
      await main([
        "--base-url",
        broken.baseUrl,
        ...args,
        "--max-examples",
        "3",
        "--seed",
        "11",
        "--replay-dir",
        dir,
      ]),
    ).toBe(1);
    const name = readdirSync(dir).find((file) =>
      file.endsWith("getPetById-ensure_resource_availability.json"),
    );
    expect(name, readdirSync(dir).join(", ")).toBeDefined();
    expect(readFileSync(join(dir, name!), "utf8")).not.toContain(broken.key("enterprise"));
    expect(out).toContain(`replay files: `);

    const fresh = await server(staleIndexAfterUpdate());
    out = "";
    const replay = ["--auth-header", key, "--replay", join(dir, name!)];
    expect(await main(["--base-url", fresh.baseUrl, ...replay])).toBe(1);
    expect(out).toMatch(/REPRODUCED: getPetById · ensure_resource_availability/);
    const correct = await server({});
    out = "";
    expect(await main(["--base-url", correct.baseUrl, ...replay])).toBe(0);
    expect(out).toMatch(/NOT REPRODUCED/);
  }, 120_000);

  it("refuses a file that is not a replay with a clear error", async () => {
    const err: string[] = [];
    vi.spyOn(process.stderr, "write").mockImplementation(
      (chunk) => (err.push(String(chunk)), true),
    );
    const path = join(work, "bad.json");
    await import("node:fs").then((fs) =>
      fs.writeFileSync(path, JSON.stringify({ conformanceReplay: 1, failure: { check: "x" } })),
    );
    expect(await main(["--base-url", "http://127.0.0.1:1", "--replay", path])).toBe(2);
    expect(err.join("")).toMatch(/failure\.check" must be one of not_a_server_error/);
  });
});
