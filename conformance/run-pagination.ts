/**
 * The pagination walk (docs/pagination.md#conformance): every selected operation that declares
 * `x-pagination` is walked from its first page to its end, following the declaration as the
 * generated client does (templates/client/page-reading.ts), within the run's budget. It fails
 * (`pagination_walk`) on a repeated item, a skipped item when the total is known, a total that
 * changes between pages, a next page (offset, cursor or link) that does not advance, or a `next`
 * link that disagrees with the page; each failure lists the page requests that show it. The walk
 * assumes the collection does not change while it runs (run it on a quiet server).
 */
import type { OperationModel } from "../generator/model/types.js";
import { nextLink, nextPage, pageItems, readPageValue } from "../templates/client/page-reading.js";
import type { PaginationDescriptor } from "../templates/client/descriptor.js";
import { failure, type CheckFailure } from "./checks/check-failure.js";
import type { Step } from "./replay-steps.js";
import { sampleDefined, seedFor } from "./property.js";
import { positiveRequests, type GeneratedRequest } from "./request-arbitrary.js";
import {
  exchange,
  markExecuted,
  toConformanceFailure,
  type ConformanceFailure,
  type RunContext,
} from "./run-context.js";

export interface PaginationWalkOptions {
  /** Pages per operation at most (default 50): a longer list is walked that far, with a note. */
  readonly maxPages?: number;
  /** The page size asked for (default 5, within the `limit` parameter's bounds). */
  readonly pageSize?: number;
  /** Whether the run's time is up (the walk stops between pages). */
  readonly outOfTime?: () => boolean;
}

export async function runPagination(
  context: RunContext,
  operations: readonly OperationModel[],
  notes: string[],
  options: PaginationWalkOptions = {},
): Promise<ConformanceFailure[]> {
  const failures: ConformanceFailure[] = [];
  for (const operation of operations) {
    if (operation.pagination === undefined) continue;
    if (operation.method !== "get") {
      notes.push(`${operation.operationId}: pagination not walked (only GET lists are)`);
      continue;
    }
    if (options.outOfTime?.() === true) break;
    failures.push(...(await walk(context, operation, operation.pagination, notes, options)));
  }
  return failures;
}

async function walk(
  context: RunContext,
  operation: OperationModel,
  pagination: PaginationDescriptor,
  notes: string[],
  options: PaginationWalkOptions,
): Promise<ConformanceFailure[]> {
  const id = operation.operationId;
  const first = firstRequest(context, operation, pagination, options.pageSize ?? 5);
  if (first === undefined) {
    notes.push(`${id}: pagination not walked (no request could be drawn)`);
    return [];
  }
  markExecuted(context, id, "pagination_walk");
  const maxPages = options.maxPages ?? 50;
  const pages: Step[] = [];
  const seen = new Map<string, number>();
  const queries = new Set<string>();
  let request = first;
  let total: number | undefined;
  let count = 0;
  for (let index = 0; index < maxPages; index++) {
    const result = await exchange(context, operation, request);
    const fail = (found: CheckFailure): ConformanceFailure[] => [
      toConformanceFailure(context, id, "pagination", result.request, result.response, found, {
        steps: pages,
      }),
    ];
    if (result.response.status < 200 || result.response.status > 299) {
      notes.push(`${id}: pagination walk stopped at page ${index + 1} (${result.response.status})`);
      return [];
    }
    const page = {
      data: parse(result.response.bodyText),
      response: { headers: result.response.headers, url: result.request.url },
    };
    const items = pageItems(pagination, page.data);
    for (const [position, item] of items.entries()) {
      const key = JSON.stringify(item);
      const before = seen.get(key);
      if (before !== undefined)
        return fail(
          walkFailure(
            `item ${count + position + 1} repeats item ${before + 1} (an earlier page had it)`,
            "every item once",
            key,
            `/${pagination.items.pointer.join("/")}`,
          ),
        );
      seen.set(key, count + position);
    }
    count += items.length;
    const declared =
      pagination.total === undefined ? undefined : Number(readPageValue(pagination.total, page));
    if (declared !== undefined && Number.isFinite(declared)) {
      if (total !== undefined && declared !== total)
        return fail(
          walkFailure(
            `the total changed between pages of an unchanged collection`,
            String(total),
            String(declared),
            sourcePointer(pagination.total),
          ),
        );
      total = declared;
    }
    const query = request.parameters.query;
    const next = nextPage(pagination, query, page, items.length);
    const linkProblem = checkNextLink(pagination, page, next);
    if (linkProblem !== undefined) return fail(linkProblem);
    if (next === undefined) {
      if (total !== undefined && count !== total)
        return fail(
          walkFailure(
            `the walk ended after ${count} item(s), but the total is ${total}: ${count < total ? "items were skipped" : "more items than the total"}`,
            `${total} item(s)`,
            `${count} item(s)`,
            sourcePointer(pagination.total),
          ),
        );
      return [];
    }
    pages.push(result.step);
    const key = JSON.stringify(next);
    if (queries.has(key) || key === JSON.stringify(query))
      return fail(
        walkFailure(
          "the next page does not advance: its request is one the walk already sent",
          "a request not sent before",
          key,
          sourcePointer(pagination.next ?? pagination.nextCursor),
        ),
      );
    queries.add(JSON.stringify(query));
    request = { ...request, parameters: { ...request.parameters, query: next } };
  }
  notes.push(`${id}: pagination walked ${maxPages} pages (the budget) without reaching the end`);
  return [];
}

