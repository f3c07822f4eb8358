/**
 * A conformance run: for each selected operation, positive requests (every response check),
 * negative requests (also: rejected with a 4xx), the boundary phase (each field broken alone, and
 * at its limits, once each), the examples phase (the spec's examples checked, and sent) and,
 * where security requires credentials, a
 * request without them (401); for each path, the methods it does not declare (405 or 404); then
 * the stateful sequences. Every property runs `maxExamples` examples from the run's seed and
 * shrinks its failures.
 */
import { resolve } from "node:path";
import type { OperationModel } from "../generator/model/types.js";
import type { CheckName } from "./checks/check-failure.js";
import {
  checkInvalidAuth,
  checkMethodProbe,
  checkMissingAuth,
  checkNegativeRejected,
  requiresCredentials,
} from "./checks/outcome-checks.js";
import { checkRateLimitHeaders } from "./checks/rate-limit-checks.js";
import { fillPath, joinUrl, prepareRequest, type PreparedRequest } from "./http-request.js";
import { loadApi, type ConformanceApi } from "./load-api.js";
import { runProperty, sampleDefined, seedFor } from "./property.js";
import { negativeRequests, positiveRequests, type GeneratedRequest } from "./request-arbitrary.js";
import {
  exchange,
  markExecuted,
  toConformanceFailure,
  type ConformanceFailure,
  type Phase,
  type RunContext,
} from "./run-context.js";
import { boundaryCases } from "./boundary-cases.js";
import { runBoundary } from "./run-boundary.js";
import { runExamples } from "./run-examples.js";
import { exampleRequests } from "./spec-examples.js";
import { LiveResources } from "./live-resources.js";
import { runStateful } from "./run-stateful.js";
import { runPagination } from "./run-pagination.js";
import { Sender, type SenderOptions } from "./sender.js";
import { planSequences } from "./stateful-plan.js";
import type { ResponseCheckOptions } from "./checks/response-checks.js";

export type { ConformanceFailure };

/** The spec this repository serves, the default of `--spec`. */
export const DEFAULT_SPEC = "spec/openapi.yaml";

export interface ConformanceOptions extends SenderOptions, ResponseCheckOptions {
  /** Where the server under test is, e.g. `http://127.0.0.1:8080` (with its base path, if any). */
  readonly baseUrl: string;
  /** A spec file (default {@link DEFAULT_SPEC}) or one already loaded with {@link loadApi}. */
  readonly spec?: string | ConformanceApi;
  /** Headers sent on every request, e.g. `{ "X-API-Key": "..." }` (left out by the missing-auth check). */
  readonly headers?: Readonly<Record<string, string>> | ReadonlyArray<readonly [string, string]>;
  /** operationIds to test (default: every operation). */
  readonly operations?: readonly string[];
  /** Examples per property (default 20). */
  readonly maxExamples?: number;
  /** The seed (default: random; printed so that a run can be replayed). */
  readonly seed?: number;
  /** Start nothing new after this many milliseconds (by `now`); what ran is reported, with a note. */
  readonly maxTimeMs?: number;
  /** Told of each failure as it is found (shrunk), before the run ends; duplicates included. */
  readonly onFailure?: (failure: ConformanceFailure) => void;
  /** Told of each step as it starts (the CLI prints it on stderr). */
  readonly onProgress?: (line: string) => void;
  /** Run the boundary phase: each field broken alone, and at its limits (default true). */
  readonly boundary?: boolean;
  /** Run the examples phase: the spec's examples checked and sent (default true). */
  readonly examples?: boolean;
  /** Run the stateful sequences (default true). */
  readonly stateful?: boolean;
  /** Send requests for methods the paths do not declare (default true). */
  readonly unsupportedMethods?: boolean;
  /** Walk every paginated operation (`x-pagination`) to its end (default true; run-pagination.ts). */
  readonly pagination?: boolean;
}

export interface OperationSummary {
  readonly operationId: string;
  readonly checks: readonly CheckName[];
}

export interface ConformanceReport {
  readonly seed: number;
  readonly baseUrl: string;
  readonly spec: string;
  /** Shrunk failures, one per (operation, check, phase), in the order found. */
  readonly failures: readonly ConformanceFailure[];
  /** The checks that ran, per operation (`METHOD /path` for undeclared methods). */
  readonly operations: readonly OperationSummary[];
  /** What could not be tested, and why. */
  readonly notes: readonly string[];
  /** Requests sent (retries after 429 included), and how many 429s were answered. */
  readonly requests: number;
  readonly rateLimited: number;
  /** True when no check failed. */
  readonly ok: boolean;
}

