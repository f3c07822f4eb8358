/**
 * Figure 2, a check that must render: `generate --check --no-cache` on an output that is exactly
 * what the spec generates, as CI runs it on a fresh clone (the committed output is there, the
 * generator's cache is not), against the cold generation of figure 1 in the same run (the median
 * of its `--no-cache` runs into a new folder). Both render everything; the check then compares
 * every file with the output where the generation writes them into an empty folder, so the
 * target is ≤ 1.0×: comparing must cost no more than writing. Until the write and the check
 * compared files as bytes (2026-12-01), comparing decoded every file of Stripe's 31 MB output and
 * flattened every new text, about 0.7 s.
 */
import type { BenchContext, BenchSpec } from "./harness/context.js";
import { oursCommand } from "./generation.js";
import { runNode } from "./harness/measure-process.js";
import { failedRow, makeRow, type Row } from "./harness/rows.js";
import { median, round } from "./harness/stats.js";

const TARGET = { op: "<=", value: 1 } as const;

/** The row for `spec`, after figure 1 generated it (its output and median are in `ctx.generation`). */
export async function benchColdCheck(ctx: BenchContext, spec: BenchSpec): Promise<Row[]> {
  const name = `check.cold.time.${spec.id}`;
  const label = `generate --check --no-cache ${spec.label}, output up to date`;
  const generated = ctx.generation.get(spec.id);
  if (generated === undefined)
    return [failedRow(name, "2", label, TARGET, "figure 1 did not generate this spec")];
  const args = oursCommand(ctx, spec, generated.oursOut, ["--check", "--no-cache"]).args;
  const seconds: number[] = [];
  for (let i = 0; i < ctx.runs; i++) {
    const run = await runNode(args, { cwd: ctx.root });
    if (run.exitCode !== 0) {
      const tail = `${run.stderr}\n${run.stdout}`.trim().split("\n").slice(-6).join("\n");
      return [failedRow(name, "2", label, TARGET, `exit ${String(run.exitCode)}: ${tail}`)];
    }
    seconds.push(run.wallSeconds);
    ctx.log(
      `  ${spec.label} check (no cache) run ${i + 1}/${ctx.runs}: ${run.wallSeconds.toFixed(2)} s`,
    );
  }
  return [
    makeRow({
      name,
      figure: "2",
      label,
      ours: median(seconds),
      peer: generated.oursSeconds,
      peerName: "our cold generation (fig. 1)",
      unit: "s",
      target: TARGET,
      details: {
        runs: ctx.runs,
        checkSeconds: seconds.map(round),
        command: `node ${args.join(" ")}`,
      },
    }),
  ];
}
