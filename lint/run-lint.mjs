#!/usr/bin/env node
/**
 * `npm run lint`: Redocly CLI's `lint` with our config, its output passed through unchanged but
 * for one line: the hint to `--generate-ignore-file`, which would invite silencing problems that
 * our zero-warnings policy says to fix. Arguments go to `redocly lint`; the exit code is its own.
 */
import { spawn } from "node:child_process";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { createInterface } from "node:readline";

const IGNORE_FILE_HINT = /--generate-ignore-file/;

const require = createRequire(import.meta.url);
const cliPackage = require.resolve("@redocly/cli/package.json");
const { bin } = require("@redocly/cli/package.json");
const cli = join(dirname(cliPackage), typeof bin === "string" ? bin : bin.redocly);

const child = spawn(process.execPath, [cli, "lint", ...process.argv.slice(2)], {
  stdio: ["inherit", "pipe", "pipe"],
});
const pass = (from, to) => {
  const lines = createInterface({ input: from, crlfDelay: Infinity });
  lines.on("line", (line) => {
    if (!IGNORE_FILE_HINT.test(line)) to.write(`${line}\n`);
  });
  return new Promise((resolve) => lines.on("close", resolve));
};
const done = Promise.all([pass(child.stdout, process.stdout), pass(child.stderr, process.stderr)]);
child.on("close", async (code, signal) => {
  await done;
  process.exitCode = code ?? (signal ? 1 : 0);
});
