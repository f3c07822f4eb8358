// Loaded with `node --import <this file>` when /usr/bin/time is missing: on exit, writes the
// process's peak resident set size (KB, getrusage ru_maxrss) and its user and system CPU time
// (seconds), as GNU time's `-f "%M %U %S"` does, to $BENCH_RSS_FILE.
import { writeFileSync } from "node:fs";

const file = process.env.BENCH_RSS_FILE;
if (file) {
  process.on("exit", () => {
    try {
      const usage = process.resourceUsage();
      writeFileSync(
        file,
        `${usage.maxRSS} ${usage.userCPUTime / 1e6} ${usage.systemCPUTime / 1e6}`,
      );
    } catch {
      // nothing to report to
    }
  });
}
