/**
 * The scaffold: one editable handler file per tag (`pets.ts`, `store.ts`, ...) and an `index.ts`
 * that combines them into a full `<Name>Handlers`. Written once for a team to fill in; the
 * scaffold command never overwrites a file that exists.
 */
import type { StatementStructures } from "ts-morph";
import { StructureKind, VariableDeclarationKind } from "../ts/ts-morph-values.js";
import { NameRegistry, toCamelCase } from "../../model/names.js";
import type { ApiModel, OperationModel } from "../../model/types.js";
import type { EmitContext, GeneratedFile } from "../file.js";
import { literal } from "../ts/literal.js";
import { printStatements } from "../ts/source-file.js";

/** Where the scaffold's files import the handlers type and `notImplemented` from. */
export interface ScaffoldImports {
  readonly handlers: string;
  readonly errors: string;
}

/** In this repository: relative imports of generated/ (`../../generated`). */
export function generatedFolderImports(generatedImport: string): ScaffoldImports {
  return {
    handlers: `${generatedImport}/server.js`,
    errors: `${generatedImport}/runtime/server/core/errors.js`,
  };
}

/** In an application that installed the package: its `./server` entry (`petstore-api/server`). */
export function packageImports(packageName: string): ScaffoldImports {
  return { handlers: `${packageName}/server`, errors: `${packageName}/server` };
}

export function emitScaffold(
  model: ApiModel,
  context: EmitContext,
  imports: ScaffoldImports,
): GeneratedFile[] {
  const handlersType = `${context.apiName}Handlers`;
  const groups = new Map<string, OperationModel[]>();
  for (const operation of model.operations) {
    const tag = operation.tags[0] ?? "default";
    groups.set(tag, [...(groups.get(tag) ?? []), operation]);
  }
  const registry = new NameRegistry();
  registry.claim("index");
  const files: GeneratedFile[] = [];
  const parts: { file: string; constant: string }[] = [];
  for (const [tag, operations] of groups) {
    const base = registry.claim(toCamelCase(tag) || "default");
    const constant = `${base}Handlers`;
    parts.push({ file: base, constant });
    const statements: StatementStructures[] = [
      {
        kind: StructureKind.ImportDeclaration,
        moduleSpecifier: imports.handlers,
        isTypeOnly: true,
        namedImports: [handlersType],
      },
      {
        kind: StructureKind.ImportDeclaration,
        moduleSpecifier: imports.errors,
        namedImports: ["notImplemented"],
      },
      {
        kind: StructureKind.VariableStatement,
        isExported: true,
        declarationKind: VariableDeclarationKind.Const,
        docs: [
          {
            description: `Handlers of the ${literal(tag)} operations. Replace each \`notImplemented\` with your implementation.`,
          },
        ],
        declarations: [
          {
            name: constant,
            initializer: (writer) => {
              writer.write("").inlineBlock(() => {
                for (const operation of operations) {
                  writer.writeLine(
                    `// ${operation.method.toUpperCase()} ${operation.path.replace(/[\r\n]/g, " ")}`,
                  );
                  writer.write(`async ${operation.name}(_request)`).block(() => {
                    writer.writeLine(`return notImplemented(${literal(operation.operationId)});`);
                  });
                  writer.write(",").newLine();
                }
              });
              writer.write(
                ` satisfies Pick<${handlersType}, ${operations.map((operation) => literal(operation.name)).join(" | ")}>`,
              );
            },
          },
        ],
      },
    ];
    files.push({ path: `${base}.ts`, content: printStatements(`${base}.ts`, statements) });
  }
  const index: StatementStructures[] = [
    {
      kind: StructureKind.ImportDeclaration,
      moduleSpecifier: imports.handlers,
      isTypeOnly: true,
      namedImports: [handlersType],
    },
    ...parts.map((part): StatementStructures => ({
      kind: StructureKind.ImportDeclaration,
      moduleSpecifier: `./${part.file}.js`,
      namedImports: [part.constant],
    })),
    {
      kind: StructureKind.VariableStatement,
      isExported: true,
      declarationKind: VariableDeclarationKind.Const,
      docs: [{ description: "Every operation's handler: pass it to `createRequestHandler`." }],
      declarations: [
        {
          name: "handlers",
          type: handlersType,
          initializer: `{ ${parts.map((part) => `...${part.constant}`).join(", ")} }`,
        },
      ],
    },
  ];
  files.push({ path: "index.ts", content: printStatements("index.ts", index) });
  return files;
}
