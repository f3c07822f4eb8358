/**
 * Import and re-export declarations in the fixed layout: up to {@link INLINE_NAMES} names on the
 * declaration's line (`import { a, b } from "./x.js";`), more one per line, so that a name added
 * or removed is a one-line change.
 */
import type {
  ExportDeclarationStructure,
  ImportDeclarationStructure,
  OptionalKind,
  StatementStructures,
} from "ts-morph";
import { StructureKind } from "./ts-morph-values.js";

const INLINE_NAMES = 3;

/** `import [type] { names } from "from";` (or `export …`) in the fixed layout. */
export function namedImportText(
  names: readonly string[],
  from: string,
  typeOnly: boolean,
  keyword: "import" | "export" = "import",
): string {
  const type = typeOnly ? "type " : "";
  const list =
    names.length <= INLINE_NAMES
      ? `{ ${names.join(", ")} }`
      : `{\n${names.map((name) => `  ${name},\n`).join("")}}`;
  return `${keyword} ${type}${list} from ${JSON.stringify(from)};`;
}

/**
 * A statement as the fixed layout wants it: an import or re-export of named bindings only (no
 * default or namespace binding, no attributes) becomes its text; anything else is left to
 * ts-morph's printer.
 */
export function laidOutImport(
  statement: string | StatementStructures,
): string | StatementStructures {
  if (typeof statement === "string") return statement;
  if (statement.kind === StructureKind.ImportDeclaration)
    return namedImportsText(statement) ?? statement;
  if (statement.kind === StructureKind.ExportDeclaration)
    return namedExportsText(statement) ?? statement;
  return statement;
}

function namedImportsText(structure: OptionalKind<ImportDeclarationStructure>): string | undefined {
  if (
    structure.defaultImport !== undefined ||
    structure.namespaceImport !== undefined ||
    structure.attributes !== undefined ||
    typeof structure.moduleSpecifier !== "string"
  )
    return undefined;
  const names = specifierTexts(structure.namedImports);
  if (names === undefined) return undefined;
  return namedImportText(names, structure.moduleSpecifier, structure.isTypeOnly === true);
}

function namedExportsText(structure: OptionalKind<ExportDeclarationStructure>): string | undefined {
  if (
    structure.namespaceExport !== undefined ||
    structure.attributes !== undefined ||
    typeof structure.moduleSpecifier !== "string"
  )
    return undefined;
  const names = specifierTexts(structure.namedExports);
  if (names === undefined) return undefined;
  return namedImportText(names, structure.moduleSpecifier, structure.isTypeOnly === true, "export");
}

interface SpecifierLike {
  readonly name?: unknown;
  readonly alias?: unknown;
  readonly isTypeOnly?: unknown;
}

/** The specifiers as text (`type A as B`), or undefined when there are none or one is a writer function. */
function specifierTexts(named: unknown): string[] | undefined {
  if (!Array.isArray(named) || named.length === 0) return undefined;
  const names: string[] = [];
  for (const entry of named as readonly unknown[]) {
    if (typeof entry === "string") {
      names.push(entry);
      continue;
    }
    const specifier = entry as SpecifierLike | null;
    if (typeof specifier !== "object" || specifier === null || typeof specifier.name !== "string")
      return undefined;
    const alias = typeof specifier.alias === "string" ? ` as ${specifier.alias}` : "";
    names.push(`${specifier.isTypeOnly === true ? "type " : ""}${specifier.name}${alias}`);
  }
  return names;
}