/** Sent to every path that does not declare them (TRACE through node:http: fetch refuses it). */
const PROBED_METHODS = [
  "GET",
  "PUT",
  "POST",
  "DELETE",
  "PATCH",
  "TRACE",
  "OPTIONS",
  "HEAD",
] as const;

export function normalizeHeaders(headers: ConformanceOptions["headers"]): Array<[string, string]> {
  if (headers === undefined) return [];
  const entries = Array.isArray(headers)
    ? headers
    : Object.entries(headers as Readonly<Record<string, string>>);
  return entries.map(([name, value]) => [name, value]);
}

export async function resolveApi(spec: ConformanceOptions["spec"]): Promise<ConformanceApi> {
  if (spec !== undefined && typeof spec !== "string") return spec;
  return loadApi(resolve(spec ?? DEFAULT_SPEC));
}

export function selectOperations(
  api: ConformanceApi,
  wanted: readonly string[] | undefined,
): OperationModel[] {
  if (wanted === undefined || wanted.length === 0) return [...api.model.operations];
  return wanted.map((operationId) => api.operation(operationId));
}

export function randomSeed(): number {
  return Math.floor(Math.random() * 2 ** 31);
}

/** Runs every check against a server. */
export async function runConformance(options: ConformanceOptions): Promise<ConformanceReport> {
  const api = await resolveApi(options.spec);
  const seed = options.seed ?? randomSeed();
  const headers = normalizeHeaders(options.headers);
  const context: RunContext = {
    api,
    baseUrl: options.baseUrl,
    headers,
    skipHeaders: new Set(headers.map(([name]) => name.toLowerCase())),
    sender: new Sender(options),
    seed,
    maxExamples: options.maxExamples ?? 20,
    checkOptions:
      options.headerPresence === undefined ? {} : { headerPresence: options.headerPresence },
    executed: new Map(),
    observers: [],
  };
  const selected = selectOperations(api, options.operations);
  const failures: ConformanceFailure[] = [];
  const notes: string[] = [];
  const collect = (...found: readonly ConformanceFailure[]): void => {
    for (const item of found) options.onFailure?.(item);
    failures.push(...found);
  };

  const now = options.now ?? Date.now;
  const started = now();
  const progress = options.onProgress ?? (() => undefined);
  const outOfTime = (what: string): boolean => {
    if (options.maxTimeMs === undefined || now() - started < options.maxTimeMs) return false;
    if (!notes.some((note) => note.startsWith("--max-time")))
      notes.push(
        `--max-time ${options.maxTimeMs / 1000} s reached: stopped before ${what}; what ran is reported`,
      );
    return true;
  };
  const live = new LiveResources(context, planSequences(api));
  context.observers?.push((operation, request, response) =>
    live.observe(
      operation.method.toUpperCase(),
      operation.path,
      request.url,
      response.status,
      response.bodyText,
    ),
  );
  for (const [index, operation] of selected.entries()) {
    if (outOfTime(operation.operationId)) break;
    progress(
      `[${index + 1}/${selected.length}] ${operation.operationId} (${context.sender.sent} requests so far)`,
    );
    collect(...(await runOperation(context, operation, notes)));
    if (options.boundary !== false)
      collect(...(await runBoundary(context, operation, live, notes)));
    if (options.examples !== false) collect(...(await runExamples(context, operation, live)));
  }
  if (options.pagination !== false && !outOfTime("the pagination walks")) {
    progress("pagination walks");
    const budget = { outOfTime: () => outOfTime("the rest of the pagination walks") };
    failures.push(...(await runPagination(context, selected, notes, budget)));
  }
  if (options.unsupportedMethods !== false && !outOfTime("the method probes"))
    progress("method probes");
  if (options.unsupportedMethods !== false && !outOfTime("the method probes"))
    collect(...(await runUnsupportedMethods(context, selected, notes)));
  if (options.stateful !== false && !outOfTime("the stateful sequences")) {
    progress("stateful sequences");
    const ids = new Set(selected.map((operation) => operation.operationId));
    const sequences = planSequences(api).filter((sequence) => ids.has(sequence.create.operationId));
    if (sequences.length === 0)
      notes.push(
        "stateful: no create → read/delete sequence among the selected operations (no links, no POST /things with /things/{id})",
      );
    const outcome = await runStateful(context, sequences, live);
    collect(...outcome.failures);
    notes.push(...outcome.notes);
  }
  // 429s answered on the way (then waited for) are checked too.
  for (const limited of context.sender.rateLimited) {
    const operation =
      limited.request.operationId === undefined
        ? undefined
        : api.operation(limited.request.operationId);
    for (const item of checkRateLimitHeaders(api.model, operation, limited.response)) {
      collect(
        toConformanceFailure(
          context,
          limited.request.operationId ?? "-",
          "positive",
          limited.request,
          limited.response,
          item,
        ),
      );
    }
  }
  return {
    seed,
    baseUrl: options.baseUrl,
    spec: api.displayPath,
    failures: dedupe(failures),
    operations: [...context.executed].map(([operationId, checks]) => ({
      operationId,
      checks: [...checks].sort(),
    })),
    notes,
    requests: context.sender.sent,
    rateLimited: context.sender.rateLimited.length,
    ok: failures.length === 0,
  };
}

