// Runtime template of the pet store contract toolchain: copied verbatim into generated/runtime/. Edit it in templates/, never in generated/.
/**
 * What an operation's security requirements ask for, worked out once per operation: the
 * `WWW-Authenticate` challenges (RFC 9110 §11.6.1), how to send each scheme's credential (for
 * the 401 message). Which OAuth 2 scopes a caller lacks is the `Authorization` header reader's
 * (authorization-header.ts), as only its schemes have scopes.
 */
import type { AuthorizationHeaderReader } from "./authorization-header.js";
import type {
  ApiDescriptor,
  SecurityRequirementDescriptor,
  SecuritySchemeDescriptor,
} from "./descriptor.js";

/** The scheme name given to a descriptor's lone `apiKey` when it lists no `securitySchemes`. */
export const API_KEY_SCHEME = "apiKey";

export interface OperationSecurity {
  readonly requirements: readonly SecurityRequirementDescriptor[];
  /** False when a requirement is empty or only transport-level: no caller needed. */
  readonly secured: boolean;
  readonly challenge: string | undefined;
  readonly missingMessage: string;
  /** What would satisfy it: `a Bearer token in the Authorization header, or ...`. */
  readonly ways: string;
}

export function quoted(value: string): string {
  return `"${value.replace(/[\\"]/g, (character) => `\\${character}`)}"`;
}

/**
 * The challenge of one scheme (none for mutualTLS), with the realm; the schemes read from the
 * `Authorization` header are the header reader's (authorization-header.ts).
 */
function challengeOf(
  scheme: SecuritySchemeDescriptor,
  realm: string,
  authorization: AuthorizationHeaderReader | undefined,
): string | undefined {
  if (scheme.type === "apiKey") {
    // No registered scheme for API keys: this names where the key goes.
    return `ApiKey realm=${quoted(realm)}, in=${quoted(scheme.in)}, name=${quoted(scheme.name)}`;
  }
  return scheme.type === "mutualTLS" ? undefined : authorization?.challenge(scheme, realm);
}

/** How to send a scheme's credential, for messages. */
function howToSend(
  scheme: SecuritySchemeDescriptor | undefined,
  name: string,
  authorization: AuthorizationHeaderReader | undefined,
): string {
  if (scheme === undefined) return `the ${name} credentials (a scheme the spec does not declare)`;
  if (scheme.type === "apiKey") {
    return `the API key in the ${scheme.name} ${scheme.in === "query" ? "query parameter" : scheme.in}`;
  }
  if (scheme.type === "mutualTLS") return "a TLS client certificate";
  return authorization?.howToSend(scheme) ?? `the ${name} credentials`;
}

/** The schemes of a descriptor, with a lone `apiKey` named {@link API_KEY_SCHEME}. */
export function schemesOf(api: ApiDescriptor): Readonly<Record<string, SecuritySchemeDescriptor>> {
  if (api.securitySchemes !== undefined) return api.securitySchemes;
  return api.apiKey === undefined
    ? {}
    : { [API_KEY_SCHEME]: { type: "apiKey", in: api.apiKey.in, name: api.apiKey.name } };
}

/** `authorization`: the descriptor's header reader (present whenever a scheme reads that header). */
export function describeOperation(
  requirements: readonly SecurityRequirementDescriptor[],
  secured: boolean,
  schemes: Readonly<Record<string, SecuritySchemeDescriptor>>,
  realm: string,
  authorization: AuthorizationHeaderReader | undefined,
): OperationSecurity {
  const names = [...new Set(requirements.flatMap((requirement) => Object.keys(requirement)))];
  const challenges = [
    ...new Set(
      names.flatMap((name) => {
        const scheme = schemes[name];
        const challenge =
          scheme === undefined ? undefined : challengeOf(scheme, realm, authorization);
        return challenge === undefined ? [] : [challenge];
      }),
    ),
  ];
  const ways = requirements.map((requirement) =>
    Object.keys(requirement)
      .map((name) => howToSend(schemes[name], name, authorization))
      .join(" and "),
  );
  const lone = requirements.length === 1 ? Object.keys(requirements[0] ?? {}) : [];
  const loneScheme = lone.length === 1 ? schemes[lone[0] as string] : undefined;
  const missingMessage =
    loneScheme?.type === "apiKey"
      ? `Missing API key: send it in the ${loneScheme.name} ${loneScheme.in === "query" ? "query parameter" : loneScheme.in}`
      : `Missing credentials: send ${[...new Set(ways)].join(", or ")}`;
  return {
    requirements,
    secured,
    challenge: challenges.length === 0 ? undefined : challenges.join(", "),
    missingMessage,
    ways: [...new Set(ways)].join(", or "),
  };
}
