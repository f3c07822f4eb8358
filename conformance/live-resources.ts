/**
 * Live resources for requests that name them: a body property or parameter named like the id of
 * what another operation creates (`categoryId` where `POST /categories` creates
 * `/categories/{categoryId}`) gets a live id, created once on first use (with its own
 * dependencies, three levels at most) and reused; ids listed by the server's own list responses
 * are the alternatives (resources that existed before, in states a new one may not reach: a pet
 * with stock). Every creation is remembered as a curl step, so
 * a reproduction can replay what the failing request refers to on a fresh server.
 */
import type { ParameterLocation } from "../generator/model/types.js";
import type { LinkContext } from "./link-expressions.js";
import { sampleDefined, seedFor } from "./property.js";
import { positiveRequests, type GeneratedRequest } from "./request-arbitrary.js";
import { findCapture, withCapture, type Ref, type Step } from "./replay-steps.js";
import { exchange, type ExchangeResult, type RunContext } from "./run-context.js";
import { createdId, type StatefulSequence } from "./stateful-plan.js";

export type Overrides = Partial<Record<ParameterLocation, Record<string, unknown>>>;

export function override(request: GeneratedRequest, overrides: Overrides): GeneratedRequest {
  const parameters = { ...request.parameters };
  for (const [location, values] of Object.entries(overrides) as Array<
    [ParameterLocation, Record<string, unknown>]
  >) {
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

export function linkContext(generated: GeneratedRequest, result: ExchangeResult): LinkContext {
  return {
    generated,
    request: result.request,
    response: result.response,
    responseBody: parseBody(result.response.bodyText),
  };
}

interface Live {
  readonly id: unknown;
  /** The requests that created it and what it depends on, in order. */
  readonly steps: readonly Step[];
  /** The name its creating step captures it under (none for an id the server listed). */
  readonly ref: string | undefined;
}

/** What {@link LiveResources.bind} made of a request. */
export interface Bound {
  readonly request: GeneratedRequest;
  /** The requests that created the resources it refers to, dependencies first, each once. */
  readonly steps: Step[];
  /** Where it carries their ids. */
  readonly refs: Ref[];
}

/** Ids seen per id name, at most this many kept. */
const SEEN_IDS = 8;

export class LiveResources {
  readonly #context: RunContext;
  readonly #creators = new Map<string, StatefulSequence>();
  readonly #live = new Map<string, Live>();
  /** Ids of existing resources read from 2xx list responses (`GET` on the creating path). */
  readonly #seen = new Map<string, unknown[]>();
  #created = 0;

  constructor(context: RunContext, sequences: readonly StatefulSequence[]) {
    this.#context = context;
    for (const sequence of sequences)
      if (sequence.idName !== undefined && !this.#creators.has(sequence.idName))
        this.#creators.set(sequence.idName, sequence);
  }

  /**
   * Reads ids from a response: a 2xx `GET` on the path that creates `idName`'s resources lists
   * them (the body an array, or an object with an array member) with `<idName>` or `id`.
   */
  observe(method: string, path: string, url: string, status: number, bodyText: string): void {
    if (status < 200 || status > 299) return;
    if (method === "DELETE") {
      this.#forget(path, url);
      return;
    }
    if (method !== "GET") return;
    for (const [idName, sequence] of this.#creators) {
      if (sequence.create.path !== path) continue;
      let body: unknown;
      try {
        body = JSON.parse(bodyText) as unknown;
      } catch {
        return;
      }
      const lists = Array.isArray(body)
        ? [body]
        : typeof body === "object" && body !== null
          ? Object.values(body).filter(Array.isArray)
          : [];
      const seen = this.#seen.get(idName) ?? [];
      for (const item of lists.flat()) {
        if (typeof item !== "object" || item === null) continue;
        const record = item as Record<string, unknown>;
        const id = record[idName] ?? record["id"];
        if (
          (typeof id === "string" || typeof id === "number") &&
          !seen.includes(id) &&
          seen.length < SEEN_IDS
        )
          seen.push(id);
      }
      this.#seen.set(idName, seen);
    }
  }

  /**
   * A successful DELETE on `<creating path>/{idName}`: the resource its URL names (the last
   * segment) is gone, so later requests use another.
   */
  #forget(path: string, url: string): void {
    for (const [idName, sequence] of this.#creators) {
      if (path !== `${sequence.create.path.replace(/\/+$/, "")}/{${idName}}`) continue;
      const last = decodeURIComponent(new URL(url).pathname.split("/").at(-1) ?? "");
      if (String(this.#live.get(idName)?.id) === last) this.#live.delete(idName);
      this.#seen.set(
        idName,
        (this.#seen.get(idName) ?? []).filter((id) => String(id) !== last),
      );
    }
  }

  /** A new capture name for a created `idName` (`petId_3`), unique within the run. */
  nextRef(idName: string): string {
    return `${idName}_${++this.#created}`;
  }

  /** How many alternatives {@link bind} can choose from (1 + the most ids seen for a name). */
  get choices(): number {
    return 1 + Math.max(0, ...[...this.#seen.values()].map((ids) => ids.length));
  }

  /** The id names a live resource can be created for. */
  get idNames(): readonly string[] {
    return [...this.#creators.keys()];
  }

  /** A live id for `idName` and the steps that made it, created on first use (undefined when it cannot be). */
  async resource(idName: string, depth = 0): Promise<Live | undefined> {
    const known = this.#live.get(idName);
    if (known !== undefined) return known;
    const sequence = this.#creators.get(idName);
    if (sequence === undefined || depth > 3) return undefined;
    const requests = positiveRequests(
      this.#context.api,
      sequence.create,
      this.#context.skipHeaders,
    );
    if (requests.kind === "skipped") return undefined;
    for (let attempt = 0; attempt < 5; attempt++) {
      let sample: GeneratedRequest | undefined;
      try {
        sample = sampleDefined(
          requests.arbitrary,
          seedFor(this.#context.seed, "dependency", idName, String(attempt)),
          1,
        )[0];
      } catch {
        return undefined;
      }
      if (sample === undefined) return undefined;
      const bound = await this.bind(sample, idName, depth + 1);
      const result = await exchange(this.#context, sequence.create, bound.request, {
        refs: bound.refs,
      });
      if (result.response.status < 200 || result.response.status > 299) continue;
      const id = createdId(linkContext(bound.request, result), idName);
      const source =
        id === undefined ? undefined : findCapture(id, result.response, [`/${idName}`, "/id"]);
      if (id !== undefined) {
        const ref = this.nextRef(idName);
        const step = source === undefined ? result.step : withCapture(result.step, ref, source);
        const live = {
          id,
          steps: [...bound.steps, step],
          ref: source === undefined ? undefined : ref,
        };
        this.#live.set(idName, live);
        return live;
      }
    }
    return undefined;
  }

  /**
   * The request with every parameter or top-level body property named like a creatable id (but
   * `ownId`, what the request itself creates) bound to a live one, with the steps that created
   * them and where the request refers to them.
   */
  async bind(
    request: GeneratedRequest,
    ownId: string | undefined,
    depth = 0,
    choice = 0,
  ): Promise<Bound> {
    let result = request;
    const steps: Step[] = [];
    const refs: Ref[] = [];
    for (const idName of this.#creators.keys()) {
      if (idName === ownId) continue;
      const inParameters = (["path", "query", "header", "cookie"] as const).filter(
        (location) => idName in result.parameters[location],
      );
      const body = result.body?.value;
      const inBody =
        body !== null && typeof body === "object" && !Array.isArray(body) && idName in body;
      if (inParameters.length === 0 && !inBody) continue;
      // choice 0: the resource created here; choice n: the n-th id seen in a list (which existed before)
      const seen = this.#seen.get(idName) ?? [];
      const live =
        choice > 0 && seen.length > 0
          ? { id: seen[(choice - 1) % seen.length], steps: [], ref: undefined }
          : await this.resource(idName, depth);
      if (live === undefined) continue;
      for (const step of live.steps) if (!steps.includes(step)) steps.push(step);
      const overrides: Overrides = {};
      for (const location of inParameters) overrides[location] = { [idName]: live.id };
      if (live.ref !== undefined)
        for (const location of [...inParameters, ...(inBody ? (["body"] as const) : [])])
          refs.push({ location, name: idName, ref: live.ref, value: live.id });
      result = override(result, overrides);
      if (inBody && result.body !== undefined)
        result = {
          ...result,
          body: {
            ...result.body,
            value: { ...(body as Record<string, unknown>), [idName]: live.id },
          },
        };
    }
    return { request: result, steps, refs };
  }
}
