/**
 * The generated client in a real browser: the client entry (generated/entry/client.ts) bundled by
 * esbuild for the browser, loaded in headless Chromium (Debian's /usr/bin/chromium driven by
 * playwright-core) from a page on one 127.0.0.1 origin, calling the reference server with CORS
 * on another port. It lists pets, creates one, reads `rateLimit`, gets a 429 whose `Retry-After`
 * the retry honours, and sees the deprecation signal: all of which needs the server's CORS
 * headers (`Access-Control-Expose-Headers` for `X-RateLimit-*`, `Retry-After`, `Location`,
 * `Deprecation`, `Sunset`). The bundle has no `node:` import.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { build } from "esbuild";
import { browserSuiteTitle, launchChromium, skipBrowserTests } from "./chromium.js";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createDemoKeys,
  createPetStoreServer,
  type PetStoreServer,
} from "../../examples/petstore/index.js";

/** What the page puts on `window`: the bundled client entry. */
interface BrowserWindow {
  readonly petstore: typeof import("../../generated/entry/client.js");
}

const ROOT = path.resolve(import.meta.dirname, "../..");
const ENTRY = path.join(ROOT, "generated/entry/client.ts");
const TINY_KEY = "browser-tiny-key";

/** The client entry bundled for browsers (ES module), and the modules it was built from. */
async function bundleClient(): Promise<{ code: string; inputs: string[] }> {
  const result = await build({
    entryPoints: [ENTRY],
    bundle: true,
    format: "esm",
    platform: "browser",
    target: "es2022",
    write: false,
    metafile: true,
    logLevel: "silent",
  });
  return {
    code: result.outputFiles[0]?.text ?? "",
    inputs: Object.keys(result.metafile.inputs),
  };
}

function listen(server: Server): Promise<number> {
  return new Promise((resolve) =>
    server.listen(0, "127.0.0.1", () => resolve((server.address() as AddressInfo).port)),
  );
}

