/**
 * Figure 1, "one-line edit": `npm run generate` after changing one line of the spec, with the
 * cache an earlier run left in node_modules/.cache/ (what a spec author's next run pays), whole
 * process. The spec is copied into the work folder; each run appends a different word to the
 * same line. Two edits, two rows: the first plain one-line description of the spec (wherever it
 * is: on the pet store a server's, which no generated file shows; on Stripe a schema property's),
 * and the first operation's description (shown in types, client, server, README: every
 * emitter renders again). The peer is the budget for the spec (0.5 s on the pet store,
 * 3 s on Stripe), so the ratio is ours / budget, target ≤ 1.0.
 */
import { copyFile, mkdir, readFile, rm, writeFile } from "node:fs/promises";
import { extname, join } from "node:path";
import { assertSpecExists, type BenchContext, type BenchSpec } from "./harness/context.js";
import { runNode } from "./harness/measure-process.js";
import { makeRow, type Row } from "./harness/rows.js";
import { median, round } from "./harness/stats.js";
import { parse } from "yaml";
import { editDescription } from "../test/generator/spec-edits.js";
import { oursCommand } from "./generation.js";

/** Seconds a one-line edit may take, per spec id (issue 17). */
export const EDIT_BUDGET_SECONDS: Readonly<Record<string, number>> = { petstore: 0.5, stripe: 3 };

/** The spec with word `n` appended to the first plain one-line value of `key` (YAML or JSON). */
function appendToFirst(key: string, text: string, n: number): string {
  const yaml = new RegExp(`^(\\s*${key}: )([^|>'"\\s][^\n]*)$`, "m");
  if (yaml.test(text))
    return text.replace(
      yaml,
      (_all, prefix: string, value: string) => `${prefix}${value} edit${n}`,
    );
  const json = new RegExp(`("${key}":\\s*")((?:[^"\\\\]|\\\\.)*)(")`);
  if (json.test(text))
    return text.replace(
      json,
      (_all, open: string, value: string, close: string) => `${open}${value} edit${n}${close}`,
    );
  throw new Error(`the spec has no one-line ${key} to edit`);
}

/** The spec with word `n` appended to its first plain one-line description. */
export function editOneLine(text: string, n: number): string {
  return appendToFirst("description", text, n);
}

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

const EDITS = [
  {
    id: "edit",
    label: "after a one-line edit",
    edit: editOneLine,
    prepare: (text: string) => text,
  },
  // the copy is JSON from the first (unmeasured) run on, so that only the edit differs
  {
    id: "edit-operation",
    label: "after an operation's description edit",
    edit: editOperation,
    prepare: asJson,
  },
] as const;

/** The one-line edit rows of `spec` (none when the issue sets it no budget). */
export async function benchEdit(ctx: BenchContext, spec: BenchSpec): Promise<Row[]> {
  const budget = EDIT_BUDGET_SECONDS[spec.id];
  if (budget === undefined) return [];
  assertSpecExists(spec);
  const rows: Row[] = [];
  for (const kind of EDITS) {
    const base = join(ctx.workDir, "gen-edit", `${spec.id}-${kind.id}`);
    await rm(base, { recursive: true, force: true });
    await mkdir(base, { recursive: true });
    const specCopy = join(base, `spec${extname(spec.path)}`);
    await copyFile(spec.path, specCopy);
    const original = await readFile(specCopy, "utf8");
    await writeFile(specCopy, kind.prepare(original));
    const out = join(base, "out");
    const command = oursCommand(ctx, { ...spec, path: specCopy }, out);
    const first = await runNode(command.args, { cwd: command.cwd }); // fills the cache (not measured)
    if (first.exitCode !== 0)
      throw new Error(
        `our generator on ${spec.label} exited with ${String(first.exitCode)}: ${first.stderr.trim().split("\n").slice(-3).join(" ")}`,
      );
    const seconds: number[] = [];
    let written = "";
    for (let i = 0; i < (ctx.quick ? 1 : Math.max(ctx.runs, 3)); i++) {
      await writeFile(specCopy, kind.edit(original, i + 1));
      const run = await runNode(command.args, { cwd: command.cwd });
      if (run.exitCode !== 0)
        throw new Error(
          `our generator on the edited ${spec.label} exited with ${String(run.exitCode)}`,
        );
      seconds.push(run.wallSeconds);
      written = run.stdout.trim();
      ctx.log(`  ${spec.label} ${kind.label} ${i + 1}: ${run.wallSeconds.toFixed(2)} s`);
    }
    rows.push(
      makeRow({
        name: `generation.${kind.id}.${spec.id}`,
        figure: "1",
        label: `generate ${spec.label} ${kind.label} (cache warm)`,
        ours: median(seconds),
        peer: budget,
        peerName: "the budget of issue 17",
        unit: "s",
        target: { op: "<=", value: 1.0 },
        details: {
          spec: spec.path,
          seconds: seconds.map((value) => round(value)),
          lastOutput: written,
        },
      }),
    );
  }
  return rows;
}
