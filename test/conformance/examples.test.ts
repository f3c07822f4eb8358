/**
 * The examples phase: the spec's example requests are sent as written, again with live ids when
 * the server does not know the example's; a server that refuses its own spec's example as invalid
 * fails `positive_data_acceptance`; every declared example (responses, headers, bodies,
 * parameters) is checked against its schema (`example_conformance`).
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { formatReport, loadApi, runConformance } from "../../conformance/index.js";
import { checkSpecExamples } from "../../conformance/spec-examples.js";
import { refuseCommaInDescription } from "./faulty-layers.js";
import { petStoreApi, startTestServer, type TestServer } from "./reference-server.js";

const work = mkdtempSync(join(process.cwd(), ".tmp-conformance-examples-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));
let open: TestServer | undefined;
afterEach(async () => {
  await open?.close();
  open = undefined;
});

describe("the examples phase", () => {
  it("sends createPet's example as written, then with a live category when category 1 does not exist", async () => {
    open = await startTestServer();
    const sent: Array<{ method: string; url: string; body: string; status: number }> = [];
    const options = open.options();
    const recording: typeof fetch = async (input, init) => {
      const response = await options.fetch!(input, init);
      sent.push({
        method: init?.method ?? "GET",
        url: String(input),
        body: typeof init?.body === "string" ? init.body : "",
        status: response.status,
      });
      return response;
    };
    const report = await runConformance({
      ...options,
      fetch: recording,
      spec: await petStoreApi(),
      operations: ["createPet"],
      maxExamples: 2,
      seed: 3,
      boundary: false,
      stateful: false,
    });
    expect(report.failures, formatReport(report, undefined)).toEqual([]);
    const bella = sent.filter(
      (item) => item.method === "POST" && item.url.endsWith("/pets") && item.body.includes("Bella"),
    );
    // as written: category 1 does not exist on an empty server
    expect(JSON.parse(bella[0]!.body)).toEqual({
      name: "Bella",
      categoryId: 1,
      status: "available",
    });
    expect(bella[0]!.status).toBeGreaterThanOrEqual(400);
    // then with the category created for it
    const categoryAt = sent.findIndex(
      (item, index) => index > sent.indexOf(bella[0]!) && item.url.endsWith("/categories"),
    );
    expect(sent[categoryAt]?.status).toBe(201);
    expect(bella[1]?.status).toBe(201);
    expect(report.operations.find((item) => item.operationId === "createPet")?.checks).toEqual(
      expect.arrayContaining(["example_conformance", "positive_data_acceptance"]),
    );
  });

  it("fails positive_data_acceptance when the server refuses its own example as invalid", async () => {
    open = await startTestServer({
      seed: true,
      ...refuseCommaInDescription(),
    });
    const report = await runConformance({
      ...open.options(),
      spec: await petStoreApi(),
      operations: ["createCategory"],
      maxExamples: 2,
      seed: 3,
      boundary: false,
      stateful: false,
    });
    const found = report.failures.find((item) => item.check === "positive_data_acceptance");
    expect(found, formatReport(report, undefined)).toMatchObject({
      operationId: "createCategory",
      phase: "examples",
      actual: "400",
    });
    expect(found!.curl).toContain("Parrots, canaries and finches.");
    expect(found!.replay.at(-1)?.body).toContain("Parrots");
  });
});

describe("example_conformance", () => {
  it("the project's spec declares no example that breaks its schema", async () => {
    const api = await petStoreApi();
    const found = api.model.operations.flatMap((operation) => checkSpecExamples(api, operation));
    expect(found).toEqual([]);
  });

  it("reports each broken example with its place in the spec", async () => {
    const spec = join(work, "broken-examples.yaml");
    writeFileSync(
      spec,
      `openapi: 3.1.0
info: { title: t, version: "1" }
paths:
  /things/{thingId}:
    get:
      operationId: getThing
      parameters:
        - name: thingId
          in: path
          required: true
          schema: { type: integer, minimum: 1, example: 0 }
      responses:
        "200":
          description: ok
          headers:
            X-Count:
              schema: { type: integer }
              example: many
          content:
            application/json:
              schema:
                type: object
                required: [id, name]
                properties:
                  id: { type: integer }
                  name: { type: string }
              examples:
                good: { value: { id: 1, name: a } }
                bad: { value: { id: "1" } }
`,
    );
    const api = await loadApi(spec);
    const found = checkSpecExamples(api, api.operation("getThing"));
    expect(found.map((item) => item.pointer).sort()).toEqual([
      "#/paths/~1things~1{thingId}/get/parameters/0/schema/example",
      "#/paths/~1things~1{thingId}/get/responses/200/content/application~1json/examples/bad",
      "#/paths/~1things~1{thingId}/get/responses/200/headers/X-Count/example",
    ]);
    expect(found.every((item) => item.check === "example_conformance")).toBe(true);
    const bad = found.find((item) => item.pointer.endsWith("/bad"))!;
    expect(bad.message).toMatch(/breaks its schema/);
    expect(bad.actual).toBe('{"id":"1"}');
  });
});
