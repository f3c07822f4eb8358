// Runtime template of the pet store contract toolchain: copied verbatim into generated/runtime/. Edit it in templates/, never in generated/.
/**
 * Middleware in openapi-fetch 0.17's shape, so the same objects work on the typed client and on
 * the raw openapi-fetch client: plain objects of optional `onRequest`, `onResponse` and `onError`
 * hooks. `onRequest` hooks run in the order of `use`, `onResponse` and `onError` in reverse (an
 * onion). The types are declared here, structurally identical to openapi-fetch's, so the client
 * bundle does not import openapi-fetch.
 */

/** The request parameters of a call, as passed (`path`, `query`, `header`, `cookie`). */
export interface MiddlewareRequestParams {
  query?: Record<string, unknown>;
  header?: Record<string, unknown>;
  path?: Record<string, unknown>;
  cookie?: Record<string, unknown>;
}

/** The client options a middleware may read (openapi-fetch's `MergedOptions`). */
export interface MiddlewareClientOptions {
  baseUrl: string;
  parseAs: "json" | "text" | "blob" | "arrayBuffer" | "stream";
  querySerializer: (query: Record<string, unknown>) => string;
  /** A method (so openapi-fetch's `MergedOptions` is assignable both ways). */
  bodySerializer(body: unknown): unknown;
  pathSerializer: (pathname: string, pathParams: Record<string, unknown>) => string;
  fetch: typeof globalThis.fetch;
}

/** What every hook gets. */
export interface MiddlewareCallbackParams {
  /** The current request of this attempt. */
  request: Request;
  /** The operation's path template, e.g. `/pets/{petId}`. */
  readonly schemaPath: string;
  /** The call's parameters, as passed. */
  readonly params: MiddlewareRequestParams;
  /** A unique id of the call (the same on each of its attempts). */
  readonly id: string;
  /** The client's options (read-only). */
  readonly options: MiddlewareClientOptions;
}

/** May return a new `Request` (sent instead), or a `Response` (answers without the network). */
export type MiddlewareOnRequest = (
  options: MiddlewareCallbackParams,
) => void | Request | Response | undefined | Promise<Request | Response | undefined | void>;
/** May return a new `Response` (seen by the hooks after it, and by the caller). */
export type MiddlewareOnResponse = (
  options: MiddlewareCallbackParams & { response: Response },
) => void | Response | undefined | Promise<Response | undefined | void>;
/** Sees a failed `fetch`; may return a `Response` (recovers) or an `Error` (replaces the error). */
export type MiddlewareOnError = (
  options: MiddlewareCallbackParams & { error: unknown },
) => void | Response | Error | Promise<void | Response | Error>;

/** A middleware: at least one of the three hooks. */
export type Middleware =
  | {
      onRequest: MiddlewareOnRequest;
      onResponse?: MiddlewareOnResponse;
      onError?: MiddlewareOnError;
    }
  | {
      onRequest?: MiddlewareOnRequest;
      onResponse: MiddlewareOnResponse;
      onError?: MiddlewareOnError;
    }
  | {
      onRequest?: MiddlewareOnRequest;
      onResponse?: MiddlewareOnResponse;
      onError: MiddlewareOnError;
    };

/** The `use`/`eject` methods of a client (the generated client interface extends this). */
export interface ClientMiddlewareApi {
  /**
   * Adds middleware, run on every attempt of every later call (a retry runs `onRequest` again, so
   * e.g. a refreshed token is used). Without any middleware, no `Request` object is built.
   *
   * @throws TypeError when an argument is not an object with at least one hook
   */
  use(...middleware: Middleware[]): void;
  /** Removes middleware added with `use` (others are ignored). */
  eject(...middleware: Middleware[]): void;
}

/** The middleware list of a client, with `use` and `eject`. */
export class MiddlewareStack implements ClientMiddlewareApi {
  /** Replaced (never mutated) on change, so a call in progress keeps the list it started with. */
  list: readonly Middleware[] = [];

