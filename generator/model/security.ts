/**
 * model: the spec's security schemes and each operation's security requirements.
 * See https://spec.openapis.org/oas/v3.1.0#security-scheme-object and
 * https://spec.openapis.org/oas/v3.1.0#security-requirement-object.
 *
 * Requirements are alternatives (OR); the schemes of one requirement all apply (AND). An empty
 * requirement (`{}`) makes authentication optional; `security: []` on an operation opts it out of
 * the root default.
 */
import { isObject, resolveObject } from "./resolve-ref.js";
import type { SecurityRequirementModel, SecuritySchemeModel } from "./types.js";

type Doc = Record<string, unknown>;

/** Every entry of `components.securitySchemes`, in spec order; entries of unknown shape are skipped. */
export function readSecuritySchemes(document: Doc): SecuritySchemeModel[] {
  const components = isObject(document.components) ? document.components : {};
  const raw = isObject(components.securitySchemes) ? components.securitySchemes : {};
  const out: SecuritySchemeModel[] = [];
  for (const [name, value] of Object.entries(raw)) {
    const scheme = resolveObject(document, value);
    const model = scheme === undefined ? undefined : readScheme(name, scheme);
    if (model !== undefined) out.push(model);
  }
  return out;
}

function readScheme(name: string, scheme: Doc): SecuritySchemeModel | undefined {
  switch (scheme.type) {
    case "apiKey":
      if (typeof scheme.name !== "string" || scheme.name === "") return undefined;
      if (scheme.in !== "header" && scheme.in !== "query" && scheme.in !== "cookie")
        return undefined;
      return { kind: "apiKey", name, in: scheme.in, parameterName: scheme.name };
    case "http": {
      // RFC 9110 §11.1: auth scheme names are case-insensitive.
      const httpScheme =
        typeof scheme.scheme === "string" ? scheme.scheme.trim().toLowerCase() : "";
      if (httpScheme === "") return undefined;
      return { kind: "http", name, scheme: httpScheme };
    }
    case "oauth2":
      return { kind: "oauth2", name, scopes: oauthScopes(scheme.flows) };
    case "openIdConnect":
      return {
        kind: "openIdConnect",
        name,
        openIdConnectUrl:
          typeof scheme.openIdConnectUrl === "string" ? scheme.openIdConnectUrl : undefined,
      };
    case "mutualTLS":
      return { kind: "mutualTLS", name };
    default:
      return undefined;
  }
}

/** The scopes every flow of an OAuth 2 scheme declares (union, spec order, no repeats). */
function oauthScopes(flows: unknown): string[] {
  const scopes = new Set<string>();
  if (!isObject(flows)) return [];
  for (const flow of Object.values(flows)) {
    if (isObject(flow) && isObject(flow.scopes))
      for (const scope of Object.keys(flow.scopes)) scopes.add(scope);
  }
  return [...scopes];
}

/**
 * An operation's requirements (its own `security`, else the root's), each with its schemes in
 * the order written and their required scopes. Returns `[]` when there are none.
 */
export function readSecurityRequirements(raw: unknown): SecurityRequirementModel[] {
  if (!Array.isArray(raw)) return [];
  return raw.filter(isObject).map((requirement) => ({
    schemes: Object.entries(requirement).map(([name, scopes]) => ({
      name,
      scopes: Array.isArray(scopes)
        ? scopes.filter((scope): scope is string => typeof scope === "string")
        : [],
    })),
  }));
}

/**
 * Whether an operation needs an authenticated caller: it has requirements, and each of them
 * names a scheme the runtime checks (an empty requirement, or one of only transport-level
 * mutualTLS schemes, lets a request through without a caller).
 */
export function requiresCaller(
  requirements: readonly SecurityRequirementModel[],
  schemes: readonly SecuritySchemeModel[],
): boolean {
  const transportOnly = new Set(
    schemes.filter((scheme) => scheme.kind === "mutualTLS").map((scheme) => scheme.name),
  );
  return (
    requirements.length > 0 &&
    requirements.every((requirement) =>
      requirement.schemes.some((scheme) => !transportOnly.has(scheme.name)),
    )
  );
}
