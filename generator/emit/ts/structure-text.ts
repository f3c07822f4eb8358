/**
 * Simple declarations printed as text in the layout ts-morph's printer gives their structures
 * (type aliases, and interfaces of properties), so that an emitter with one per operation skips
 * the printer's writer, which costs about 0.1 s per megabyte (it tracks strings and comments
 * character by character). Each function handles the subset of its structure that the emitters
 * use and returns undefined for anything else (the emitter then prints the structure):
 * test/generator/structure-text.test.ts compares both ways.
 */
import type {
  InterfaceDeclarationStructure,
  JSDocStructure,
  OptionalKind,
  PropertySignatureStructure,
  StatementStructures,
  TypeAliasDeclarationStructure,
  TypeParameterDeclarationStructure,
  WriterFunction,
} from "ts-morph";
import { StructureKind } from "./ts-morph-values.js";
import { docBlock } from "./operation-doc-slots.js";
import type { PrintedStatement } from "./source-file.js";

type Docs = readonly (string | OptionalKind<JSDocStructure>)[] | undefined;

/** The docs' blocks, each on its own line at `indent`; undefined for docs given as plain strings or writers. */
function docsText(docs: Docs, indent: string): string | undefined {
  let text = "";
  for (const doc of docs ?? []) {
    if (typeof doc === "string" || typeof doc.description === "function") return undefined;
    if ((doc.tags ?? []).some((tag) => typeof tag.text === "function")) return undefined;
    text += `${indent}${docBlock(doc, indent)}\n`;
  }
  return text;
}

/** A one-line text (no line break: the writer would indent the lines after it). */
const oneLine = (text: unknown): text is string => typeof text === "string" && !/[\r\n]/.test(text);

function typeParametersText(
  parameters: readonly (string | OptionalKind<TypeParameterDeclarationStructure>)[] | undefined,
): string | undefined {
  if (parameters === undefined || parameters.length === 0) return "";
  const texts: string[] = [];
  for (const parameter of parameters) {
    if (typeof parameter === "string" || parameter.isConst === true) return undefined;
    if (parameter.variance !== undefined) return undefined;
    const { name, constraint, default: fallback } = parameter;
    if (constraint !== undefined && !oneLine(constraint)) return undefined;
    if (fallback !== undefined && !oneLine(fallback)) return undefined;
    texts.push(
      `${name}${constraint === undefined ? "" : ` extends ${constraint}`}${fallback === undefined ? "" : ` = ${fallback}`}`,
    );
  }
  return `<${texts.join(", ")}>`;
}

/**
 * A type alias (exported or not, with docs and type parameters) as the printer lays it out;
 * undefined outside that subset. `topLevel`: the alias is a statement of the file, where the
 * writer (at indentation 0) writes each line of a type of several lines as it is, so such a type
 * is in the subset too (one without a carriage return, which the writer turns into the newline).
 */
export function typeAliasText(
  structure: OptionalKind<TypeAliasDeclarationStructure>,
  options: { readonly topLevel?: boolean } = {},
): string | undefined {
  const { isExported, isDefaultExport, hasDeclareKeyword, name, type } = structure;
  const typeText =
    options.topLevel === true ? typeof type === "string" && !type.includes("\r") : oneLine(type);
  if (isDefaultExport === true || hasDeclareKeyword === true || !typeText) return undefined;
  const docs = docsText(structure.docs, "");
  const parameters = typeParametersText(structure.typeParameters);
  if (docs === undefined || parameters === undefined) return undefined;
  return `${docs}${isExported === true ? "export " : ""}type ${name}${parameters} = ${type};`;
}

function propertyText(property: OptionalKind<PropertySignatureStructure>): string | undefined {
  const { name, type, hasQuestionToken, isReadonly, initializer } = property;
  if (!oneLine(type) || initializer !== undefined) return undefined;
  const docs = docsText(property.docs, "  ");
  if (docs === undefined) return undefined;
  return `${docs}  ${isReadonly === true ? "readonly " : ""}${name}${hasQuestionToken === true ? "?" : ""}: ${type};\n`;
}

/**
 * What the printer writes before an interface, a function or a class: a blank line, unless the
 * statement opens its block or one is there already.
 */
export const BLANK_LINE_BEFORE: WriterFunction = (writer) => {
  if (!writer.isAtStartOfFirstLineOfBlock()) writer.blankLineIfLastNot();
};

/**
 * An interface of properties (exported or not, with docs, type parameters and `extends`) as the
 * printer lays it out, after {@link BLANK_LINE_BEFORE}; undefined outside that subset (methods,
 * call or index signatures, members given as text).
 */
export function interfaceText(
  structure: OptionalKind<InterfaceDeclarationStructure>,
): [WriterFunction, string] | undefined {
  const { isExported, isDefaultExport, hasDeclareKeyword, name } = structure;
  const other = [
    structure.methods,
    structure.callSignatures,
    structure.constructSignatures,
    structure.indexSignatures,
    structure.getAccessors,
    structure.setAccessors,
  ];
  if (isDefaultExport === true || hasDeclareKeyword === true) return undefined;
  if (other.some((members) => members !== undefined && members.length > 0)) return undefined;
  const extended = structure.extends ?? [];
  if (typeof extended === "function" || !extended.every(oneLine)) return undefined;
  const docs = docsText(structure.docs, "");
  const parameters = typeParametersText(structure.typeParameters);
  const properties = (structure.properties ?? []).map(propertyText);
  if (docs === undefined || parameters === undefined) return undefined;
  if (properties.some((text) => text === undefined)) return undefined;
  const heritage = extended.length === 0 ? "" : ` extends ${extended.join(", ")}`;
  const head = `${isExported === true ? "export " : ""}interface ${name}${parameters}${heritage} {`;
  return [BLANK_LINE_BEFORE, `${docs}${head}\n${properties.join("")}}`];
}

/**
 * `statements` as one text when each is a type alias {@link typeAliasText} prints (the printer
 * puts each on the line after the one before), else as they are.
 */
export function typeAliasesText(statements: readonly StatementStructures[]): PrintedStatement[] {
  const texts: string[] = [];
  for (const statement of statements) {
    const text = statement.kind === StructureKind.TypeAlias ? typeAliasText(statement) : undefined;
    if (text === undefined) return [...statements];
    texts.push(text);
  }
  return texts.length === 0 ? [] : [texts.join("\n")];
}
