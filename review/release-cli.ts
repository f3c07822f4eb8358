/** Entry point of `npm run release [-- options]` (see release-command.ts for the options). */
import { runRelease } from "./release-command.js";

process.exitCode = await runRelease(process.argv.slice(2), {
  cwd: process.cwd(),
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
});
