// Runtime template of the pet store contract toolchain: copied verbatim into generated/runtime/. Edit it in templates/, never in generated/.
/**
 * Pages through a paginated operation (its `x-pagination` declaration, docs/pagination.md):
 * `pages()` yields one call result per page, `items()` every item. Each page is an ordinary
 * call of the client, so it shares the client's rate-limit state, retries and middleware; the
 * walk honours the signal, one deadline for the whole walk, and `maxPages` / `maxItems`.
 */
import type { CallInit } from "./build-request.js";
import type { ArrayItem, AtPointer, PageSource, PaginationDescriptor } from "./descriptor.js";
import { nextPage, pageItems } from "./page-reading.js";
import type { ClientResult } from "./result.js";
import { timeoutError } from "./timeout.js";
import type { OperationOutcome, OperationRequest, OperationSuccess } from "./types.js";

export type { PageSource, PaginationDescriptor };
export { nextPage, pageItems, parseNextLink, readPageValue } from "./page-reading.js";

/** The type of one item of a paginated operation's page: its 2XX body at the items pointer. */
export type PageItem<Op, P extends readonly string[]> = ArrayItem<
  AtPointer<OperationSuccess<Op>["data"], P>
>;

/** How far a walk goes; the page request itself is the first argument. */
export interface PageOptions {
  /** Aborts the walk (also between pages): it rejects with `signal.reason`. */
  readonly signal?: AbortSignal;
  /**
   * The whole walk's deadline in ms (every page's waits, retries and attempts together): at the
   * deadline it rejects with a `DOMException` named `TimeoutError`.
   */
  readonly deadlineMs?: number;
  /** Stop after this many pages (requests that answered). */
  readonly maxPages?: number;
  /**
   * Stop once this many items were read: `items()` yields exactly that many (at most), `pages()`
   * ends with the page that reached it (pages are not cut).
   */
  readonly maxItems?: number;
}

/** The arguments of `pages()` and `items()`: the first page's request, then the walk's bounds. */
export type PageArgs<Op, T extends boolean = boolean> =
  {} extends OperationRequest<Op>
    ? [init?: OperationRequest<Op> & { throwOnError?: T }, options?: PageOptions]
    : [init: OperationRequest<Op> & { throwOnError?: T }, options?: PageOptions];

/** What a paginated operation's method has besides being called. */
export interface PageMethods<Op, Item, Throws extends boolean = false> {
  /**
   * Every page, in order, as the call's result. Ends after the last page, or with the first
   * failure as the last value (with `throwOnError`, the `ApiError` rejects instead).
   */
  pages<T extends boolean = Throws>(
    ...args: PageArgs<Op, T>
  ): AsyncIterable<OperationOutcome<Op, T>>;
  /** Every item of every page, in order. A failed page rejects with a {@link PageFailedError}. */
  items<T extends boolean = Throws>(...args: PageArgs<Op, T>): AsyncIterable<Item>;
}

/** The failed result that ended an `items()` walk (or an `ApiError` with `throwOnError`). */
export class PageFailedError extends Error {
  override readonly name: string = "PageFailedError";
  /** The failed page's result. */
  declare readonly result: ClientResult;
  /** How many pages had been read before it. */
  declare readonly pagesRead: number;

  constructor(operationId: string, result: ClientResult, pagesRead: number) {
    super(
      `Page ${pagesRead + 1} of "${operationId}" failed with status ${result.status}; the items before it were yielded (the failed result is this error's \`result\`)`,
    );
    this.result = result;
    this.pagesRead = pagesRead;
  }
}

/** A page that would be the page just read: the server's next does not advance. */
export class PageLoopError extends Error {
  override readonly name: string = "PageLoopError";
  constructor(operationId: string, query: unknown) {
    super(
      `The next page of "${operationId}" is the page just read (${JSON.stringify(query)}): the server's pagination does not advance, so the walk stops here`,
    );
  }
}

type Call = (init: CallInit) => Promise<ClientResult>;

/** Every page of the walk, as {@link PageMethods.pages} describes. */
export async function* walkPages(
  operationId: string,
  pagination: PaginationDescriptor,
  call: Call,
  init: CallInit = {},
  options: PageOptions = {},
  now: () => number = Date.now,
): AsyncGenerator<ClientResult> {
  const signal = options.signal ?? init.signal;
  const end = options.deadlineMs === undefined ? undefined : now() + options.deadlineMs;
  const maxPages = options.maxPages ?? Infinity;
  let itemsLeft = options.maxItems ?? Infinity;
  const seen = new Set<string>();
  let request: CallInit = init;
  for (let read = 0; read < maxPages && itemsLeft > 0; read++) {
    signal?.throwIfAborted();
    const deadlineMs = end === undefined ? init.deadlineMs : end - now();
    if (deadlineMs !== undefined && deadlineMs <= 0)
      throw timeoutError(options.deadlineMs ?? 0, `Paging through "${operationId}"`);
    const result = await call({ ...request, ...(signal && { signal }), deadlineMs });
    if (!result.ok) {
      yield result;
      return;
    }
    const items = pageItems(pagination, result.data);
    itemsLeft -= items.length;
    yield result;
    const next = nextPage(pagination, request.query ?? {}, result, items.length);
    if (next === undefined) return;
    const key = JSON.stringify(next);
    if (seen.has(key) || key === JSON.stringify(request.query ?? {}))
      throw new PageLoopError(operationId, next);
    seen.add(key);
    request = { ...request, query: next };
  }
}

/** Every item of every page; a failed page rejects with a {@link PageFailedError}. */
export async function* walkItems(
  operationId: string,
  pagination: PaginationDescriptor,
  call: Call,
  init: CallInit = {},
  options: PageOptions = {},
  now: () => number = Date.now,
): AsyncGenerator<unknown> {
  let read = 0;
  let left = options.maxItems ?? Infinity;
  for await (const page of walkPages(operationId, pagination, call, init, options, now)) {
    if (!page.ok) throw new PageFailedError(operationId, page, read);
    read++;
    for (const item of pageItems(pagination, page.data)) {
      if (left-- <= 0) return;
      yield item;
    }
  }
}

/** Adds `pages` and `items` to an operation method of a paginated operation. */
export function withPages<M extends (init?: CallInit) => Promise<ClientResult>>(
  method: M,
  operationId: string,
  pagination: PaginationDescriptor,
): M {
  const call: Call = (init) => method(init);
  return Object.assign(method, {
    pages: (init?: CallInit, options?: PageOptions) =>
      walkPages(operationId, pagination, call, init, options),
    items: (init?: CallInit, options?: PageOptions) =>
      walkItems(operationId, pagination, call, init, options),
  });
}
