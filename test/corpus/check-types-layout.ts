/**
 * Checks, over every OpenAPI 3.x spec of ../shared/corpus/INDEX.tsv, that the files the generator
 * prints in prettier's layout without prettier are what prettier (with our options) prints:
 * types.ts (generator/emit/ts/print-types-prettier.ts) and server-api.ts, the API descriptor
 * (generator/emit/ts/print-data-prettier.ts), and every piece of the other TypeScript files that
 * generator/emit/ts/print-piece-prettier.ts prints (`pieces`). One line per spec and file: `same`, `fallback` (the
 * printer declined a construct: the generator formats with prettier then) or `differs` (the first
 * differing line; a bug). Exits 1 when any spec differs.
 *
 *   npx tsx test/corpus/check-types-layout.ts [path filter] [--only types|server-api|pieces]
 */
import { join } from "node:path";
import { compareServerApiLayout } from "../generator/data-layout.js";
import { comparePiecesLayout } from "../generator/pieces-layout.js";
import { compareTypesLayout, type LayoutOutcome } from "../generator/types-layout.js";
import { CORPUS_DIR, hasCorpus, readCorpusIndex } from "./corpus-index.js";
import { ROOT } from "./run-entry.js";

if (!hasCorpus()) {
  console.log(`types layout check skipped: no shared corpus at ${CORPUS_DIR}`);
  process.exit(0);
}
const CHECKS: Readonly<Record<string, (spec: string, cwd: string) => Promise<LayoutOutcome>>> = {
  types: compareTypesLayout,
  "server-api": compareServerApiLayout,
  pieces: comparePiecesLayout,
};
const args = process.argv.slice(2);
const onlyIndex = args.indexOf("--only");
const only = onlyIndex >= 0 ? args.splice(onlyIndex, 2)[1] : undefined;
if (only !== undefined && !(only in CHECKS)) {
  console.error(`--only ${only}: expected one of ${Object.keys(CHECKS).join(", ")}`);
  process.exit(2);
}
const checks = Object.entries(CHECKS).filter(([name]) => only === undefined || name === only);
const filter = args[0] ?? "";
const entries = readCorpusIndex().filter((entry) => entry.family.startsWith("3.") && entry.path.includes(filter));
const counts = new Map(checks.map(([name]) => [name, { same: 0, fallback: 0, differs: 0, unloadable: 0 }]));
for (const entry of entries) {
  for (const [name, compare] of checks) {
    const count = counts.get(name)!;
    let line: string;
    try {
      const outcome = await compare(join(CORPUS_DIR, entry.path), ROOT);
      count[outcome.kind]++;
      if (outcome.kind === "same") line = "same";
      else if (outcome.kind === "fallback") line = `fallback: ${outcome.reason}`;
      else line = `differs at line ${outcome.line}:\n    ours:     ${outcome.ours}\n    prettier: ${outcome.prettier}`;
    } catch (error) {
      count.unloadable++;
      line = `not loaded: ${(error instanceof Error ? error.message : String(error)).split("\n")[0]}`;
    }
    console.log(`${entry.path} ${name}: ${line}`);
  }
}
for (const [name, count] of counts) {
  console.log(`${name}: ${entries.length} specs: ${count.same} same, ${count.fallback} fallback, ${count.differs} differs, ${count.unloadable} not loaded`);
}
process.exit([...counts.values()].some((count) => count.differs > 0) ? 1 : 0);
