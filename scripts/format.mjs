/**
 * Prettier over the project's own source (the generated code is laid out by the generator, never
 * by a formatter; see docs/architecture.md, principle 5).
 *
 *   node scripts/format.mjs            formats FOLDERS (`npm run format`)
 *   node scripts/format.mjs --check    checks them, exit 1 on a difference (part of `npm run lint`)
 *
 * The options are the repository's .prettierrc.json; .gitignore'd and .prettierignore'd files
 * (the hand-written spec fixtures) are skipped.
 */
import { spawnSync } from "node:child_process";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

export const FOLDERS = [
  "generator",
  "templates",
  "review",
  "conformance",
  "lint",
  "scripts",
  "test",
  "benchmarks",
];

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const args = process.argv.slice(2);
const unknown = args.filter((arg) => arg !== "--check");
if (unknown.length > 0) {
  process.stderr.write(`unknown option ${unknown.join(" ")}: use --check\n`);
  process.exit(2);
}
const check = args.includes("--check");
const prettier = createRequire(import.meta.url).resolve("prettier/bin/prettier.cjs");
const result = spawnSync(
  process.execPath,
  [prettier, check ? "--check" : "--write", "--log-level", check ? "warn" : "log", ...FOLDERS],
  { cwd: root, stdio: "inherit" },
);
if (result.status !== 0 && check)
  process.stderr.write(`prettier: the files above are not formatted; run \`npm run format\`\n`);
process.exit(result.status ?? 1);
