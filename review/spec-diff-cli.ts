/** Entry point of `npm run spec:diff -- <base> [options]` (see spec-diff-command.ts for the options). */
import { runSpecDiff } from "./spec-diff-command.js";

process.exitCode = await runSpecDiff(process.argv.slice(2), {
  cwd: process.cwd(),
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
});
