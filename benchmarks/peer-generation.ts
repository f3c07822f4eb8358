/**
 * Figure 1, same-work peers: our cold generation (types, client, server, validators, mocks, query
 * options, package) against generators doing comparable work, each on Node 24
 * (node_modules/node24/bin/node; the peers need Node 22.18+, so ours runs on the same binary in
 * these rows), alternated (the order rotates every run), one fresh output folder per run:
 *
 * - @hey-api/openapi-ts with @hey-api/typescript, @hey-api/sdk, zod, @tanstack/react-query;
 * - orval: a fetch client with TanStack Query hooks and MSW mocks, plus Zod (peers/orval.config.mjs);
 * - Kubb: ts, client (fetch), zod, faker (peers/kubb.config.mjs), formatting and lint off;
 * - Redocly's `generate-client` with the typescript, zod, tanstack-query and mock generators
 *   (@redocly/cli, a root dependency).
 *
 * The first three live in benchmarks/peers/ with their own package.json and lockfile, installed on
 * demand here with npm run by Node 24 (`npm ci --ignore-scripts`); when Node 24 or the install is
 * missing, the rows are skipped with one line saying why. A peer that fails on a spec is a failed
 * row, never dropped. Rows: ours / peer for time and peak RSS per peer, and ours / the fastest peer
 * that succeeded, target ≤ 1.0 (issue 36).
 */
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, realpathSync } from "node:fs";
import { mkdir, rm } from "node:fs/promises";
import { dirname, join, relative } from "node:path";
import type { BenchContext, BenchSpec } from "./harness/context.js";
import { runNode, type ProcessRun } from "./harness/measure-process.js";
import { failedRow, makeRow, type Row } from "./harness/rows.js";
import { median, round } from "./harness/stats.js";

const TARGET = { op: "<=", value: 1.0 } as const;
/** A peer run longer than this is stopped and the peer reported as failed on the spec. */
const PEER_TIMEOUT_MS = 10 * 60_000;

interface PeerCommand {
  readonly args: readonly string[];
  readonly env?: NodeJS.ProcessEnv;
}

interface Peer {
  readonly id: string;
  readonly name: string;
  command(spec: string, out: string): PeerCommand;
}

export function node24(root: string): string {
  return join(root, "node_modules/node24/bin/node");
}

function peersDir(root: string): string {
  return join(root, "benchmarks/peers");
}

export function peers(root: string): readonly Peer[] {
  const modules = join(peersDir(root), "node_modules");
  const config = (name: string) => join(peersDir(root), name);
  return [
    {
      id: "hey-api",
      name: "@hey-api/openapi-ts",
      command: (spec, out) => ({
        args: [
          join(modules, "@hey-api/openapi-ts/bin/run.js"),
          "-i",
          spec,
          "-o",
          out,
          "-p",
          "@hey-api/client-fetch",
          "@hey-api/typescript",
          "@hey-api/sdk",
          "zod",
          "@tanstack/react-query",
          "--no-log-file",
          "--silent",
        ],
      }),
    },
    {
      id: "orval",
      name: "orval",
      command: (spec, out) => ({
        args: [join(modules, "orval/dist/bin/orval.mjs"), "--config", config("orval.config.mjs")],
        env: { PEER_SPEC: spec, PEER_OUT: out },
      }),
    },
    {
      id: "kubb",
      name: "Kubb",
      command: (spec, out) => ({
        args: [
          join(modules, "@kubb/cli/bin/kubb.cjs"),
          "generate",
          "--config",
          config("kubb.config.mjs"),
        ],
        env: { PEER_SPEC: spec, PEER_OUT: out },
      }),
    },
    {
      id: "redocly",
      name: "Redocly generate-client",
      command: (spec, out) => ({
        args: [
          join(root, "node_modules/@redocly/cli/bin/cli.js"),
          "generate-client",
          spec,
          "-o",
          join(out, "client.ts"),
          ...["typescript", "zod", "tanstack-query", "mock"].flatMap((name) => [
            "--generator",
            name,
          ]),
        ],
      }),
    },
  ];
}

