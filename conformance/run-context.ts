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
import type { GeneratedRequest } from "./request-arbitrary.js";
import type { ObservedResponse, Sender } from "./sender.js";

export type Phase =
  | "positive"
  | "negative"
  | "boundary"
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
  options: { withoutCredentials?: boolean; invalidCredentials?: boolean } = {},
): Promise<ExchangeResult> {
  const request = prepareRequest(generated, {
    baseUrl: context.baseUrl,
    headers: context.headers,
    withoutCredentials: options.withoutCredentials === true,
    invalidCredentials: options.invalidCredentials === true,
    parameters: [...operation.parameters.query],
  });
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
  return { request, response, failures };
}

export function toConformanceFailure(
  context: RunContext,
  operationId: string,
  phase: Phase,
  request: PreparedRequest,
  response: ObservedResponse,
  failure: CheckFailure,
  extra: { mutation?: string | undefined; steps?: readonly string[] } = {},
): ConformanceFailure {
  return {
    ...failure,
    operationId,
    phase,
    method: request.method,
    url: request.url,
    status: response.status,
    curl: toCurl(request),
    mutation: extra.mutation,
    steps: extra.steps ?? [],
    seed: context.seed,
  };
}
