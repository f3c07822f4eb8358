/**
 * Child process of figure 3a: every contender calls through the same injected fetch, which answers
 * at once with a new `Response` of the canned body (pure client overhead).
 * argv[2]: JSON `{ iterations, rounds, warmup }`; prints the `LoopResult` as JSON.
 */
import { runCallLoop } from "./call-loop.js";
import { CANNED, createContenders, type CallName, type CannedResponse } from "./contenders.js";

const options = JSON.parse(process.argv[2] ?? "{}") as {
  iterations: number;
  rounds: number;
  warmup: number;
};

let current: CannedResponse = CANNED["get-path"];
// Ignores its arguments: the same work for a URL + init (generated, hand-written) and a Request (openapi-fetch).
const instantFetch = (async () =>
  new Response(current.body, {
    status: current.status,
    headers: current.headers,
  })) as unknown as typeof fetch;

const contenders = createContenders("http://api.bench.test/v1", instantFetch);
const result = await runCallLoop(contenders, {
  ...options,
  select: (call: CallName) => {
    current = CANNED[call];
  },
});
process.stdout.write(`${JSON.stringify(result)}\n`);
