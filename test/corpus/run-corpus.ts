/**
 * `npm run test:corpus`: the whole generator (types, client, server, validators) on every entry
 * of ../shared/corpus/INDEX.tsv, in a temporary folder, then `tsc --strict --noEmit` on each
 * output. Prints a table and a summary; exits 1 on any crash, or when an OpenAPI 3.x entry does
 * not generate code that type-checks.
 *   --jobs <n>      parallel entries (default 2)
 *   --filter <s>    only entries whose path contains s
 *   --timeout <s>   per step (default 300)
 *   --no-round-trip skip the runtime round trip (round-trip.ts) of each OpenAPI 3.x entry that
 *                   type-checks: its generated server and client over real HTTP, every operation
 *                   (bench/corpus-round-trip.md lists each failure and exclusion with its reason)
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { CORPUS_DIR, readCorpusIndex } from "./corpus-index.js";
import { roundTripCell, roundTripEntry, type EntryRoundTrip } from "./round-trip-entry.js";
import { ROOT, runEntry, type EntryResult } from "./run-entry.js";

const { values } = parseArgs({
  options: {
    jobs: { type: "string", default: "2" },
    filter: { type: "string" },
    timeout: { type: "string", default: "300" },
    keep: { type: "boolean", default: false },
    "no-round-trip": { type: "boolean", default: false },
  },
});
/**
 * Refusals with a documented way through: a spec that repeats an operationId, or has a path
 * template parameter nobody declares, is invalid OpenAPI and is refused by default (exit 3); the entry is then run again with the option a user would
 * pass, and that second run is what counts. The note keeps both.
 */
const LENIENT_RETRIES: readonly { readonly refusal: string; readonly flag: string }[] = [
  { refusal: "Duplicate operationId", flag: "--allow-duplicate-operation-ids" },
  {
    refusal: "declares no path parameter of that name",
    flag: "--allow-undeclared-path-parameters",
  },
];
const entries = readCorpusIndex().filter(
  (entry) => !values.filter || entry.path.includes(values.filter),
);
// inside the project, so generated code resolves its dependencies from node_modules
const workDir = mkdtempSync(join(ROOT, ".corpus-out-"));

const results: EntryResult[] = new Array(entries.length);
const roundTrips: (EntryRoundTrip | undefined)[] = new Array(entries.length);
let next = 0;
async function worker(): Promise<void> {
  for (let index = next++; index < entries.length; index = next++) {
    const entry = entries[index];
    if (!entry) continue;
    let result = await runEntry(entry, workDir, Number(values.timeout) * 1000);
    const retry = LENIENT_RETRIES.find(
      ({ refusal }) => result.outcome === "refused" && result.note.includes(refusal),
    );
    if (retry) {
      const lenient = await runEntry(entry, workDir, Number(values.timeout) * 1000, [retry.flag]);
      const note = `refused by default (${result.note.replace(/^error: /, "")}); with ${retry.flag}${lenient.note ? `: ${lenient.note}` : ""}`;
      result = { ...lenient, note };
    }
    results[index] = result;
    if (!values["no-round-trip"] && result.outcome === "type-checks" && entry.family !== "2.0") {
      const flags = result.note.match(/with (--[a-z-]+)/)?.[1];
      roundTrips[index] = await roundTripEntry(
        join(CORPUS_DIR, entry.path),
        Number(values.timeout) * 1000,
        flags === undefined ? [] : [flags],
      );
    }
    const trip = roundTripCell(roundTrips[index]);
    process.stdout.write(
      `${String(index + 1).padStart(3)}/${entries.length} ${result.outcome.padEnd(11)} ${result.generateSeconds.toFixed(1).padStart(6)} s  ${entry.path}${trip ? `  round trip ${trip}` : ""}${result.note ? `  — ${result.note}` : ""}\n`,
    );
  }
}
await Promise.all(Array.from({ length: Math.max(1, Number(values.jobs)) }, worker));
if (!values.keep) rmSync(workDir, { recursive: true, force: true });

const table = [
  "| entry | version | ops | result | generate (s) | tsc (s) | operations round-tripped / total | note |",
  "|---|---|---|---|---|---|---|---|",
  ...results.map(
    (r, i) =>
      `| ${r.entry.path} | ${r.entry.family} | ${r.entry.operations} | ${r.outcome} | ${r.generateSeconds.toFixed(1)} | ${r.typecheckSeconds?.toFixed(1) ?? ""} | ${roundTripCell(roundTrips[i]).replace(/\|/g, "\\|")} | ${r.note.replace(/\|/g, "\\|")} |`,
  ),
];
// every operation that did not round-trip, with its reason
const roundTripLines = results.flatMap((r, i) => {
  const trip = roundTrips[i];
  if (trip === undefined) return [];
  if (trip.result === undefined)
    return [`| ${r.entry.path} | (all) | not run | ${trip.error.replace(/\|/g, "\\|")} |`];
  return trip.result.operations
    .filter((o) => o.outcome !== "round-tripped")
    .map(
      (o) =>
        `| ${r.entry.path} | ${o.operationId} | ${o.outcome} | ${o.reason.replace(/\|/g, "\\|").replace(/\n/g, " ")} |`,
    );
});
const count = (filter: (r: EntryResult) => boolean) => results.filter(filter).length;
const summary = {
  entries: results.length,
  typeChecks: count((r) => r.outcome === "type-checks"),
  typeErrors: count((r) => r.outcome === "type-errors"),
  refused: count((r) => r.outcome === "refused"),
  crashed: count((r) => r.outcome === "crashed"),
  roundTrip: roundTripSummary(),
  generatedWithAnOption: results
    .filter((r) => r.note.startsWith("refused by default"))
    .map((r) => `${r.entry.path}: ${r.note}`),
  openapi3NotTypeChecking: results
    .filter((r) => r.entry.family !== "2.0" && r.outcome !== "type-checks")
    .map((r) => `${r.entry.path}: ${r.outcome} ${r.note}`),
};
mkdirSync(join(ROOT, "bench"), { recursive: true });
writeFileSync(join(ROOT, "bench/corpus.md"), `${table.join("\n")}\n`);
writeFileSync(
  join(ROOT, "bench/corpus-round-trip.md"),
  `| entry | operation | outcome | reason |\n|---|---|---|---|\n${roundTripLines.join("\n")}\n`,
);
writeFileSync(
  join(ROOT, "bench/corpus.json"),
  `${JSON.stringify({ summary, results }, null, 2)}\n`,
);
process.stdout.write(`\n${JSON.stringify(summary, null, 2)}\nTable: bench/corpus.md\n`);
process.exitCode =
  summary.crashed > 0 ||
  summary.openapi3NotTypeChecking.length > 0 ||
  summary.roundTrip.failed > 0 ||
  summary.roundTrip.notRun > 0
    ? 1
    : 0;

function roundTripSummary() {
  const done = roundTrips.flatMap((trip) => (trip?.result === undefined ? [] : [trip.result]));
  const outcomes = done.flatMap((result) => result.operations);
  return {
    entries: done.length,
    operations: outcomes.length,
    roundTripped: outcomes.filter((o) => o.outcome === "round-tripped").length,
    excluded: outcomes.filter((o) => o.outcome === "excluded").length,
    failed: outcomes.filter((o) => o.outcome === "failed").length,
    notRun: roundTrips.filter((trip) => trip !== undefined && trip.result === undefined).length,
  };
}