/** Runs the checks of one operation (every phase, and the stateful chain it starts); no method probes. */
export async function checkOperation(
  options: Omit<ConformanceOptions, "operations"> & { readonly operationId: string },
): Promise<ConformanceReport> {
  const { operationId, ...rest } = options;
  return runConformance({
    ...rest,
    operations: [operationId],
    unsupportedMethods: options.unsupportedMethods ?? false,
  });
}

async function runOperation(
  context: RunContext,
  operation: OperationModel,
  notes: string[],
): Promise<ConformanceFailure[]> {
  const failures: ConformanceFailure[] = [];
  const positive = positiveRequests(context.api, operation, context.skipHeaders);
  if (positive.kind === "skipped") {
    notes.push(`${operation.operationId}: skipped (${positive.reason})`);
    return failures;
  }
  const id = operation.operationId;
  const positiveOutcome = await runProperty(
    positive.arbitrary,
    seedFor(context.seed, id, "positive"),
    context.maxExamples,
    async (generated) => {
      const result = await exchange(context, operation, generated);
      return result.failures.map((item) =>
        toConformanceFailure(context, id, "positive", result.request, result.response, item),
      );
    },
  );
  if (positiveOutcome.skipped !== undefined)
    notes.push(`${id} positive: ${positiveOutcome.skipped}`);
  failures.push(...positiveOutcome.failures);

  const negative = negativeRequests(context.api, operation, context.skipHeaders);
  if (negative.kind === "skipped") notes.push(`${id} negative: ${negative.reason}`);
  else {
    const outcome = await runProperty(
      negative.arbitrary,
      seedFor(context.seed, id, "negative"),
      context.maxExamples,
      async (generated) => {
        const result = await exchange(context, operation, generated);
        markExecuted(context, id, "negative_data_rejection");
        const found = [
          ...result.failures,
          ...checkNegativeRejected(
            operation,
            generated.mutation ?? "invalid data",
            result.response,
          ),
        ];
        return found.map((item) =>
          toConformanceFailure(context, id, "negative", result.request, result.response, item, {
            mutation: generated.mutation,
          }),
        );
      },
    );
    if (outcome.skipped !== undefined) notes.push(`${id} negative: ${outcome.skipped}`);
    failures.push(...outcome.failures);
  }

  if (requiresCredentials(operation)) {
    if (context.headers.length === 0)
      notes.push(`${id}: missing_auth not checked (no --auth-header given)`);
    else {
      const outcome = await runProperty(
        positive.arbitrary,
        seedFor(context.seed, id, "missing-auth"),
        Math.min(3, context.maxExamples),
        async (generated) => {
          const result = await exchange(context, operation, generated, {
            withoutCredentials: true,
          });
          markExecuted(context, id, "missing_auth");
          const found = [...result.failures, ...checkMissingAuth(operation, result.response)];
          return found.map((item) =>
            toConformanceFailure(
              context,
              id,
              "missing-auth",
              result.request,
              result.response,
              item,
            ),
          );
        },
      );
      failures.push(...outcome.failures);
      // the same with a credential of the right shape that no server issued: still 401
      const invalid = await runProperty(
        positive.arbitrary,
        seedFor(context.seed, id, "invalid-auth"),
        1,
        async (generated) => {
          const result = await exchange(context, operation, generated, {
            invalidCredentials: true,
          });
          markExecuted(context, id, "ignored_auth");
          const found = [...result.failures, ...checkInvalidAuth(operation, result.response)];
          return found.map((item) =>
            toConformanceFailure(
              context,
              id,
              "invalid-auth",
              result.request,
              result.response,
              item,
            ),
          );
        },
      );
      failures.push(...invalid.failures);
    }
  }
  return failures;
}

