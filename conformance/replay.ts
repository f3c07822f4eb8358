/**
 * Replay files: a failure's whole reproduction written as JSON (`--replay-dir`), and run again on
 * any server (`--replay <file>`, typically a fresh one): each step is sent in order, the ids its
 * response gives are captured, later steps' `{{name}}` references are filled from them, and the
 * last step's check runs again. Reproduced: the failure is still there (exit 1); not reproduced:
 * it is fixed (exit 0).
 */
import { randomUUID } from "node:crypto";
import { CHECK_NAMES, failure, type CheckFailure, type CheckName } from "./checks/check-failure.js";
import { checkDeprecationHeaders } from "./checks/deprecation-checks.js";
import {
  checkInvalidAuth,
  checkMethodProbe,
  checkMissingAuth,
  checkNegativeRejected,
} from "./checks/outcome-checks.js";
import { checkRateLimitHeaders } from "./checks/rate-limit-checks.js";
import { checkResponse, valueAt, type ResponseCheckOptions } from "./checks/response-checks.js";
import { invalidCredential, joinUrl, type PreparedRequest } from "./http-request.js";
import type { ConformanceApi } from "./load-api.js";
import { lastSegment, type CaptureSource, type ReplayStep } from "./replay-steps.js";
import type { ConformanceFailure } from "./run-context.js";
import type { ObservedResponse, Sender } from "./sender.js";

export const REPLAY_VERSION = 1;

export interface ReplayFile {
  readonly conformanceReplay: typeof REPLAY_VERSION;
  /** The spec the failure was found with, and the run's seed (for reference). */
  readonly spec: string;
  readonly seed: number;
  readonly failure: {
    readonly operationId: string;
    readonly check: CheckName;
    readonly phase: string;
    readonly message: string;
    readonly expected: string;
    readonly actual: string;
    readonly mutation: string | undefined;
  };
  /** The requests, the failing one last. */
  readonly steps: readonly ReplayStep[];
}

export function toReplayFile(failure: ConformanceFailure, spec: string): ReplayFile {
  return {
    conformanceReplay: REPLAY_VERSION,
    spec,
    seed: failure.seed,
    failure: {
      operationId: failure.operationId,
      check: failure.check,
      phase: failure.phase,
      message: failure.message,
      expected: failure.expected,
      actual: failure.actual,
      mutation: failure.mutation,
    },
    steps: failure.replay,
  };
}

/** A file name for a failure's replay: `03-createPet-not_a_server_error.json`. */
export function replayFileName(failure: ConformanceFailure, index: number): string {
  const operation = failure.operationId.replace(/[^\w.-]+/g, "_").replace(/^_+|_+$/g, "");
  return `${String(index + 1).padStart(2, "0")}-${operation}-${failure.check}.json`;
}

/** A replay file read back, or a clear error saying what is wrong where. */
export function parseReplayFile(text: string, where: string): ReplayFile {
  let data: unknown;
  try {
    data = JSON.parse(text) as unknown;
  } catch (error) {
    throw new Error(`${where} is not JSON (${error instanceof Error ? error.message : error})`);
  }
  const bad = (what: string): Error =>
    new Error(
      `${where}: ${what} (a replay file is written by --replay-dir; see docs/conformance.md)`,
    );
  if (typeof data !== "object" || data === null) throw bad("not an object");
  const file = data as Partial<ReplayFile>;
  if (file.conformanceReplay !== REPLAY_VERSION)
    throw bad(`"conformanceReplay" must be ${REPLAY_VERSION}`);
  if (!CHECK_NAMES.includes(file.failure?.check as CheckName))
    throw bad(`"failure.check" must be one of ${CHECK_NAMES.join(", ")}`);
  if (!Array.isArray(file.steps) || file.steps.length === 0)
    throw bad(`"steps" must be a non-empty array`);
  file.steps.forEach((step: Partial<ReplayStep>, index) => {
    const at = `steps[${index}]`;
    if (typeof step.method !== "string" || !/^[A-Z]+$/.test(step.method))
      throw bad(`${at}.method must be an upper-case HTTP method`);
    if (typeof step.url !== "string" || !step.url.startsWith("/"))
      throw bad(`${at}.url must be a path starting with /`);
    if (
      !Array.isArray(step.headers) ||
      !step.headers.every(
        (pair) =>
          Array.isArray(pair) && pair.length === 2 && pair.every((x) => typeof x === "string"),
      )
    )
      throw bad(`${at}.headers must be [name, value] pairs`);
    if (step.body !== undefined && typeof step.body !== "string")
      throw bad(`${at}.body must be a string`);
    if (!["sent", "missing", "invalid"].includes(step.credentials as string))
      throw bad(`${at}.credentials must be sent, missing or invalid`);
    if (typeof step.capture !== "object" || step.capture === null)
      throw bad(`${at}.capture must be an object`);
  });
  return file as ReplayFile;
}

export interface ReplayedStep {
  readonly step: ReplayStep;
  readonly request: PreparedRequest;
  readonly response: ObservedResponse;
}

export interface ReplayOutcome {
  /** The failure is there again (the last step's check failed). */
  readonly reproduced: boolean;
  /** What the last step's check found (empty when not reproduced). */
  readonly failures: readonly CheckFailure[];
  readonly exchanges: readonly ReplayedStep[];
  /** Set when a step could not be sent (a reference its earlier step did not give). */
  readonly stoppedAt: string | undefined;
}

