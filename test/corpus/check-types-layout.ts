/**
 * Checks, over every OpenAPI 3.x spec of ../shared/corpus/INDEX.tsv, that generated types.ts
 * printed by our printer is what prettier (with our options) prints: one line per spec, `same`,
 * `fallback` (the printer declined a construct: the generator formats with prettier then) or
 * `differs` (the first differing line; a bug). Exits 1 when any spec differs.
 *
 *   npx tsx test/corpus/check-types-layout.ts [path filter]
 */
import { join } from "node:path";
import { compareTypesLayout } from "../generator/types-layout.js";
import { CORPUS_DIR, hasCorpus, readCorpusIndex } from "./corpus-index.js";
import { ROOT } from "./run-entry.js";

if (!hasCorpus()) {
  console.log(`types layout check skipped: no shared corpus at ${CORPUS_DIR}`);
  process.exit(0);
}
const filter = process.argv[2] ?? "";
const entries = readCorpusIndex().filter((entry) => entry.family.startsWith("3.") && entry.path.includes(filter));
const counts = { same: 0, fallback: 0, differs: 0, unloadable: 0 };
for (const entry of entries) {
  let line: string;
  try {
    const outcome = await compareTypesLayout(join(CORPUS_DIR, entry.path), ROOT);
    counts[outcome.kind]++;
    if (outcome.kind === "same") line = "same";
    else if (outcome.kind === "fallback") line = `fallback: ${outcome.reason}`;
    else line = `differs at line ${outcome.line}:\n    ours:     ${outcome.ours}\n    prettier: ${outcome.prettier}`;
  } catch (error) {
    counts.unloadable++;
    line = `not loaded: ${(error instanceof Error ? error.message : String(error)).split("\n")[0]}`;
  }
  console.log(`${entry.path}: ${line}`);
}
console.log(`${entries.length} specs: ${counts.same} same, ${counts.fallback} fallback, ${counts.differs} differs, ${counts.unloadable} not loaded`);
process.exit(counts.differs > 0 ? 1 : 0);
