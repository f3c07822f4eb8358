/**
 * operations.ts: one exported function per operation over a small client core, for consumers
 * that pay only for what they call (`getPetById(api, { path: { petId: 1 } })` with
 * `api = create<Name>Core(options)`). Each function carries its own descriptor, and the
 * descriptor references the serializers its operation needs (`codecs`), so a bundler keeps that
 * operation's descriptor and runtime and drops every other. A paginated operation also gets
 * `<op>Pages` and `<op>Items`. The whole client (client.ts) is unchanged; its object is accepted
 * by these functions too.
 *
 * Names the spec gives (operations) are used as is; everything else in the file starts with `$`,
 * which no operation name has (names are letters and digits), so the two never collide.
 */
import { createHash } from "node:crypto";
import type { FunctionDeclarationStructure, StatementStructures } from "ts-morph";
import { StructureKind, VariableDeclarationKind } from "../ts/ts-morph-values.js";
import type { ApiModel, OperationModel } from "../../model/types.js";
import type { EmitContext, GeneratedFile } from "../file.js";
import { jsDoc } from "../ts/jsdoc.js";
import { docSlot } from "../ts/operation-doc-slots.js";
import { literal } from "../ts/literal.js";
import { printStatements } from "../ts/source-file.js";
import { clientSecurityLiteral } from "./client-security.js";
import { codecImports, codecsLiteral, operationCodecRefs } from "./client-codecs.js";
import { fillClientDocs } from "./client-doc-slots.js";
import { descriptorWriter, HeaderTables } from "./emit-client.js";
import { RESERVED_WORDS } from "./reserved-words.js";
import { xmlCodecImport, XmlShapeTable } from "./xml-entry.js";
import {
  isTokenPart,
  numberPart,
  PART_TOKEN,
  tokenPart,
  type PartTables,
} from "./operation-parts.js";
import { SchemaReads } from "./schema-reads.js";
import { UNCACHED_PARTS, type PartStore } from "../part-store.js";

/**
 * operations.ts with each operation's doc as a slot (ts/operation-doc-slots.ts). With `parts`
 * (a cache), each operation's statements are a part (operation-parts.ts) keyed by `reads` (the
 * text of its operation: cache/cached-emitters.ts) and the operations' names, and used while what
 * it read of the schemas and ref targets is unchanged (schema-reads.ts); without, the file is
 * printed whole.
 */
export function operationsTemplate(
  model: ApiModel,
  context: EmitContext,
  parts: PartStore = UNCACHED_PARTS,
  reads: (operation: OperationModel) => string = () => "",
): GeneratedFile {
  const tables = { headers: new HeaderTables("$"), shapes: new XmlShapeTable("$") };
  const names = new Set(model.operations.map((operation) => operation.name));
  const statements = (section: readonly (string | StatementStructures)[]) =>
    operationsStatements(model, context, tables, section);
  const print = (section: readonly (string | StatementStructures)[]): GeneratedFile => ({
    path: "operations.ts",
    content: printStatements("operations.ts", statements(section)),
  });
  const whole = () =>
    print(
      model.operations.flatMap((operation) => [
        descriptorStatement(operation, model, tables.headers, tables.shapes),
        ...operationFunctions(operation, model, names),
      ]),
    );
  if (parts === UNCACHED_PARTS || model.operations.length === 0) return whole();
  // names and operationIds: a walk named like an operation, a deprecated operation's replacement
  const namesText = JSON.stringify(
    model.operations.map((operation) => [operation.operationId, operation.name]),
  );
  const own = model.operations.map(reads);
  if (namesText.includes(PART_TOKEN) || own.some((text) => text.includes(PART_TOKEN)))
    return whole();
  // every part reads the names: their hash in each key, not their text (on Stripe 27 kB a part)
  const namesHash = createHash("sha256").update(namesText).digest("hex");
  const keys = own.map((text) => `${namesHash}\n${text}`);
  // what each part read of the schemas and ref targets is kept with it (schema-reads.ts)
  const schemaReads = new SchemaReads(model);
  const texts = model.operations.map((operation, index) => {
    const make = () =>
      schemaReads.recorded((recording) =>
        tokenPart((own) =>
          printStatements("operations.ts", [
            descriptorStatement(operation, recording, own.headers, own.shapes),
            ...operationFunctions(operation, recording, names),
          ]),
        ),
      );
    const valid = (text: string) => {
      const current = schemaReads.current(text);
      return current !== undefined && isTokenPart(current);
    };
    const part = schemaReads.current(parts.part("operation", keys[index] as string, make, valid));
    if (part === undefined) throw new Error("client: an operation's part does not read back");
    return numberPart(part, tables, "$").replace(/\n$/, "");
  });
  // each part ends with a function: a blank line after it, as the printer puts one after a function
  const reserved = reservedExports(model).length > 0;
  return print([`${texts.join("\n\n")}${reserved ? "\n" : ""}`]);
}