  use(...middleware: Middleware[]): void {
    const next = [...this.list];
    for (const m of middleware) {
      if (!m) continue;
      if (typeof m !== "object" || !("onRequest" in m || "onResponse" in m || "onError" in m)) {
        throw new TypeError(
          "Middleware must be an object with at least one of onRequest(), onResponse() or onError()",
        );
      }
      next.push(m);
    }
    this.list = next;
  }

  eject(...middleware: Middleware[]): void {
    const next = [...this.list];
    for (const m of middleware) {
      const index = next.indexOf(m);
      if (index !== -1) next.splice(index, 1);
    }
    this.list = next;
  }
}

/** The outcome of one attempt through the middleware: a response, or the error `fetch` threw. */
export type MiddlewareOutcome =
  | { readonly response: Response; readonly error?: undefined; readonly sent: boolean }
  | { readonly response?: undefined; readonly error: unknown; readonly replaced: boolean };

/**
 * Runs one attempt through the middleware as openapi-fetch 0.17 does: `onRequest` hooks in
 * order (a returned `Request` replaces the request; a returned `Response` ends the chain: no
 * `fetch`, no `onResponse`); then `fetch(request)`; if it throws, `onError` hooks in reverse (a
 * `Response` recovers, an `Error` replaces the error for the next hook); then, for a fetched or
 * recovered response, `onResponse` hooks in reverse.
 *
 * @param send performs the `fetch` of the final request (with the attempt's timeout and signal)
 * @returns the response (`sent: false` when a hook answered without `fetch`), or the error
 *   (`replaced: true` when an `onError` hook returned a different `Error`)
 * @throws what a hook throws, or a `TypeError` when a hook returns something else than allowed
 */
export async function runMiddleware(
  list: readonly Middleware[],
  base: Omit<MiddlewareCallbackParams, "request">,
  first: Request,
  send: (request: Request) => Promise<Response>,
): Promise<MiddlewareOutcome> {
  let request = first;
  for (const m of list) {
    if (typeof m.onRequest !== "function") continue;
    const result = await m.onRequest({ ...base, request });
    if (!result) continue;
    if (result instanceof Request) request = result;
    else if (result instanceof Response) return { response: result, sent: false };
    else
      throw new TypeError(
        "onRequest: must return new Request() or Response() when modifying the request",
      );
  }
  let response: Response | undefined;
  try {
    response = await send(request);
  } catch (thrown) {
    let error: unknown = thrown;
    for (let i = list.length - 1; i >= 0; i--) {
      const onError = list[i]!.onError;
      if (typeof onError !== "function") continue;
      const result = await onError({ ...base, request, error });
      if (!result) continue;
      if (result instanceof Response) {
        response = result;
        break;
      }
      if (!(result instanceof Error))
        throw new TypeError("onError: must return new Response() or instance of Error");
      error = result;
    }
    if (response === undefined) return { error, replaced: error !== thrown };
  }
  return { response: await runResponseHooks(list, base, request, response), sent: true };
}

/**
 * Runs the `onResponse` hooks in reverse order (a returned `Response` replaces the response); also
 * for a response the client answered itself (a 429 of its rate-limit state), so that middleware
 * sees every response its callers get.
 */
export async function runResponseHooks(
  list: readonly Middleware[],
  base: Omit<MiddlewareCallbackParams, "request">,
  request: Request,
  first: Response,
): Promise<Response> {
  let response = first;
  for (let i = list.length - 1; i >= 0; i--) {
    const onResponse = list[i]!.onResponse;
    if (typeof onResponse !== "function") continue;
    const result = await onResponse({ ...base, request, response });
    if (!result) continue;
    if (!(result instanceof Response))
      throw new TypeError("onResponse: must return new Response() when modifying the response");
    response = result;
  }
  return response;
}
