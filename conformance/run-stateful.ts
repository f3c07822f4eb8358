/**
 * Runs the stateful sequences as fast-check properties over the creating request: create (2xx),
 * then every read answers 2xx (ensure_resource_availability), every delete succeeds, and after a
 * delete every read answers 404 or 410 (use_after_free). A create whose body or parameters name
 * another resource's id (`categoryId` where `POST /categories` creates `/categories/{categoryId}`)
 * gets a live one, created first, so that the sequence can succeed on a strict server.
 */
import fc from "fast-check";
import type { OperationModel, ParameterLocation } from "../generator/model/types.js";
import { failure, type CheckFailure } from "./checks/check-failure.js";
import { toCurl } from "./curl.js";
import type { LinkContext } from "./link-expressions.js";
import { runProperty, sampleDefined, seedFor } from "./property.js";
import { positiveRequests, type GeneratedRequest } from "./request-arbitrary.js";
import { exchange, markExecuted, toConformanceFailure, type ConformanceFailure, type ExchangeResult, type RunContext } from "./run-context.js";
import { createdId, type StatefulSequence } from "./stateful-plan.js";

export interface StatefulOutcome {
  readonly failures: ConformanceFailure[];
  readonly notes: string[];
}

type Overrides = Partial<Record<ParameterLocation, Record<string, unknown>>>;

function override(request: GeneratedRequest, overrides: Overrides): GeneratedRequest {
  const parameters = { ...request.parameters };
  for (const [location, values] of Object.entries(overrides) as Array<[ParameterLocation, Record<string, unknown>]>) {
    parameters[location] = { ...parameters[location], ...values };
  }
  return { ...request, parameters };
}

function parseBody(text: string): unknown {
  try {
    return text === "" ? undefined : (JSON.parse(text) as unknown);
  } catch {
    return undefined;
  }
}

function linkContext(generated: GeneratedRequest, result: ExchangeResult): LinkContext {
  return { generated, request: result.request, response: result.response, responseBody: parseBody(result.response.bodyText) };
}

export async function runStateful(context: RunContext, sequences: readonly StatefulSequence[]): Promise<StatefulOutcome> {
  const failures: ConformanceFailure[] = [];
  const notes: string[] = [];
  const creators = new Map<string, StatefulSequence>();
  for (const sequence of sequences) if (sequence.idName !== undefined && !creators.has(sequence.idName)) creators.set(sequence.idName, sequence);
  const live = new Map<string, unknown>();

  /** A live id for `idName`, created on first use (undefined when it cannot be created). */
  async function dependency(idName: string, depth: number): Promise<unknown> {
    if (live.has(idName)) return live.get(idName);
    const sequence = creators.get(idName);
    if (sequence === undefined || depth > 3) return undefined;
    const requests = positiveRequests(context.api, sequence.create, context.skipHeaders);
    if (requests.kind === "skipped") return undefined;
    for (let attempt = 0; attempt < 5; attempt++) {
      let sample: GeneratedRequest | undefined;
      try {
        sample = sampleDefined(requests.arbitrary, seedFor(context.seed, "dependency", idName, String(attempt)), 1)[0];
      } catch {
        return undefined;
      }
      if (sample === undefined) return undefined;
      const generated = await withDependencies(sample, idName, depth + 1);
      const result = await exchange(context, sequence.create, generated);
      if (result.response.status < 200 || result.response.status > 299) continue;
      const id = createdId(linkContext(generated, result), idName);
      if (id !== undefined) {
        live.set(idName, id);
        return id;
      }
    }
    return undefined;
  }

  /** The request with every parameter or top-level body property named like a creatable id bound to a live one. */
  async function withDependencies(request: GeneratedRequest, ownId: string | undefined, depth: number): Promise<GeneratedRequest> {
    let result = request;
    for (const idName of creators.keys()) {
      if (idName === ownId) continue;
      const inParameters = (["path", "query", "header", "cookie"] as const).filter((location) => idName in result.parameters[location]);
      const body = result.body?.value;
      const inBody = body !== null && typeof body === "object" && !Array.isArray(body) && idName in body;
      if (inParameters.length === 0 && !inBody) continue;
      const id = await dependency(idName, depth);
      if (id === undefined) continue;
      const overrides: Overrides = {};
      for (const location of inParameters) overrides[location] = { [idName]: id };
      result = override(result, overrides);
      if (inBody && result.body !== undefined) result = { ...result, body: { ...result.body, value: { ...(body as Record<string, unknown>), [idName]: id } } };
    }
    return result;
  }

  for (const sequence of sequences) {
    const steps = [sequence.create, ...sequence.reads.map((step) => step.operation), ...sequence.deletes.map((step) => step.operation)];
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
    const name = `${sequence.create.operationId} → ${steps.slice(1).map((operation) => operation.operationId).join(", ")} (${sequence.source})`;
    const all = fc.tuple(...arbitraries).map((values) => (values.includes(undefined) ? undefined : (values as GeneratedRequest[])));
    const outcome = await runProperty(all, seedFor(context.seed, "stateful", sequence.create.operationId), context.maxExamples, async (values) => {
      const [first, ...rest] = values;
      if (first === undefined) return [];
      return runSequence(context, sequence, await withDependencies(first, sequence.idName, 0), rest);
    });
    if (outcome.skipped !== undefined) notes.push(`stateful ${name}: ${outcome.skipped}`);
    failures.push(...outcome.failures);
  }
  return { failures, notes };
}

async function runSequence(context: RunContext, sequence: StatefulSequence, createRequest: GeneratedRequest, followValues: readonly GeneratedRequest[]): Promise<ConformanceFailure[]> {
  const steps: string[] = [];
  const out: ConformanceFailure[] = [];
  const report = (operation: OperationModel, result: ExchangeResult, found: readonly CheckFailure[]): void => {
    for (const item of found) out.push(toConformanceFailure(context, operation.operationId, "stateful", result.request, result.response, item, { steps: [...steps] }));
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
          found.push(failure("ensure_resource_availability", `${step.operation.operationId} cannot read what ${sequence.create.operationId} created`, "2xx", String(status), step.operation.pointer));
        }
      } else {
        markExecuted(context, sequence.create.operationId, "use_after_free");
        if (status !== 404 && status !== 410) {
          found.push(failure("use_after_free", `${step.operation.operationId} still answers ${status} for what was deleted`, "404 or 410", String(status), step.operation.pointer));
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
