// Runtime template of the pet store contract toolchain: copied verbatim into generated/runtime/. Edit it in templates/, never in generated/.
/**
 * The redirect policy of credentialed calls: credentials (every security scheme's header, query
 * parameter and cookie, and any `Authorization` or `Cookie`) are never sent to another origin.
 * `fetch` follows a redirect with every custom header (undici and browsers strip only
 * `Authorization` across origins), so a credentialed call is sent with `redirect: "manual"` and
 * its redirects are followed here: same origin as `fetch` would, another origin not at all by
 * default (the result says why), or without the credentials when the client allows it.
 * A call without credentials keeps `fetch`'s own following.
 */
import type { ClientSecurity } from "./auth.js";
import { redactUrl } from "./api-error.js";

/**
 * What a credentialed call does on a redirect to another origin: `"stop"` (default: not followed,
 * the 3XX is a failure whose `error` is a {@link RedirectNotFollowedError}) or
 * `"follow-without-credentials"` (followed, with every credential removed).
 */
export type CrossOriginRedirect = "stop" | "follow-without-credentials";

/** The most redirects one request follows (as `fetch`). */
export const MAX_REDIRECTS = 20;

/** Which headers and query parameters carry credentials, from the spec's security schemes. */
export interface CredentialNames {
  /** Lower-case header names: the API-key headers, `authorization`, `cookie`, `proxy-authorization`. */
  readonly headers: ReadonlySet<string>;
  /** The API-key query parameter names. */
  readonly query: ReadonlySet<string>;
}

/** The credential names of a client's security schemes. */
export function credentialNames(security: ClientSecurity): CredentialNames {
  const headers = new Set(["authorization", "proxy-authorization", "cookie"]);
  const query = new Set<string>();
  for (const name in security.schemes) {
    const scheme = security.schemes[name]!;
    if (scheme.type !== "apiKey") continue;
    if (scheme.in === "header") headers.add(scheme.name.toLowerCase());
    else if (scheme.in === "query") query.add(scheme.name);
  }
  return { headers, query };
}

/** Whether a request's headers (lower-case names) carry a credential. */
export function carriesCredentials(
  headers: Readonly<Record<string, string>>,
  names: CredentialNames,
): boolean {
  for (const name in headers) if (names.headers.has(name)) return true;
  return false;
}

/** Why a redirect was not followed. */
export type RedirectStopReason = "cross-origin" | "hidden-location" | "too-many";

/**
 * A redirect of a credentialed call that was not followed: the result (a failure with the 3XX
 * status) carries this as its `error`. `location` is the target without its query.
 */
export class RedirectNotFollowedError extends Error {
  override readonly name = "RedirectNotFollowedError";
  declare readonly operationId: string;
  declare readonly status: number;
  declare readonly reason: RedirectStopReason;
  /** Where the server redirected, without its query (`null` when a browser hides it). */
  declare readonly location: string | null;

  constructor(
    operationId: string,
    status: number,
    reason: RedirectStopReason,
    from: string,
    location: string | null,
  ) {
    const to = location === null ? "" : ` to ${redactUrl(location)}`;
    const why =
      reason === "cross-origin"
        ? `another origin than ${new URL(from).origin}: not followed, so the credentials are not sent there ` +
          '(the client option `crossOriginRedirect: "follow-without-credentials"` follows it without them)'
        : reason === "hidden-location"
          ? "a target the browser does not reveal (an opaque redirect): not followed, since it may be another origin"
          : `more than ${MAX_REDIRECTS} redirects: not followed further`;
    super(`${operationId} was redirected (${status})${to}, ${why}`);
    this.operationId = operationId;
    this.status = status;
    this.reason = reason;
    this.location = location === null ? null : redactUrl(location);
  }
}

/** The 3XX responses whose redirect was not followed, with why (read by the attempt loop). */
const stopped = new WeakMap<Response, RedirectNotFollowedError>();

/** Why `response` (a 3XX) was not followed, if the policy stopped it. */
export function redirectStop(response: Response): RedirectNotFollowedError | undefined {
  return stopped.get(response);
}

/** The statuses `fetch` follows. */
function isRedirect(status: number): boolean {
  return status === 301 || status === 302 || status === 303 || status === 307 || status === 308;
}

/** The request of a redirect hop, before it is sent. */
interface Hop {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: BodyInit | null | undefined;
}

