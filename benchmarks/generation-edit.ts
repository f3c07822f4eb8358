/**
 * Figure 1, "one-line edit": `npm run generate` after changing one description line of the spec,
 * with the cache an earlier run left in node_modules/.cache/ (what a spec author's next run
 * pays), whole process. The spec is copied into the work folder; each run appends a different
 * word to the same description line. The peer is the budget for the spec (0.5 s on
 * the pet store, 3 s on Stripe), so the ratio is ours / budget, target ≤ 1.0.
 */
import { copyFile, mkdir, readFile, rm, writeFile } from "node:fs/promises";
import { extname, join } from "node:path";
import { assertSpecExists, type BenchContext, type BenchSpec } from "./harness/context.js";
import { runNode } from "./harness/measure-process.js";
import { makeRow, type Row } from "./harness/rows.js";
import { median, round } from "./harness/stats.js";
import { oursCommand } from "./generation.js";

/** Seconds a one-line edit may take, per spec id (issue 17). */
export const EDIT_BUDGET_SECONDS: Readonly<Record<string, number>> = { petstore: 0.5, stripe: 3 };

/** The spec with word `n` appended to its first plain one-line description (YAML or JSON). */
export function editOneLine(text: string, n: number): string {
  const yaml = /^(\s*description: )([^|>'"\s][^\n]*)$/m;
  if (yaml.test(text)) return text.replace(yaml, (_all, key: string, value: string) => `${key}${value} edit${n}`);
  const json = /("description":\s*")((?:[^"\\]|\\.)*)(")/;
  if (json.test(text)) return text.replace(json, (_all, open: string, value: string, close: string) => `${open}${value} edit${n}${close}`);
  throw new Error("the spec has no one-line description to edit");
}

export async function benchEdit(ctx: BenchContext, spec: BenchSpec): Promise<Row | undefined> {
  const budget = EDIT_BUDGET_SECONDS[spec.id];
  if (budget === undefined) return undefined;
  assertSpecExists(spec);
  const base = join(ctx.workDir, "gen-edit", spec.id);
  await rm(base, { recursive: true, force: true });
  await mkdir(base, { recursive: true });
  const specCopy = join(base, `spec${extname(spec.path)}`);
  await copyFile(spec.path, specCopy);
  const original = await readFile(specCopy, "utf8");
  const out = join(base, "out");
  const command = oursCommand(ctx, { ...spec, path: specCopy }, out);
  const first = await runNode(command.args, { cwd: command.cwd }); // fills the cache (not measured)
  if (first.exitCode !== 0) throw new Error(`our generator on ${spec.label} exited with ${String(first.exitCode)}: ${first.stderr.trim().split("\n").slice(-3).join(" ")}`);
  const seconds: number[] = [];
  let written = "";
  for (let i = 0; i < (ctx.quick ? 1 : Math.max(ctx.runs, 3)); i++) {
    await writeFile(specCopy, editOneLine(original, i + 1));
    const run = await runNode(command.args, { cwd: command.cwd });
    if (run.exitCode !== 0) throw new Error(`our generator on the edited ${spec.label} exited with ${String(run.exitCode)}`);
    seconds.push(run.wallSeconds);
    written = run.stdout.trim();
    ctx.log(`  ${spec.label} one-line edit ${i + 1}: ${run.wallSeconds.toFixed(2)} s`);
  }
  return makeRow({
    name: `generation.edit.${spec.id}`,
    figure: "1",
    label: `generate ${spec.label} after a one-line edit (cache warm)`,
    ours: median(seconds),
    peer: budget,
    peerName: "the budget of issue 17",
    unit: "s",
    target: { op: "<=", value: 1.0 },
    details: { spec: spec.path, seconds: seconds.map((value) => round(value)), lastOutput: written },
  });
}