async function runUnsupportedMethods(
  context: RunContext,
  selected: readonly OperationModel[],
  notes: string[],
): Promise<ConformanceFailure[]> {
  const failures: ConformanceFailure[] = [];
  const paths = [...new Set(selected.map((operation) => operation.path))];
  for (const path of paths) {
    const onPath = context.api.model.operations.filter((operation) => operation.path === path);
    const declared = onPath.map((operation) => operation.method.toUpperCase());
    const sample = samplePathValues(context, onPath);
    if (sample === undefined) {
      notes.push(`unsupported methods of ${path}: no valid path parameters could be generated`);
      continue;
    }
    for (const method of PROBED_METHODS) {
      if (declared.includes(method)) continue;
      const label = `${method} ${path}`;
      const request: PreparedRequest = {
        operationId: undefined,
        method,
        url: joinUrl(context.baseUrl, fillPath(path, sample)),
        headers: context.headers,
        body: undefined,
      };
      const response = await context.sender.send(request);
      markExecuted(context, label, "unsupported_method");
      for (const item of checkMethodProbe(path, method, declared, response))
        failures.push(
          toConformanceFailure(context, label, "unsupported-method", request, response, item),
        );
    }
  }
  return failures;
}

function samplePathValues(
  context: RunContext,
  onPath: readonly OperationModel[],
): Readonly<Record<string, unknown>> | undefined {
  for (const operation of onPath) {
    const requests = positiveRequests(context.api, operation, context.skipHeaders);
    if (requests.kind === "skipped") continue;
    try {
      const [sample] = sampleDefined(
        requests.arbitrary,
        seedFor(context.seed, operation.path, "methods"),
        1,
      );
      if (sample !== undefined) return sample.parameters.path;
    } catch {
      continue;
    }
  }
  return undefined;
}

/** Phases that send generated data: a check failing in several of them is one finding. */
const DATA_PHASES = new Set(["positive", "negative", "boundary", "examples"]);

