/**
 * client.ts, security part: `SECURITY` (the spec's schemes, and the one the `apiKey` shorthand
 * fills) and `<Name>Auth`, the `auth` option typed from the spec's scheme names.
 */
import type { StatementStructures } from "ts-morph";
import { StructureKind, VariableDeclarationKind } from "../ts/ts-morph-values.js";
import type {
  ApiModel,
  OperationModel,
  SecurityRequirementModel,
  SecuritySchemeModel,
} from "../../model/types.js";
import type { EmitContext } from "../file.js";
import { escapeDocText, jsDoc } from "../ts/jsdoc.js";
import { literal, objectCode, propertyKey } from "../ts/literal.js";
import { clientSecuritySchemes } from "../security-tables.js";

/** What a scheme's credential is, and where the runtime sends it (for the property's doc). */
function describe(scheme: SecuritySchemeModel): { type: string; doc: string } {
  switch (scheme.kind) {
    case "apiKey": {
      const place = scheme.in === "query" ? "query parameter" : scheme.in;
      return {
        type: "AuthValue<string>",
        doc: `The API key, sent in the \`${scheme.parameterName}\` ${place}.`,
      };
    }
    case "http":
      if (scheme.scheme === "basic") {
        return {
          type: "AuthValue<BasicCredentials>",
          doc: "`{ username, password }`, sent as `Authorization: Basic` (UTF-8, base64).",
        };
      }
      if (scheme.scheme === "bearer")
        return {
          type: "AuthValue<string>",
          doc: "The token, sent as `Authorization: Bearer <token>`.",
        };
      return {
        type: "AuthValue<string>",
        doc: `The credentials, sent as \`Authorization: ${scheme.scheme} <value>\`.`,
      };
    case "oauth2":
      return {
        type: "AuthValue<string>",
        doc: "An OAuth 2 access token, sent as `Authorization: Bearer <token>`.",
      };
    case "openIdConnect":
      return {
        type: "AuthValue<string>",
        doc: "An OpenID Connect access token, sent as `Authorization: Bearer <token>`.",
      };
    case "mutualTLS":
      return { type: "never", doc: "" };
  }
}

/** The import of the auth types (only those the statements use). */
export function clientSecurityImport(model: ApiModel): StatementStructures {
  const kinds = model.securitySchemes.map(describe).map((entry) => entry.type);
  return {
    kind: StructureKind.ImportDeclaration,
    moduleSpecifier: "./runtime/client/auth.js",
    isTypeOnly: true,
    namedImports: [
      ...(kinds.some((type) => type !== "never") ? [{ name: "AuthValue" }] : []),
      ...(kinds.includes("AuthValue<BasicCredentials>") ? [{ name: "BasicCredentials" }] : []),
      { name: "ClientSecurity" },
    ],
  };
}

export function clientSecurityStatements(
  model: ApiModel,
  context: EmitContext,
): StatementStructures[] {
  const sendable = model.securitySchemes.filter((scheme) => scheme.kind !== "mutualTLS");
  return [
    {
      kind: StructureKind.VariableStatement,
      isExported: true,
      declarationKind: VariableDeclarationKind.Const,
      docs: [
        {
          description:
            "The spec's security schemes by name, and the API-key scheme the `apiKey` option fills.",
        },
      ],
      declarations: [
        {
          name: "SECURITY",
          type: "ClientSecurity",
          initializer: clientSecurityLiteral(model),
        },
      ],
    },
    {
      // a type literal, not an interface: it must be assignable to the runtime's `AuthOption` record
      kind: StructureKind.TypeAlias,
      isExported: true,
      name: `${context.apiName}Auth`,
      docs: jsDoc({
        summary: `Credentials for ${model.title}, by the spec's security scheme name.`,
        description:
          "Each is a value or a function (sync or async) returning it, called before every attempt (a refreshed token is used on a retry); " +
          "`undefined` means none. mutualTLS schemes are not here: the TLS client certificate belongs to your `fetch`.",
      }),
      type: (writer) => {
        writer.write("{").indent(() => {
          for (const scheme of sendable) {
            const { type, doc } = describe(scheme);
            writer.writeLine(`/** ${escapeDocText(doc)} */`);
            writer.writeLine(`${propertyKey(scheme.name)}?: ${type};`);
          }
        });
        writer.write("}");
      },
    },
  ];
}

/**
 * The client's `ClientSecurity` value (client.ts' `SECURITY`, operations.ts' `$SECURITY`): the
 * spec's schemes, the one the `apiKey` shorthand fills, and the top-level requirements, which
 * every descriptor without its own `security` uses (so 457 Stripe operations do not repeat them).
 */
export function clientSecurityLiteral(model: ApiModel): string {
  const requirements = requirementNames(model.securityRequirements);
  return literal({
    schemes: clientSecuritySchemes(model.securitySchemes),
    ...(model.apiKey ? { apiKeyScheme: model.apiKey.schemeName } : {}),
    ...(requirements.length > 0 ? { requirements } : {}),
  });
}

/**
 * A descriptor's `security` entry: the operation's requirements (scheme names), left out when
 * they are the spec's top-level ones (`SECURITY.requirements`); `[]` when it has none of its own.
 */
export function descriptorSecurity(
  operation: OperationModel,
  model: ApiModel,
): { security?: string[][] } {
  const own = requirementNames(operation.securityRequirements);
  const inherited = requirementNames(model.securityRequirements);
  return JSON.stringify(own) === JSON.stringify(inherited) ? {} : { security: own };
}

function requirementNames(requirements: readonly SecurityRequirementModel[]): string[][] {
  return requirements.map((requirement) => requirement.schemes.map((scheme) => scheme.name));
}

/**
 * The `auth` entry of a usage example that calls the spec's first operation: a placeholder for
 * each scheme of that operation's first requirement, except the API-key scheme (the example
 * gives that one with the `apiKey` shorthand) and mutualTLS; undefined when there is none.
 */
export function exampleAuthEntry(model: ApiModel): [string, string] | undefined {
  const first = model.operations[0]?.securityRequirements.find(
    (requirement) => requirement.schemes.length > 0,
  );
  const schemes = (first?.schemes ?? [])
    .map((entry) => model.securitySchemes.find((scheme) => scheme.name === entry.name))
    .filter(
      (scheme): scheme is SecuritySchemeModel =>
        scheme !== undefined &&
        scheme.kind !== "mutualTLS" &&
        scheme.name !== model.apiKey?.schemeName,
    );
  if (schemes.length === 0) return undefined;
  const entries = schemes.map((scheme) => {
    const value =
      scheme.kind === "http" && scheme.scheme === "basic"
        ? literal({ username: "<user name>", password: "<password>" })
        : literal(scheme.kind === "apiKey" ? "<your API key>" : "<your token>");
    return [scheme.name, value] as const;
  });
  return ["auth", objectCode(entries)];
}
