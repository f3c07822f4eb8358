/**
 * Debian's Chromium for the browser tests, driven by playwright-core (no tool downloads its own
 * browser). A test skips with one line when it is missing on a developer's machine; in CI
 * (`CI` set, `.ci/run` installs it) it runs and fails instead.
 */
import { existsSync } from "node:fs";
import { chromium, type Browser } from "playwright-core";

export const CHROMIUM = "/usr/bin/chromium";

/** Whether the browser tests skip here (no Chromium, and not in CI). */
export const skipBrowserTests = !existsSync(CHROMIUM) && !process.env["CI"];

/** The title of a browser suite, naming what is missing when it skips. */
export function browserSuiteTitle(what: string): string {
  return skipBrowserTests
    ? `${what} — SKIPPED: ${CHROMIUM} is missing (apt-get install chromium); it must run in CI`
    : what;
}

/**
 * Headless Chromium as root on a closed network: no sandbox, no GPU, and none of the background
 * connections that this machine's network would refuse.
 */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
    ],
  });
}
