// Runtime template of the pet store contract toolchain: copied verbatim into generated/runtime/. Edit it in templates/, never in generated/.
/**
 * The client's `auth` option: credentials by security scheme name, applied to each call as the
 * operation's security requirements say.
 *
 * For a call, the runtime takes the operation's requirements in spec order (one that needs no
 * credential last) and applies the first one whose every scheme has a credential: `Authorization:
 * Bearer <token>` (http bearer, OAuth 2, OpenID Connect: one token serves every such scheme of a
 * requirement, as they share the header), `Authorization: Basic <base64 of
 * UTF-8 "username:password">` (RFC 7617), `Authorization: <scheme> <value>` for other http
 * schemes, the API key in its header, query parameter or cookie. mutualTLS is transport-level
 * (the TLS client certificate of your `fetch`): nothing is sent for it. A credential may be a
 * function (sync or async), called again before every attempt (so a refreshed token is used on a
 * retry); returning `undefined` means "none now". Credentials never appear in errors or logs.
 * What the schemes sent in `Authorization` send is the `httpAuth` codec's (http-auth.ts), given by
 * the operations that use one: an API-key-only bundle does without it.
 */
import { apiKeyQueryPair, setApiKeyHeader } from "./api-key.js";
import type { ApiKeyLocation, ClientOperationDescriptor } from "./descriptor.js";
import type { HttpAuth } from "./http-auth.js";
import { MissingCredentialsError } from "./missing-credentials.js";
import { missingCodecError } from "./missing-codec.js";

export { MissingCredentialsError };

/** A security scheme as the client needs it (`SECURITY_SCHEMES` of a generated client). */
export type ClientSecurityScheme =
  | { readonly type: "apiKey"; readonly in: "header" | "query" | "cookie"; readonly name: string }
  /** `scheme` lower-case: `bearer`, `basic` or any other. */
  | { readonly type: "http"; readonly scheme: string }
  | { readonly type: "oauth2" }
  | { readonly type: "openIdConnect" }
  | { readonly type: "mutualTLS" };

/** `username` and `password` for an http `basic` scheme. */
export interface BasicCredentials {
  readonly username: string;
  readonly password: string;
}

/** A credential, or a function (sync or async) returning it (or `undefined`: none now). */
export type AuthValue<T> = T | (() => T | undefined | Promise<T | undefined>);

/**
 * Credentials by the spec's security scheme name: a string (bearer token, OAuth 2 access token,
 * API key, or the value after the scheme name for other http schemes) or `{ username, password }`
 * for basic. A generated client types it from the spec (`<Api>Auth`).
 */
export type AuthOption = {
  readonly [scheme: string]: AuthValue<string> | AuthValue<BasicCredentials> | undefined;
};

/** The spec's schemes, and the one the `apiKey` shorthand option fills. */
export interface ClientSecurity {
  readonly schemes: Readonly<Record<string, ClientSecurityScheme>>;
  readonly apiKeyScheme?: string;
  /**
   * The spec's top-level security requirements (scheme names, as a descriptor's `security`):
   * those of every operation whose descriptor has no `security` of its own.
   */
  readonly requirements?: readonly (readonly string[])[];
}

/** What a call without a usable credential does: reject before sending (default) or send. */
export type MissingAuth = "reject" | "send";

/** The credentials of one request: extra headers (lower-case names) and query pairs. */
export interface AppliedAuth {
  readonly headers: Readonly<Record<string, string>>;
  /** `name=value` pairs, encoded, joined with `&` ("" when none). */
  readonly query: string;
}

const NOTHING: AppliedAuth = Object.freeze({ headers: Object.freeze({}), query: "" });

/** How an operation gets its credentials, decided once per operation. */
export type OperationAuth =
  /** Nothing to send (no requirement, or an anonymous client). */
  | { readonly kind: "none" }
  /** Every credential involved is a fixed value: applied once. */
  | { readonly kind: "static"; readonly applied: AppliedAuth }
  /** A credential is a function: resolved before every attempt. */
  | { readonly kind: "dynamic"; readonly resolve: () => Promise<AppliedAuth | undefined> }
  /**
   * No requirement can be met (a `MissingCredentialsError`), or a fixed credential has the wrong
   * type (a `TypeError`): the call rejects with this error before sending.
   */
  | { readonly kind: "missing"; readonly error: Error };

export { base64Utf8, basicAuthorization } from "./basic-auth.js";
export { httpAuth, type HttpAuth } from "./http-auth.js";

/**
 * Encodes basic credentials as an `Authorization` value (basic-auth.ts): the `basicAuth` codec,
 * given only by clients and operations that use an http `basic` scheme.
 */
export type BasicEncoder = (credentials: BasicCredentials) => string;

/** Whether a scheme is sent in `Authorization` (its credential is the `httpAuth` codec's). */
function isHttp(scheme: ClientSecurityScheme | undefined): scheme is ClientSecurityScheme {
  return scheme !== undefined && scheme.type !== "apiKey" && scheme.type !== "mutualTLS";
}

/**
 * Checks a credential against its scheme: `undefined` (none), the value, or a TypeError naming
 * the scheme (never the value).
 */