describe("client bundle", () => {
  it("bundles for the browser without any node: import", async () => {
    const { code, inputs } = await bundleClient();
    expect(code).toContain("createPetStoreClient");
    expect(inputs.filter((input) => input.startsWith("node:"))).toEqual([]);
    expect(code).not.toMatch(/\b(?:from|import|require)\s*\(?\s*["']node:/);
    expect(
      inputs.some(
        (input) => input.includes("templates/server") || input.includes("runtime/server"),
      ),
    ).toBe(false);
  });
});

describe.skipIf(skipBrowserTests)(
  browserSuiteTitle("client in Chromium, page and API on different origins"),
  () => {
    let pageServer: Server;
    let api: PetStoreServer;
    let apiUrl: string;
    let pageOrigin: string;
    let browser: Browser;
    let page: Page;
    /** Added to the server's clock, to put it where a minute window is about to end. */
    let clockOffset = 0;
    const keys = createDemoKeys();
    const freeKey = keys.find((entry) => entry.plan === "free")?.key ?? "";

    beforeAll(async () => {
      const { code } = await bundleClient();
      pageServer = createServer((req, res) => {
        if (req.url === "/client.js") {
          res.writeHead(200, { "content-type": "text/javascript" });
          res.end(code);
        } else {
          res.writeHead(200, { "content-type": "text/html" });
          res.end(
            '<!doctype html><title>client</title><script type="module">' +
              'import * as client from "/client.js"; window.petstore = client; window.ready = true;' +
              "</script>",
          );
        }
      });
      pageOrigin = `http://127.0.0.1:${await listen(pageServer)}`;
      api = createPetStoreServer({
        keys: [...keys, { key: TINY_KEY, plan: "tiny", caller: { name: "tiny", plan: "tiny" } }],
        planLimits: { tiny: { perMinute: 1, perDay: 1_000 } },
        seed: true,
        now: () => Date.now() + clockOffset,
        cors: { origins: [pageOrigin] },
      });
      apiUrl = await api.listen({ port: 0 });
      expect(new URL(apiUrl).origin).not.toBe(pageOrigin);
      browser = await launchChromium();
      page = await browser.newPage();
      page.setDefaultTimeout(15_000);
      await page.goto(`${pageOrigin}/`, { waitUntil: "load" });
      await page.waitForFunction(() => (window as unknown as { ready?: boolean }).ready === true);
    }, 120_000);

    afterAll(async () => {
      await browser?.close();
      await api?.close();
      await new Promise((resolve) => pageServer?.close(resolve));
    });

    it("lists pets, creates one and reads rateLimit and the exposed headers", async () => {
      const outcome = await page.evaluate(
        async ({ baseUrl, apiKey }) => {
          const { createPetStoreClient } = (window as unknown as BrowserWindow).petstore;
          const client = createPetStoreClient({ baseUrl, apiKey, retry: false });
          const list = await client.listPets({ query: { limit: 2 } });
          const created = await client.createPet({ body: { name: "Browsie", categoryId: 1 } });
          return {
            origin: location.origin,
            listStatus: list.response.status,
            listed: list.data?.length,
            total: list.response.headers.get("x-total-count"),
            rateLimit: list.rateLimit,
            createdStatus: created.response.status,
            createdName: created.data?.name,
            location: created.response.headers.get("location"),
          };
        },
        { baseUrl: apiUrl, apiKey: freeKey },
      );
      expect(outcome.origin).toBe(pageOrigin);
      expect(outcome.listStatus).toBe(200);
      expect(outcome.listed).toBe(2);
      expect(Number(outcome.total)).toBeGreaterThanOrEqual(2);
      expect(outcome.rateLimit).toMatchObject({ limit: 60, remaining: 59 });
      expect(outcome.rateLimit?.reset).toBeGreaterThan(Date.now() / 1000);
      expect(outcome.createdStatus).toBe(201);
      expect(outcome.createdName).toBe("Browsie");
      expect(outcome.location).toMatch(/^\/pets\/by-id\/\d+$/);
    });

    it("gets a 429 and retries after Retry-After, not before", async () => {
      // The server's clock 57.5 s into a minute: the tiny key's window ends 2.5 s later.
      const now = Date.now();
      clockOffset = (57_500 - (now % 60_000) + 60_000) % 60_000;
      const used = await fetch(`${apiUrl}/categories`, { headers: { "x-api-key": TINY_KEY } });
      expect(used.status).toBe(200);
      expect(used.headers.get("x-ratelimit-remaining")).toBe("0");
      const outcome = await page.evaluate(
        async ({ baseUrl, apiKey }) => {
          const { createPetStoreClient } = (window as unknown as BrowserWindow).petstore;
          const seen: Array<{ status: number; retryAfter: string | null; at: number }> = [];
          const recording: typeof fetch = async (input, init) => {
            const at = performance.now();
            const response = await fetch(input, init);
            seen.push({
              status: response.status,
              retryAfter: response.headers.get("retry-after"),
              at,
            });
            return response;
          };
          const client = createPetStoreClient({
            baseUrl,
            apiKey,
            fetch: recording,
            retry: { maxRetries: 2, maxRetryAfterMs: 10_000, baseDelayMs: 1 },
          });
          const result = await client.listCategories();
          return { status: result.response.status, seen };
        },
        { baseUrl: apiUrl, apiKey: TINY_KEY },
      );
      expect(outcome.status).toBe(200);
      expect(outcome.seen.map((entry) => entry.status)).toEqual([429, 200]);
      const retryAfter = Number(outcome.seen[0]?.retryAfter);
      expect(retryAfter).toBeGreaterThanOrEqual(1);
      expect(retryAfter).toBeLessThanOrEqual(3);
      const waited = outcome.seen[1]!.at - outcome.seen[0]!.at;
      expect(waited).toBeGreaterThanOrEqual(retryAfter * 1000 - 50);
    }, 30_000);

    it("sees the deprecation signal of getPet (onDeprecation, Deprecation and Sunset readable)", async () => {
      const outcome = await page.evaluate(
        async ({ baseUrl, apiKey }) => {
          const { createPetStoreClient } = (window as unknown as BrowserWindow).petstore;
          const notices: unknown[] = [];
          const client = createPetStoreClient({
            baseUrl,
            apiKey,
            retry: false,
            onDeprecation: (notice) => notices.push(notice),
          });
          const pet = await client.getPet({ path: { petId: 1 } });
          return {
            status: pet.response.status,
            deprecation: pet.response.headers.get("deprecation"),
            sunset: pet.response.headers.get("sunset"),
            notices,
          };
        },
        { baseUrl: apiUrl, apiKey: freeKey },
      );
      expect(outcome.status).toBe(200);
      expect(outcome.deprecation).toMatch(/^@\d+$/);
      expect(outcome.sunset).toBe("Wed, 30 Jun 2027 00:00:00 GMT");
      expect(outcome.notices).toEqual([
        expect.objectContaining({ operationId: "getPet", sunset: "2027-06-30" }),
      ]);
    });
  },
);
