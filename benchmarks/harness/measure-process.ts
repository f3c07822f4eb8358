/**
 * Runs a node process and measures its wall time (from the parent, around spawn → exit) and its
 * peak resident set size: with GNU `/usr/bin/time -f %M` when it exists (Debian package `time`),
 * else with a preloaded probe (`--import rss-probe.mjs`) that writes `process.resourceUsage().maxRSS`
 * on exit. Both read the kernel's ru_maxrss of the measured process, and its CPU time (user +
 * system: on a shared machine much steadier than wall time).
 */
import { spawn, spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const GNU_TIME = "/usr/bin/time";
const PROBE = fileURLToPath(new URL("./rss-probe.mjs", import.meta.url));

export type RssMethod = "/usr/bin/time" | "rss-probe";

let method: RssMethod | undefined;

/** Which way peak memory is measured on this machine. */
export function rssMethod(): RssMethod {
  if (method === undefined) {
    const probe = existsSync(GNU_TIME)
      ? spawnSync(GNU_TIME, ["-f", "%M", "-o", "/dev/null", "true"], { stdio: "ignore" })
      : undefined;
    method = probe !== undefined && probe.status === 0 ? GNU_TIME : "rss-probe";
  }
  return method;
}

export interface ProcessRun {
  readonly wallSeconds: number;
  /** Peak RSS in KB, undefined if it could not be read. */
  readonly peakRssKb: number | undefined;
  /** CPU time (user + system, seconds) of the measured process, undefined if it could not be read. */
  readonly cpuSeconds: number | undefined;
  readonly exitCode: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

export interface RunNodeOptions {
  readonly cwd: string;
  readonly env?: NodeJS.ProcessEnv;
  /** Kill the process after this long (default 15 minutes). */
  readonly timeoutMs?: number;
  /** The Node.js binary (default: the one running the bench), e.g. node_modules/node24/bin/node. */
  readonly node?: string;
}

/** Runs `node <nodeArgs…>` (the current node binary) and measures it. */
export async function runNode(
  nodeArgs: readonly string[],
  options: RunNodeOptions,
): Promise<ProcessRun> {
  const scratch = await mkdtemp(join(tmpdir(), "bench-rss-"));
  const rssFile = join(scratch, "rss");
  try {
    const useTime = rssMethod() === GNU_TIME;
    const node = options.node ?? process.execPath;
    const command = useTime ? GNU_TIME : node;
    const args = useTime
      ? ["-f", "%M %U %S", "-o", rssFile, node, ...nodeArgs]
      : ["--import", PROBE, ...nodeArgs];
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      ...options.env,
      ...(useTime ? {} : { BENCH_RSS_FILE: rssFile }),
    };
    // No colours or progress bars in captured output.
    env["NO_COLOR"] = "1";
    delete env["FORCE_COLOR"];
    const started = performance.now();
    const { exitCode, stdout, stderr } = await new Promise<{
      exitCode: number | null;
      stdout: string;
      stderr: string;
    }>((resolve, reject) => {
      const child = spawn(command, args, {
        cwd: options.cwd,
        env,
        stdio: ["ignore", "pipe", "pipe"],
      });
      const out: Buffer[] = [];
      const err: Buffer[] = [];
      child.stdout.on("data", (chunk: Buffer) => out.push(chunk));
      child.stderr.on("data", (chunk: Buffer) => err.push(chunk));
      const timer = setTimeout(() => child.kill("SIGKILL"), options.timeoutMs ?? 15 * 60_000);
      child.on("error", (error) => {
        clearTimeout(timer);
        reject(error);
      });
      child.on("close", (code) => {
        clearTimeout(timer);
        resolve({
          exitCode: code,
          stdout: Buffer.concat(out).toString("utf8"),
          stderr: Buffer.concat(err).toString("utf8"),
        });
      });
    });
    const wallSeconds = (performance.now() - started) / 1000;
    const text = await readFile(rssFile, "utf8").catch(() => "");
    // "<peak RSS KB> <user s> <system s>"; GNU time writes "Command exited with non-zero
    // status N" before it on failures.
    const [rss, user, system] = (text.trim().split("\n").pop() ?? "").split(" ").map(Number);
    const cpu = (user ?? Number.NaN) + (system ?? Number.NaN);
    return {
      wallSeconds,
      peakRssKb: rss !== undefined && Number.isFinite(rss) && rss > 0 ? rss : undefined,
      cpuSeconds: Number.isFinite(cpu) ? cpu : undefined,
      exitCode,
      stdout,
      stderr,
    };
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}
