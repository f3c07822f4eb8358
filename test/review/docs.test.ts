/**
 * `npm run docs`: builds the reference into a temporary directory, opens it in headless Chromium
 * (Debian's /usr/bin/chromium driven by playwright-core, network requests blocked so the page must
 * be standalone) and checks that every operation of the spec is listed, that deprecated
 * operations show their sunset date, and that the beta / experimental markers are visible.
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { browserSuiteTitle, launchChromium, skipBrowserTests } from "../browser/chromium.js";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parse } from "yaml";
import { PROJECT_ROOT, buildDocs } from "../../review/build-docs.js";
import { annotateForDocs } from "../../review/docs-annotate.js";

const METHODS = ["get", "put", "post", "delete", "options", "head", "patch", "trace"];

interface SpecOperation {
  readonly label: string;
  readonly tag: string;
  readonly operationId: string;
  readonly deprecated: boolean;
  readonly sunset?: string;
  readonly stability?: string;
}

function specOperations(): SpecOperation[] {
  const doc = parse(readFileSync(path.join(PROJECT_ROOT, "spec/openapi.yaml"), "utf8"));
  const result: SpecOperation[] = [];
  for (const item of Object.values<Record<string, any>>(doc.paths)) {
    for (const method of METHODS) {
      const operation = item[method];
      if (!operation) continue;
      result.push({
        label: operation.summary ?? operation.operationId,
        tag: operation.tags?.[0] ?? "default",
        operationId: operation.operationId,
        deprecated: operation.deprecated === true,
        ...(operation["x-sunset"] ? { sunset: operation["x-sunset"] } : {}),
        ...(operation["x-stability"] ? { stability: operation["x-stability"] } : {}),
      });
    }
  }
  return result;
}

describe("docs annotation (pure)", () => {
  it("adds sunset and stability badges and lines to a copy, leaving the input alone", () => {
    const doc = {
      openapi: "3.0.3",
      paths: {
        "/a": {
          get: {
            operationId: "a",
            deprecated: true,
            "x-sunset": "2027-06-30",
            "x-replaced-by": "b",
            description: "Old.",
          },
        },
        "/b": {
          get: { operationId: "b", "x-stability": "beta" },
          put: { operationId: "c", "x-stability": "experimental" },
        },
      },
    };
    const before = structuredClone(doc);
    const annotated = annotateForDocs(doc) as any;
    expect(doc).toEqual(before);
    expect(annotated.paths["/a"].get["x-badges"]).toEqual([
      { name: "Sunset 2027-06-30", color: "red", position: "after" },
    ]);
    expect(annotated.paths["/a"].get.description).toBe(
      "**Deprecated — sunset 2027-06-30; use `b`.**\n\nOld.",
    );
    expect(annotated.paths["/b"].get["x-badges"][0].name).toBe("Beta");
    expect(annotated.paths["/b"].put.description).toMatch(/^\*\*Stability: experimental\*\*/);
  });
});

describe.skipIf(skipBrowserTests)(browserSuiteTitle("docs page in Chromium"), () => {
  const operations = specOperations();
  let dir: string;
  let browser: Browser;
  let page: Page;
  const blocked: string[] = [];

  const menuItem = (label: string) =>
    page.locator(`[data-testid="menu-item-label"]:has([data-text="${label}"])`).first();

  /** The tag's link in the side menu; its chevron points down while the group is expanded. */
  const tagLink = (tag: string) => page.getByRole("link", { name: tag, exact: true }).first();
  const expanded = (tag: string) =>
    tagLink(tag).locator('[data-component-name="icons/ChevronDownIcon/ChevronDownIcon"]').count();

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), "docs-test-"));
    const out = await buildDocs({ out: path.join(dir, "index.html") });
    browser = await launchChromium();
    page = await browser.newPage();
    page.setDefaultTimeout(15_000);
    await page.route(/^https?:/, (route) => {
      blocked.push(route.request().url());
      return route.abort();
    });
    await page.goto(`file://${out}`, { waitUntil: "load" });
    // The page is server-rendered and then hydrated: a click before hydration is lost or undone.
    // The search box says "Loading..." until the app has mounted.
    await page.waitForFunction(
      () => {
        const search = document.querySelector('[data-testid="search-trigger"]');
        return search !== null && !/loading/i.test(search.textContent ?? "");
      },
      undefined,
      { timeout: 60_000 },
    );
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  /**
   * Reads the operation's side-menu item (and clicks it when `click` is set), its tag group
   * expanded first. Redoc folds every group but the active one whenever navigation or scrolling
   * moves the active item, so a group opened a moment ago may be folded again before the item is
   * read: expand (only while folded, as the link toggles) and retry until the read succeeds.
   */
  async function readMenuItem({ label, tag }: SpecOperation, click = false): Promise<string> {
    const item = menuItem(label);
    let lastError: unknown;
    for (let attempt = 0; attempt < 8; attempt++) {
      try {
        if ((await expanded(tag)) === 0) await tagLink(tag).click({ timeout: 3_000 });
        const text = await item.innerText({ timeout: 3_000 });
        if (click) await item.click({ timeout: 3_000 });
        return text;
      } catch (error) {
        lastError = error;
      }
    }
    throw new Error(`menu item "${label}" (tag ${tag}) never became readable`, {
      cause: lastError,
    });
  }

  it("lists every operation of the spec", async () => {
    expect(operations.length).toBeGreaterThan(0);
    for (const operation of operations)
      expect(await readMenuItem(operation), operation.operationId).toContain(operation.label);
  });

  it("shows the sunset date of deprecated operations, in the menu and on the operation", async () => {
    const deprecated = operations.filter((operation) => operation.deprecated);
    expect(deprecated.length).toBeGreaterThan(0);
    for (const operation of deprecated) {
      const { label, sunset } = operation;
      expect(sunset, `${label} has an x-sunset`).toBeDefined();
      expect(await readMenuItem(operation, true)).toContain(`Sunset ${sunset}`);
      const heading = page.locator("main h1, main h2").filter({ hasText: label }).first();
      await expect
        .poll(() => heading.isVisible(), { message: `${label} heading`, timeout: 15_000 })
        .toBe(true);
      const section = page.locator("main").getByText(`Deprecated — sunset ${sunset}`).first();
      await expect
        .poll(() => section.isVisible(), { message: `${label} sunset line`, timeout: 15_000 })
        .toBe(true);
      expect(
        await page
          .locator("main")
          .getByText(`Sunset ${sunset}`, { exact: true })
          .first()
          .isVisible(),
      ).toBe(true);
    }
  });

  it("shows the beta and experimental markers", async () => {
    const marked = operations.filter((operation) => operation.stability);
    expect(new Set(marked.map((operation) => operation.stability))).toEqual(
      new Set(["beta", "experimental"]),
    );
    for (const operation of marked) {
      const { label, stability } = operation;
      expect(await readMenuItem(operation, true)).toContain(
        stability === "beta" ? "Beta" : "Experimental",
      );
      const line = page.locator("main").getByText(`Stability: ${stability}`).first();
      await expect
        .poll(() => line.isVisible(), { message: `${label} stability line`, timeout: 15_000 })
        .toBe(true);
    }
  });

  it("is standalone: the Redoc scripts are inlined, nothing but the footer logo is fetched", () => {
    expect(blocked.filter((url) => !/cdn\.redoc\.ly\/redoc\/logo/.test(url))).toEqual([]);
  });
});
