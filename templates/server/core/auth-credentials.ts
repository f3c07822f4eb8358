// Runtime template of the pet store contract toolchain: copied verbatim into generated/runtime/. Edit it in templates/, never in generated/.
/**
 * Reads the credentials a request carries for the spec's security schemes: API keys from their
 * header, query parameter or cookie, and the `Authorization` header through the API descriptor's
 * `readers.authorizationHeader` (authorization-header.ts: `Bearer`, `Basic`, any other scheme),
 * which a descriptor carries only when one of its schemes reads that header; cookies likewise
 * through `readers.cookies` (cookies.ts).
 *
 * Nothing here throws on a request: a malformed `Authorization` header (bad base64, no colon, an
 * empty token, a scheme no security scheme accepts) is reported as `malformed`, and the request
 * then counts as presenting no credential for it (401 where the operation needs a caller).
 */
import type { Credential, Credentials } from "./auth.js";
import type { ApiReaders, SecuritySchemeDescriptor } from "./descriptor.js";
import { cookieReaderFor, missingReader, needsCookieReader } from "./optional-readers.js";

/** What a request presented. */
export interface PresentedCredentials {
  readonly credentials: Credentials;
  /** How many schemes have a credential. */
  readonly count: number;
  /** Why the `Authorization` header was not usable, when it was not (never echoes secrets). */
  readonly malformed: string | undefined;
  /**
   * Every secret presented, in scheme order, as one string: what rate limits and idempotency
   * records key on (hashed) when the caller has no `id`. For a lone API key, the key itself.
   */
  readonly secret: string;
  /** The credential, when exactly one scheme has one (the common case: one API key). */
  readonly lone: Credential | undefined;
}

export const NO_CREDENTIALS: PresentedCredentials = Object.freeze({
  credentials: Object.freeze({}),
  count: 0,
  malformed: undefined,
  secret: "",
  lone: undefined,
});

/** Where a request's parts are read from (headers by lower-case name, the query lazily). */
export interface CredentialSource {
  header(name: string): string | null;
  query(name: string): string | null;
}

export type CredentialReader = (source: CredentialSource) => PresentedCredentials;

function secretOf(credential: Credential): string {
  switch (credential.type) {
    case "bearer":
      return credential.token;
    case "basic":
      return `${credential.username}:${credential.password}`;
    case "apiKey":
      return credential.value;
    case "http":
      return credential.value;
  }
}

/**
 * A reader for the given schemes; the schemes that read `Authorization` share one parse.
 * `readers`: the API descriptor's (a scheme that needs one it lacks is refused here).
 */
export function createCredentialReader(
  schemes: Readonly<Record<string, SecuritySchemeDescriptor>>,
  readers?: ApiReaders,
): CredentialReader {
  // Per scheme, what each request reads (header names lower-cased once).
  const entries = Object.entries(schemes).map(([name, scheme]) => ({
    name,
    scheme,
    header: scheme.type === "apiKey" && scheme.in === "header" ? scheme.name.toLowerCase() : "",
  }));
  if (entries.length === 0) return () => NO_CREDENTIALS;
  const readsAuthorization = entries.some(({ scheme }) => needsAuthorizationHeader(scheme));
  const parseAuthorization = !readsAuthorization
    ? undefined
    : (readers?.authorizationHeader ?? missingAuthorizationReader(entries)).parser(
        entries.map(({ scheme }) => scheme),
      );
  const inCookie = entries.find(({ scheme }) => needsCookieReader(scheme));
  const cookies =
    inCookie === undefined
      ? undefined
      : cookieReaderFor(inCookie.name, "reading its API key from a cookie", readers);

  return (source) => {
    const credentials: Record<string, Credential> = {};
    let count = 0;
    let secret = "";
    let lone: Credential | undefined;
    const authorization = parseAuthorization?.(source.header("authorization"));
    let malformed = authorization?.malformed;
    for (let i = 0; i < entries.length; i++) {
      const { name, scheme, header } = entries[i] as (typeof entries)[number];
      let credential: Credential | string | undefined;
      if (scheme.type === "apiKey") {
        const value =
          scheme.in === "header"
            ? source.header(header)
            : scheme.in === "query"
              ? source.query(scheme.name)
              : // set whenever a scheme reads a cookie (above)
                cookies!.find(source.header("cookie"), scheme.name);
        if (value !== null && value !== undefined && value !== "") {
          credential = { type: "apiKey", in: scheme.in, name: scheme.name, value };
        }
      } else {
        credential = authorization?.credential(scheme);
      }
      if (typeof credential === "string") malformed ??= credential;
      else if (credential !== undefined) {
        credentials[name] = credential;
        secret = count === 0 ? secretOf(credential) : `${secret}\u0000${secretOf(credential)}`;
        lone = count === 0 ? credential : undefined;
        count++;
      }
    }
    if (count === 0 && malformed === undefined) return NO_CREDENTIALS;
    return { credentials, count, malformed, secret, lone };
  };
}

/** Whether a scheme's credential comes in the `Authorization` header (http, OAuth 2, OpenID Connect). */
export function needsAuthorizationHeader(scheme: SecuritySchemeDescriptor): boolean {
  return scheme.type !== "apiKey" && scheme.type !== "mutualTLS";
}

function missingAuthorizationReader(entries: readonly { readonly name: string }[]): never {
  const names = entries.map(({ name }) => name).join(", ");
  return missingReader(
    names,
    "reading the Authorization header",
    "authorizationHeader",
    "authorization-header.js",
  );
}
