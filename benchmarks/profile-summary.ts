/**
 * `tsx benchmarks/profile-summary.ts <file.cpuprofile> [--top N]`: self time of a V8 CPU profile
 * (from `node --cpu-prof`) grouped by package / project folder and by function, to see which module
 * imports and which stages dominate a run.
 */
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { fileURLToPath } from "node:url";

interface ProfileNode {
  readonly id: number;
  readonly callFrame: {
    readonly functionName: string;
    readonly url: string;
    readonly lineNumber: number;
  };
  readonly children?: readonly number[];
}
interface Profile {
  readonly nodes: readonly ProfileNode[];
  readonly samples: readonly number[];
  readonly timeDeltas: readonly number[];
  readonly startTime: number;
  readonly endTime: number;
}

/** The package (`node_modules/<name>`), project folder (`generator/emit`) or `(node)` a URL belongs to. */
export function groupOf(url: string): string {
  if (url === "") return "(native/gc/idle)";
  if (url.startsWith("node:")) return "(node internals)";
  const modules = url.lastIndexOf("/node_modules/");
  if (modules !== -1) {
    const rest = url.slice(modules + "/node_modules/".length).split("/");
    return rest[0]?.startsWith("@") === true ? `${rest[0]}/${rest[1] ?? ""}` : (rest[0] ?? url);
  }
  const path = url.replace(/^file:\/\//, "");
  const parts = path.split("/");
  const anchor = parts.findIndex((part) =>
    ["generator", "templates", "generated", "benchmarks", "examples", "bench"].includes(part),
  );
  if (anchor !== -1)
    return parts.slice(anchor, Math.min(anchor + 2, parts.length - 1)).join("/") || parts[anchor]!;
  return path;
}

export interface ProfileSummary {
  readonly totalMs: number;
  readonly byGroup: readonly { readonly name: string; readonly ms: number }[];
  readonly byFunction: readonly { readonly name: string; readonly ms: number }[];
}

export function summarizeProfile(profile: Profile): ProfileSummary {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const selfTime = new Map<number, number>();
  for (let i = 0; i < profile.samples.length; i++) {
    const id = profile.samples[i]!;
    selfTime.set(id, (selfTime.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
  }
  const groups = new Map<string, number>();
  const functions = new Map<string, number>();
  for (const [id, micros] of selfTime) {
    const frame = byId.get(id)?.callFrame;
    if (frame === undefined) continue;
    const group = groupOf(frame.url);
    groups.set(group, (groups.get(group) ?? 0) + micros);
    const name = `${frame.functionName || "(anonymous)"} ${frame.url.replace(/^.*\/node_modules\//, "").replace(/^file:\/\/.*?\/(generator|templates|generated|benchmarks)\//, "$1/")}:${frame.lineNumber + 1}`;
    functions.set(name, (functions.get(name) ?? 0) + micros);
  }
  const sorted = (map: Map<string, number>) =>
    [...map].map(([name, micros]) => ({ name, ms: micros / 1000 })).sort((a, b) => b.ms - a.ms);
  return {
    totalMs: (profile.endTime - profile.startTime) / 1000,
    byGroup: sorted(groups),
    byFunction: sorted(functions),
  };
}

const isMain =
  process.argv[1] !== undefined && fileURLToPath(import.meta.url) === resolve(process.argv[1]);
if (isMain) {
  const file = process.argv[2];
  if (file === undefined) {
    process.stderr.write("usage: tsx benchmarks/profile-summary.ts <file.cpuprofile> [--top N]\n");
    process.exit(2);
  }
  const topIndex = process.argv.indexOf("--top");
  const top = topIndex === -1 ? 25 : Number(process.argv[topIndex + 1] ?? 25);
  const summary = summarizeProfile(JSON.parse(readFileSync(file, "utf8")) as Profile);
  process.stdout.write(
    `total ${summary.totalMs.toFixed(0)} ms\n\nby package / folder (self time):\n`,
  );
  for (const row of summary.byGroup.slice(0, top))
    process.stdout.write(`  ${row.ms.toFixed(0).padStart(8)} ms  ${row.name}\n`);
  process.stdout.write("\nby function (self time):\n");
  for (const row of summary.byFunction.slice(0, top))
    process.stdout.write(`  ${row.ms.toFixed(0).padStart(8)} ms  ${row.name}\n`);
}
