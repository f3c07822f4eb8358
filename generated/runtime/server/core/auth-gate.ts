// Runtime template of the pet store contract toolchain: copied verbatim into generated/runtime/. Edit it in templates/, never in generated/.
/**
 * The authentication stage: who is calling (before rate limiting), then whether that satisfies
 * the operation's security requirements (after routing).
 *
 * - `identify`: reads the credentials the request carries for the API's schemes, hands them to
 *   `authenticate`, and names the rate-limit identity: `id:<SHA-256 of AuthResult.id>` when the
 *   authenticator gives one, `key:<SHA-256 of the key>` for a lone API key, else
 *   `cred:<SHA-256 of the credentials>` (base64url; never the secret itself).
 * - `check`: an operation's requirements are alternatives (one is enough), each a set of schemes
 *   that all need a credential. OAuth 2 and OpenID Connect schemes also need the requirement's
 *   scopes among `AuthResult.scopes`. mutualTLS schemes are transport-level: the TLS layer has
 *   already checked the client certificate, so they count as satisfied here. No caller, or no
 *   requirement met → 401 `unauthorized` with a `WWW-Authenticate` challenge per scheme of the
 *   operation (RFC 9110 §11.6.1); a caller whose credentials meet a requirement but lack scopes
 *   → 403 `forbidden` with an RFC 6750 `insufficient_scope` challenge.
 */
import {
  AUTHENTICATE_DIGEST,
  base64Url,
  digestKey,
  type AuthResult,
  type Authenticator,
  type KeyAuthenticator,
} from "./auth.js";
import {
  createCredentialReader,
  NO_CREDENTIALS,
  type CredentialSource,
  type PresentedCredentials,
} from "./auth-credentials.js";
import {
  API_KEY_SCHEME,
  describeOperation,
  schemesOf,
  type OperationSecurity,
} from "./auth-requirements.js";
import type { ApiDescriptor } from "./descriptor.js";
import { isPromiseLike } from "./promise-like.js";

export { API_KEY_SCHEME, schemesOf };

/** Who called: the authenticator's answer and the rate-limit id (when asked for one). */
export interface Identity<C> {
  readonly presented: PresentedCredentials;
  readonly auth: AuthResult<C> | undefined;
  readonly rateId: string | undefined;
}

/** Why an operation refuses the request. */
export interface AuthRefusal {
  readonly status: 401 | 403;
  readonly code: "unauthorized" | "forbidden";
  readonly message: string;
  /** The `WWW-Authenticate` value, when there is a challenge to send. */
  readonly challenge: string | undefined;
}

export interface SecurityGate<C> {
  /** Whether the API declares any scheme (else `identify` has nothing to read). */
  readonly active: boolean;
  /** Synchronous unless `authenticate` returns a promise. */
  identify(source: CredentialSource, wantRateId: boolean): Identity<C> | Promise<Identity<C>>;
  /** `undefined` when the request may proceed. */
  check(
    operationId: string,
    presented: PresentedCredentials,
    auth: AuthResult<C> | undefined,
  ): AuthRefusal | undefined;
}

export function createSecurityGate<C>(
  api: ApiDescriptor,
  authenticate: Authenticator<C> | undefined,
): SecurityGate<C> {
  const schemes = schemesOf(api);
  const authorization = api.readers?.authorizationHeader;
  const read = createCredentialReader(schemes, api.readers);
  const byDigest = (authenticate as Partial<KeyAuthenticator<C>> | undefined)?.[
    AUTHENTICATE_DIGEST
  ];
  const realm = api.title;
  const operations = new Map<string, OperationSecurity>();
  for (const operation of api.operations) {
    const requirements =
      operation.security ??
      api.security ??
      (operation.secured && api.apiKey !== undefined ? [{ [API_KEY_SCHEME]: [] }] : []);
    operations.set(
      operation.operationId,
      describeOperation(requirements, operation.secured, schemes, realm, authorization),
    );
  }

  /** The rate-limit id of a caller (see the module comment); `digest` is the lone key's. */
  function rateIdOf(
    presented: PresentedCredentials,
    auth: AuthResult<C>,
    digest: Uint8Array | undefined,
  ): string {
    if (auth.id !== undefined) return `id:${base64Url(digestKey(auth.id))}`;
    if (digest !== undefined) return `key:${base64Url(digest)}`;
    return `cred:${base64Url(digestKey(presented.secret))}`;
  }

  /** Synchronous unless `authenticate` returns a promise. */
  function identify(
    source: CredentialSource,
    wantRateId: boolean,
  ): Identity<C> | Promise<Identity<C>> {
    const presented = read(source);
    if (presented.count === 0) return { presented, auth: undefined, rateId: undefined };
    // A lone API key is hashed once, for both the rate-limit id and a key authenticator.
    const loneKey = presented.lone?.type === "apiKey" ? presented.lone.value : undefined;
    const digest =
      (wantRateId || byDigest !== undefined) && loneKey !== undefined
        ? digestKey(loneKey)
        : undefined;
    let result: AuthResult<C> | undefined | PromiseLike<AuthResult<C> | undefined>;
    if (byDigest !== undefined && digest !== undefined) result = byDigest(digest);
    else if (authenticate !== undefined) result = authenticate(presented.credentials);
    if (isPromiseLike(result)) {
      return Promise.resolve(result).then((auth) => ({
        presented,
        auth,
        rateId: wantRateId && auth !== undefined ? rateIdOf(presented, auth, digest) : undefined,
      }));
    }
    const rateId =
      wantRateId && result !== undefined ? rateIdOf(presented, result, digest) : undefined;
    return { presented, auth: result, rateId };
  }

  function check(
    operationId: string,
    presented: PresentedCredentials,
    auth: AuthResult<C> | undefined,
  ): AuthRefusal | undefined {
    const operation = operations.get(operationId);
    if (operation === undefined || !operation.secured) return undefined;
    const refuse = (message: string): AuthRefusal => ({
      status: 401,
      code: "unauthorized",
      message,
      challenge: operation.challenge,
    });
    if (auth === undefined) {
      if (presented.malformed !== undefined) {
        return refuse(`Malformed credentials: ${presented.malformed}`);
      }
      if (presented.count === 0) return refuse(operation.missingMessage);
      return refuse(
        Object.values(presented.credentials).every((credential) => credential?.type === "apiKey")
          ? "Invalid API key"
          : "Invalid credentials",
      );
    }
    let forbidden: AuthRefusal | undefined;
    for (const requirement of operation.requirements) {
      let complete = true;
      for (const name in requirement) {
        const type = schemes[name]?.type;
        if (type === "mutualTLS") continue;
        if (type === undefined || presented.credentials[name] === undefined) complete = false;
      }
      if (!complete) continue;
      // scopes are OAuth 2's and OpenID Connect's, whose schemes read Authorization: the reader is there
      const lacking = authorization?.insufficientScope(requirement, schemes, auth.scopes, realm);
      if (lacking === undefined) return undefined;
      forbidden ??= lacking;
    }
    if (forbidden !== undefined) return forbidden;
    return refuse(
      presented.malformed !== undefined
        ? `Malformed credentials: ${presented.malformed}`
        : `These credentials do not satisfy this operation: send ${operation.ways}`,
    );
  }

  const active = Object.keys(schemes).length > 0;
  return {
    active,
    identify: active
      ? identify
      : () => ({ presented: NO_CREDENTIALS, auth: undefined, rateId: undefined }),
    check,
  };
}
