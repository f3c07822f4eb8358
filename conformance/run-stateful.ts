/**
 * Runs the stateful chains as fast-check properties over their requests: create (2xx), then every
 * read answers 2xx (ensure_resource_availability), each update keeps it readable by every read
 * path, every delete succeeds, and after a delete every read answers 404 or 410 (use_after_free).
 * A request whose body or parameters name another resource's id (`categoryId` where `POST
 * /categories` creates `/categories/{categoryId}`) gets a live one, created first, so that the
 * chain can succeed on a strict server; a failure's reproduction starts with those creations and
 * refers to every id by the response that gave it (replay-steps.ts).
 */
import fc from "fast-check";
import type { OperationModel } from "../generator/model/types.js";
import { failure, type CheckFailure } from "./checks/check-failure.js";
import { LiveResources, linkContext, override, type Bound } from "./live-resources.js";
import { runProperty, seedFor } from "./property.js";
import { findCapture, withCapture, type Ref, type Step } from "./replay-steps.js";
import { positiveRequests, type GeneratedRequest } from "./request-arbitrary.js";
import {
  exchange,
  markExecuted,
  toConformanceFailure,
  type ConformanceFailure,
  type ExchangeResult,
  type RunContext,
} from "./run-context.js";
import type { FollowUp, StatefulSequence } from "./stateful-plan.js";

export interface StatefulOutcome {
  readonly failures: ConformanceFailure[];
  readonly notes: string[];
}

export async function runStateful(
  context: RunContext,
  sequences: readonly StatefulSequence[],
  live: LiveResources = new LiveResources(context, sequences),
): Promise<StatefulOutcome> {
  const failures: ConformanceFailure[] = [];
  const notes: string[] = [];

  for (const sequence of sequences) {
    const steps = [
      sequence.create,
      ...[...sequence.reads, ...sequence.updates, ...sequence.deletes].map(
        (step) => step.operation,
      ),
    ];
    const arbitraries: Array<fc.Arbitrary<GeneratedRequest | undefined>> = [];
    let skipped: string | undefined;
    for (const operation of steps) {
      const requests = positiveRequests(context.api, operation, context.skipHeaders);
      if (requests.kind === "skipped") skipped = `${operation.operationId}: ${requests.reason}`;
      else arbitraries.push(requests.arbitrary);
    }
    if (skipped !== undefined) {
      notes.push(`stateful ${sequence.create.operationId} skipped: ${skipped}`);
      continue;
    }
    const name = `${sequence.create.operationId} → ${steps
      .slice(1)
      .map((operation) => operation.operationId)
      .join(", ")} (${sequence.source})`;
    const all = fc
      .tuple(...arbitraries)
      .map((values) => (values.includes(undefined) ? undefined : (values as GeneratedRequest[])));
    const outcome = await runProperty(
      all,
      seedFor(context.seed, "stateful", sequence.create.operationId),
      context.maxExamples,
      async (values) => {
        const [first, ...rest] = values;
        if (first === undefined) return [];
        const bound = await live.bind(first, sequence.idName);
        return new Chain(context, sequence, live, bound.steps).run(bound, rest);
      },
    );
    if (outcome.skipped !== undefined) notes.push(`stateful ${name}: ${outcome.skipped}`);
    failures.push(...outcome.failures);
  }
  return { failures, notes };
}

/** One chain: create → every read → (update → every read)… → delete → every read. */
class Chain {
  /** What the failing request needs, in order: the resources it refers to, then the chain. */
  readonly #steps: Step[];
  readonly #out: ConformanceFailure[] = [];
  #createdAt = -1;
  #created: ExchangeResult | undefined;
  #link: ReturnType<typeof linkContext> | undefined;
  /** Capture names of the created id, by where it is read from. */
  readonly #captures = new Map<string, string>();

  constructor(
    readonly context: RunContext,
    readonly sequence: StatefulSequence,
    readonly live: LiveResources,
    setup: readonly Step[],
  ) {
    this.#steps = [...setup];
  }

