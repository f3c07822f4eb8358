/**
 * `npm run conformance` against the reference pet store: every check passes, and every kind of
 * check actually ran (per operation, for undeclared methods, and the stateful sequences).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  checkOperation,
  formatReport,
  runConformance,
  type ConformanceReport,
} from "../../conformance/index.js";
import { petStoreApi, startTestServer, type TestServer } from "./reference-server.js";

let server: TestServer;
let report: ConformanceReport;

beforeAll(async () => {
  server = await startTestServer({ validateResponses: true });
  report = await runConformance({
    ...server.options(),
    spec: await petStoreApi(),
    maxExamples: 6,
    seed: 20261124,
  });
}, 60_000);
afterAll(() => server.close());

describe("the reference server", () => {
  it("passes every check", () => {
    expect(report.failures, formatReport(report, undefined)).toEqual([]);
    expect(report.ok).toBe(true);
  });

  it("was checked on every operation with the response, negative and missing-credentials checks", async () => {
    const api = await petStoreApi();
    const byId = new Map(
      report.operations.map((operation) => [operation.operationId, operation.checks]),
    );
    for (const operation of api.model.operations) {
      const checks = byId.get(operation.operationId) ?? [];
      expect(checks, operation.operationId).toEqual(
        expect.arrayContaining([
          "not_a_server_error",
          "status_code_conformance",
          "response_schema_conformance",
          "response_headers_conformance",
          "missing_auth",
          "ignored_auth",
          "rate_limit_headers",
          "deprecation_headers",
        ]),
      );
    }
    // Negative data needs something that can be invalid: every operation with parameters or a body.
    const withInput = api.model.operations.filter(
      (operation) =>
        operation.requestBody !== undefined ||
        Object.values(operation.parameters).some((list) => list.length > 0),
    );
    for (const operation of withInput)
      expect(byId.get(operation.operationId), operation.operationId).toContain(
        "negative_data_rejection",
      );
  });

  it("probed the methods each path does not declare", () => {
    const probed = report.operations
      .filter((operation) => operation.checks.includes("unsupported_method"))
      .map((operation) => operation.operationId);
    expect(probed).toEqual(
      expect.arrayContaining([
        "PATCH /pets",
        "DELETE /pets",
        "POST /pets/{petId}",
        "PUT /store/inventory",
        "TRACE /pets",
        "OPTIONS /pets/{petId}",
        "TRACE /store/orders",
      ]),
    );
  });

  it("ran create → read → delete → read-again on the resources it could infer", () => {
    const byId = new Map(
      report.operations.map((operation) => [operation.operationId, operation.checks]),
    );
    for (const create of ["createPet", "createCategory"]) {
      expect(byId.get(create), create).toEqual(
        expect.arrayContaining(["ensure_resource_availability", "use_after_free"]),
      );
    }
  });

  it("never met a rate limit on an enterprise key, and saw no 500", () => {
    // requests without a valid key (missing and invalid-credential probes) share the free plan's
    // per-address counter (spec info): one of those may be answered 429 and waited for
    expect(report.rateLimited).toBeLessThanOrEqual(1);
    expect(server.seen.filter((response) => response.status >= 500)).toEqual([]);
    // TRACE goes through node:http (fetch refuses it), past the recording fetch
    const traced = report.operations.filter((operation) =>
      operation.operationId.startsWith("TRACE "),
    ).length;
    expect(server.seen.length + traced).toBe(report.requests);
  });

  it("checkOperation runs one operation's checks, for a server team's own test suite", async () => {
    const one = await checkOperation({
      ...server.options(),
      spec: await petStoreApi(),
      operationId: "createCategory",
      maxExamples: 4,
      seed: 3,
    });
    expect(one.failures, formatReport(one, undefined)).toEqual([]);
    // createCategory itself, and the operations its stateful chain reads, updates and deletes with.
    expect(one.operations.map((operation) => operation.operationId).sort()).toEqual([
      "createCategory",
      "deleteCategory",
      "getCategory",
      "updateCategory",
    ]);
    expect(
      one.operations.find((operation) => operation.operationId === "createCategory")?.checks,
    ).toEqual(
      expect.arrayContaining([
        "negative_data_rejection",
        "missing_auth",
        "ensure_resource_availability",
        "use_after_free",
      ]),
    );
  });
});
