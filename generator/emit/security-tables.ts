/**
 * The security data the client and server runtimes read, from the model: schemes by name and
 * each operation's requirements (their shapes: descriptor.ts of templates/client and templates/server).
 */
import type { SecurityRequirementModel, SecuritySchemeModel } from "../model/types.js";

type SchemeTable = Record<string, Record<string, string>>;

/** `ApiDescriptor.securitySchemes` of the server runtime. */
export function serverSecuritySchemes(schemes: readonly SecuritySchemeModel[]): SchemeTable {
  return Object.fromEntries(schemes.map((scheme) => [scheme.name, schemeEntry(scheme)]));
}

/** The client's `SECURITY_SCHEMES`: the same, without what only a server reads. */
export const clientSecuritySchemes = serverSecuritySchemes;

function schemeEntry(scheme: SecuritySchemeModel): Record<string, string> {
  switch (scheme.kind) {
    case "apiKey":
      return { type: "apiKey", in: scheme.in, name: scheme.parameterName };
    case "http":
      return { type: "http", scheme: scheme.scheme };
    default:
      return { type: scheme.kind };
  }
}

/** An operation's requirements as the spec writes them: `[{ scheme: [scopes] }, ...]`. */
export function securityRequirementsTable(
  requirements: readonly SecurityRequirementModel[],
): Record<string, readonly string[]>[] {
  return requirements.map((requirement) =>
    Object.fromEntries(requirement.schemes.map((scheme) => [scheme.name, scheme.scopes])),
  );
}
