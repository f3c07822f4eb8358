/**
 * Figure 2 — `generate --check` on an unchanged tree (our spec): median wall time of the check vs
 * the median generation time of figure 1 (measured here if figure 1 did not run). Target ≤ 0.25×.
 * Outside `--quick`, one more check after changing a generated file shows the drift is caught
 * (exit 1) and what a check costs when it has to render (details only).
 */
import { readFile, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { BenchContext, BenchSpec } from "./harness/context.js";
import { oursCommand } from "./generation.js";
import { runNode } from "./harness/measure-process.js";
import { makeRow, type Row } from "./harness/rows.js";
import { median, round } from "./harness/stats.js";

async function generateInto(ctx: BenchContext, spec: BenchSpec, out: string): Promise<number> {
  await rm(out, { recursive: true, force: true });
  const run = await runNode(oursCommand(ctx, spec, out).args, { cwd: ctx.root });
  if (run.exitCode !== 0)
    throw new Error(`our generator exited with ${String(run.exitCode)}: ${run.stderr.trim()}`);
  return run.wallSeconds;
}

export async function benchCheck(ctx: BenchContext): Promise<Row[]> {
  const spec = ctx.specs.find((entry) => entry.id === "petstore");
  if (spec === undefined) throw new Error("our spec is not in the list");
  const prior = ctx.generation.get(spec.id);
  // A fresh output of its own: the generator may have changed since figure 1 (a shared tree).
  const out = join(ctx.workDir, "check", spec.id);
  const generation: number[] = [await generateInto(ctx, spec, out)];
  if (prior === undefined) {
    for (let i = 1; i < ctx.runs; i++) {
      generation.push(await generateInto(ctx, spec, out));
      ctx.log(`  generate run ${i + 1}/${ctx.runs}: ${generation[i]!.toFixed(2)} s`);
    }
  }
  const generationSeconds = prior?.oursSeconds ?? median(generation);

  const checks: number[] = [];
  let regenerated = 0;
  const checkArgs = oursCommand(ctx, spec, out, ["--check"]).args;
  for (let i = 0; i < ctx.runs; i++) {
    let run = await runNode(checkArgs, { cwd: ctx.root });
    if (run.exitCode === 1 && regenerated < 2) {
      // Drift: the generator or templates changed under us since the output was written. Once more.
      regenerated++;
      ctx.log("  the tree changed since the output was generated: generating again");
      await generateInto(ctx, spec, out);
      run = await runNode(checkArgs, { cwd: ctx.root });
    }
    if (run.exitCode !== 0) {
      throw new Error(
        `generate --check on an unchanged tree exited with ${String(run.exitCode)}: ${run.stderr.trim().slice(0, 2000)}`,
      );
    }
    checks.push(run.wallSeconds);
    ctx.log(`  check run ${i + 1}/${ctx.runs}: ${run.wallSeconds.toFixed(2)} s`);
  }

  let drift: Record<string, unknown> = {};
  if (!ctx.quick) {
    // A hand edit in the output must be caught: the fast path falls back to a full render.
    const file = join(out, "client.ts");
    const original = await readFile(file, "utf8");
    await writeFile(file, `${original}// edited by hand\n`);
    try {
      const run = await runNode(checkArgs, { cwd: ctx.root });
      drift = {
        driftCheckSeconds: round(run.wallSeconds),
        driftCheckExitCode: run.exitCode,
        driftCaught: run.exitCode === 1,
      };
      ctx.log(
        `  check with a hand-edited client.ts: ${run.wallSeconds.toFixed(2)} s, exit ${String(run.exitCode)}`,
      );
    } finally {
      await writeFile(file, original);
    }
  }

  return [
    makeRow({
      name: "check.time.petstore",
      figure: "2",
      label: "generate --check, unchanged tree",
      ours: median(checks),
      peer: generationSeconds,
      peerName: "our full generation (fig. 1)",
      unit: "s",
      target: { op: "<=", value: 0.25 },
      details: {
        runs: ctx.runs,
        checkSeconds: checks.map((v) => round(v)),
        generationSeconds:
          prior === undefined ? generation.map((v) => round(v)) : "median of figure 1",
        regeneratedBecauseTheTreeChanged: regenerated,
        command: `node ${checkArgs.join(" ")}`,
        ...drift,
      },
      ...(drift["driftCaught"] === false
        ? { failure: "the check did not report a hand-edited file" }
        : {}),
    }),
  ];
}
