/**
 * The method probes against a hand-written server that gets them wrong: TRACE answered 500 (the
 * server runtime's own bug when wrapped in a plain middleware: fetch's Request refuses TRACE), a
 * 405 without Allow, OPTIONS 200 without Allow, HEAD refused where GET is served.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runConformance, type ConformanceReport } from "../../conformance/index.js";
import { petStoreApi } from "./reference-server.js";

let server: Server;
let report: ConformanceReport;

beforeAll(async () => {
  server = createServer((request, response) => {
    if (request.method === "TRACE") response.writeHead(500).end();
    else if (request.method === "OPTIONS") response.writeHead(200).end();
    else if (request.method === "GET")
      response.writeHead(200, { "content-type": "application/json" }).end("[]");
    else response.writeHead(405).end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  report = await runConformance({
    baseUrl,
    spec: await petStoreApi(),
    operations: ["listCategories"],
    maxExamples: 1,
    seed: 1,
    stateful: false,
    boundary: false,
    headers: { "X-API-Key": "k" },
  });
}, 60_000);
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe("method probes", () => {
  it("finds TRACE 500, 405 without Allow, OPTIONS without Allow and HEAD refused where GET is served", () => {
    const probe = (label: string) =>
      report.failures.find(
        (failure) => failure.operationId === label && failure.check === "unsupported_method",
      );
    expect(probe("TRACE /categories")?.actual).toBe("500");
    expect(probe("PATCH /categories")?.actual).toBe("absent");
    expect(probe("OPTIONS /categories")?.message).toMatch(/without Allow/);
    expect(probe("HEAD /categories")?.actual).toBe("405");
    expect(probe("TRACE /categories")?.curl).toBe(
      `curl -i -X TRACE '${report.baseUrl}/categories' -H 'X-API-Key: k'`,
    );
  });

  it("probes with an invalid credential beside the missing one", () => {
    const ignored = report.failures.find(
      (failure) => failure.check === "ignored_auth" && failure.operationId === "listCategories",
    );
    expect(ignored?.curl).toContain("X-API-Key: invalid-credential-");
  });
});
