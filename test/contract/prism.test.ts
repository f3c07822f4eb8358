/**
 * A second opinion nobody here wrote: Stoplight Prism 5.14.2 in proxy mode in front of the
 * reference server (both on 127.0.0.1), with contract traffic sent through it — every operation,
 * success and the main error cases, valid API keys. Prism reports violations in the
 * `sl-violations` response header and in its log (`Violation: request…` / `Violation: response…`).
 *
 * - Valid requests: no violation of any kind.
 * - Invalid requests (400, 401 without a key, 415, 404/405 off the spec's routes): Prism reports
 *   the request violation (it agrees they are invalid) and nothing about the response.
 * - The log has no response violation at all.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import { createServer } from "node:net";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPetStoreClient, OPERATIONS, type PetStoreClient } from "../../generated/client.js";
import { checkedFetch, ExchangeLog, startContractServer, type ContractServer } from "./harness.js";
import { SPEC_PATH } from "./spec-contract.js";

const PRISM = fileURLToPath(new URL("../../node_modules/.bin/prism", import.meta.url));
const STARTUP_TIMEOUT_MS = 45_000;

interface PrismViolation {
  readonly location: readonly string[];
  readonly severity: string;
  readonly message: string;
}

let h: ContractServer;
let prism: ChildProcess | undefined;
let prismLog = "";
let prismUrl = "";
const log = new ExchangeLog();
/** Violations Prism listed in `sl-violations` for the invalid requests. */
let requestViolationsReported = 0;

async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

