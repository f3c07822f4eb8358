/**
 * The conformance pagination walk (docs/pagination.md#conformance): the reference server's three
 * lists are walked to their end without a failure, and broken variants (a corrupting proxy in
 * front of it) are each caught with `pagination_walk`: a repeated item, a skipped item, a total
 * that changes between pages, a next link that does not advance. Every failure lists the page
 * requests before it and a curl of the failing one.
 */
import { afterEach, describe, expect, it } from "vitest";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import {
  formatReport,
  loadApi,
  runConformance,
  type ConformanceApi,
  type ConformanceReport,
} from "../../conformance/index.js";
import { petStoreApi, startTestServer, type Corrupt, type TestServer } from "./reference-server.js";

let open: TestServer | undefined;
afterEach(async () => {
  await open?.close();
  open = undefined;
});

const LISTS = ["listPets", "listCategories", "listOrders"];

/** The reference server with 12 pets (one category), walked through `corrupt` when given. */
async function walk(corrupt?: Corrupt, spec?: ConformanceApi): Promise<ConformanceReport> {
  open = await startTestServer(corrupt === undefined ? {} : { corrupt });
  const headers = { "X-API-Key": open.key("enterprise"), "content-type": "application/json" };
  const post = (path: string, body: unknown) =>
    fetch(`${open!.baseUrl}${path}`, { method: "POST", headers, body: JSON.stringify(body) });
  const category = (await (await post("/categories", { name: "Dogs" })).json()) as { id: number };
  for (let index = 0; index < 12; index++)
    await post("/pets", { name: `Pet ${index}`, categoryId: category.id });
  return runConformance({
    ...open.options(),
    spec: spec ?? (await petStoreApi()),
    operations: LISTS,
    maxExamples: 1,
    seed: 11,
    boundary: false,
    stateful: false,
    unsupportedMethods: false,
  });
}

/** A proxy that rewrites the `GET /pets` request or response; everything else passes. */
function onPets(
  change: (url: URL) => void,
  answer?: (response: Response, url: URL) => Promise<Response>,
): Corrupt {
  return async (request, forward) => {
    const url = new URL(request.url);
    if (request.method !== "GET" || url.pathname !== "/pets") return forward(request);
    change(url);
    const response = await forward(new Request(url, request));
    return answer === undefined ? response : answer(response, url);
  };
}

function walkFailures(report: ConformanceReport) {
  return report.failures.filter((failure) => failure.check === "pagination_walk");
}

describe("the pagination walk", () => {
  it("walks the reference server's three lists to their end without a failure", async () => {
    const report = await walk();
    expect(walkFailures(report), formatReport(report, undefined)).toEqual([]);
    for (const operationId of LISTS) {
      const checks = report.operations.find((entry) => entry.operationId === operationId)?.checks;
      expect(checks, operationId).toContain("pagination_walk");
    }
  });

  it("catches a repeated item (a server that ignores the offset), listing the pages before", async () => {
    const report = await walk(onPets((url) => url.searchParams.delete("offset")));
    const [found] = walkFailures(report);
    expect(found?.message).toBe("item 6 repeats item 1 (an earlier page had it)");
    expect(found?.operationId).toBe("listPets");
    expect(found?.steps).toHaveLength(1);
    expect(found?.steps[0]).toMatch(/curl .*\/pets\?limit=5'/);
    expect(found?.curl).toMatch(/\/pets\?limit=5&offset=5'/);
    expect(formatReport(report, undefined)).toMatch(/pagination_walk \(pagination\)[\s\S]*after:/);
  });

  it("catches skipped items (a server that skips one per page) against the total", async () => {
    // a declaration without `next`: the Link would give the skip away first (see the last case)
    const text = readFileSync("spec/openapi.yaml", "utf8");
    const withoutNext = text.replaceAll("        next: $response.header.Link\n", "");
    expect(withoutNext).not.toBe(text);
    const dir = mkdtempSync(join(process.cwd(), ".tmp-pagination-walk-"));
    try {
      writeFileSync(join(dir, "openapi.yaml"), withoutNext);
      const skip = onPets((url) => {
        const offset = Number(url.searchParams.get("offset") ?? 0);
        if (offset > 0) url.searchParams.set("offset", String(offset + 1));
      });
      const [found] = walkFailures(await walk(skip, await loadApi(join(dir, "openapi.yaml"))));
      expect(found?.message).toBe(
        "the walk ended after 11 item(s), but the total is 12: items were skipped",
      );
      expect(found?.steps).toHaveLength(3);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("catches a total that changes between pages", async () => {
    const drifting = onPets(
      () => undefined,
      async (response, url) => {
        const headers = new Headers(response.headers);
        headers.set("X-Total-Count", String(12 + Number(url.searchParams.get("offset") ?? 0)));
        return new Response(await response.text(), { status: response.status, headers });
      },
    );
    const [found] = walkFailures(await walk(drifting));
    expect(found?.message).toBe("the total changed between pages of an unchanged collection");
    expect([found?.expected, found?.actual]).toEqual(["12", "17"]);
  });

  it("catches a next link that does not advance", async () => {
    const stuck = onPets(
      () => undefined,
      async (response, url) => {
        const headers = new Headers(response.headers);
        if (headers.has("link")) headers.set("link", `<${url.search}>; rel="next"`);
        return new Response(await response.text(), { status: response.status, headers });
      },
    );
    const [found] = walkFailures(await walk(stuck));
    expect(found?.message).toBe("the next link does not ask for the next page");
    expect([found?.expected, found?.actual]).toEqual(["offset=5", "offset=(none)"]);
  });
});
