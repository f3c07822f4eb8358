// Runtime template of the pet store contract toolchain: copied verbatim into generated/runtime/. Edit it in templates/, never in generated/.
/**
 * TanStack Query v5 options on the typed client: what the generated `query.ts` builds its
 * per-operation `<op>Options` (GET) and `<op>Mutation` (other methods) factories on.
 *
 * - The query function calls the client's method with the query's `signal` and
 *   `throwOnError: true`, so a non-2XX rejects with the client's `ApiError`, a cancelled query
 *   aborts its request (and any retry wait), and rate-limit retries, deprecation notices and
 *   middleware all apply.
 * - `retry: false`: the client already retried what is safe to retry (429 after `Retry-After`,
 *   network errors and 5xx of idempotent methods), so TanStack Query must not retry on top.
 * - Query keys are `[api, resource, operationId, params, { client }]`: a prefix (`[api]`,
 *   `[api, resource]`, `[api, resource, operationId]`) matches every query under it, so
 *   invalidation is a prefix. `client` is the client's identity (`origin#fingerprint` of its
 *   credentials, never a secret): two clients on two servers or keys in one `QueryClient` never
 *   read each other's data, and a mutation invalidates its own client's queries.
 *
 * Only types come from `@tanstack/query-core` (the optional peer dependency): nothing of it is
 * bundled, and the options work with every v5 adapter (React, Vue, Solid, Svelte, Angular).
 */
import type { DataTag, QueryClient } from "@tanstack/query-core";
import { clientIdentityKey } from "../client/client-identity.js";
import type {
  CallOptions,
  OperationMethod,
  OperationRequest,
  OperationSuccess,
} from "../client/types.js";

/** The parameters an operation's query or mutation takes: its request, without `signal` and `throwOnError`. */
export type OperationParams<Op> = Omit<OperationRequest<Op>, "signal" | "throwOnError">;

/** What a query key holds of the parameters: the request without its per-call options. */
export type QueryKeyParams<Op> = Omit<OperationRequest<Op>, keyof CallOptions>;

/** `[params?]` when the operation needs nothing, else `[params]`. */
export type QueryArgs<Op> =
  {} extends OperationParams<Op> ? [params?: OperationParams<Op>] : [params: OperationParams<Op>];

/** The 2XX body of an operation (`undefined` when it has none). */
export type SuccessData<Op> = OperationSuccess<Op>["data"];

/**
 * A query's data: the 2XX body, with `null` for "no body" (TanStack Query refuses `undefined`
 * as query data).
 */
export type QueryData<Op> =
  Exclude<SuccessData<Op>, undefined> | (undefined extends SuccessData<Op> ? null : never);

/** The first three parts of a key: API, resource, operation id. */
export type OperationKeyPrefix = readonly [api: string, resource: string, operationId: string];

/** The last part of a query key: which client it is for (`origin#fingerprint`). */
export interface QueryKeyClient {
  readonly client: string;
}

/** A query key of an operation, with its parameters (`{}` when it has none) and its client. */
export type OperationQueryKey<Op> =
  | readonly [api: string, resource: string, operationId: string, params: QueryKeyParams<Op>]
  | readonly [
      api: string,
      resource: string,
      operationId: string,
      params: QueryKeyParams<Op>,
      client: QueryKeyClient,
    ];

/** The variables of a mutation: optional (`void`) when the operation needs nothing. */
export type MutationVariables<Op> =
  {} extends OperationParams<Op> ? OperationParams<Op> | void : OperationParams<Op>;

/** What `<op>Options(...)` returns: spread it into `useQuery`, `fetchQuery`, `prefetchQuery`… */
export interface OperationQueryOptions<Op> {
  /** Tagged with the data type, so `queryClient.getQueryData(options.queryKey)` is typed. */
  readonly queryKey: DataTag<OperationQueryKey<Op>, QueryData<Op>>;
  readonly queryFn: (context: { readonly signal: AbortSignal }) => Promise<QueryData<Op>>;
  /** The client retries what is safe to retry; TanStack Query does not retry on top. */
  readonly retry: false;
}

/** The part of TanStack Query's mutation context the options use (v5.80+ passes it). */
export interface MutationContextLike {
  readonly client?: Pick<QueryClient, "invalidateQueries">;
}

/** Options of `<op>Mutation(client, options)`. */
export interface MutationFactoryOptions {
  /**
   * Invalidate, after a success, the queries the mutation changes (see `INVALIDATES` in the query
   * entry); `true` by default.
   */
  readonly invalidate?: boolean;
  /**
   * The `QueryClient` to invalidate in; by default the one TanStack Query passes to `onSuccess`
   * (query-core 5.80 and later). Pass it with older versions.
   */
  readonly queryClient?: Pick<QueryClient, "invalidateQueries">;
}

/** What `<op>Mutation(...)` returns: spread it into `useMutation` or a `MutationObserver`. */
export interface OperationMutationOptions<Op> {
  readonly mutationKey: OperationKeyPrefix;
  readonly mutationFn: (variables: MutationVariables<Op>) => Promise<SuccessData<Op>>;
  /** Invalidates the queries the mutation changes (unless `invalidate: false`). */
  readonly onSuccess: (
    data: SuccessData<Op>,
    variables: MutationVariables<Op>,
    onMutateResult: unknown,
    context?: MutationContextLike,
  ) => Promise<void>;
  /** The client retries what is safe to retry (never a non-idempotent request that may have run). */
  readonly retry: false;
}

