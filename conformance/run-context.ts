/**
 * What every phase of a run shares: the spec, where and how to send, the seed, and the record of
 * which checks ran for which operation (for the JUnit report). `exchange` sends one generated
 * request and runs the checks every response gets.
 */
import type { OperationModel } from "../generator/model/types.js";
import type { CheckFailure, CheckName } from "./checks/check-failure.js";
import { checkDeprecationHeaders } from "./checks/deprecation-checks.js";
import { checkRateLimitHeaders } from "./checks/rate-limit-checks.js";
import { checkResponse, type ResponseCheckOptions } from "./checks/response-checks.js";
import { toCurl } from "./curl.js";
import { prepareRequest, type PreparedRequest } from "./http-request.js";
import type { ConformanceApi } from "./load-api.js";
import { recordStep, type Ref, type ReplayStep, type Step } from "./replay-steps.js";
import type { GeneratedRequest } from "./request-arbitrary.js";
import type { ObservedResponse, Sender } from "./sender.js";

export type Phase =
  | "positive"
  | "negative"
  | "boundary"
  | "examples"
  | "missing-auth"
  | "invalid-auth"
  | "unsupported-method"
  | "stateful"
  | "pagination";

/** A failed check with everything needed to reproduce it. */
export interface ConformanceFailure extends CheckFailure {
  /** The operation, or `METHOD /path` for a method the spec does not declare. */
  readonly operationId: string;
  readonly phase: Phase;
  readonly method: string;
  readonly url: string;
  readonly status: number;
  /** The minimal failing request as a ready-to-run command. */
  readonly curl: string;
  /** Negative requests: what was made invalid. */
  readonly mutation: string | undefined;
  /** Stateful sequences: the requests before the failing one, as curl commands. */
  readonly steps: readonly string[];
  /**
   * The whole reproduction (the requests before, then the failing one) with ids as references
   * to earlier responses: what `--replay-dir` writes and `--replay` runs on a fresh server.
   */
  readonly replay: readonly ReplayStep[];
  /** The seed of the run (`--seed` replays it). */
  readonly seed: number;
}

export interface RunContext {
  readonly api: ConformanceApi;
  readonly baseUrl: string;
  /** Credentials (and any other header) sent on every request. */
  readonly headers: ReadonlyArray<readonly [string, string]>;
  /** Lower-case names of `headers`, which the generator must not fill itself. */
  readonly skipHeaders: ReadonlySet<string>;
  readonly sender: Sender;
  readonly seed: number;
  readonly maxExamples: number;
  readonly checkOptions: ResponseCheckOptions;
  /** operationId → checks that ran for it. */
  readonly executed: Map<string, Set<CheckName>>;
  /** Told of every exchange (live-resources.ts reads ids from list responses). */
  readonly observers?: Array<
    (operation: OperationModel, request: PreparedRequest, response: ObservedResponse) => void
  >;
}

export interface ExchangeResult {
  readonly request: PreparedRequest;
  /** The request as a reproduction step (its ids referring to earlier responses). */
  readonly step: Step;
  readonly response: ObservedResponse;
  /** Failures of the checks every response gets. */
  readonly failures: CheckFailure[];
}

const RESPONSE_CHECKS: readonly CheckName[] = [
  "not_a_server_error",
  "status_code_conformance",
  "content_type_conformance",
  "response_headers_conformance",
  "response_schema_conformance",
];

export function markExecuted(
  context: RunContext,
  operationId: string,
  ...checks: readonly CheckName[]
): void {
  let set = context.executed.get(operationId);
  if (set === undefined) context.executed.set(operationId, (set = new Set()));
  for (const check of checks) set.add(check);
}

/** Sends one generated request for `operation` and runs the response checks on the answer. */
export async function exchange(
  context: RunContext,
  operation: OperationModel,
  generated: GeneratedRequest,
  options: {
    withoutCredentials?: boolean;
    invalidCredentials?: boolean;
    /** Values bound to ids created earlier (written as references in the step). */
    refs?: readonly Ref[];
  } = {},
): Promise<ExchangeResult> {
  const prepareOptions = {
    baseUrl: context.baseUrl,
    headers: context.headers,
    withoutCredentials: options.withoutCredentials === true,
    invalidCredentials: options.invalidCredentials === true,
    parameters: [...operation.parameters.query],
  };
  const request = prepareRequest(generated, prepareOptions);
  const step = recordStep(generated, request, { ...prepareOptions, refs: options.refs ?? [] });
  const response = await context.sender.send(request);
  for (const observe of context.observers ?? []) observe(operation, request, response);
  const failures = [
    ...checkResponse(context.api, operation, response, context.checkOptions),
    ...checkRateLimitHeaders(context.api.model, operation, response),
    ...checkDeprecationHeaders(operation, response),
  ];
  markExecuted(
    context,
    operation.operationId,
    ...RESPONSE_CHECKS,
    "rate_limit_headers",
    "deprecation_headers",
  );
  return { request, step, response, failures };
}

export function toConformanceFailure(
  context: RunContext,
  operationId: string,
  phase: Phase,
  request: PreparedRequest,
  response: ObservedResponse,
  failure: CheckFailure,
  extra: {
    mutation?: string | undefined;
    /** The requests before, as steps. */
    steps?: readonly Step[];
    /** The failing request as a step (default: as sent, its values literal). */
    step?: Step;
  } = {},
): ConformanceFailure {
  const steps = extra.steps ?? [];
  const last =
    extra.step ??
    recordStep(undefined, request, {
      baseUrl: context.baseUrl,
      headers: context.headers,
      withoutCredentials: phase === "missing-auth",
      invalidCredentials: phase === "invalid-auth",
    });
  return {
    ...failure,
    operationId,
    phase,
    method: request.method,
    url: request.url,
    status: response.status,
    curl: toCurl(request),
    mutation: extra.mutation,
    steps: steps.map((step) => toCurl(step.request)),
    replay: [...steps, last].map((step) => step.replay),
    seed: context.seed,
  };
}
