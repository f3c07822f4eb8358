/**
 * The mocks entry in a real browser: the client and mocks entries bundled by esbuild for the
 * browser with `msw/browser`, loaded in headless Chromium (Debian's /usr/bin/chromium driven by
 * playwright-core) from a page on 127.0.0.1 that also serves MSW's service worker script (from the
 * installed msw; its postinstall is disabled here). Every operation and declared status answered
 * by the worker validates (in Node, with the precompiled validators); the typed client reads the
 * spec's examples through the worker; an override and the 429 helper behave as in Node.
 */
import { readFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { build } from "esbuild";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { browserSuiteTitle, launchChromium, skipBrowserTests } from "../browser/chromium.js";
import {
  mockedStatuses,
  validationProblems,
  type Exchanged,
  type MockName,
} from "./mock-exchange.js";

const ROOT = path.resolve(import.meta.dirname, "../..");
const WORKER_SCRIPT = path.join(ROOT, "node_modules/msw/lib/mockServiceWorker.js");

/** What the page puts on `window`. */
interface BrowserWindow {
  readonly bundle: {
    readonly setupWorker: typeof import("msw/browser").setupWorker;
    readonly client: typeof import("../../generated/entry/client.js");
    readonly mocks: typeof import("../../generated/entry/mocks.js");
  };
  worker?: import("msw/browser").SetupWorker;
  api?: ReturnType<typeof import("../../generated/entry/mocks.js").createPetStoreMocks>;
}

/** The client and mocks entries with msw/browser, bundled for the browser (ES module). */
async function bundle(): Promise<string> {
  const result = await build({
    stdin: {
      contents: [
        'import { setupWorker } from "msw/browser";',
        'import * as client from "./generated/entry/client.ts";',
        'import * as mocks from "./generated/entry/mocks.ts";',
        "window.bundle = { setupWorker, client, mocks };",
      ].join("\n"),
      resolveDir: ROOT,
      loader: "ts",
    },
    bundle: true,
    format: "esm",
    platform: "browser",
    target: "es2022",
    write: false,
    logLevel: "silent",
  });
  return result.outputFiles[0]?.text ?? "";
}

function listen(server: Server): Promise<number> {
  return new Promise((resolve) =>
    server.listen(0, "127.0.0.1", () => resolve((server.address() as AddressInfo).port)),
  );
}

describe.skipIf(skipBrowserTests)(
  browserSuiteTitle("mocks in Chromium through MSW's service worker"),
  () => {
    let pageServer: Server;
    let origin: string;
    let browser: Browser;
    let page: Page;
    /** Requests that reached the page server under /api: the worker let them through. */
    const unmocked: string[] = [];

    beforeAll(async () => {
      const code = await bundle();
      const worker = readFileSync(WORKER_SCRIPT, "utf8");
      pageServer = createServer((req, res) => {
        if (req.url === "/bundle.js") {
          res.writeHead(200, { "content-type": "text/javascript" });
          res.end(code);
        } else if (req.url === "/mockServiceWorker.js") {
          res.writeHead(200, { "content-type": "text/javascript" });
          res.end(worker);
        } else if (req.url?.startsWith("/api/")) {
          unmocked.push(`${req.method} ${req.url}`);
          res.writeHead(599);
          res.end();
        } else {
          res.writeHead(200, { "content-type": "text/html" });
          res.end(
            '<!doctype html><title>mocks</title><script type="module">import "/bundle.js"; window.ready = true;</script>',
          );
        }
      });
      origin = `http://127.0.0.1:${await listen(pageServer)}`;
      browser = await launchChromium();
      page = await browser.newPage();
      page.setDefaultTimeout(20_000);
      await page.goto(`${origin}/`, { waitUntil: "load" });
      await page.waitForFunction(() => (window as unknown as { ready?: boolean }).ready === true);
      await page.evaluate(async (baseUrl) => {
        const win = window as unknown as BrowserWindow;
        win.api = win.bundle.mocks.createPetStoreMocks({ baseUrl });
        win.worker = win.bundle.setupWorker(...win.api.handlers);
        await win.worker.start({
          quiet: true,
          onUnhandledRequest: "bypass",
          serviceWorker: { url: "/mockServiceWorker.js" },
        });
      }, `${origin}/api/v1`);
    }, 120_000);

    afterAll(async () => {
      await browser?.close();
      await new Promise((resolve) => pageServer?.close(resolve));
    });

    it("answers every operation and declared status through the worker, each valid against the spec", async () => {
      const cases = mockedStatuses();
      const exchanged = await page.evaluate(
        async ({ baseUrl, cases }) => {
          const win = window as unknown as BrowserWindow;
          const { MOCK_OPERATIONS } = win.bundle.mocks;
          const out: {
            name: string;
            overridden: boolean;
            exchanged: { status: number; headers: Record<string, string>; text: string };
          }[] = [];
          const send = async (name: keyof typeof MOCK_OPERATIONS, overridden: boolean) => {
            const operation = MOCK_OPERATIONS[name];
            const response = await fetch(`${baseUrl}${operation.path.replace(/\{[^}]*\}/g, "1")}`, {
              method: operation.method.toUpperCase(),
            });
            const headers: Record<string, string> = {};
            response.headers.forEach((value, key) => (headers[key] = value));
            out.push({
              name,
              overridden,
              exchanged: { status: response.status, headers, text: await response.text() },
            });
          };
          for (const name of Object.keys(MOCK_OPERATIONS) as (keyof typeof MOCK_OPERATIONS)[])
            await send(name, false);
          for (const [name, status] of cases) {
            win.worker!.use(
              (win.api!.mock[name] as (status: number) => import("msw").HttpHandler)(status),
            );
            await send(name, true);
            win.worker!.resetHandlers();
          }
          return out;
        },
        { baseUrl: `${origin}/api/v1`, cases },
      );
      expect(unmocked).toEqual([]);
      expect(exchanged).toHaveLength(cases.length + new Set(cases.map(([name]) => name)).size);
      const overriddenStatuses = exchanged
        .filter((entry) => entry.overridden)
        .map((entry) => entry.exchanged.status);
      expect(overriddenStatuses).toEqual(cases.map(([, status]) => status));
      const problems = exchanged.flatMap((entry) =>
        validationProblems(entry.name as MockName, entry.exchanged as Exchanged),
      );
      expect(problems).toEqual([]);
    });

    it("serves the typed client: the spec's examples, an override, and a 429 the retry waits out", async () => {
      const outcome = await page.evaluate(async (baseUrl) => {
        const win = window as unknown as BrowserWindow;
        const api = win.bundle.client.createPetStoreClient({
          baseUrl,
          apiKey: "browser",
          onDeprecation: () => {},
          retry: { maxRetries: 2, baseDelayMs: 1 },
        });
        const list = await api.listPets();
        win.worker!.use(
          win.api!.mock.getPetById(404),
          win.api!.rateLimited("listCategories", { retryAfter: 1 }),
        );
        const missing = await api.getPetById({ path: { petId: 7 } });
        const started = performance.now();
        const categories = await api.listCategories();
        const waited = performance.now() - started;
        win.worker!.resetHandlers();
        return {
          names: list.data?.map((pet) => pet.name),
          remaining: list.rateLimit?.remaining,
          missing: [missing.status, missing.error],
          categories: [categories.status, categories.data?.length],
          waited,
        };
      }, `${origin}/api/v1`);
      expect(unmocked).toEqual([]);
      expect(outcome.names).toEqual(["Rex", "Tom"]);
      expect(outcome.remaining).toBe(59);
      expect(outcome.missing).toEqual([
        404,
        { code: "not_found", message: "pet 42 does not exist", status: 404 },
      ]);
      expect(outcome.categories).toEqual([200, 2]);
      expect(outcome.waited).toBeGreaterThanOrEqual(950);
    });
  },
);