/** operations.ts's statements, the operations' own statements being `section`. */
function operationsStatements(
  model: ApiModel,
  context: EmitContext,
  tables: PartTables,
  section: readonly (string | StatementStructures)[],
): (string | StatementStructures)[] {
  const paged = model.operations.some((operation) => operation.pagination !== undefined);
  return [
    typeImport("./types.js", [["paths", "$paths"]]),
    typeImport("./runtime/client/descriptor.js", [
      ["ClientOperationDescriptor", "$ClientOperationDescriptor"],
    ]),
    typeImport("./runtime/client/auth.js", [["ClientSecurity", "$ClientSecurity"]]),
    typeImport("./runtime/client/types.js", [
      ["OperationArgs", "$OperationArgs"],
      ["OperationOutcome", "$OperationOutcome"],
      ["ResultOptions", "$ResultOptions"],
    ]),
    typeImport("./runtime/client/core.js", [
      ["ClientCore", "$ClientCore"],
      ["CoreOptions", "$CoreOptions"],
    ]),
    typeImport("./client.js", [[`${context.apiName}Auth`, "$Auth"]]),
    {
      kind: StructureKind.ImportDeclaration,
      moduleSpecifier: "./runtime/client/core.js",
      namedImports: [
        { name: "callThrough", alias: "$callThrough" },
        { name: "createClientCore", alias: "$createClientCore" },
      ],
    },
    ...(paged
      ? [
          {
            kind: StructureKind.ImportDeclaration,
            moduleSpecifier: "./runtime/client/core-pages.js",
            namedImports: [
              { name: "itemsThrough", alias: "$itemsThrough" },
              { name: "pagesThrough", alias: "$pagesThrough" },
            ],
          } satisfies StatementStructures,
          typeImport("./runtime/client/paginate.js", [
            ["PageArgs", "$PageArgs"],
            ["PageItem", "$PageItem"],
          ]),
        ]
      : []),
    ...codecImports(
      model.operations.flatMap((operation) => operationCodecRefs(operation, model.securitySchemes)),
      "$",
    ),
    ...xmlCodecImport(model, "$"),
    ...tables.headers.statements(),
    ...tables.shapes.statements(),
    {
      kind: StructureKind.VariableStatement,
      declarationKind: VariableDeclarationKind.Const,
      docs: [{ description: "The spec's security schemes (data: the code is the core's)." }],
      declarations: [
        {
          name: "$SECURITY",
          type: "$ClientSecurity",
          initializer: clientSecurityLiteral(model),
        },
      ],
    },
    {
      kind: StructureKind.ExportDeclaration,
      isTypeOnly: true,
      moduleSpecifier: "./runtime/client/core.js",
      namedExports: [{ name: "ClientCore" }, { name: "CoreOptions" }],
    },
    coreFactory(context),
    ...middlewareExport(new Set(model.operations.map((operation) => operation.name))),
    ...section,
    ...reservedExports(model),
  ];
}

/** operations.ts, each operation's doc filled in (ts/operation-doc-slots.ts). */
export function emitOperations(model: ApiModel, context: EmitContext): GeneratedFile {
  return fillClientDocs(operationsTemplate(model, context), model);
}

function typeImport(moduleSpecifier: string, names: readonly [string, string][]) {
  return {
    kind: StructureKind.ImportDeclaration,
    moduleSpecifier,
    isTypeOnly: true,
    namedImports: names.map(([name, alias]) => ({ name, alias })),
  } satisfies StatementStructures;
}

function coreFactory(context: EmitContext): StatementStructures {
  return {
    kind: StructureKind.Function,
    isExported: true,
    name: `create${context.apiName}Core`,
    docs: jsDoc({
      summary: `Creates the ${context.apiName} client core the per-operation functions call through.`,
      description:
        "The whole client's behaviour (credentials as each operation's security requirements say, the rate-limit state shared per key and origin, " +
        "retries after `Retry-After`, timeouts, deprecation notices, typed errors) without the table of every operation: " +
        "a bundle holds only the functions it imports. Middleware: `useMiddleware(api, ...)`. `onRetry`, `onRateLimitWait` and `logger` need the whole client " +
        `(\`create${context.apiName}Client\`), whose object these functions accept too.`,
    }),
    typeParameters: [{ name: "Throws", constraint: "boolean", default: "false" }],
    parameters: [
      {
        name: "options",
        type: 'Omit<$CoreOptions, "auth"> & { auth?: $Auth } & $ResultOptions<Throws>',
      },
    ],
    returnType: "$ClientCore<Throws>",
    statements: ["return $createClientCore(options, $SECURITY);"],
  };
}

