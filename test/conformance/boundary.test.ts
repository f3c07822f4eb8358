/**
 * The boundary phase on the pet store: every field of an operation is broken alone, each kind of
 * breakage once, so the negative requests are spread evenly over the fields (the random phase once
 * sent "missing required body" for half of placeOrder's); strings are sent exactly at their
 * length limits in ASCII and full Unicode; and a server that only mishandles one field's bound
 * (an order quantity below 1 silently clamped) is caught.
 */
import { afterEach, describe, expect, it } from "vitest";
import { boundaryCases } from "../../conformance/boundary-cases.js";
import { formatReport, runConformance } from "../../conformance/index.js";
import { positiveRequests, type GeneratedRequest } from "../../conformance/request-arbitrary.js";
import { sampleDefined } from "../../conformance/property.js";
import { clampOrderQuantity } from "./faulty-layers.js";
import { petStoreApi, startTestServer, type TestServer } from "./reference-server.js";

let open: TestServer | undefined;
afterEach(async () => {
  await open?.close();
  open = undefined;
});

async function casesOf(operationId: string) {
  const api = await petStoreApi();
  const operation = api.operation(operationId);
  const requests = positiveRequests(api, operation, new Set(["x-api-key"]));
  if (requests.kind !== "ok") throw new Error(requests.reason);
  const base = sampleDefined(requests.arbitrary, 5, 1)[0] as GeneratedRequest;
  return { api, operation, cases: boundaryCases(api, operation, base, new Set(["x-api-key"])) };
}

describe("the boundary phase", () => {
  it("breaks each of placeOrder's fields alone, evenly, and each kind of breakage once", async () => {
    const { api, operation, cases } = await casesOf("placeOrder");
    const negative = cases.filter((item) => item.kind === "negative");
    const perField = new Map<string, number>();
    for (const item of negative) perField.set(item.field, (perField.get(item.field) ?? 0) + 1);
    const schema = operation.requestBody!.contents[0]!.schema as { $ref: string };
    const properties = Object.keys(
      (api.document as { components: { schemas: Record<string, { properties: object }> } })
        .components.schemas[schema.$ref.split("/").pop()!]!.properties,
    );
    for (const name of properties)
      expect(perField.get(`body /${name}`) ?? 0, name).toBeGreaterThan(0);
    expect(perField.get("header parameter Idempotency-Key")).toBeGreaterThan(0);
    const counts = [...perField.values()];
    // even: each field gets as many requests as it has ways to break (at most two wrong types)
    expect(Math.max(...counts)).toBeLessThanOrEqual(5);
    expect(Math.max(...counts) / negative.length).toBeLessThan(0.4);
    expect(
      negative.filter((item) => item.request.mutation === "missing required body"),
    ).toHaveLength(1);
    const mutations = negative.map((item) => item.request.mutation);
    expect(new Set(mutations).size).toBe(mutations.length);
    expect(mutations).toEqual(expect.arrayContaining(["body: below the minimum (1) at /quantity"]));
    // every other part stays as in the valid base request: one field differs
    for (const item of negative) expect(item.request.method).toBe("POST");
  });

  it("sends strings exactly at maxLength, in ASCII and in full Unicode, and every one is valid", async () => {
    const { api, operation, cases } = await casesOf("createCategory");
    const limits = cases.filter((item) => item.kind === "limit");
    const names = limits
      .filter((item) => item.field === "body /name")
      .map((item) => String((item.request.body?.value as { name: string }).name));
    expect(names.map((name) => [...name].length).sort((a, b) => a - b)).toEqual([1, 1, 50, 50]);
    expect(names.some((name) => /[\u{10000}-\u{10ffff}]/u.test(name))).toBe(true);
    const schema = operation.requestBody!.contents[0]!.schema ?? {};
    for (const item of limits)
      expect(api.validator.isValid(schema, item.request.body?.value), item.request.mutation).toBe(
        true,
      );
  });

  it("catches an order quantity below 1 that is silently clamped", async () => {
    // in front of the server, a layer that clamps the quantity before validation sees it
    open = await startTestServer({ corrupt: clampOrderQuantity, seed: true }); // demo pets, with stock
    const report = await runConformance({
      ...open.options(),
      spec: await petStoreApi(),
      operations: ["listPets", "placeOrder"],
      maxExamples: 5,
      seed: 9,
      stateful: false,
      unsupportedMethods: false,
    });
    const found = report.failures.find(
      (item) => item.check === "negative_data_rejection" && item.mutation?.includes("/quantity"),
    );
    expect(found, formatReport(report, undefined)).toBeDefined();
    expect(found!.phase).toBe("boundary");
    // one field broken, on an order that the server otherwise accepts (a listed pet with stock)
    expect(found!.mutation).toBe("body: below the minimum (1) at /quantity");
    expect(found!.curl).toContain('"quantity":0');
  });
});
