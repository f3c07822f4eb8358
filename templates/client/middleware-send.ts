// Runtime template of the pet store contract toolchain: copied verbatim into generated/runtime/. Edit it in templates/, never in generated/.
/**
 * Sending an attempt through middleware (middleware.ts), as a `Request`. A runtime holds this only
 * once middleware is attached: the whole client's `use` and `eject` attach it, and so does
 * `useMiddleware` (core-middleware.ts) for a core. A bundle that never adds middleware does not
 * carry it: its calls are a straight `fetch(url, init)` (call-operation.ts).
 */
import type { CallInit } from "./build-request.js";
import type { AttachedMiddleware, ClientContext } from "./call-operation.js";
import {
  MiddlewareStack,
  runMiddleware,
  runResponseHooks,
  type MiddlewareClientOptions,
  type MiddlewareRequestParams,
} from "./middleware.js";
import {
  carriesCredentials,
  followRedirects,
  isRedirectResponse,
  redirectFollowing,
} from "./redirect.js";
import { abortable } from "./timeout.js";
import { serializeFormQuery } from "./url.js";

const PARAMETER_GROUPS = ["path", "query", "header", "cookie"] as const;

/** The call's parameters as openapi-fetch passes them to middleware (only the groups given). */
function middlewareParams(init: CallInit | undefined): MiddlewareRequestParams {
  const params: Record<string, unknown> = {};
  if (init !== undefined) {
    for (const group of PARAMETER_GROUPS)
      if (init[group] !== undefined) params[group] = init[group];
  }
  return params as MiddlewareRequestParams;
}

/** The request's headers as a record of lower-case names. */
function headerRecord(headers: Headers): Record<string, string> {
  const out: Record<string, string> = {};
  headers.forEach((value, name) => {
    out[name] = value;
  });
  return out;
}

/** Whether a URL carries an API key in its query (a scheme's query parameter). */
function hasCredentialQuery(ctx: ClientContext, url: string): boolean {
  const names = ctx.credentialNames.query;
  if (names.size === 0 || !url.includes("?")) return false;
  const params = new URL(url).searchParams;
  for (const name of names) if (params.has(name)) return true;
  return false;
}

/** The client options as openapi-fetch middleware sees them (`MergedOptions`). */
function describeOptions(
  baseUrl: string,
  fetchImpl: typeof fetch | undefined,
): MiddlewareClientOptions {
  return Object.freeze({
    baseUrl,
    parseAs: "json" as const,
    querySerializer: (query: Record<string, unknown>) => serializeFormQuery(query),
    bodySerializer: (body: unknown) => JSON.stringify(body),
    pathSerializer: (pathname: string, params: Record<string, unknown>) =>
      pathname.replace(/\{([^{}]+)\}/g, (_, name: string) =>
        encodeURIComponent(`${params[name] as string}`),
      ),
    fetch: fetchImpl ?? globalThis.fetch,
  });
}

/**
 * The middleware of one runtime: its list (`use`, `eject`) and how an attempt goes through it.
 * Passed to the runtime's `middleware(...)`, which keeps the first it is given.
 */
export function attachMiddleware(ctx: ClientContext): AttachedMiddleware {
  const stack = new MiddlewareStack();
  let options: MiddlewareClientOptions | undefined;
  const base = (op: { readonly path: string }, init: CallInit | undefined, id: string) => ({
    schemaPath: op.path,
    params: middlewareParams(init),
    id,
    options: (options ??= describeOptions(ctx.baseUrl, ctx.fetch)),
  });
  return {
    stack,
    async send(op, init, id, requestInit, url, replay) {
      const fetchImpl = ctx.fetch ?? globalThis.fetch;
      const abort = requestInit.signal ?? undefined;
      if (requestInit.body instanceof ReadableStream)
        (requestInit as { duplex?: string }).duplex = "half";
      // when the request carries credentials (whoever added them), with `redirect: "manual"` and
      // the redirects followed by the policy (redirect.ts)
      const sendRequest = async (request: Request): Promise<Response> => {
        if (!ctx.followRedirects) return fetchImpl(new Request(request, { redirect: "manual" }));
        const headers = headerRecord(request.headers);
        if (
          !carriesCredentials(headers, ctx.credentialNames) &&
          !hasCredentialQuery(ctx, request.url)
        )
          return fetchImpl(request);
        const first = await fetchImpl(new Request(request, { redirect: "manual" }));
        if (!isRedirectResponse(first)) return first;
        // a 307/308 sends the call's body again (a stream cannot be: the 3XX is then the answer)
        return followRedirects(
          first,
          { url: request.url, method: request.method, headers, body: replay.body },
          replay.replayable,
          redirectFollowing(ctx, op.operationId, fetchImpl, abort),
        );
      };
      const outcome = await runMiddleware(
        stack.list,
        base(op, init, id),
        new Request(url, requestInit),
        (request) => abortable(sendRequest(request), abort),
      );
      return outcome.response === undefined
        ? { error: outcome.error, replaced: outcome.replaced, url }
        : { response: outcome.response, sent: outcome.sent, url };
    },
    answered: (op, init, id, { url, ...request }, response) =>
      runResponseHooks(stack.list, base(op, init, id), new Request(url, request), response),
  };
}
