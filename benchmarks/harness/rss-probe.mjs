// Loaded with `node --import <this file>` when /usr/bin/time is missing: on exit, writes the
// process's peak resident set size (KB, getrusage ru_maxrss) to $BENCH_RSS_FILE.
import { writeFileSync } from "node:fs";

const file = process.env.BENCH_RSS_FILE;
if (file) {
  process.on("exit", () => {
    try {
      writeFileSync(file, String(process.resourceUsage().maxRSS));
    } catch {
      // nothing to report to
    }
  });
}
