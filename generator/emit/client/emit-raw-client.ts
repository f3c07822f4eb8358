/**
 * raw-client.ts: `create<Name>RawClient(options)`, the plain openapi-fetch client for the same API,
 * for what the typed methods do not cover. Its options are its own (`RawClientOptions`: base URL,
 * API key (a string or a function), fetch, headers); the key goes where the spec's `apiKey`
 * scheme says, through a middleware.
 */
import type { StatementStructures } from "ts-morph";
import { StructureKind } from "../ts/ts-morph-values.js";
import type { ApiModel } from "../../model/types.js";
import type { EmitContext } from "../file.js";
import { jsDoc } from "../ts/jsdoc.js";
import { literal } from "../ts/literal.js";

export function rawClientStatements(model: ApiModel, context: EmitContext): StatementStructures[] {
  const apiKey = model.apiKey;
  return [
    {
      kind: StructureKind.ImportDeclaration,
      moduleSpecifier: "openapi-fetch",
      defaultImport: "createClient",
      namedImports: [{ name: "Client", isTypeOnly: true }],
    },
    {
      kind: StructureKind.ImportDeclaration,
      moduleSpecifier: "./types.js",
      isTypeOnly: true,
      namedImports: [{ name: "paths" }],
    },
    {
      kind: StructureKind.ImportDeclaration,
      moduleSpecifier: "./runtime/client/raw-client-options.js",
      namedImports: [
        ...(apiKey ? [{ name: "apiKeyMiddleware" }] : []),
        { name: "RawClientOptions", isTypeOnly: true },
      ],
    },
    {
      kind: StructureKind.Function,
      isExported: true,
      name: `create${context.apiName}RawClient`,
      docs: jsDoc({
        summary: `The plain openapi-fetch client for ${model.title}: base URL, headers and API key (a string, or a function called per request).`,
        description:
          "No retries, rate-limit handling, timeouts or deprecation warnings: use it for what the typed client's methods do not cover. " +
          "Its `use`/`eject` take the same middleware objects as the typed client's.",
      }),
      parameters: [{ name: "options", type: "RawClientOptions" }],
      returnType: "Client<paths>",
      statements: (writer) => {
        writer.writeLine(
          "const client = createClient<paths>({ baseUrl: options.baseUrl, ...(options.headers ? { headers: options.headers } : {}), ...(options.fetch ? { fetch: options.fetch } : {}) });",
        );
        if (apiKey) {
          writer.writeLine(
            `if (options.apiKey !== undefined) client.use(apiKeyMiddleware(${literal({ in: apiKey.in, name: apiKey.name })}, options.apiKey));`,
          );
        }
        writer.writeLine("return client;");
      },
    },
  ];
}