/**
 * A client with the method `Name` of operation `Op`: the package's typed client, created with or
 * without `throwOnError` (the options pass `throwOnError: true` on every call).
 */
export type ClientWith<Name extends string, Op> = {
  readonly [K in Name]: OperationMethod<Op, boolean>;
};

/** Calls `client[name](init)` as a method (its `this` kept) and returns the result's `data`. */
async function callForData(client: object, name: string, init: object): Promise<unknown> {
  const method = (client as Record<string, (init: object) => Promise<{ data?: unknown }>>)[name];
  if (typeof method !== "function") {
    throw new TypeError(`the client has no method ${name}: pass the package's typed client`);
  }
  const result = await method.call(client, { ...init, throwOnError: true });
  return result.data;
}

/** The per-call options, which do not identify a query. */
const CALL_OPTION_NAMES = new Set(["headers", "timeoutMs", "deadlineMs", "retry", "resumeStream"]);

/** The parameters that identify a query: everything but the per-call options. */
export function keyParams(params: object | undefined): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(params ?? {})) {
    if (CALL_OPTION_NAMES.has(name) || value === undefined) continue;
    out[name] = value;
  }
  return out;
}

/** The key part naming a client, `undefined` for an object that is not the runtime's client. */
function clientPart(client: object | undefined): QueryKeyClient | undefined {
  const id = client === undefined ? undefined : clientIdentityKey(client);
  return id === undefined ? undefined : { client: id };
}

/**
 * A query key: the prefix alone (matches every query of the operation) or with the parameters,
 * and with the client (the exact key of that client's query).
 *
 * @param prefix `[api, resource, operationId]`
 * @param params the operation's parameters; omitted: the prefix
 * @param client the typed client the query is for
 */
export function operationKey(
  prefix: OperationKeyPrefix,
  params?: object,
  client?: object,
):
  | readonly [string, string, string]
  | readonly [string, string, string, Record<string, unknown>]
  | readonly [string, string, string, Record<string, unknown>, QueryKeyClient] {
  if (params === undefined) return prefix;
  const part = clientPart(client);
  return part === undefined ? [...prefix, keyParams(params)] : [...prefix, keyParams(params), part];
}

/** Whether a query key belongs to the client (keys without a client part belong to any). */
export function isClientKey(queryKey: readonly unknown[], client: string | undefined): boolean {
  if (client === undefined) return true;
  const last = queryKey[4] as Partial<QueryKeyClient> | undefined;
  return last?.client === undefined || last.client === client;
}

/**
 * Query options for a GET operation.
 *
 * @param client the typed client (any object with the method)
 * @param name the client's method name
 * @param prefix `[api, resource, operationId]`
 * @param params the call's parameters (also the key's last part)
 */
export function operationQueryOptions<Op>(
  client: object,
  name: string,
  prefix: OperationKeyPrefix,
  params: OperationParams<Op> | undefined,
): OperationQueryOptions<Op> {
  const init: object = params ?? {};
  const part = clientPart(client);
  const key =
    part === undefined ? [...prefix, keyParams(init)] : [...prefix, keyParams(init), part];
  return {
    queryKey: key as unknown as DataTag<OperationQueryKey<Op>, QueryData<Op>>,
    queryFn: async ({ signal }) => {
      const data = await callForData(client, name, { ...init, signal });
      return (data === undefined ? null : data) as QueryData<Op>;
    },
    retry: false,
  };
}

/**
 * Invalidates every query under each key prefix; given a client, only that client's queries.
 *
 * @param queryClient the `QueryClient`
 * @param prefixes key prefixes, e.g. `INVALIDATES.createPet`
 * @param client the typed client whose queries are invalidated (by default every client's)
 */
export async function invalidatePrefixes(
  queryClient: Pick<QueryClient, "invalidateQueries">,
  prefixes: readonly (readonly string[])[],
  client?: object,
): Promise<void> {
  const id = client === undefined ? undefined : clientIdentityKey(client);
  await Promise.all(
    prefixes.map((queryKey) =>
      id === undefined
        ? queryClient.invalidateQueries({ queryKey })
        : queryClient.invalidateQueries({
            queryKey,
            predicate: (query) => isClientKey(query.queryKey, id),
          }),
    ),
  );
}

/**
 * Mutation options for a non-GET operation.
 *
 * @param client the typed client (any object with the method)
 * @param name the client's method name
 * @param prefix `[api, resource, operationId]`: the mutation key
 * @param invalidates the key prefixes of the queries it changes
 * @param options `invalidate`, `queryClient`
 */
export function operationMutationOptions<Op>(
  client: object,
  name: string,
  prefix: OperationKeyPrefix,
  invalidates: readonly (readonly string[])[],
  options: MutationFactoryOptions = {},
): OperationMutationOptions<Op> {
  return {
    mutationKey: prefix,
    mutationFn: async (variables) =>
      (await callForData(client, name, (variables ?? {}) as object)) as SuccessData<Op>,
    onSuccess: async (_data, _variables, _onMutateResult, context) => {
      if (options.invalidate === false || invalidates.length === 0) return;
      const queryClient = options.queryClient ?? context?.client;
      if (queryClient === undefined) {
        throw new Error(
          `${prefix[2]} succeeded but its queries were not invalidated: this TanStack Query passes no ` +
            "client to onSuccess (before v5.80); pass { queryClient } to the mutation factory",
        );
      }
      await invalidatePrefixes(queryClient, invalidates, client);
    },
    retry: false,
  };
}