async function startPrism(upstream: string): Promise<string> {
  const port = await freePort();
  const child = spawn(
    process.execPath,
    [
      PRISM,
      "proxy",
      SPEC_PATH,
      upstream,
      "--port",
      String(port),
      "--host",
      "127.0.0.1",
      "--errors=false",
      "--multiprocess=false",
    ],
    { stdio: ["ignore", "pipe", "pipe"], env: { ...process.env, NO_COLOR: "1", FORCE_COLOR: "0" } },
  );
  prism = child;
  child.stdout?.setEncoding("utf8").on("data", (chunk: string) => (prismLog += chunk));
  child.stderr?.setEncoding("utf8").on("data", (chunk: string) => (prismLog += chunk));
  const deadline = Date.now() + STARTUP_TIMEOUT_MS;
  while (!prismLog.includes("Prism is listening")) {
    if (child.exitCode !== null) throw new Error(`Prism exited (${child.exitCode}):\n${prismLog}`);
    if (Date.now() > deadline)
      throw new Error(`Prism did not start within ${STARTUP_TIMEOUT_MS} ms:\n${prismLog}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return `http://127.0.0.1:${port}`;
}

async function stopPrism(): Promise<void> {
  const child = prism;
  prism = undefined;
  if (child === undefined || child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, "exit");
  child.kill("SIGTERM");
  const timer = setTimeout(() => child.kill("SIGKILL"), 5_000);
  await exited;
  clearTimeout(timer);
}

beforeAll(async () => {
  h = await startContractServer({
    planLimits: {
      enterprise: { perMinute: 100_000, perDay: 1_000_000 },
      tiny: { perMinute: 2, perDay: 1_000 },
    },
    extraKeys: [
      { key: "tiny-through-prism", plan: "tiny", caller: { name: "tiny", plan: "tiny" } },
    ],
  });
  prismUrl = await startPrism(h.baseUrl);
}, 60_000);

afterAll(async () => {
  await stopPrism();
  await h?.close();
});

function violationsOf(response: Response): PrismViolation[] {
  const header = response.headers.get("sl-violations");
  return header === null ? [] : (JSON.parse(header) as PrismViolation[]);
}

interface Sent {
  readonly label: string;
  readonly status: number;
  readonly violations: PrismViolation[];
}

function through(apiKey: string | undefined): PetStoreClient {
  return createPetStoreClient({
    baseUrl: prismUrl,
    ...(apiKey === undefined ? {} : { apiKey }),
    fetch: checkedFetch(log),
    retry: false,
    onDeprecation: () => undefined,
  });
}

async function sent(label: string, call: Promise<{ response: Response }>): Promise<Sent> {
  const { response } = await call;
  return { label, status: response.status, violations: violationsOf(response) };
}

describe("Prism proxy in front of the reference server", () => {
  it("valid traffic for every operation (success, 404, 409, 429, key_banned, 401 unknown key): zero violations", async () => {
    const api = through(h.key("enterprise"));
    const results: Sent[] = [];
    const push = async (label: string, call: Promise<{ response: Response }>) =>
      results.push(await sent(label, call));

    await push("listCategories", api.listCategories());
    await push(
      "createCategory",
      api.createCategory({ body: { name: "Dogs", description: "Domestic dogs." } }),
    );
    await push("createCategory 2", api.createCategory({ body: { name: "Cats" } }));
    await push("createCategory 409", api.createCategory({ body: { name: "dogs" } }));
    await push("getCategory", api.getCategory({ path: { categoryId: 1 } }));
    await push("getCategory 404", api.getCategory({ path: { categoryId: 999 } }));
    await push(
      "updateCategory",
      api.updateCategory({
        path: { categoryId: 2 },
        body: { name: "Felines", description: "Cats." },
      }),
    );
    await push(
      "updateCategory 409",
      api.updateCategory({ path: { categoryId: 2 }, body: { name: "DOGS" } }),
    );
    await push(
      "updateCategory 404",
      api.updateCategory({ path: { categoryId: 999 }, body: { name: "Fish" } }),
    );
    await push("createPet", api.createPet({ body: { name: "Rex", categoryId: 1 } }));
    await push(
      "createPet 2",
      api.createPet({ body: { name: "Tom", categoryId: 2, status: "pending" } }),
    );
    await push("createPet 404", api.createPet({ body: { name: "Ghost", categoryId: 999 } }));
    await push(
      "listPets",
      api.listPets({ query: { status: "available", categoryId: 1, limit: 10, offset: 0 } }),
    );
    await push("getPet (deprecated)", api.getPet({ path: { petId: 1 } }));
    await push("getPet 404", api.getPet({ path: { petId: 999 } }));
    await push("getPetById", api.getPetById({ path: { petId: 1 } }));
    await push("getPetById 404", api.getPetById({ path: { petId: 999 } }));
    await push(
      "updatePet",
      api.updatePet({ path: { petId: 2 }, body: { name: "Thomas", categoryId: 2 } }),
    );
    await push(
      "updatePet 404",
      api.updatePet({ path: { petId: 999 }, body: { name: "X", categoryId: 1 } }),
    );
    await push(
      "setInventoryStock",
      api.setInventoryStock({ path: { petId: 1 }, body: { quantity: 3 } }),
    );
    await push(
      "setInventoryStock 404",
      api.setInventoryStock({ path: { petId: 999 }, body: { quantity: 3 } }),
    );
    await push("getInventory", api.getInventory());
    await push("placeOrder", api.placeOrder({ body: { petId: 1, quantity: 2 } }));
    await push("placeOrder 409", api.placeOrder({ body: { petId: 1, quantity: 5 } }));
    await push("placeOrder 404", api.placeOrder({ body: { petId: 999, quantity: 1 } }));
    await push("getOrder", api.getOrder({ path: { orderId: 1 } }));
    await push("getOrder 404", api.getOrder({ path: { orderId: 999 } }));
    await push("listOrders", api.listOrders({ query: { complete: false, petId: 1, limit: 5 } }));
    await push("deletePet 409", api.deletePet({ path: { petId: 1 } }));
    await push("cancelOrder", api.cancelOrder({ path: { orderId: 1 } }));
    await push("cancelOrder 404", api.cancelOrder({ path: { orderId: 1 } }));
    await push("placeOrder (to ship)", api.placeOrder({ body: { petId: 1, quantity: 1 } }));
    expect(h.server.state.completeOrder(2).ok).toBe(true);
    await push("cancelOrder 409", api.cancelOrder({ path: { orderId: 2 } }));
    await push("deleteCategory 409", api.deleteCategory({ path: { categoryId: 1 } }));
    await push("deletePet", api.deletePet({ path: { petId: 1 } }));
    await push("deletePet 404", api.deletePet({ path: { petId: 1 } }));
    await push("deleteCategory", api.deleteCategory({ path: { categoryId: 1 } }));
    await push("deleteCategory 404", api.deleteCategory({ path: { categoryId: 1 } }));
    await push("401 unknown key", through("pk_free_unknown").listPets());

    const tiny = createPetStoreClient({
      baseUrl: prismUrl,
      apiKey: "tiny-through-prism",
      fetch: checkedFetch(log),
      retry: { maxRetries: 0, maxRetryAfterMs: 0 },
    });
    for (let i = 0; i < 8; i++) await push(`tiny #${i + 1}`, tiny.getInventory());

    expect(results.map((result) => `${result.label} ${result.status}`)).toEqual([
      "listCategories 200",
      "createCategory 201",
      "createCategory 2 201",
      "createCategory 409 409",
      "getCategory 200",
      "getCategory 404 404",
      "updateCategory 200",
      "updateCategory 409 409",
      "updateCategory 404 404",
      "createPet 201",
      "createPet 2 201",
      "createPet 404 404",
      "listPets 200",
      "getPet (deprecated) 200",
      "getPet 404 404",
      "getPetById 200",
      "getPetById 404 404",
      "updatePet 200",
      "updatePet 404 404",
      "setInventoryStock 200",
      "setInventoryStock 404 404",
      "getInventory 200",
      "placeOrder 201",
      "placeOrder 409 409",
      "placeOrder 404 404",
      "getOrder 200",
      "getOrder 404 404",
      "listOrders 200",
      "deletePet 409 409",
      "cancelOrder 204",
      "cancelOrder 404 404",
      "placeOrder (to ship) 201",
      "cancelOrder 409 409",
      "deleteCategory 409 409",
      "deletePet 204",
      "deletePet 404 404",
      "deleteCategory 204",
      "deleteCategory 404 404",
      "401 unknown key 401",
      "tiny #1 200",
      "tiny #2 200",
      "tiny #3 429", // rate_limited
      "tiny #4 429",
      "tiny #5 429",
      "tiny #6 429",
      "tiny #7 429",
      "tiny #8 429", // key_banned
    ]);
    expect(results.filter((result) => result.violations.length > 0)).toEqual([]);
    // Every operation went through Prism.
    const operations = new Set(log.exchanges.map((exchange) => exchange.operationId));
    expect([...operations].sort()).toEqual(
      Object.values(OPERATIONS)
        .map((operation) => operation.operationId)
        .sort(),
    );
    // The independent validator agrees on every proxied response.
    expect(log.violations).toEqual([]);
  }, 60_000);

  it("invalid requests: Prism reports the request violation, never a response violation", async () => {
    const key = h.key("enterprise");
    const cases: Array<{
      label: string;
      method: string;
      path: string;
      headers?: Record<string, string>;
      body?: string;
      status: number;
    }> = [
      {
        label: "path id not an integer",
        method: "GET",
        path: "/pets/by-id/abc",
        headers: { "x-api-key": key },
        status: 400,
      },
      {
        label: "limit out of range",
        method: "GET",
        path: "/pets?limit=0",
        headers: { "x-api-key": key },
        status: 400,
      },
      {
        label: "blank name",
        method: "POST",
        path: "/categories",
        headers: { "x-api-key": key, "content-type": "application/json" },
        body: '{"name":""}',
        status: 400,
      },
      {
        label: "unknown field",
        method: "POST",
        path: "/store/orders",
        headers: { "x-api-key": key, "content-type": "application/json" },
        body: '{"petId":2,"quantity":1,"complete":true}',
        status: 400,
      },
      {
        label: "missing field",
        method: "PUT",
        path: "/store/inventory/2",
        headers: { "x-api-key": key, "content-type": "application/json" },
        body: "{}",
        status: 400,
      },
      { label: "no key", method: "GET", path: "/store/inventory", status: 401 },
      {
        label: "wrong content type",
        method: "POST",
        path: "/categories",
        headers: { "x-api-key": key, "content-type": "text/plain" },
        body: '{"name":"Fish"}',
        status: 415,
      },
      {
        label: "wrong method",
        method: "PATCH",
        path: "/pets",
        headers: { "x-api-key": key },
        status: 405,
      },
      {
        label: "unknown path",
        method: "GET",
        path: "/nope",
        headers: { "x-api-key": key },
        status: 404,
      },
    ];
    const checked = checkedFetch(log);
    const before = log.exchanges.length;
    const outcomes: string[] = [];
    for (const testCase of cases) {
      const response = await checked(`${prismUrl}${testCase.path}`, {
        method: testCase.method,
        headers: testCase.headers ?? {},
        body: testCase.body ?? null,
      });
      await response.arrayBuffer();
      const violations = violationsOf(response);
      requestViolationsReported += violations.length;
      const requestOnly =
        violations.length > 0 &&
        violations.every((violation) => violation.location[0] === "request");
      outcomes.push(
        `${testCase.label}: ${response.status} ${requestOnly ? "request violation only" : JSON.stringify(violations)}`,
      );
    }
    expect(outcomes).toEqual(
      cases.map((testCase) => `${testCase.label}: ${testCase.status} request violation only`),
    );
    expect(log.exchanges.slice(before).flatMap((exchange) => exchange.violations)).toEqual([]);
  }, 60_000);

  it("Prism's log has request violations only for the invalid requests, and no response violation", async () => {
    await new Promise((resolve) => setTimeout(resolve, 300)); // let the last log lines arrive
    const lines = prismLog.split("\n").filter((line) => line.includes("Violation:"));
    expect(lines.filter((line) => /Violation: response/.test(line))).toEqual([]);
    // Exactly the request violations the invalid requests' `sl-violations` headers listed.
    expect(lines.filter((line) => /Violation: request/.test(line))).toHaveLength(
      requestViolationsReported,
    );
    expect(lines).toHaveLength(requestViolationsReported);
    expect(h.serverErrors).toEqual([]);
  });
});
