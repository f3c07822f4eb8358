/**
 * Child process of figure 3b: every contender calls the canned `node:http` server (another
 * process) over 127.0.0.1 with the global fetch (undici, keep-alive), one call at a time.
 * argv[2]: JSON `{ baseUrl, iterations, rounds, warmup }`; prints the `LoopResult` as JSON.
 */
import { runCallLoop } from "./call-loop.js";
import { createContenders } from "./contenders.js";

const options = JSON.parse(process.argv[2] ?? "{}") as {
  baseUrl: string;
  iterations: number;
  rounds: number;
  warmup: number;
};
const contenders = createContenders(options.baseUrl, undefined).filter(
  (contender) => contender.name !== "generated+throttle",
);
const result = await runCallLoop(contenders, options);
process.stdout.write(`${JSON.stringify(result)}\n`);
