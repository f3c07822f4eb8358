/**
 * The measurement loop of figure 3: for each call, every contender makes `iterations` sequential
 * calls (concurrency 1) per round; rounds are interleaved, each starting with another contender;
 * ops/s per round, median over rounds. No forced GC between measurements: a `gc()` there
 * makes the next thousand calls several times slower for every contender (V8 restarts with a
 * small young generation), and the garbage a client makes is part of its cost.
 */
import { deepStrictEqual } from "node:assert/strict";
import { rotate } from "../harness/stats.js";
import { CALLS, CANNED, type CallName, type Contender } from "./contenders.js";

export interface LoopOptions {
  readonly iterations: number;
  readonly rounds: number;
  /** Calls per contender before the first round (JIT warm-up). */
  readonly warmup: number;
  /** Told which call is measured next (the instant fetch answers accordingly). */
  readonly select?: (call: CallName) => void;
}

/** ops/s samples by call, then by contender. */
export type LoopResult = Record<CallName, Record<string, number[]>>;

export async function runCallLoop(
  contenders: readonly Contender[],
  options: LoopOptions,
): Promise<LoopResult> {
  const result = {} as LoopResult;
  for (const call of CALLS) {
    options.select?.(call);
    const expected: unknown = JSON.parse(CANNED[call].body);
    for (const contender of contenders) {
      // Same answer from every contender, or the comparison means nothing.
      deepStrictEqual(await contender.calls[call](), expected, `${contender.name} ${call}`);
      for (let i = 0; i < options.warmup; i++) await contender.calls[call]();
    }
    const samples: Record<string, number[]> = {};
    for (const contender of contenders) samples[contender.name] = [];
    for (let round = 0; round < options.rounds; round++) {
      for (const contender of rotate(contenders, round)) {
        const fn = contender.calls[call];
        const started = performance.now();
        for (let i = 0; i < options.iterations; i++) await fn();
        const seconds = (performance.now() - started) / 1000;
        samples[contender.name]!.push(options.iterations / seconds);
      }
    }
    result[call] = samples;
  }
  return result;
}