/** One failure per operation, check and phase (the data phases as one), the first found (shrunk when random). */
function dedupe(failures: readonly ConformanceFailure[]): ConformanceFailure[] {
  const seen = new Set<string>();
  return failures.filter((item) => {
    // each broken example of the spec is its own finding
    const where = item.check === "example_conformance" ? ` ${item.pointer}` : "";
    const key = `${item.operationId} ${DATA_PHASES.has(item.phase) ? "data" : item.phase} ${item.check}${where}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

export interface PlannedRequest {
  readonly operationId: string;
  readonly phase: Exclude<Phase, "unsupported-method"> | "method-probe";
  readonly request: PreparedRequest;
  readonly mutation: string | undefined;
}

/**
 * `--dry-run`: the requests the run would start with (the examples before any shrinking), not
 * sent: positive, negative, boundary (with the ids as drawn: a run binds them to live resources
 * first), the spec's examples as written, missing and invalid credentials, method probes, and one
 * drawn stateful chain per creating operation, with `{{petId}}` where the run puts the created id.
 */
export async function planRequests(
  options: Omit<ConformanceOptions, "fetch" | "sleep" | "now">,
): Promise<{ seed: number; planned: PlannedRequest[]; notes: string[] }> {
  const api = await resolveApi(options.spec);
  const seed = options.seed ?? randomSeed();
  const headers = normalizeHeaders(options.headers);
  const skipHeaders = new Set(headers.map(([name]) => name.toLowerCase()));
  const planned: PlannedRequest[] = [];
  const notes: string[] = [];
  for (const operation of selectOperations(api, options.operations)) {
    for (const phase of ["positive", "negative"] as const) {
      const requests =
        phase === "positive"
          ? positiveRequests(api, operation, skipHeaders)
          : negativeRequests(api, operation, skipHeaders);
      if (requests.kind === "skipped") {
        notes.push(`${operation.operationId} ${phase}: ${requests.reason}`);
        continue;
      }
      let samples: GeneratedRequest[];
      try {
        samples = sampleDefined(
          requests.arbitrary,
          seedFor(seed, operation.operationId, phase),
          options.maxExamples ?? 20,
        );
      } catch (error) {
        notes.push(
          `${operation.operationId} ${phase}: could not generate examples (${error instanceof Error ? error.message.split("\n")[0] : String(error)})`,
        );
        continue;
      }
      for (const generated of samples) {
        const request = prepareRequest(generated, {
          baseUrl: options.baseUrl,
          headers,
          parameters: [...operation.parameters.query],
        });
        planned.push({
          operationId: operation.operationId,
          phase,
          request,
          mutation: generated.mutation,
        });
      }
    }
    const positive = positiveRequests(api, operation, skipHeaders);
    if (positive.kind === "skipped") continue;
    const prepare = (
      generated: GeneratedRequest,
      extra: { withoutCredentials?: boolean; invalidCredentials?: boolean } = {},
    ): PreparedRequest =>
      prepareRequest(generated, {
        baseUrl: options.baseUrl,
        headers,
        parameters: [...operation.parameters.query],
        ...extra,
      });
    const first = (phase: string): GeneratedRequest | undefined => {
      try {
        return sampleDefined(positive.arbitrary, seedFor(seed, operation.operationId, phase), 1)[0];
      } catch {
        return undefined;
      }
    };
    const base = first("boundary");
    if (base !== undefined && options.boundary !== false) {
      for (const item of boundaryCases(api, operation, base, skipHeaders))
        planned.push({
          operationId: operation.operationId,
          phase: "boundary",
          request: prepare(item.request),
          mutation: item.request.mutation,
        });
    }
    const exampleBase = options.examples === false ? undefined : first("examples");
    if (exampleBase !== undefined)
      for (const example of exampleRequests(api, operation, exampleBase, skipHeaders))
        planned.push({
          operationId: operation.operationId,
          phase: "examples",
          request: prepare(example),
          mutation: undefined,
        });
    if (base !== undefined && requiresCredentials(operation) && headers.length > 0) {
      planned.push({
        operationId: operation.operationId,
        phase: "missing-auth",
        request: prepare(base, { withoutCredentials: true }),
        mutation: undefined,
      });
      planned.push({
        operationId: operation.operationId,
        phase: "invalid-auth",
        request: prepare(base, { invalidCredentials: true }),
        mutation: undefined,
      });
    }
  }
  if (options.unsupportedMethods !== false) {
    const selected = selectOperations(api, options.operations);
    for (const path of [...new Set(selected.map((operation) => operation.path))]) {
      const onPath = api.model.operations.filter((operation) => operation.path === path);
      const declared = onPath.map((operation) => operation.method.toUpperCase());
      const values = onPath
        .map((operation) => positiveRequests(api, operation, skipHeaders))
        .flatMap((requests) =>
          requests.kind === "ok"
            ? sampleDefined(requests.arbitrary, seedFor(seed, path, "methods"), 1)
            : [],
        )[0];
      if (values === undefined) continue;
      for (const method of PROBED_METHODS) {
        if (declared.includes(method)) continue;
        planned.push({
          operationId: `${method} ${path}`,
          phase: "method-probe",
          request: {
            operationId: undefined,
            method,
            url: joinUrl(options.baseUrl, fillPath(path, values.parameters.path)),
            headers,
            body: undefined,
          },
          mutation: undefined,
        });
      }
    }
  }
  if (options.stateful !== false) {
    const ids = new Set(selectOperations(api, options.operations).map((item) => item.operationId));
    for (const sequence of planSequences(api)) {
      if (!ids.has(sequence.create.operationId)) continue;
      const chain = [
        sequence.create,
        ...[...sequence.reads, ...sequence.updates, ...sequence.deletes].map(
          (step) => step.operation,
        ),
        ...sequence.reads.map((step) => step.operation),
      ];
      for (const [index, operation] of chain.entries()) {
        const requests = positiveRequests(api, operation, skipHeaders);
        if (requests.kind === "skipped") break;
        const [drawn] = sampleDefined(
          requests.arbitrary,
          seedFor(seed, "stateful-plan", sequence.create.operationId, String(index)),
          1,
        );
        if (drawn === undefined) break;
        // the created resource's id, which the run takes from the create's response
        const idParameter = operation.parameters.path.at(-1)?.name;
        const placeholder = `{{${sequence.idName ?? "id"}}}`;
        const request = prepareRequest(
          index === 0 || idParameter === undefined
            ? drawn
            : {
                ...drawn,
                parameters: {
                  ...drawn.parameters,
                  path: { ...drawn.parameters.path, [idParameter]: placeholder },
                },
              },
          { baseUrl: options.baseUrl, headers, parameters: [...operation.parameters.query] },
        );
        planned.push({
          operationId: operation.operationId,
          phase: "stateful",
          request: {
            ...request,
            url: request.url.replace(encodeURIComponent(placeholder), placeholder),
          },
          mutation: undefined,
        });
      }
    }
    notes.push(
      "stateful chains are listed with {{id}} where the run puts the id the create answered, and the other ids as drawn (a run binds them to resources it creates first)",
    );
  }
  return { seed, planned, notes };
}