/**
 * For offset and cursor lists that also declare a `next` link: present exactly while a next page
 * follows, and asking for that page (the same offset or cursor).
 */
function checkNextLink(
  pagination: PaginationDescriptor,
  page: Parameters<typeof nextLink>[1],
  next: Record<string, unknown> | undefined,
): CheckFailure | undefined {
  if (pagination.style === "link" || pagination.next === undefined) return undefined;
  const link = nextLink(pagination, page);
  const name = pagination.style === "offset" ? pagination.offset! : pagination.cursor!;
  const pointer = sourcePointer(pagination.next);
  if (next === undefined)
    return link === undefined
      ? undefined
      : walkFailure("the last page has a next link", "no next link", link.href, pointer);
  if (link === undefined)
    return walkFailure(
      "a next page follows but the response has no next link",
      `a link with ${name}=${String(next[name])}`,
      "none",
      pointer,
    );
  const linked = link.searchParams.get(name);
  return linked === String(next[name])
    ? undefined
    : walkFailure(
        "the next link does not ask for the next page",
        `${name}=${String(next[name])}`,
        `${name}=${linked ?? "(none)"}`,
        pointer,
      );
}

/** The first page's request: a drawn valid request, its optional query parameters left out, a small page size. */
function firstRequest(
  context: RunContext,
  operation: OperationModel,
  pagination: PaginationDescriptor,
  pageSize: number,
): GeneratedRequest | undefined {
  const positive = positiveRequests(context.api, operation, context.skipHeaders);
  if (positive.kind === "skipped") return undefined;
  const [drawn] = sampleDefined(
    positive.arbitrary,
    seedFor(context.seed, operation.operationId, "pagination"),
    1,
  );
  if (drawn === undefined) return undefined;
  const required = new Set(operation.parameters.query.filter((p) => p.required).map((p) => p.name));
  const query: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(drawn.parameters.query))
    if (required.has(name)) query[name] = value;
  for (const name of [pagination.offset, pagination.cursor, pagination.page])
    if (name !== undefined) delete query[name];
  if (pagination.limit !== undefined)
    query[pagination.limit] = pageSizeFor(operation, pagination.limit, pageSize);
  return { ...drawn, parameters: { ...drawn.parameters, query } };
}

function pageSizeFor(operation: OperationModel, name: string, wanted: number): number {
  const schema = operation.parameters.query.find((p) => p.name === name)?.schema;
  const bounds = typeof schema === "object" ? schema : {};
  const minimum = typeof bounds.minimum === "number" ? bounds.minimum : 1;
  const maximum = typeof bounds.maximum === "number" ? bounds.maximum : wanted;
  return Math.max(minimum, Math.min(maximum, wanted));
}

function walkFailure(
  message: string,
  expected: string,
  actual: string,
  pointer: string,
): CheckFailure {
  return failure("pagination_walk", message, expected, actual, pointer);
}

function sourcePointer(source: PaginationDescriptor["total"]): string {
  if (source === undefined) return "";
  return source.in === "header" ? `header ${source.name}` : `/${source.pointer.join("/")}`;
}

function parse(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
