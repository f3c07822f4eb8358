/**
 * The examples phase of one operation: every example the operation declares is checked against
 * its schema (`example_conformance`), then its example requests are sent as written; one the
 * server turns down with a 4xx (an example's id that does not exist here) is sent again with its
 * ids bound to live resources (created first, and listed as the failure's steps). Every response
 * gets the response checks; an example request still refused as invalid (400 or 422) fails
 * `positive_data_acceptance`: the example, or the server, is wrong.
 */
import type { OperationModel } from "../generator/model/types.js";
import { failure } from "./checks/check-failure.js";
import type { LiveResources } from "./live-resources.js";
import { sampleDefined, seedFor } from "./property.js";
import { positiveRequests } from "./request-arbitrary.js";
import { exchange, markExecuted, toConformanceFailure } from "./run-context.js";
import type { ConformanceFailure, RunContext } from "./run-context.js";
import type { Step } from "./replay-steps.js";
import { checkSpecExamples, exampleRequests } from "./spec-examples.js";

/** Statuses that say the request's data is invalid (not that the state does not fit it). */
const INVALID_DATA = new Set([400, 422]);

export async function runExamples(
  context: RunContext,
  operation: OperationModel,
  live: LiveResources,
): Promise<ConformanceFailure[]> {
  const id = operation.operationId;
  const failures: ConformanceFailure[] = checkSpecExamples(context.api, operation).map((item) => ({
    ...item,
    operationId: id,
    phase: "examples",
    method: operation.method.toUpperCase(),
    url: "",
    status: 0,
    curl: "",
    mutation: undefined,
    steps: [],
    replay: [],
    seed: context.seed,
  }));
  markExecuted(context, id, "example_conformance");
  const requests = positiveRequests(context.api, operation, context.skipHeaders);
  if (requests.kind === "skipped") return failures;
  let base;
  try {
    base = sampleDefined(requests.arbitrary, seedFor(context.seed, id, "examples"), 1)[0];
  } catch {
    base = undefined;
  }
  if (base === undefined) return failures;
  for (const example of exampleRequests(context.api, operation, base, context.skipHeaders)) {
    let result = await exchange(context, operation, example);
    let steps: readonly Step[] = [];
    const report = (): void => {
      for (const item of result.failures)
        failures.push(
          toConformanceFailure(context, id, "examples", result.request, result.response, item, {
            steps,
            step: result.step,
          }),
        );
    };
    report();
    const status = result.response.status;
    if (status >= 400 && status < 500 && status !== 401 && status !== 403 && status !== 429) {
      const bound = await live.bind(example, undefined);
      if (bound.refs.length > 0) {
        result = await exchange(context, operation, bound.request, { refs: bound.refs });
        steps = bound.steps;
        report();
      }
    }
    markExecuted(context, id, "positive_data_acceptance");
    if (INVALID_DATA.has(result.response.status))
      failures.push(
        toConformanceFailure(
          context,
          id,
          "examples",
          result.request,
          result.response,
          failure(
            "positive_data_acceptance",
            `${id} refused its own spec example as invalid (${result.response.bodyText.slice(0, 200)})`,
            "not 400 or 422 (the example matches its schemas)",
            String(result.response.status),
            operation.pointer,
          ),
          { steps, step: result.step },
        ),
      );
  }
  return failures;
}