function checkCredential(
  name: string,
  scheme: ClientSecurityScheme,
  value: unknown,
  http: () => HttpAuth,
): string | BasicCredentials | undefined {
  if (value === undefined || value === null || value === "") return undefined;
  const mismatch = isHttp(scheme)
    ? http().mismatch(scheme, value)
    : typeof value === "string"
      ? undefined
      : "a string";
  if (mismatch === undefined) return value as string | BasicCredentials;
  throw new TypeError(
    `The auth credential for "${name}" is ${typeof value}; it must be ${mismatch} (or a function returning one)`,
  );
}

/** Requirements in the order they are tried: those needing credentials first, in spec order. */
function ordered(requirements: readonly (readonly string[])[]): (readonly string[])[] {
  return [
    ...requirements.filter((schemes) => schemes.length > 0),
    ...requirements.filter((schemes) => schemes.length === 0),
  ];
}

/**
 * Decides, once per operation, how it gets its credentials.
 *
 * @param auth the client's credentials by scheme name (the `apiKey` shorthand already merged)
 * @param missing what a call whose requirements cannot be met does; an anonymous client (no
 *   credential at all) always sends
 * @param basic the encoder of basic credentials (the `basicAuth` codec), for operations that
 *   use an http `basic` scheme
 * @param httpCodec the credentials sent in `Authorization` (the `httpAuth` codec), for operations
 *   that use such a scheme (without it, they reject naming the codec)
 */
export function operationAuth(
  op: ClientOperationDescriptor,
  security: ClientSecurity,
  auth: AuthOption,
  missing: MissingAuth,
  basic: BasicEncoder,
  httpCodec: HttpAuth | undefined,
): OperationAuth {
  const requirements = op.security;
  if (requirements === undefined || requirements.length === 0) return { kind: "none" };
  const anonymous = Object.values(auth).every((value) => value === undefined);
  if (anonymous) return { kind: "none" };
  const candidates = ordered(requirements);
  const schemes = security.schemes;
  const involved = new Set(candidates.flat());
  const dynamic = [...involved].some((name) => typeof auth[name] === "function");

  const http = (): HttpAuth => {
    if (httpCodec === undefined) throw missingCodecError(op, "http credentials");
    return httpCodec;
  };

  const pick = (values: ReadonlyMap<string, string | BasicCredentials | undefined>) => {
    for (const names of candidates) {
      // one bearer token serves every scheme of the requirement that sends one (the first given)
      const own = names.some((name) => isHttp(schemes[name]))
        ? http().shareToken(names, schemes, values)
        : values;
      if (
        !names.every((name) => {
          const scheme = schemes[name];
          return (
            scheme !== undefined && (scheme.type === "mutualTLS" || own.get(name) !== undefined)
          );
        })
      ) {
        continue;
      }
      const headers: Record<string, string> = {};
      const query: string[] = [];
      for (const name of names) {
        const scheme = schemes[name] as ClientSecurityScheme;
        const value = own.get(name);
        if (value === undefined) continue;
        if (scheme.type === "apiKey") {
          if (scheme.in === "query") query.push(apiKeyQueryPair(scheme, value as string));
          else setApiKeyHeader(headers, scheme, value as string);
        } else if (isHttp(scheme))
          headers["authorization"] = http().authorization(scheme, value, basic);
      }
      return names.length === 0 ? NOTHING : { headers, query: query.join("&") };
    }
    return undefined;
  };
  const missingError = (values: Map<string, string | BasicCredentials | undefined>) =>
    new MissingCredentialsError(
      op.operationId,
      requirements,
      [...involved].filter((name) => values.get(name) !== undefined),
    );

  if (!dynamic) {
    const values = new Map<string, string | BasicCredentials | undefined>();
    try {
      for (const name of involved) {
        const scheme = schemes[name];
        if (scheme !== undefined) values.set(name, checkCredential(name, scheme, auth[name], http));
      }
    } catch (wrongType) {
      return { kind: "missing", error: wrongType as TypeError };
    }
    const applied = pick(values);
    if (applied !== undefined) return { kind: "static", applied };
    return missing === "send" ? { kind: "none" } : { kind: "missing", error: missingError(values) };
  }
  return {
    kind: "dynamic",
    async resolve() {
      const values = new Map<string, string | BasicCredentials | undefined>();
      for (const name of involved) {
        const scheme = schemes[name];
        if (scheme === undefined || scheme.type === "mutualTLS") continue;
        const option = auth[name];
        const value: unknown = typeof option === "function" ? await option() : option;
        values.set(name, checkCredential(name, scheme, value, http));
      }
      const applied = pick(values);
      if (applied !== undefined) return applied;
      if (missing === "send") return undefined;
      throw missingError(values);
    },
  };
}

/** The security of a runtime created without `SECURITY_SCHEMES`: the lone `apiKey` scheme. */
export function legacySecurity(apiKey: ApiKeyLocation | undefined): ClientSecurity {
  return apiKey === undefined
    ? { schemes: {} }
    : { schemes: { apiKey: { type: "apiKey", ...apiKey } }, apiKeyScheme: "apiKey" };
}

/**
 * The operation's requirements: `op.security`; for a descriptor without it, the spec's top-level
 * ones (`security.requirements`), else (a table of before either) the lone `apiKey` scheme when
 * `secured`.
 */
export function withRequirements(
  op: ClientOperationDescriptor,
  security: ClientSecurity,
): ClientOperationDescriptor {
  if (op.security !== undefined) return op;
  if (security.requirements !== undefined) return { ...op, security: security.requirements };
  if (op.secured !== true || security.apiKeyScheme === undefined) return op;
  return { ...op, security: [[security.apiKeyScheme]] };
}