/**
 * Installs benchmarks/peers/ from its lockfile with npm run by Node 24 when it is not installed;
 * the reason the peer rows cannot run, or undefined when they can.
 */
export function ensurePeers(ctx: BenchContext): string | undefined {
  const node = node24(ctx.root);
  if (!existsSync(node))
    return `${relative(ctx.root, node)} is missing (npm install puts it there as an optional dependency)`;
  const dir = peersDir(ctx.root);
  if (existsSync(join(dir, "node_modules/.package-lock.json"))) return undefined;
  const npm = npmCli();
  if (npm === undefined) return "npm's CLI script was not found (npm on PATH)";
  ctx.log(`  installing the same-work peers into ${relative(ctx.root, dir)} (npm ci with Node 24)`);
  const install = spawnSync(node, [npm, "ci", "--ignore-scripts", "--no-audit", "--no-fund"], {
    cwd: dir,
    encoding: "utf8",
    timeout: 10 * 60_000,
  });
  if (install.status !== 0) {
    const tail = `${install.stderr ?? ""}${install.stdout ?? ""}`
      .trim()
      .split("\n")
      .slice(-3)
      .join(" ");
    return `npm ci in ${relative(ctx.root, dir)} failed (${tail || `exit ${String(install.status)}`})`;
  }
  return undefined;
}

/** npm's own CLI script (run with another Node.js binary than the one npm was installed with). */
function npmCli(): string | undefined {
  try {
    const bin = execFileSync("which", ["npm"], { encoding: "utf8" }).trim();
    const script = join(dirname(realpathSync(bin)), "npm-cli.js");
    return existsSync(script) ? script : undefined;
  } catch {
    return undefined;
  }
}

interface Samples {
  readonly seconds: number[];
  readonly rssKb: number[];
  failure?: string;
}

/** The same-work peer rows of `spec`; `skip` says why there are none (logged once by the caller). */
export async function benchPeers(
  ctx: BenchContext,
  spec: BenchSpec,
  oursArgs: (out: string) => readonly string[],
): Promise<Row[]> {
  const node = node24(ctx.root);
  const base = join(ctx.workDir, "gen-peers", spec.id);
  const all = peers(ctx.root);
  const samples = new Map<string, Samples>(
    ["ours", ...all.map((peer) => peer.id)].map((id): [string, Samples] => [
      id,
      { seconds: [], rssKb: [] },
    ]),
  );
  const runners: { id: string; run: (out: string) => Promise<ProcessRun> }[] = [
    { id: "ours", run: (out) => runNode(oursArgs(out), { cwd: ctx.root, node }) },
    ...all.map((peer) => ({
      id: peer.id,
      run: (out: string) => {
        const command = peer.command(spec.path, out);
        return runNode(command.args, {
          cwd: base,
          node,
          env: command.env,
          timeoutMs: PEER_TIMEOUT_MS,
        });
      },
    })),
  ];
  // once unmeasured: Node 24 writes its own V8 code cache of TypeScript on its first run
  const warm = await runNode(oursArgs(join(base, "warm-up")), { cwd: ctx.root, node });
  if (warm.exitCode !== 0)
    ctx.log(`  ${spec.label}: our warm-up run on Node 24 exited with ${String(warm.exitCode)}`);
  const runs = ctx.quick ? 1 : ctx.runs;
  for (let i = 0; i < runs; i++) {
    const order = [...runners.slice(i % runners.length), ...runners.slice(0, i % runners.length)];
    const line: string[] = [];
    for (const runner of order) {
      const sample = samples.get(runner.id)!;
      if (sample.failure !== undefined) continue;
      const out = join(base, runner.id);
      await rm(out, { recursive: true, force: true });
      await mkdir(out, { recursive: true });
      const run = await runner.run(out);
      if (run.exitCode !== 0) {
        sample.failure = `exit ${String(run.exitCode)}: ${`${run.stderr}\n${run.stdout}`.trim().split("\n").slice(-2).join(" ").slice(0, 300)}`;
        line.push(`${runner.id} FAILED`);
        continue;
      }
      sample.seconds.push(run.wallSeconds);
      if (run.peakRssKb !== undefined) sample.rssKb.push(run.peakRssKb);
      line.push(
        `${runner.id} ${run.wallSeconds.toFixed(2)} s ${Math.round((run.peakRssKb ?? 0) / 1024)} MB`,
      );
    }
    ctx.log(`  ${spec.label} peers run ${i + 1}/${runs} (Node 24): ${line.join(", ")}`);
  }
  return peerRows(spec, samples, all);
}

