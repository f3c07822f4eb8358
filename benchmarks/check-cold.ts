/**
 * Figure 2, a check that must render: `generate --check --no-cache` on an output that is exactly
 * what the spec generates, as CI runs it on a fresh clone (the committed output is there, the
 * generator's cache is not), against a cold generation (`--no-cache`) of the same spec into an
 * empty folder, alternating, one pair per run. Both render everything; then the check compares
 * every file with the output where the generation writes them into an empty folder. Target
 * ≤ 1.05×: comparing must cost no more than writing, within the run-to-run noise of a cold run
 * on the bench machine (a few percent). Until the write and the check compared files as bytes
 * (2026-12-01), comparing decoded every file of Stripe's 31 MB output and flattened every new
 * text: about 0.7 s, 9% of the cold run.
 */
import { rm } from "node:fs/promises";
import { join } from "node:path";
import type { BenchContext, BenchSpec } from "./harness/context.js";
import { oursCommand } from "./generation.js";
import { runNode } from "./harness/measure-process.js";
import { failedRow, makeRow, type Row } from "./harness/rows.js";
import { median, round } from "./harness/stats.js";

const TARGET = { op: "<=", value: 1.05 } as const;

/** The row for `spec`, after figure 1 generated it (its output is in `ctx.generation`). */
export async function benchColdCheck(ctx: BenchContext, spec: BenchSpec): Promise<Row[]> {
  const name = `check.cold.time.${spec.id}`;
  const label = `generate --check --no-cache ${spec.label}, output up to date`;
  const generated = ctx.generation.get(spec.id);
  if (generated === undefined)
    return [failedRow(name, "2", label, TARGET, "figure 1 did not generate this spec")];
  const check = oursCommand(ctx, spec, generated.oursOut, ["--check", "--no-cache"]).args;
  const scratch = join(ctx.workDir, "check-cold", spec.id);
  const generate = oursCommand(ctx, spec, scratch, ["--no-cache"]).args;
  const checks: number[] = [];
  const generations: number[] = [];
  for (let i = 0; i < ctx.runs; i++) {
    const order = i % 2 === 0 ? (["check", "generate"] as const) : (["generate", "check"] as const);
    for (const which of order) {
      if (which === "generate") await rm(scratch, { recursive: true, force: true });
      const run = await runNode(which === "check" ? check : generate, { cwd: ctx.root });
      if (run.exitCode !== 0) {
        const tail = `${run.stderr}\n${run.stdout}`.trim().split("\n").slice(-6).join("\n");
        return [
          failedRow(name, "2", label, TARGET, `${which}: exit ${String(run.exitCode)}: ${tail}`),
        ];
      }
      (which === "check" ? checks : generations).push(run.wallSeconds);
    }
    ctx.log(
      `  ${spec.label} check (no cache) run ${i + 1}/${ctx.runs}: ${checks[i]!.toFixed(2)} s, generation ${generations[i]!.toFixed(2)} s`,
    );
  }
  await rm(scratch, { recursive: true, force: true });
  return [
    makeRow({
      name,
      figure: "2",
      label,
      ours: median(checks),
      peer: median(generations),
      peerName: "our cold generation into an empty folder",
      unit: "s",
      target: TARGET,
      pairedRatios: checks.map((value, i) => value / generations[i]!),
      details: {
        runs: ctx.runs,
        checkSeconds: checks.map(round),
        generationSeconds: generations.map(round),
        command: `node ${check.join(" ")}`,
      },
    }),
  ];
}
