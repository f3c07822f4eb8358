/** CPU time of a running process, for per-request costs that a busy machine distorts less than req/s. */
import { readFileSync } from "node:fs";

/** CPU time (user + system, ms) a process has used so far, from /proc (Linux); undefined elsewhere. */
export function processCpuMs(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    // utime and stime are fields 14 and 15 of the whole line, in clock ticks (100 per second).
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return undefined;
  }
}
