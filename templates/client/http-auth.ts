// Runtime template of the pet store contract toolchain: copied verbatim into generated/runtime/. Edit it in templates/, never in generated/.
/**
 * The credentials of the schemes sent in `Authorization` (http `bearer`, `basic` or any other
 * scheme, OAuth 2, OpenID Connect): the `httpAuth` codec, given only by clients and operations
 * whose security requirements use such a scheme, so that a bundle whose operations take an API
 * key alone does not carry it. auth.ts decides which requirement applies; this says what each of
 * these schemes sends.
 */
import type { BasicCredentials, BasicEncoder, ClientSecurityScheme } from "./auth.js";

/** A credential as auth.ts holds it while choosing a requirement. */
type Credential = string | BasicCredentials | undefined;

/** What auth.ts asks of the schemes sent in `Authorization`. */
export interface HttpAuth {
  /**
   * Why `value` (given) does not fit `scheme`: what it must be (`"a string"`, `"{ username,
   * password } (strings)"`), or `undefined` when it fits.
   */
  mismatch(scheme: ClientSecurityScheme, value: unknown): string | undefined;
  /**
   * The credentials of one requirement (`names`), with one bearer token for every scheme of it
   * that sends one (the first given: they share the header, and the server checks the union of
   * their scopes).
   */
  shareToken(
    names: readonly string[],
    schemes: Readonly<Record<string, ClientSecurityScheme>>,
    values: ReadonlyMap<string, Credential>,
  ): ReadonlyMap<string, Credential>;
  /** The `Authorization` value of a credential (`basic`: the `basicAuth` codec). */
  authorization(
    scheme: ClientSecurityScheme,
    value: string | BasicCredentials,
    basic: BasicEncoder,
  ): string;
}

function isBasicScheme(scheme: ClientSecurityScheme): boolean {
  return scheme.type === "http" && scheme.scheme === "basic";
}

function isBasic(value: unknown): value is BasicCredentials {
  return (
    typeof value === "object" &&
    value !== null &&
    typeof (value as BasicCredentials).username === "string" &&
    typeof (value as BasicCredentials).password === "string"
  );
}

/** Whether a scheme sends `Authorization: Bearer <token>` (OAuth 2, OpenID Connect, http bearer). */
function sendsBearer(scheme: ClientSecurityScheme | undefined): boolean {
  return (
    scheme !== undefined &&
    (scheme.type === "oauth2" ||
      scheme.type === "openIdConnect" ||
      (scheme.type === "http" && scheme.scheme === "bearer"))
  );
}

/** The `httpAuth` codec. */
export const httpAuth: HttpAuth = {
  mismatch(scheme, value) {
    if (isBasicScheme(scheme))
      return isBasic(value) ? undefined : "{ username, password } (strings)";
    return typeof value === "string" ? undefined : "a string";
  },
  shareToken(names, schemes, values) {
    const token = names
      .map((name) => (sendsBearer(schemes[name]) ? values.get(name) : undefined))
      .find((value) => value !== undefined);
    const shared = new Map(values);
    for (const name of names) if (sendsBearer(schemes[name])) shared.set(name, token);
    return shared;
  },
  authorization(scheme, value, basic) {
    if (isBasicScheme(scheme)) return basic(value as BasicCredentials);
    if (scheme.type === "http" && scheme.scheme !== "bearer")
      return `${scheme.scheme} ${value as string}`;
    return `Bearer ${value as string}`;
  },
};