function peerRows(spec: BenchSpec, samples: Map<string, Samples>, all: readonly Peer[]): Row[] {
  const ours = samples.get("ours")!;
  const rows: Row[] = [];
  const label = (what: string, peer: string) =>
    `generate ${spec.label} vs ${peer} (Node 24): ${what}`;
  if (ours.failure !== undefined) {
    return [
      failedRow(
        `generation.peers.time.${spec.id}`,
        "1",
        label("wall time", "same-work peers"),
        TARGET,
        new Error(`ours ${ours.failure}`),
      ),
    ];
  }
  const succeeded: { peer: Peer; seconds: number; rssMiB: number }[] = [];
  for (const peer of all) {
    const sample = samples.get(peer.id)!;
    if (sample.failure !== undefined || sample.seconds.length === 0) {
      rows.push(
        failedRow(
          `generation.peer.${peer.id}.${spec.id}`,
          "1",
          label("wall time", peer.name),
          TARGET,
          new Error(`${peer.name} failed on ${spec.label}: ${sample.failure ?? "no run"}`),
          "peer",
        ),
      );
      continue;
    }
    const seconds = median(sample.seconds);
    const rssMiB = median(sample.rssKb) / 1024;
    succeeded.push({ peer, seconds, rssMiB });
    rows.push(
      makeRow({
        name: `generation.peer.${peer.id}.time.${spec.id}`,
        figure: "1",
        label: label("wall time", peer.name),
        ours: median(ours.seconds),
        peer: seconds,
        peerName: peer.name,
        unit: "s",
        target: TARGET,
        details: {
          oursSeconds: ours.seconds.map((v) => round(v)),
          peerSeconds: sample.seconds.map((v) => round(v)),
        },
      }),
      makeRow({
        name: `generation.peer.${peer.id}.memory.${spec.id}`,
        figure: "1",
        label: label("peak RSS", peer.name),
        ours: median(ours.rssKb) / 1024,
        peer: rssMiB,
        peerName: peer.name,
        unit: "MiB",
        target: TARGET,
        details: { oursRssKb: ours.rssKb, peerRssKb: sample.rssKb },
      }),
    );
  }
  const fastest = [...succeeded].sort((a, b) => a.seconds - b.seconds)[0];
  if (fastest !== undefined) {
    rows.push(
      makeRow({
        name: `generation.peers.fastest.time.${spec.id}`,
        figure: "1",
        label: label("wall time", `the fastest peer (${fastest.peer.name})`),
        ours: median(ours.seconds),
        peer: fastest.seconds,
        peerName: fastest.peer.name,
        unit: "s",
        target: TARGET,
      }),
      makeRow({
        name: `generation.peers.fastest.memory.${spec.id}`,
        figure: "1",
        label: label("peak RSS", `the fastest peer (${fastest.peer.name})`),
        ours: median(ours.rssKb) / 1024,
        peer: fastest.rssMiB,
        peerName: fastest.peer.name,
        unit: "MiB",
        target: TARGET,
      }),
    );
  }
  return rows;
}