/** The hop without credentials: their headers removed, their query parameters dropped. */
function withoutCredentials(hop: Hop, names: CredentialNames): void {
  const headers: Record<string, string> = {};
  for (const name in hop.headers) {
    if (!names.headers.has(name.toLowerCase())) headers[name] = hop.headers[name]!;
  }
  hop.headers = headers;
  if (names.query.size > 0) {
    const url = new URL(hop.url);
    for (const name of names.query) url.searchParams.delete(name);
    hop.url = url.href;
  }
}

/** What following needs besides the first response. */
export interface RedirectFollowing {
  readonly operationId: string;
  readonly policy: CrossOriginRedirect;
  readonly names: CredentialNames;
  /** Sends one hop (`redirect: "manual"` while it carries credentials). */
  readonly send: (url: string, init: RequestInit) => Promise<Response>;
  readonly signal: AbortSignal | undefined;
}

/** Whether a response of a `redirect: "manual"` request is a redirect to follow (or an opaque one). */
export function isRedirectResponse(response: Response): boolean {
  const status = response.status;
  return (status >= 300 && status < 400) || response.type === "opaqueredirect";
}

/** {@link RedirectFollowing} of one call, from the client's settings. */
export function redirectFollowing(
  settings: {
    readonly crossOriginRedirect: CrossOriginRedirect;
    readonly credentialNames: CredentialNames;
  },
  operationId: string,
  fetchImpl: typeof fetch,
  signal: AbortSignal | undefined,
): RedirectFollowing {
  return {
    operationId,
    policy: settings.crossOriginRedirect,
    names: settings.credentialNames,
    send: (url, init) => fetchImpl(url, init),
    signal,
  };
}

/**
 * Follows the redirects of a credentialed request sent with `redirect: "manual"`, as the policy
 * says. Returns the final response: a non-redirect, a redirect that cannot be followed (a stream
 * body on a 307/308, no `Location`), or a stopped one ({@link redirectStop} says why).
 *
 * @param body the request's body, when it can be sent again (`undefined` for none)
 * @param replayable whether `body` can be sent again
 */
export async function followRedirects(
  first: Response,
  request: {
    url: string;
    method: string;
    headers: Record<string, string>;
    body: BodyInit | null | undefined;
  },
  replayable: boolean,
  following: RedirectFollowing,
): Promise<Response> {
  let response = first;
  const origin = new URL(request.url).origin;
  const hop: Hop = { ...request };
  let credentialed = true;
  for (let hops = 0; ; hops++) {
    if (response.type === "opaqueredirect") {
      const stop = new RedirectNotFollowedError(
        following.operationId,
        response.status,
        "hidden-location",
        hop.url,
        null,
      );
      stopped.set(response, stop);
      return response;
    }
    const location = response.headers.get("location");
    if (!isRedirect(response.status) || location === null) return response;
    const target = new URL(location, hop.url).href;
    if (hops === MAX_REDIRECTS) {
      stopped.set(
        response,
        new RedirectNotFollowedError(
          following.operationId,
          response.status,
          "too-many",
          hop.url,
          target,
        ),
      );
      return response;
    }
    const status = response.status;
    const keepsBody = status === 307 || status === 308 || (status !== 303 && hop.method !== "POST");
    if (keepsBody && hop.body !== undefined && hop.body !== null && !replayable) return response;
    if (credentialed && new URL(target).origin !== origin) {
      if (following.policy === "stop") {
        stopped.set(
          response,
          new RedirectNotFollowedError(
            following.operationId,
            status,
            "cross-origin",
            hop.url,
            target,
          ),
        );
        return response;
      }
      credentialed = false;
      hop.url = target;
      withoutCredentials(hop, following.names);
    } else hop.url = target;
    if (!keepsBody) {
      // 303, and 301/302 of a POST: a GET without the body (as fetch does)
      if (hop.method !== "HEAD") hop.method = "GET";
      hop.body = undefined;
      const headers: Record<string, string> = {};
      for (const name in hop.headers) {
        if (!name.toLowerCase().startsWith("content-")) headers[name] = hop.headers[name]!;
      }
      hop.headers = headers;
    }
    const body = response.body;
    if (body !== null && !body.locked) body.cancel().catch(() => undefined);
    response = await following.send(hop.url, {
      method: hop.method,
      headers: hop.headers,
      body: hop.body,
      signal: following.signal,
      // without credentials, fetch's own following is safe
      redirect: credentialed ? "manual" : "follow",
    });
  }
}
