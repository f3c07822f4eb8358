/**
 * Prettier over the project's own source (the generated code is laid out by the generator, never
 * by a formatter; see docs/architecture.md, principle 5).
 *
 *   node scripts/format.mjs            formats the CHECKED folders (`npm run format`)
 *   node scripts/format.mjs --all      formats every folder, PENDING ones included
 *   node scripts/format.mjs --check    checks the CHECKED folders, exit 1 on a difference (`npm run lint`)
 *
 * CHECKED lists the folders already formatted, so the check passes; PENDING lists those not yet
 * formatted in one commit (formatting them while others edit them would make every merge
 * conflict). To extend the check: run `npm run format -- --all`, commit, move PENDING into
 * CHECKED. The options are the repository's .prettierrc.json; .gitignore'd files are skipped.
 */
import { spawnSync } from "node:child_process";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

export const CHECKED = ["generator"];
export const PENDING = ["templates", "review", "conformance", "lint", "scripts", "test", "benchmarks"];

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const args = process.argv.slice(2);
const unknown = args.filter((arg) => arg !== "--all" && arg !== "--check");
if (unknown.length > 0) {
  process.stderr.write(`unknown option ${unknown.join(" ")}: use --check or --all\n`);
  process.exit(2);
}
const check = args.includes("--check");
const folders = args.includes("--all") ? [...CHECKED, ...PENDING] : CHECKED;
const prettier = createRequire(import.meta.url).resolve("prettier/bin/prettier.cjs");
const result = spawnSync(process.execPath, [prettier, check ? "--check" : "--write", "--log-level", check ? "warn" : "log", ...folders], { cwd: root, stdio: "inherit" });
if (result.status !== 0 && check) process.stderr.write(`prettier: the files above are not formatted; run \`npm run format\`\n`);
process.exit(result.status ?? 1);