export interface ReplayOptions {
  readonly api: ConformanceApi;
  readonly baseUrl: string;
  readonly headers: ReadonlyArray<readonly [string, string]>;
  readonly sender: Sender;
  readonly checkOptions?: ResponseCheckOptions;
}

export async function runReplay(file: ReplayFile, options: ReplayOptions): Promise<ReplayOutcome> {
  const values = new Map<string, unknown>();
  const exchanges: ReplayedStep[] = [];
  for (const [index, step] of file.steps.entries()) {
    const missing = references(step).find((name) => name !== "$uuid" && !values.has(name));
    if (missing !== undefined) {
      const giver = file.steps.findIndex((earlier) => missing in earlier.capture);
      const answered = exchanges[giver]?.response.status;
      return {
        reproduced: false,
        failures: [],
        exchanges,
        stoppedAt: `step ${index + 1} (${step.method} ${step.url}) needs {{${missing}}}, which step ${giver + 1} did not give (it answered ${answered ?? "nothing"}): the server no longer does what led to the failure`,
      };
    }
    const request = fill(step, values, options);
    const response = await options.sender.send(request);
    exchanges.push({ step, request, response });
    for (const [name, source] of Object.entries(step.capture)) {
      const value = capture(source, response);
      if (value !== undefined) values.set(name, value);
    }
  }
  const last = exchanges.at(-1) as ReplayedStep;
  const failures = recheck(file, last, options).filter(
    (found) => found.check === file.failure.check,
  );
  return { reproduced: failures.length > 0, failures, exchanges, stoppedAt: undefined };
}

/** The `{{name}}` references of a step. */
function references(step: ReplayStep): string[] {
  const text = [step.url, step.body ?? "", ...step.headers.map(([, value]) => value)].join("\n");
  return [...text.matchAll(/\{\{([$\w.-]+)\}\}/g)].map((match) => match[1] as string);
}

function fill(
  step: ReplayStep,
  values: ReadonlyMap<string, unknown>,
  options: ReplayOptions,
): PreparedRequest {
  const text = (name: string): string =>
    name === "$uuid" ? randomUUID() : String(values.get(name));
  const plain = (template: string, encode: (value: string) => string): string =>
    template.replace(/\{\{([$\w.-]+)\}\}/g, (_whole, name: string) => encode(text(name)));
  const json = /json/i.test(
    step.headers.find(([name]) => name.toLowerCase() === "content-type")?.[1] ?? "",
  );
  const body =
    step.body === undefined
      ? undefined
      : json
        ? plain(
            step.body.replace(/"\{\{([\w.-]+)\}\}"/g, (_whole, name: string) =>
              JSON.stringify(values.get(name)),
            ),
            (value) => JSON.stringify(value).slice(1, -1),
          )
        : plain(step.body, encodeURIComponent);
  const credentials =
    step.credentials === "missing"
      ? []
      : options.headers.map(([name, value]): [string, string] => [
          name,
          step.credentials === "invalid" ? invalidCredential(value) : value,
        ]);
  return {
    operationId: step.operationId,
    method: step.method,
    url: joinUrl(options.baseUrl, plain(step.url, encodeURIComponent)),
    headers: [
      ...credentials,
      ...step.headers.map(([name, value]): [string, string] => [name, plain(value, (v) => v)]),
    ],
    body,
  };
}

function capture(source: CaptureSource, response: ObservedResponse): unknown {
  if ("body" in source) {
    try {
      return valueAt(JSON.parse(response.bodyText) as unknown, source.body);
    } catch {
      return undefined;
    }
  }
  const value = response.headers.get(source.header);
  if (value === null) return undefined;
  return source.lastSegment ? lastSegment(value) : value;
}

/** The failure's check, run again on the last step's response. */
function recheck(file: ReplayFile, last: ReplayedStep, options: ReplayOptions): CheckFailure[] {
  const { api } = options;
  const { response } = last;
  const { check, mutation } = file.failure;
  const operation =
    last.step.operationId === undefined ? undefined : api.operation(last.step.operationId);
  if (operation === undefined) {
    // a method probe: `METHOD /path`
    const path = file.failure.operationId.slice(file.failure.operationId.indexOf(" ") + 1);
    const declared = api.model.operations
      .filter((item) => item.path === path)
      .map((item) => item.method.toUpperCase());
    return checkMethodProbe(path, last.step.method, declared, response);
  }
  const status = response.status;
  switch (check) {
    case "negative_data_rejection":
      return checkNegativeRejected(operation, mutation ?? "invalid data", response);
    case "missing_auth":
      return checkMissingAuth(operation, response);
    case "ignored_auth":
      return checkInvalidAuth(operation, response);
    case "rate_limit_headers":
      return checkRateLimitHeaders(api.model, operation, response);
    case "deprecation_headers":
      return checkDeprecationHeaders(operation, response);
    case "ensure_resource_availability":
      return status >= 200 && status <= 299
        ? []
        : [
            failure(
              check,
              `${operation.operationId} answered ${status}`,
              "2xx",
              String(status),
              operation.pointer,
            ),
          ];
    case "use_after_free":
      return status === 404 || status === 410
        ? []
        : [
            failure(
              check,
              `${operation.operationId} still answers ${status} for what was deleted`,
              "404 or 410",
              String(status),
              operation.pointer,
            ),
          ];
    default:
      return checkResponse(api, operation, response, options.checkOptions ?? {});
  }
}
