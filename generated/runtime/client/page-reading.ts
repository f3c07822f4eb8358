// Runtime template of the pet store contract toolchain: copied verbatim into generated/runtime/. Edit it in templates/, never in generated/.
/**
 * Reading one page's response as its `x-pagination` declaration says (docs/pagination.md): its
 * items, a value from a header or the body, the `rel="next"` target of a `Link` header (RFC 8288)
 * and the next page's query. Shared by the client's `pages()`/`items()` and the conformance walk.
 */
import type { PageSource, PaginationDescriptor } from "./descriptor.js";

/** What a page reader needs of a response: its parsed body and its headers. */
export interface PageResponse {
  readonly data: unknown;
  readonly response: { readonly headers: Headers; readonly url: string };
}

/** The value at `pointer` in `value`; `-1` on an array is its last element. */
export function valueAt(value: unknown, pointer: readonly string[]): unknown {
  let node = value;
  for (const token of pointer) {
    if (Array.isArray(node)) node = node[token === "-1" ? node.length - 1 : Number(token)];
    else if (typeof node === "object" && node !== null)
      node = Object.hasOwn(node, token) ? (node as Record<string, unknown>)[token] : undefined;
    else return undefined;
  }
  return node;
}

/** The page's items (`[]` when the declared place holds no array). */
export function pageItems(pagination: PaginationDescriptor, data: unknown): readonly unknown[] {
  const items = valueAt(data, pagination.items.pointer);
  return Array.isArray(items) ? items : [];
}

/** A header's text or a body value, as the response gives it (`undefined` when absent). */
export function readPageValue(source: PageSource, page: PageResponse): unknown {
  if (source.in === "body") return valueAt(page.data, source.pointer);
  return page.response.headers.get(source.name) ?? undefined;
}

/**
 * The target of the first `rel="next"` link of a `Link` header value (RFC 8288: `rel` may list
 * several relation types, any case), or `undefined`.
 */
export function parseNextLink(header: string): string | undefined {
  for (const match of header.matchAll(
    /<([^>]*)>((?:\s*;\s*[^;,<=\s]+\s*(?:=\s*(?:"[^"]*"|[^;,]*))?)*)/g,
  )) {
    const rel = /;\s*rel\s*=\s*(?:"([^"]*)"|([^;,\s]+))/i.exec(match[2] ?? "");
    const types = (rel?.[1] ?? rel?.[2] ?? "").toLowerCase().split(/\s+/);
    if (types.includes("next")) return match[1];
  }
  return undefined;
}

/** The next page's URL a `next` source gives (a `Link` header's `rel="next"`, or a URL field). */
export function nextLink(pagination: PaginationDescriptor, page: PageResponse): URL | undefined {
  if (pagination.next === undefined) return undefined;
  const value = readPageValue(pagination.next, page);
  if (typeof value !== "string" || value === "") return undefined;
  const target = pagination.next.in === "header" ? parseNextLink(value) : value;
  if (target === undefined) return undefined;
  try {
    return new URL(target, page.response.url || "http://localhost/");
  } catch {
    return undefined;
  }
}

/**
 * The query of the page after this one, or `undefined` when this is the last: offset style from
 * the offset and the items read (ending at the total, or at a short or empty page), cursor style
 * from the next cursor (ending when `hasMore` is false or there is none), link style from the
 * next link's query (ending when there is none).
 */
export function nextPage(
  pagination: PaginationDescriptor,
  query: Readonly<Record<string, unknown>>,
  page: PageResponse,
  count: number,
): Record<string, unknown> | undefined {
  if (pagination.style === "link") {
    const link = nextLink(pagination, page);
    if (link === undefined) return undefined;
    const next: Record<string, unknown> = {};
    for (const [name, value] of link.searchParams) {
      const previous = next[name];
      next[name] =
        previous === undefined
          ? value
          : Array.isArray(previous)
            ? [...previous, value]
            : [previous, value];
    }
    return next;
  }
  if (pagination.style === "cursor") {
    if (pagination.hasMore !== undefined) {
      const more = readPageValue(pagination.hasMore, page);
      if (more === false || more === "false") return undefined;
    }
    const cursor = readPageValue(pagination.nextCursor!, page);
    if (cursor === undefined || cursor === null || cursor === "" || count === 0) return undefined;
    return { ...query, [pagination.cursor!]: cursor };
  }
  const offsetName = pagination.offset!;
  const offset = Number(query[offsetName] ?? 0);
  const next = offset + count;
  const declared =
    pagination.total === undefined ? NaN : Number(readPageValue(pagination.total, page) ?? NaN);
  const total = Number.isFinite(declared) ? declared : undefined;
  if (count === 0 || (total !== undefined && next >= total)) return undefined;
  const limit =
    pagination.limit === undefined
      ? undefined
      : (query[pagination.limit] ?? pagination.defaultLimit);
  if (total === undefined && limit !== undefined && count < Number(limit)) return undefined;
  return { ...query, [offsetName]: next };
}
