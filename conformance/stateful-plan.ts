/**
 * Stateful sequences: what a created resource must allow afterwards. From the spec's `links` when
 * the creating operation declares them (the link's parameters say how to address the resource),
 * otherwise inferred from the paths: `POST /things` creates what `GET`/`PUT`/`PATCH`/`DELETE
 * /things/{thingId}` address (and every `GET` under `/things/` ending in `{thingId}` reads), with
 * the id from the 2xx body (`thingId`, else `id`) or the `Location` header's last segment.
 */
import type { OperationModel, ParameterLocation } from "../generator/model/types.js";
import type { ConformanceApi, LinkModel } from "./load-api.js";
import { evaluateExpression, type LinkContext } from "./link-expressions.js";
import { lastSegment } from "./replay-steps.js";

/** How a follow-up request's parameters are bound from the creating exchange. */
export type Binding = (
  context: LinkContext,
) => Partial<Record<ParameterLocation, Record<string, unknown>>> | undefined;

export interface FollowUp {
  readonly operation: OperationModel;
  readonly bind: Binding;
}

export interface StatefulSequence {
  /** `links` or `inferred`. */
  readonly source: "links" | "inferred";
  readonly create: OperationModel;
  /** The parameter name that carries the created id (for dependencies of other creates). */
  readonly idName: string | undefined;
  /** Every read of the created resource (each `GET` path that addresses it). */
  readonly reads: readonly FollowUp[];
  /** `PUT`/`PATCH` of it: after each, every read must still succeed. */
  readonly updates: readonly FollowUp[];
  readonly deletes: readonly FollowUp[];
}

export function planSequences(api: ConformanceApi): StatefulSequence[] {
  const sequences: StatefulSequence[] = [];
  for (const create of api.model.operations) {
    const links = api.links.get(create.operationId);
    if (links !== undefined) {
      const sequence = linkSequence(api, create, links);
      if (sequence !== undefined) sequences.push(sequence);
      continue;
    }
    if (create.method !== "post" || /\}$/.test(create.path)) continue;
    const inferred = inferredSequence(api, create);
    if (inferred !== undefined) sequences.push(inferred);
  }
  return sequences;
}

function linkSequence(
  api: ConformanceApi,
  create: OperationModel,
  links: readonly LinkModel[],
): StatefulSequence | undefined {
  const success = links.filter((link) => /^2/.test(link.status) || link.status === "DEFAULT");
  const followUps = success.map((link) => ({
    link,
    operation: api.operation(link.targetOperationId),
  }));
  const bindOf =
    (link: LinkModel, operation: OperationModel): Binding =>
    (context) => {
      const out: Partial<Record<ParameterLocation, Record<string, unknown>>> = {};
      for (const [qualified, expression] of Object.entries(link.parameters)) {
        const match = /^(path|query|header|cookie)\.(.+)$/.exec(qualified);
        const name = match?.[2] ?? qualified;
        const location =
          (match?.[1] as ParameterLocation | undefined) ??
          (["path", "query", "header", "cookie"] as const).find((where) =>
            operation.parameters[where].some((parameter) => parameter.name === name),
          );
        if (location === undefined) continue;
        const value = evaluateExpression(expression, context);
        if (value === undefined) return undefined;
        (out[location] ??= {})[name] = value;
      }
      return out;
    };
  const reads = followUps
    .filter(({ operation }) => operation.method === "get")
    .map(({ link, operation }) => ({ operation, bind: bindOf(link, operation) }));
  const of = (methods: readonly string[]): FollowUp[] =>
    followUps
      .filter(({ operation }) => methods.includes(operation.method))
      .map(({ link, operation }) => ({ operation, bind: bindOf(link, operation) }));
  const deletes = of(["delete"]);
  if (reads.length === 0 && deletes.length === 0) return undefined;
  const idName =
    reads[0]?.operation.parameters.path.at(-1)?.name ??
    deletes[0]?.operation.parameters.path.at(-1)?.name;
  return { source: "links", create, idName, reads, updates: of(["put", "patch"]), deletes };
}

function inferredSequence(
  api: ConformanceApi,
  create: OperationModel,
): StatefulSequence | undefined {
  const itemPattern = new RegExp(
    `^${escapeRegExp(create.path.replace(/\/+$/, ""))}/\\{([^{}/]+)\\}$`,
  );
  const onItem = api.model.operations.filter((operation) => itemPattern.test(operation.path));
  const idName = onItem[0] === undefined ? undefined : itemPattern.exec(onItem[0].path)?.[1];
  if (idName === undefined) return undefined;
  const bind: Binding = (context) => {
    const id = createdId(context, idName);
    return id === undefined ? undefined : { path: { [idName]: id } };
  };
  const depth = create.parameters.path.length + 1;
  const onItemBy = (method: string): FollowUp[] =>
    onItem
      .filter(
        (operation) => operation.method === method && operation.parameters.path.length === depth,
      )
      .map((operation) => ({ operation, bind }));
  // every path under the collection that reads one item by the same id (`/pets/by-id/{petId}`)
  const prefix = `${create.path.replace(/\/+$/, "")}/`;
  const reads = api.model.operations
    .filter(
      (operation) =>
        operation.method === "get" &&
        operation.path.startsWith(prefix) &&
        operation.path.endsWith(`/{${idName}}`) &&
        operation.parameters.path.length === depth,
    )
    .map((operation) => ({ operation, bind }));
  const deletes = onItemBy("delete");
  if (reads.length === 0 && deletes.length === 0) return undefined;
  return {
    source: "inferred",
    create,
    idName,
    reads,
    updates: [...onItemBy("put"), ...onItemBy("patch")],
    deletes,
  };
}

/** The created resource's id: the body's `<idName>` or `id`, else the Location header's last segment. */
export function createdId(context: LinkContext, idName: string): unknown {
  const body = context.responseBody;
  if (body !== null && typeof body === "object" && !Array.isArray(body)) {
    const record = body as Record<string, unknown>;
    for (const key of [idName, "id"]) {
      const value = record[key];
      if (typeof value === "string" || typeof value === "number") return value;
    }
  }
  const location = context.response.headers.get("location");
  return location === null ? undefined : lastSegment(location);
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
