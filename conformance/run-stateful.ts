/**
 * Runs the stateful sequences as fast-check properties over the creating request: create (2xx),
 * then every read answers 2xx (ensure_resource_availability), every delete succeeds, and after a
 * delete every read answers 404 or 410 (use_after_free). A create whose body or parameters name
 * another resource's id (`categoryId` where `POST /categories` creates `/categories/{categoryId}`)
 * gets a live one, created first, so that the sequence can succeed on a strict server.
 */
import fc from "fast-check";
import type { OperationModel } from "../generator/model/types.js";
import { failure, type CheckFailure } from "./checks/check-failure.js";
import { toCurl } from "./curl.js";
import { LiveResources, linkContext, override } from "./live-resources.js";
import { runProperty, seedFor } from "./property.js";
import { positiveRequests, type GeneratedRequest } from "./request-arbitrary.js";
import {
  exchange,
  markExecuted,
  toConformanceFailure,
  type ConformanceFailure,
  type ExchangeResult,
  type RunContext,
} from "./run-context.js";
import type { StatefulSequence } from "./stateful-plan.js";

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
      ...sequence.reads.map((step) => step.operation),
      ...sequence.deletes.map((step) => step.operation),
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
        return runSequence(context, sequence, bound.request, bound.steps, rest);
      },
    );
    if (outcome.skipped !== undefined) notes.push(`stateful ${name}: ${outcome.skipped}`);
    failures.push(...outcome.failures);
  }
  return { failures, notes };
}

async function runSequence(
  context: RunContext,
  sequence: StatefulSequence,
  createRequest: GeneratedRequest,
  setup: readonly string[],
  followValues: readonly GeneratedRequest[],
): Promise<ConformanceFailure[]> {
  // what the failing request refers to, created first: a reproduction replays on a fresh server
  const steps: string[] = [...setup];
  const out: ConformanceFailure[] = [];
  const report = (
    operation: OperationModel,
    result: ExchangeResult,
    found: readonly CheckFailure[],
  ): void => {
    for (const item of found)
      out.push(
        toConformanceFailure(
          context,
          operation.operationId,
          "stateful",
          result.request,
          result.response,
          item,
          { steps: [...steps] },
        ),
      );
  };
  const created = await exchange(context, sequence.create, createRequest);
  report(sequence.create, created, created.failures);
  steps.push(toCurl(created.request));
  if (out.length > 0 || created.response.status < 200 || created.response.status > 299) return out;
  const link = linkContext(createRequest, created);
  const readValues = followValues.slice(0, sequence.reads.length);
  const deleteValues = followValues.slice(sequence.reads.length);

  const read = async (after: "create" | "delete"): Promise<void> => {
    for (const [index, step] of sequence.reads.entries()) {
      const base = readValues[index];
      const binding = step.bind(link);
      if (base === undefined || binding === undefined) continue;
      const result = await exchange(context, step.operation, override(base, binding));
      const found = [...result.failures];
      const status = result.response.status;
      if (after === "create") {
        markExecuted(context, sequence.create.operationId, "ensure_resource_availability");
        if (status < 200 || status > 299) {
          found.push(
            failure(
              "ensure_resource_availability",
              `${step.operation.operationId} cannot read what ${sequence.create.operationId} created`,
              "2xx",
              String(status),
              step.operation.pointer,
            ),
          );
        }
      } else {
        markExecuted(context, sequence.create.operationId, "use_after_free");
        if (status !== 404 && status !== 410) {
          found.push(
            failure(
              "use_after_free",
              `${step.operation.operationId} still answers ${status} for what was deleted`,
              "404 or 410",
              String(status),
              step.operation.pointer,
            ),
          );
        }
      }
      report(step.operation, result, found);
      steps.push(toCurl(result.request));
    }
  };

  await read("create");
  if (out.length > 0) return out;
  let deleted = false;
  for (const [index, step] of sequence.deletes.entries()) {
    const base = deleteValues[index];
    const binding = step.bind(link);
    if (base === undefined || binding === undefined) continue;
    const result = await exchange(context, step.operation, override(base, binding));
    report(step.operation, result, result.failures);
    steps.push(toCurl(result.request));
    if (result.response.status >= 200 && result.response.status <= 299) deleted = true;
  }
  if (out.length > 0 || !deleted) return out;
  await read("delete");
  return out;
}
