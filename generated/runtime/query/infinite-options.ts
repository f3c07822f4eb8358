// Runtime template of the pet store contract toolchain: copied verbatim into generated/runtime/. Edit it in templates/, never in generated/.
/**
 * TanStack Query v5 infinite query options for a paginated operation (`x-pagination`,
 * docs/pagination.md): the `infiniteQueryOptions` shape, each page's `pageParam` the query of the
 * request that fetches it, `getNextPageParam` read from the declaration (the next offset, cursor
 * or `Link`, the same reading as the client's `pages()`). Keys are in the operation's per-client
 * family: `[api, resource, operationId, params, { client, infinite: true }]`, so a prefix or a
 * mutation's invalidation reaches the infinite queries too.
 */
import type { DataTag, InfiniteData } from "@tanstack/query-core";
import type { PaginationDescriptor } from "../client/descriptor.js";
import { nextPage, pageItems, type PageResponse } from "../client/page-reading.js";
import type { OperationRequest } from "../client/types.js";
import {
  keyParams,
  operationKey,
  type OperationKeyPrefix,
  type OperationParams,
  type QueryData,
  type QueryKeyClient,
  type QueryKeyParams,
} from "./query-options.js";

/** A page's query: the query parameters of the request that fetches it. */
export type PageQuery = Readonly<Record<string, unknown>>;

/** One page of an infinite query: the 2XX body, and the next page's query (`null`: the last). */
export interface InfinitePage<Op> {
  readonly data: QueryData<Op>;
  readonly next: PageQuery | null;
}

/** The key of an operation's infinite query. */
export type OperationInfiniteKey<Op> = readonly [
  api: string,
  resource: string,
  operationId: string,
  params: QueryKeyParams<Op>,
  mark: Partial<QueryKeyClient> & { readonly infinite: true },
];

/** What `<op>InfiniteOptions(...)` returns: spread it into `useInfiniteQuery`, `fetchInfiniteQuery`… */
export interface OperationInfiniteOptions<Op> {
  readonly queryKey: DataTag<OperationInfiniteKey<Op>, InfiniteData<InfinitePage<Op>, PageQuery>>;
  readonly queryFn: (context: {
    readonly signal: AbortSignal;
    readonly pageParam: PageQuery;
  }) => Promise<InfinitePage<Op>>;
  readonly initialPageParam: PageQuery;
  readonly getNextPageParam: (lastPage: InfinitePage<Op>) => PageQuery | undefined;
  /** The client retries what is safe to retry; TanStack Query does not retry on top. */
  readonly retry: false;
}

type PageCall = (init: object) => Promise<PageResponse & { readonly data: unknown }>;

/**
 * Infinite query options for a paginated GET operation.
 *
 * @param client the typed client (any object with the method)
 * @param name the client's method name
 * @param prefix `[api, resource, operationId]`
 * @param pagination the operation's declaration (`OPERATIONS[name].pagination` of the client)
 * @param params the first page's parameters (the key's params part)
 */
export function operationInfiniteOptions<Op>(
  client: object,
  name: string,
  prefix: OperationKeyPrefix,
  pagination: PaginationDescriptor,
  params: OperationParams<Op> | undefined,
): OperationInfiniteOptions<Op> {
  const init = (params ?? {}) as OperationRequest<Op> & { query?: PageQuery };
  const key = operationKey(prefix, init, client);
  const mark = { ...(key.length === 5 ? key[4] : {}), infinite: true as const };
  const method = (client as Record<string, PageCall>)[name];
  if (typeof method !== "function")
    throw new TypeError(`the client has no method ${name}: pass the package's typed client`);
  return {
    queryKey: [
      ...prefix,
      keyParams(init),
      mark,
    ] as unknown as OperationInfiniteOptions<Op>["queryKey"],
    queryFn: async ({ signal, pageParam }) => {
      const result = await method.call(client, {
        ...init,
        query: pageParam,
        signal,
        throwOnError: true,
      });
      const count = pageItems(pagination, result.data).length;
      const next = nextPage(pagination, pageParam, result, count) ?? null;
      return { data: (result.data === undefined ? null : result.data) as QueryData<Op>, next };
    },
    initialPageParam: init.query ?? {},
    getNextPageParam: (lastPage) => lastPage.next ?? undefined,
    retry: false,
  };
}
