/**
 * Figure 1, "one-line edit": `npm run generate` after changing one line of the spec, with the
 * cache an earlier run into the same output folder left in node_modules/.cache/ (what a spec
 * author's next run pays), whole process, against openapi-typescript's CLI on the same spec,
 * cold, measured in the same rounds (alternated): issue 36 item 4's target is ≤ 0.3× its time,
 * on every spec. Four edits, each its own spec copy, output folder and row
 * (spec-line-edits.ts): a description (the first plain one-line one: on the pet store a server's,
 * which no generated file shows; on Stripe a schema property's), the first operation's
 * description (shown in types, client, server, MCP: every emitter showing prose renders again),
 * one schema (a string property added to the first `properties` map) and one operation (a query
 * parameter added to the first `parameters` list). Each run changes the same line differently.
 * The rows' ratio is wall time (median of the per-round ratios); CPU time (user + system, much
 * steadier on a shared machine) is in their details. The pet store's edits also have rows
 * against issue 17's budget (0.5 s).
 */
import { copyFile, cp, mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { basename, dirname, join, relative } from "node:path";
import { assertSpecExists, type BenchContext, type BenchSpec } from "./harness/context.js";
import { runNode, type ProcessRun } from "./harness/measure-process.js";
import { failedRow, makeRow, type Row } from "./harness/rows.js";
import { median, round } from "./harness/stats.js";
import { parse } from "yaml";
import { editDescription } from "../test/generator/spec-edits.js";
import { oursCommand, peerCommand, type GenerationCommand } from "./generation.js";
import {
  editableFile,
  editDescriptionLine,
  editParameterLine,
  editSchemaLine,
  refsOtherFiles,
  type LineEdit,
} from "./spec-line-edits.js";

/** Seconds a one-line edit may take, per spec id (issue 17). */
export const EDIT_BUDGET_SECONDS: Readonly<Record<string, number>> = { petstore: 0.5 };
/** Issue 36 item 4: a one-line edit ≤ 0.3× openapi-typescript's cold run, whole process. */
const PEER_TARGET = { op: "<=", value: 0.3 } as const;

/**
 * The spec (as JSON, which is YAML too) with word `n` appended to its first operation's
 * description (test/generator/spec-edits.ts, the edit the cache tests make).
 */
export function editOperation(text: string, n: number): string {
  const document = JSON.parse(asJson(text)) as Record<string, unknown>;
  editDescription(document, 0, `edit${n}`);
  return `${JSON.stringify(document, null, 2)}\n`;
}

let lastJson: { readonly text: string; readonly json: string } | undefined;

/** The spec as pretty JSON (parsing Stripe's YAML takes seconds: the last one is kept). */
function asJson(text: string): string {
  if (lastJson?.text !== text)
    lastJson = { text, json: `${JSON.stringify(parse(text, { maxAliasCount: -1 }), null, 2)}\n` };
  return lastJson.json;
}

interface EditKind {
  readonly id: string;
  readonly label: string;
  readonly edit: LineEdit;
  /** Edits the root file, as prepared (else the first file an edit applies to, as it is). */
  readonly prepare?: (text: string) => string;
  /** Whether issue 17's budget applies to it (where the spec has one). */
  readonly budgeted?: boolean;
}

const EDITS: readonly EditKind[] = [
  {
    id: "edit",
    label: "after a one-line edit (a description)",
    edit: editDescriptionLine,
    budgeted: true,
  },
  // the copy is JSON from the first (unmeasured) run on, so that only the edit differs
  {
    id: "edit-operation",
    label: "after an operation's description edit",
    edit: editOperation,
    prepare: asJson,
    budgeted: true,
  },
  { id: "edit-schema", label: "after a one-line schema edit", edit: editSchemaLine },
  { id: "edit-parameter", label: "after a one-line operation edit", edit: editParameterLine },
];

/** One edit's copy of the spec, ready to run. */
interface EditSetup {
  readonly kind: EditKind;
  readonly command: GenerationCommand;
  /** The file the edit changes, and its text before any edit. */
  readonly file: string;
  readonly original: string;
  readonly runs: ProcessRun[];
}

/** The one-line edit rows of `spec`: each edit against openapi-typescript cold (and the budget). */
export async function benchEdit(
  ctx: BenchContext,
  spec: BenchSpec,
  peerCwd: string,
): Promise<Row[]> {
  assertSpecExists(spec);
  const rows: Row[] = [];
  const setups: EditSetup[] = [];
  for (const kind of EDITS) {
    try {
      setups.push(await setUp(ctx, spec, kind));
    } catch (error) {
      ctx.log(`  ${spec.label} ${kind.label}: FAILED ${String(error)}`);
      rows.push(failedRow(rowName(kind, spec), "1", rowLabel(kind, spec), PEER_TARGET, error));
    }
  }
  if (setups.length === 0) return rows;
  const peerDir = await mkdtemp(join(tmpdir(), "bench-edit-peer-"));
  const peerRuns: ProcessRun[] = [];
  try {
    const peer = peerCommand(ctx, spec, join(peerDir, "types.ts"), peerCwd);
    const rounds = ctx.quick ? 1 : Math.max(ctx.runs, 3);
    for (let round = 1; round <= rounds; round++) {
      // the peer first in one round, last in the next; the edits in turn
      const order = round % 2 === 1 ? [undefined, ...setups] : [...setups, undefined];
      for (const setup of order) {
        if (setup === undefined) {
          peerRuns.push(await checked(peer, `openapi-typescript on ${spec.label}`));
          continue;
        }
        const edited = setup.kind.edit(setup.original, round);
        if (edited === undefined) throw new Error(`${setup.file}: the edit no longer applies`);
        await writeFile(setup.file, edited);
        const run = await checked(setup.command, `our generator on the edited ${spec.label}`);
        setup.runs.push(run);
        ctx.log(
          `  ${spec.label} ${setup.kind.label} ${round}: ${run.wallSeconds.toFixed(2)} s` +
            ` (CPU ${run.cpuSeconds?.toFixed(2) ?? "?"} s), openapi-typescript cold ` +
            `${peerRuns.at(-1)?.wallSeconds.toFixed(2) ?? "?"} s`,
        );
      }
    }
  } finally {
    await rm(peerDir, { recursive: true, force: true });
  }
  for (const setup of setups) rows.push(...editRows(spec, setup, peerRuns));
  return rows;
}

function rowName(kind: EditKind, spec: BenchSpec): string {
  return `generation.${kind.id}.${spec.id}`;
}

function rowLabel(kind: EditKind, spec: BenchSpec): string {
  return `generate ${spec.label} ${kind.label} (cache warm) vs openapi-typescript cold`;
}

/** A copy of the spec with the edit's file prepared, and the cache filled by a first run. */
async function setUp(ctx: BenchContext, spec: BenchSpec, kind: EditKind): Promise<EditSetup> {
  const base = join(ctx.workDir, "gen-edit", `${spec.id}-${kind.id}`);
  await rm(base, { recursive: true, force: true });
  await mkdir(base, { recursive: true });
  const rootText = await readFile(spec.path, "utf8");
  const copy = join(base, "spec", basename(spec.path));
  // a split spec's folder is copied whole, so its relative `$ref`s still resolve
  if (refsOtherFiles(rootText)) await cp(dirname(spec.path), dirname(copy), { recursive: true });
  else {
    await mkdir(dirname(copy), { recursive: true });
    await copyFile(spec.path, copy);
  }
  const file = kind.prepare === undefined ? editableFile(copy, kind.edit) : copy;
  if (file === undefined)
    throw new Error(`no file of the spec has a line for this edit (${kind.id})`);
  const original =
    kind.prepare === undefined ? await readFile(file, "utf8") : kind.prepare(rootText);
  await writeFile(file, original);
  const command = oursCommand(ctx, { ...spec, path: copy }, join(base, "out"));
  await checked(command, `our generator on ${spec.label}`); // fills the cache (not measured)
  ctx.log(`  ${spec.label} ${kind.label}: editing ${relative(base, file)}`);
  return { kind, command, file, original, runs: [] };
}

async function checked(command: GenerationCommand, what: string): Promise<ProcessRun> {
  const run = await runNode(command.args, { cwd: command.cwd });
  if (run.exitCode !== 0)
    throw new Error(
      `${what} exited with ${String(run.exitCode)}: ${run.stderr.trim().split("\n").slice(-3).join(" ")}`,
    );
  return run;
}

function editRows(spec: BenchSpec, setup: EditSetup, peerRuns: readonly ProcessRun[]): Row[] {
  const { kind, runs } = setup;
  const seconds = runs.map((run) => run.wallSeconds);
  const cpu = runs.map((run) => run.cpuSeconds ?? Number.NaN);
  const peerSeconds = peerRuns.map((run) => run.wallSeconds);
  const peerCpu = peerRuns.map((run) => run.cpuSeconds ?? Number.NaN);
  const details = {
    spec: spec.path,
    edited: setup.file,
    seconds: seconds.map((value) => round(value)),
    cpuSeconds: cpu.map((value) => round(value)),
    peerSeconds: peerSeconds.map((value) => round(value)),
    peerCpuSeconds: peerCpu.map((value) => round(value)),
    cpuRatio: round(median(cpu.map((value, i) => value / peerCpu[i]!)), 3),
    lastOutput: runs.at(-1)?.stdout.trim() ?? "",
  };
  const rows = [
    makeRow({
      name: rowName(kind, spec),
      figure: "1",
      label: rowLabel(kind, spec),
      ours: median(seconds),
      peer: median(peerSeconds),
      peerName: "openapi-typescript CLI, cold",
      unit: "s",
      target: PEER_TARGET,
      pairedRatios: seconds.map((value, i) => value / peerSeconds[i]!),
      details,
    }),
  ];
  const budget = EDIT_BUDGET_SECONDS[spec.id];
  if (budget !== undefined && kind.budgeted === true)
    rows.push(budgetRow(spec, kind, budget, seconds, details));
  return rows;
}

function budgetRow(
  spec: BenchSpec,
  kind: EditKind,
  budget: number,
  seconds: readonly number[],
  details: Readonly<Record<string, unknown>>,
): Row {
  return makeRow({
    name: `generation.${kind.id}.budget.${spec.id}`,
    figure: "1",
    label: `generate ${spec.label} ${kind.label} (cache warm) vs the budget`,
    ours: median(seconds),
    peer: budget,
    peerName: "the budget of issue 17",
    unit: "s",
    target: { op: "<=", value: 1.0 },
    details,
  });
}
