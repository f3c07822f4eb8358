// Runtime template of the pet store contract toolchain: copied verbatim into generated/runtime/. Edit it in templates/, never in generated/.
/**
 * Serving one page of a paginated operation from every matching item, as its `x-pagination`
 * declaration says (docs/pagination.md): the page's slice, the total, the next cursor, the
 * `has_more` flag and the `Link: <…>; rel="next"` header (RFC 8288), in the places declared.
 * Web-standard only, and in the client's folder because two sides use it: the generated server's
 * `paginate<Op>` helpers (server/paginate.ts) and the MSW mocks, which a browser bundles.
 */
import type { ArrayItem, AtPointer, PaginationDescriptor, PageSource } from "./descriptor.js";
import { valueAt } from "./page-reading.js";

/** What a page is cut from: the request's validated query and its URL (for the next link). */
export interface PageRequestInput {
  readonly query: Readonly<Record<string, unknown>>;
  /** The request's URL; the next link keeps its query, with the next position. */
  readonly url: string;
}

/** One page: the 200's body and headers, and where the next page starts (if any). */
export interface ServedPage {
  readonly body: unknown;
  readonly headers: Record<string, string | number | boolean>;
  /** The index (in the full list) of the first item of the next page; undefined on the last page. */
  readonly nextStart: number | undefined;
}

/** Default page size when the declaration's `limit` parameter has no default in the spec. */
export const FALLBACK_LIMIT = 20;

/**
 * The page of `items` (every matching item, in the API's order) that `input` asks for.
 * `extra` is merged into a body object (Stripe's `object: "list"`); unused when the items are
 * the body itself. Cursors: the declared item field (`nextCursor: $response.body#/data/-1/id`),
 * else an opaque position (the next item's index, in decimal); an unknown cursor is an empty page.
 */
export function servePage(
  pagination: PaginationDescriptor,
  items: readonly unknown[],
  input: PageRequestInput,
  extra: Readonly<Record<string, unknown>> = {},
): ServedPage {
  const limit =
    positive(pagination.limit && input.query[pagination.limit]) ??
    pagination.defaultLimit ??
    FALLBACK_LIMIT;
  const start = startOf(pagination, items, input.query, limit);
  const page = items.slice(start, start + limit);
  const nextStart = start + limit < items.length && page.length > 0 ? start + limit : undefined;
  const headers: Record<string, string | number | boolean> = {};
  const fields: [readonly string[], unknown][] = [];
  const put = (source: PageSource | undefined, value: unknown): void => {
    if (source === undefined || value === undefined) return;
    if (source.in === "header") headers[source.name] = value as string | number | boolean;
    else fields.push([source.pointer, value]);
  };
  put(pagination.total, items.length);
  put(pagination.hasMore, nextStart !== undefined);
  const cursor = nextStart === undefined ? undefined : cursorAt(pagination, items, nextStart);
  // a cursor read from the last item needs no field of its own; an opaque one is null at the end
  if (itemCursor(pagination) === undefined)
    put(pagination.nextCursor, cursor ?? (pagination.nextCursor?.in === "body" ? null : undefined));
  const link =
    nextStart === undefined ? undefined : nextUrl(pagination, input, nextStart, limit, cursor);
  if (pagination.next?.in === "header") put(pagination.next, link && `<${link}>; rel="next"`);
  else put(pagination.next, link ?? null);
  const pointer = pagination.items.pointer;
  if (pointer.length === 0) return { body: page, headers, nextStart };
  const body: Record<string, unknown> = { ...extra };
  for (const [at, value] of [[pointer, page] as const, ...fields]) setAt(body, at, value);
  return { body, headers, nextStart };
}

/** The item field a cursor is read from (`data/-1/id` → `["id"]`), when the cursor is an item's. */
function itemCursor(pagination: PaginationDescriptor): readonly string[] | undefined {
  const source = pagination.nextCursor;
  if (source?.in !== "body") return undefined;
  const items = pagination.items.pointer;
  const at = source.pointer;
  const prefix = items.every((token, index) => at[index] === token);
  return prefix && at[items.length] === "-1" ? at.slice(items.length + 1) : undefined;
}

function cursorAt(
  pagination: PaginationDescriptor,
  items: readonly unknown[],
  nextStart: number,
): unknown {
  const field = itemCursor(pagination);
  if (field === undefined) return String(nextStart);
  return valueAt(items[nextStart - 1], field);
}

function startOf(
  pagination: PaginationDescriptor,
  items: readonly unknown[],
  query: Readonly<Record<string, unknown>>,
  limit: number,
): number {
  if (pagination.style === "offset")
    return Math.max(0, Number(query[pagination.offset!] ?? 0) || 0);
  if (pagination.style === "link") {
    if (pagination.page === undefined)
      throw new Error(
        "A `link` style x-pagination needs its `page` parameter for the server to serve pages: declare `page: $request.query.page`",
      );
    return ((positive(query[pagination.page]) ?? 1) - 1) * limit;
  }
  const cursor = query[pagination.cursor!];
  if (cursor === undefined || cursor === "") return 0;
  const field = itemCursor(pagination);
  if (field === undefined) {
    const position = Number(cursor);
    return Number.isInteger(position) && position >= 0 ? position : items.length;
  }
  const index = items.findIndex(
    (_, i) => String(cursorAt(pagination, items, i + 1)) === String(cursor),
  );
  return index < 0 ? items.length : index + 1;
}

/**
 * The next page's URL, relative to the request's (a query-only reference: `?limit=10&offset=20`),
 * so it holds behind a proxy or a path prefix: the request's query with the next position.
 */
function nextUrl(
  pagination: PaginationDescriptor,
  input: PageRequestInput,
  nextStart: number,
  limit: number,
  cursor: unknown,
): string {
  const search = new URL(input.url, "http://localhost/").searchParams;
  if (pagination.style === "offset") search.set(pagination.offset!, String(nextStart));
  else if (pagination.style === "cursor") search.set(pagination.cursor!, String(cursor));
  else search.set(pagination.page!, String(Math.floor(nextStart / limit) + 1));
  return `?${search.toString()}`;
}

function setAt(target: Record<string, unknown>, pointer: readonly string[], value: unknown): void {
  let node = target;
  pointer.forEach((token, index) => {
    if (index === pointer.length - 1) node[token] = value;
    else node = (node[token] ??= {}) as Record<string, unknown>;
  });
}

function positive(value: unknown): number | undefined {
  const number = Number(value);
  return value !== undefined && value !== "" && Number.isInteger(number) && number > 0
    ? number
    : undefined;
}