  async run(bound: Bound, follow: readonly GeneratedRequest[]): Promise<ConformanceFailure[]> {
    const { sequence } = this;
    const created = await exchange(this.context, sequence.create, bound.request, {
      refs: bound.refs,
    });
    this.#report(sequence.create, created, created.failures);
    this.#createdAt = this.#steps.push(created.step) - 1;
    if (this.#out.length > 0 || created.response.status < 200 || created.response.status > 299)
      return this.#out;
    this.#created = created;
    this.#link = linkContext(bound.request, created);
    const reads = follow.slice(0, sequence.reads.length);
    const updates = follow.slice(
      sequence.reads.length,
      sequence.reads.length + sequence.updates.length,
    );
    const deletes = follow.slice(sequence.reads.length + sequence.updates.length);

    await this.#readAll(reads, "create");
    for (const [index, step] of sequence.updates.entries()) {
      if (this.#out.length > 0) return this.#out;
      const result = await this.#send(step, updates[index]);
      if (result === undefined || result.response.status < 200 || result.response.status > 299)
        continue;
      await this.#readAll(reads, `update:${step.operation.operationId}`);
    }
    if (this.#out.length > 0) return this.#out;
    let deleted = false;
    for (const [index, step] of sequence.deletes.entries()) {
      const result = await this.#send(step, deletes[index]);
      if (result !== undefined && result.response.status >= 200 && result.response.status <= 299)
        deleted = true;
    }
    if (this.#out.length > 0 || !deleted) return this.#out;
    await this.#readAll(reads, "delete");
    return this.#out;
  }

  #report(operation: OperationModel, result: ExchangeResult, found: readonly CheckFailure[]): void {
    for (const item of found)
      this.#out.push(
        toConformanceFailure(
          this.context,
          operation.operationId,
          "stateful",
          result.request,
          result.response,
          item,
          { steps: [...this.#steps], step: result.step },
        ),
      );
  }

  /**
   * Sends a follow-up: its id bound from the created response (a reference captured by the
   * create step), other ids bound to live resources. Reports the response checks' failures and
   * `extra` ones.
   */
  async #send(
    step: FollowUp,
    base: GeneratedRequest | undefined,
    extra: (status: number) => CheckFailure[] = () => [],
  ): Promise<ExchangeResult | undefined> {
    if (base === undefined || this.#link === undefined || this.#created === undefined)
      return undefined;
    const binding = step.bind(this.#link);
    if (binding === undefined) return undefined;
    const others = await this.live.bind(base, this.sequence.idName);
    // what the follow-up refers to besides the created resource, created before the chain's start
    for (const setup of others.steps) {
      if (this.#steps.includes(setup)) continue;
      this.#steps.splice(this.#createdAt, 0, setup);
      this.#createdAt++;
    }
    const refs: Ref[] = [...others.refs];
    for (const [location, values] of Object.entries(binding) as Array<
      [keyof typeof binding, Record<string, unknown>]
    >)
      for (const [name, value] of Object.entries(values)) {
        const ref = this.#captureOf(value);
        if (ref !== undefined) refs.push({ location, name, ref, value });
      }
    const result = await exchange(this.context, step.operation, override(others.request, binding), {
      refs,
    });
    this.#report(step.operation, result, [...result.failures, ...extra(result.response.status)]);
    this.#steps.push(result.step);
    return result;
  }

  /** The capture name of a value the created response holds (the create step captures it). */
  #captureOf(value: unknown): string | undefined {
    const created = this.#created;
    if (created === undefined) return undefined;
    const idName = this.sequence.idName ?? "id";
    const source = findCapture(value, created.response, [`/${idName}`, "/id"]);
    if (source === undefined) return undefined;
    const key = JSON.stringify(source);
    let name = this.#captures.get(key);
    if (name === undefined) {
      name = this.live.nextRef(idName);
      this.#captures.set(key, name);
      const at = this.#createdAt;
      this.#steps[at] = withCapture(this.#steps[at] as Step, name, source);
    }
    return name;
  }

  async #readAll(values: readonly GeneratedRequest[], after: string): Promise<void> {
    const { sequence, context } = this;
    const create = sequence.create.operationId;
    for (const [index, step] of sequence.reads.entries()) {
      const operationId = step.operation.operationId;
      await this.#send(step, values[index], (status) => {
        if (after === "delete") {
          markExecuted(context, create, "use_after_free");
          if (status === 404 || status === 410) return [];
          return [
            failure(
              "use_after_free",
              `${operationId} still answers ${status} for what was deleted`,
              "404 or 410",
              String(status),
              step.operation.pointer,
            ),
          ];
        }
        markExecuted(context, create, "ensure_resource_availability");
        if (status >= 200 && status <= 299) return [];
        const what = after.startsWith("update:")
          ? `what ${create} created, once ${after.slice(7)} updated it`
          : `what ${create} created`;
        return [
          failure(
            "ensure_resource_availability",
            `${operationId} cannot read ${what}`,
            "2xx",
            String(status),
            step.operation.pointer,
          ),
        ];
      });
    }
  }
}