/**
 * `export { useMiddleware }`: middleware for a core (core-middleware.ts), a function so that a
 * bundle that never adds middleware does not carry it. An operation of that name keeps the name;
 * the export is then `$useMiddleware`.
 */
function middlewareExport(names: ReadonlySet<string>): StatementStructures[] {
  const name = "useMiddleware";
  return [
    {
      kind: StructureKind.ExportDeclaration,
      moduleSpecifier: "./runtime/client/core-middleware.js",
      namedExports: [names.has(name) ? { name, alias: `$${name}` } : { name }],
    },
  ];
}

function descriptorStatement(
  operation: OperationModel,
  model: ApiModel,
  headerTables: HeaderTables,
  xmlShapes: XmlShapeTable,
): StatementStructures {
  const codecs = operationCodecRefs(operation, model.securitySchemes);
  const extra: [string, string][] =
    codecs.length === 0 ? [] : [["codecs", codecsLiteral(codecs, "$")]];
  const writer = descriptorWriter(operation, model, headerTables, xmlShapes, extra);
  return {
    kind: StructureKind.VariableStatement,
    declarationKind: VariableDeclarationKind.Const,
    declarations: [
      {
        name: `$${operation.name}`,
        initializer: (w) => {
          writer(w);
          w.write(" as const satisfies $ClientOperationDescriptor");
        },
      },
    ],
  };
}

/** The exported name's declaration: the name itself, or `$$name` for a reserved word. */
function declaredName(name: string): string {
  return RESERVED_WORDS.has(name) ? `$$${name}` : name;
}

function operationFunctions(
  operation: OperationModel,
  model: ApiModel,
  names: ReadonlySet<string>,
): StatementStructures[] {
  const op = `$paths[${literal(operation.path)}][${literal(operation.method)}]`;
  const descriptor = `$${operation.name}`;
  const generics = [
    { name: "Throws", constraint: "boolean", default: "false" },
    { name: "T", constraint: "boolean", default: "Throws" },
  ];
  const call: FunctionDeclarationStructure = {
    kind: StructureKind.Function,
    isExported: !RESERVED_WORDS.has(operation.name),
    name: declaredName(operation.name),
    docs: docSlot("operation", operation),
    typeParameters: generics,
    parameters: [
      { name: "client", type: "$ClientCore<Throws>" },
      { name: "args", isRestParameter: true, type: `$OperationArgs<${op}, T>` },
    ],
    returnType: `Promise<$OperationOutcome<${op}, T>>`,
    statements: [`return $callThrough(client, ${descriptor}, args[0]);`],
  };
  const pagination = operation.pagination;
  const walks = [`${operation.name}Pages`, `${operation.name}Items`];
  // a walk named like an operation is left out (the whole client's methods still have it)
  if (pagination === undefined || walks.some((name) => names.has(name))) return [call];
  const item = `$PageItem<${op}, ${literal(pagination.items.pointer)}>`;
  const walk = (
    name: string,
    what: string,
    result: string,
    through: string,
  ): FunctionDeclarationStructure => ({
    kind: StructureKind.Function,
    isExported: true,
    name,
    docs: jsDoc({
      summary: `${what} of \`${operation.name}\`, page after page (as the whole client's \`${operation.name}.${what === "Every page" ? "pages" : "items"}()\`).`,
    }),
    typeParameters: generics,
    parameters: [
      { name: "client", type: "$ClientCore<Throws>" },
      { name: "args", isRestParameter: true, type: `$PageArgs<${op}, T>` },
    ],
    returnType: `AsyncIterable<${result}>`,
    statements: [`return ${through}(client, ${descriptor}, args[0], args[1]);`],
  });
  return [
    call,
    walk(walks[0]!, "Every page", `$OperationOutcome<${op}, T>`, "$pagesThrough"),
    walk(walks[1]!, "Every item", item, "$itemsThrough"),
  ];
}

/** `export { $$delete as delete }` for the operations named by a reserved word. */
function reservedExports(model: ApiModel): StatementStructures[] {
  const reserved = model.operations.filter((operation) => RESERVED_WORDS.has(operation.name));
  if (reserved.length === 0) return [];
  return [
    {
      kind: StructureKind.ExportDeclaration,
      namedExports: reserved.map((operation) => ({
        name: declaredName(operation.name),
        alias: operation.name,
      })),
    },
  ];
}
