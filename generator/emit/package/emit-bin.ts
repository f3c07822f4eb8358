/**
 * The package's bin (`npx <package> scaffold --out <dir>`): `bin/cli.ts` runs the scaffold
 * writer of runtime/bin/scaffold.ts over `bin/scaffold-files.ts`, the handler stubs rendered now
 * by the same emitter as `npm run scaffold` (emit-scaffold.ts), importing `<package>/server`
 * instead of a relative generated/ folder. The bin's name is the package's without its scope,
 * the name npx runs for the package.
 */
import { StructureKind, VariableDeclarationKind } from "../ts/ts-morph-values.js";
import type { ApiModel } from "../../model/types.js";
import type { EmitContext, GeneratedFile } from "../file.js";
import { emitScaffold, packageImports } from "../server/emit-scaffold.js";
import { literal } from "../ts/literal.js";
import { printStatements } from "../ts/source-file.js";
import { BIN_MODULE } from "./layout.js";

export function emitBin(
  model: ApiModel,
  context: EmitContext,
  packageName: string,
): GeneratedFile[] {
  const stubs = emitScaffold(model, context, packageImports(packageName));
  const files = printStatements("scaffold-files.ts", [
    {
      kind: StructureKind.ImportDeclaration,
      moduleSpecifier: "../runtime/bin/scaffold.js",
      isTypeOnly: true,
      namedImports: ["ScaffoldFile"],
    },
    {
      kind: StructureKind.VariableStatement,
      isExported: true,
      declarationKind: VariableDeclarationKind.Const,
      docs: [{ description: "The handler stubs `scaffold` writes, as rendered by the generator." }],
      declarations: [
        {
          name: "SCAFFOLD_FILES",
          type: "readonly ScaffoldFile[]",
          initializer: literal(stubs.map(({ path, content }) => ({ path, content }))),
        },
      ],
    },
  ]);
  const cli = printStatements("cli.ts", [
    {
      kind: StructureKind.ImportDeclaration,
      moduleSpecifier: "../runtime/bin/scaffold.js",
      namedImports: ["runScaffoldCli"],
    },
    {
      kind: StructureKind.ImportDeclaration,
      moduleSpecifier: "./scaffold-files.js",
      namedImports: ["SCAFFOLD_FILES"],
    },
    `process.exitCode = await runScaffoldCli(process.argv.slice(2), SCAFFOLD_FILES, ${literal(`npx ${packageName}`)}, {
  cwd: process.cwd(),
  out: (line) => process.stdout.write(\`\${line}\\n\`),
  error: (line) => process.stderr.write(\`\${line}\\n\`),
});`,
  ]);
  return [
    { path: "bin/scaffold-files.ts", content: files },
    // the shebang stays the first line: the pipeline puts the generated header below it
    { path: `${BIN_MODULE}.ts`, content: `#!/usr/bin/env node\n${cli}` },
  ];
}
