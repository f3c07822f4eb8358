/** The machine and the versions of every tool measured, printed and stored with each run. */
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { cpus, loadavg, platform, release, totalmem } from "node:os";
import { join } from "node:path";
import { rssMethod } from "./measure-process.js";

export const MEASURED_PACKAGES = [
  "openapi-typescript",
  "openapi-fetch",
  "fastify",
  "autocannon",
  "esbuild",
  "typescript",
  "tsx",
  "prettier",
  "ajv",
  "@redocly/openapi-core",
] as const;

export interface MachineInfo {
  readonly cpus: number;
  readonly cpuModel: string;
  readonly memoryGb: number;
  readonly node: string;
  readonly os: string;
  readonly loadAverageAtStart: readonly number[];
  readonly rssMethod: string;
  readonly versions: Readonly<Record<string, string>>;
  /** The commit measured and the files under generator/, templates/, generated/ that differ from it. */
  readonly git: { readonly commit: string; readonly uncommitted: readonly string[] };
}

/** The commit and uncommitted changes of the code measured (the tree may be shared and moving). */
export function gitState(root: string): { commit: string; uncommitted: string[] } {
  const git = (...args: string[]) => spawnSync("git", args, { cwd: root, encoding: "utf8" });
  const head = git("rev-parse", "--short", "HEAD");
  const status = git(
    "status",
    "--porcelain",
    "--",
    "generator",
    "templates",
    "generated",
    "examples",
  );
  return {
    commit: head.status === 0 ? head.stdout.trim() : "unknown",
    uncommitted:
      status.status === 0
        ? status.stdout
            .split("\n")
            .filter((line) => line.trim() !== "")
            .map((line) => line.slice(3))
        : [],
  };
}

export function packageVersion(root: string, name: string): string {
  try {
    const manifest = JSON.parse(
      readFileSync(join(root, "node_modules", name, "package.json"), "utf8"),
    ) as {
      version?: string;
    };
    return manifest.version ?? "unknown";
  } catch {
    return "missing";
  }
}

export function machineInfo(root: string): MachineInfo {
  const list = cpus();
  const versions: Record<string, string> = {};
  for (const name of MEASURED_PACKAGES) versions[name] = packageVersion(root, name);
  return {
    cpus: list.length,
    cpuModel: list[0]?.model.trim() ?? "unknown",
    memoryGb: Math.round((totalmem() / 1024 ** 3) * 10) / 10,
    node: process.version,
    os: `${platform()} ${release()}`,
    loadAverageAtStart: loadavg().map((value) => Math.round(value * 100) / 100),
    rssMethod: rssMethod(),
    versions,
    git: gitState(root),
  };
}

export function formatMachine(info: MachineInfo): string {
  const versions = Object.entries(info.versions)
    .map(([name, version]) => `${name} ${version}`)
    .join(", ");
  return [
    `machine: ${info.cpus} × ${info.cpuModel}, ${info.memoryGb} GB, ${info.os}, node ${info.node}`,
    `load average at start (1/5/15 min): ${info.loadAverageAtStart.join(" / ")}; peak memory via ${info.rssMethod}`,
    `versions: ${versions}`,
    `code: commit ${info.git.commit}${info.git.uncommitted.length > 0 ? ` + ${info.git.uncommitted.length} uncommitted files under generator/, templates/, generated/, examples/` : ""}`,
  ].join("\n");
}
