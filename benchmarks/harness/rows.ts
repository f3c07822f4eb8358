/**
 * One row per figure: what `bench/latest.json` holds and the table prints.
 * `ratio` is always ours / peer; the target says which direction is better.
 */
import { median, round } from "./stats.js";

export type TargetOp = "<=" | ">=";

export interface Target {
  readonly op: TargetOp;
  readonly value: number;
}

export interface Row {
  /** Stable identifier, e.g. `generation.time.stripe` (the smoke test checks these). */
  readonly name: string;
  /** Which figure of issue 6 (1–6) or issue 8 (size) it belongs to. */
  readonly figure: string;
  /** A short human label for the table. */
  readonly label: string;
  /** Our measurement, in `unit`. */
  readonly ours: number;
  /** The peer's measurement, in `unit`. */
  readonly peer: number;
  /** What the peer is, e.g. `openapi-typescript` or `hand-written fetch`. */
  readonly peerName: string;
  readonly unit: string;
  /**
   * ours / peer: the median of the per-run ratios when ours and the peer were measured back to back
   * (robust to a shared machine's load drifting during the run), else median(ours) / median(peer).
   * `null` when it could not be measured.
   */
  readonly ratio: number | null;
  /** e.g. `"<= 1.0"`. */
  readonly target: string;
  readonly targetOp: TargetOp;
  readonly targetValue: number;
  readonly met: boolean;
  /** Everything else measured for this row (runs, all samples, other contenders, errors). */
  readonly details: Readonly<Record<string, unknown>>;
}

export interface RowInput {
  readonly name: string;
  readonly figure: string;
  readonly label: string;
  readonly ours: number;
  readonly peer: number;
  readonly peerName: string;
  readonly unit: string;
  readonly target: Target;
  readonly details?: Readonly<Record<string, unknown>>;
  /** ours/peer of each run or round, measured back to back: the row's ratio is their median. */
  readonly pairedRatios?: readonly number[];
  /** Forces `met: false` (e.g. a contender failed or answered errors), with the reason in details. */
  readonly failure?: string;
}

export function makeRow(input: RowInput): Row {
  const paired = input.pairedRatios?.filter((value) => Number.isFinite(value)) ?? [];
  const raw = paired.length > 0 ? median(paired) : input.ours / input.peer;
  const ratio = Number.isFinite(raw) ? round(raw, 3) : null;
  const withinTarget =
    ratio !== null &&
    (input.target.op === "<=" ? ratio <= input.target.value : ratio >= input.target.value);
  return {
    name: input.name,
    figure: input.figure,
    label: input.label,
    ours: round(input.ours, 4),
    peer: round(input.peer, 4),
    peerName: input.peerName,
    unit: input.unit,
    ratio,
    target: `${input.target.op} ${input.target.value.toFixed(2)}`,
    targetOp: input.target.op,
    targetValue: input.target.value,
    met: withinTarget && input.failure === undefined,
    details: {
      ...input.details,
      ratioMethod:
        paired.length > 0
          ? `median of ${paired.length} back-to-back ratios`
          : "median ours / median peer",
      ...(paired.length > 0 ? { pairedRatios: paired.map((value) => round(value, 3)) } : {}),
      ...(input.failure === undefined ? {} : { failure: input.failure }),
    },
  };
}

/**
 * A row for a figure that could not run at all (the harness goes on with the others); `failed`
 * says on whose side, by default as the error says ({@link failedSide}).
 */
export function failedRow(
  name: string,
  figure: string,
  label: string,
  target: Target,
  error: unknown,
  failed: FailedSide = failedSide(error),
): Row {
  return makeRow({
    name,
    figure,
    label,
    ours: Number.NaN,
    peer: Number.NaN,
    peerName: "-",
    unit: "-",
    target,
    details: { failed },
    failure: error instanceof Error ? error.message : String(error),
  });
}

/**
 * Who a failed row failed on: our figure could not run (the bench is broken), or a peer failed on
 * a spec (a result about the peer, reported as such: issue 36).
 */
export type FailedSide = "ours" | "peer";

/** Thrown where a peer, not our side, failed: a row made from it is a peer's failure ({@link failedSide}). */
export class PeerFailed extends Error {
  override readonly name = "PeerFailed";
}

/** Who failed, by what was thrown: {@link PeerFailed} is the peer's failure, anything else ours. */
export function failedSide(error: unknown): FailedSide {
  return error instanceof PeerFailed ? "peer" : "ours";
}

/**
 * Whether `rows` say the bench itself failed: a figure of ours that could not run. Missed targets
 * are results, and so is a peer that fails on a spec: neither fails the run.
 */
export function benchFailed(rows: readonly Row[]): boolean {
  return rows.some(
    (row) =>
      typeof row.details["failure"] === "string" &&
      row.ratio === null &&
      row.details["failed"] !== "peer",
  );
}
