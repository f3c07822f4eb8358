/**
 * The boundary phase of one operation: a valid request drawn from the seed, its ids bound to
 * live resources, that the server accepts (the first of a few tries), then every case of {@link boundaryCases} sent once. A negative case must be
 * rejected with a 4xx; every case gets the response checks. Failures carry the requests that
 * created the live resources as their steps, so the reproduction runs on a fresh server.
 */
import type { OperationModel } from "../generator/model/types.js";
import { checkNegativeRejected } from "./checks/outcome-checks.js";
import { boundaryCases } from "./boundary-cases.js";
import type { Bound, LiveResources } from "./live-resources.js";
import { sampleDefined, seedFor } from "./property.js";
import { positiveRequests, type GeneratedRequest } from "./request-arbitrary.js";
import {
  exchange,
  markExecuted,
  toConformanceFailure,
  type ConformanceFailure,
  type RunContext,
} from "./run-context.js";

/** Requests tried as the base at most (drawn ones, and each with the ids the server listed). */
const BASE_TRIES = 12;

export async function runBoundary(
  context: RunContext,
  operation: OperationModel,
  live: LiveResources,
  notes: string[],
): Promise<ConformanceFailure[]> {
  const id = operation.operationId;
  const requests = positiveRequests(context.api, operation, context.skipHeaders);
  if (requests.kind === "skipped") return [];
  let samples: GeneratedRequest[];
  try {
    samples = sampleDefined(requests.arbitrary, seedFor(context.seed, id, "boundary"), BASE_TRIES);
  } catch {
    samples = [];
  }
  const failures: ConformanceFailure[] = [];
  // The base: the first candidate the server accepts (2xx), so that breaking one field is what
  // makes a request fail: drawn requests in turn, the first with the resources created here, the
  // next ones with ids the server listed; BASE_TRIES sent at most.
  let bound: Bound | undefined;
  for (const [index, sample] of samples.entries()) {
    const candidate = await live.bind(sample, undefined, 0, index % live.choices);
    const result = await exchange(context, operation, candidate.request, {
      refs: candidate.refs,
    });
    for (const check of result.failures)
      failures.push(
        toConformanceFailure(context, id, "boundary", result.request, result.response, check, {
          steps: candidate.steps,
          step: result.step,
        }),
      );
    bound ??= candidate;
    if (result.response.status >= 200 && result.response.status <= 299) {
      bound = candidate;
      break;
    }
  }
  if (bound === undefined) {
    notes.push(`${id} boundary: no valid request to start from could be drawn`);
    return failures;
  }
  for (const item of boundaryCases(context.api, operation, bound.request, context.skipHeaders)) {
    const result = await exchange(context, operation, item.request, { refs: bound.refs });
    const found = [...result.failures];
    if (item.kind === "negative") {
      markExecuted(context, id, "negative_data_rejection");
      found.push(
        ...checkNegativeRejected(operation, item.request.mutation ?? item.field, result.response),
      );
    }
    for (const check of found)
      failures.push(
        toConformanceFailure(context, id, "boundary", result.request, result.response, check, {
          mutation: item.request.mutation,
          steps: bound.steps,
          step: result.step,
        }),
      );
  }
  return failures;
}
