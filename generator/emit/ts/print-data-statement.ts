/**
 * Prints a `const` statement of data, parsed back from an emitter's output, in prettier's layout
 * without prettier: the descriptor tables of client.ts (`OPERATIONS`, `RESPONSE_HEADERS_0`,
 * `API_KEY`), mocks.ts (`BODY_0`, `HEADERS_0`, `MOCK_OPERATIONS`), validate.ts
 * (`RESPONSE_VALIDATORS`) and query.ts (`INVALIDATES`). The statement is read into the data
 * literal of print-data-prettier.ts (strings, numbers, booleans, null, arrays, objects,
 * references `name` / `name.member`), which lays it out; its annotation and the types after
 * `as`/`satisfies` are laid out by print-types-prettier.ts, its JSDoc as that printer prints it.
 *
 * What the source says about the layout is kept: an object written with a newline after `{` stays
 * expanded, as prettier keeps it. Anything else returns `undefined` and prettier formats the
 * piece as before: functions, templates, spreads, computed keys (but `["__proto__"]`), literals
 * not written as JSON writes them (`'a'`, `1.0`, `0x1`), blank lines, a union after `satisfies`, an
 * annotation too long for its line. test/generator/print-data-statement.test.ts compares both
 * paths on every data statement of the pet store's, the fixtures' and the corpus subset's files.
 */
import ts from "typescript";
import { canBreak, hardline, printDoc, type Doc } from "./layout-doc.js";
import { DataObject, dataStatementDoc, reference, type DataCast, type DataKey, type DataValue } from "./print-data-prettier.js";
import { annotationTypeDoc, printLeadingComments } from "./print-types-prettier.js";
import { asciiIdentifier, textWidth, UnsupportedLayout } from "./prettier-text.js";

const PRINT_WIDTH = 100;

/**
 * The statement (with the comments print-piece-prettier.ts attached to it as synthetic leading
 * comments) as prettier prints it, ending with a newline; `undefined` when that is not known for
 * certain. `file` was parsed with parent nodes set. Any failure (a construct declined, or a bug)
 * is `undefined`: the tests expect this printer on every pet store data statement, so a bug still
 * fails them.
 */
export function printDataStatement(file: ts.SourceFile, statement: ts.VariableStatement): string | undefined {
  try {
    const comments = printLeadingComments(statement);
    return comments === undefined ? undefined : comments + printDoc([statementDoc(file, statement), hardline], PRINT_WIDTH);
  } catch {
    return undefined;
  }
}

/** Why {@link printDataStatement} returns `undefined` for `statement` (for the tests), or `undefined` when it does not. */
export function unsupportedStatementReason(file: ts.SourceFile, statement: ts.VariableStatement): string | undefined {
  try {
    statementDoc(file, statement);
    return undefined;
  } catch (error) {
    return error instanceof UnsupportedLayout ? error.message : `printer failure: ${error instanceof Error ? error.stack : String(error)}`;
  }
}

function unsupported(what: string): never {
  throw new UnsupportedLayout(what);
}

function statementDoc(file: ts.SourceFile, statement: ts.VariableStatement): Doc {
  // prettier keeps one blank line where the source has one (between entries)
  if (/\n[ \t]*\r?\n/.test(file.text.slice(statement.getStart(file), statement.end))) unsupported("blank line");
  if (ts.getSyntheticTrailingComments(statement) !== undefined) unsupported("trailing comment");
  const kinds = (statement.modifiers ?? []).map((modifier) => modifier.kind);
  const exported = kinds[0] === ts.SyntaxKind.ExportKeyword;
  const declared = kinds[exported ? 1 : 0] === ts.SyntaxKind.DeclareKeyword;
  if (kinds.length !== Number(exported) + Number(declared)) unsupported("modifiers");
  const list = statement.declarationList;
  if ((list.flags & ts.NodeFlags.BlockScoped) !== ts.NodeFlags.Const) unsupported("not a const declaration");
  const [declaration, ...others] = list.declarations;
  if (declaration === undefined || others.length > 0) unsupported("not one declaration");
  if (!ts.isIdentifier(declaration.name) || declaration.exclamationToken !== undefined || (declaration.initializer === undefined) !== declared) unsupported("declaration shape");
  const name = identifierText(file, declaration.name);
  const keywords = `${exported ? "export " : ""}${declared ? "declare " : ""}const `;
  let type: Doc | undefined;
  if (declaration.type !== undefined) {
    type = annotationTypeDoc(checkedType(declaration.type));
    // an annotation that could break stays on the `const` line: how prettier breaks a type there is not known here
    const flat = printDoc(type, Number.POSITIVE_INFINITY);
    if (canBreak(type) && (flat.includes("\n") || textWidth(`${keywords}${name}: ${flat} =`) > PRINT_WIDTH)) unsupported("long annotation");
    // `declare const name: Type;` (a declaration file's): the annotation alone
    if (declaration.initializer === undefined) return `${keywords}${name}: ${flat};`;
  }
  if (declaration.initializer === undefined) return unsupported("declaration without a type or value");
  const casts: DataCast[] = [];
  let value = declaration.initializer;
  while (ts.isAsExpression(value) || ts.isSatisfiesExpression(value)) {
    casts.unshift({ operator: ts.isAsExpression(value) ? "as" : "satisfies", type: castType(value.type) });
    value = value.expression;
  }
  return dataStatementDoc({ exported, name, type, complexType: isComplexAnnotation(declaration.type), value: dataValue(file, value), casts });
}

/** `const`, or a type prettier writes after `as`/`satisfies` as print-types-prettier.ts lays it out (not a union or intersection). */
export function castType(node: ts.TypeNode): Doc {
  if (ts.isTypeReferenceNode(node) && ts.isIdentifier(node.typeName) && node.typeName.text === "const" && node.typeArguments === undefined) return "const";
  if (ts.isUnionTypeNode(node) || ts.isIntersectionTypeNode(node) || ts.isParenthesizedTypeNode(node)) unsupported(`${ts.SyntaxKind[node.kind]} after as/satisfies`);
  return annotationTypeDoc(checkedType(node));
}

/** `node`, when nothing in it is parenthesized (prettier's layout choices, such as {@link isComplexAnnotation}, read types without parentheses). */
function checkedType(node: ts.TypeNode): ts.TypeNode {
  const visit = (child: ts.Node): void => {
    if (ts.isParenthesizedTypeNode(child)) unsupported("parenthesized type");
    ts.forEachChild(child, visit);
  };
  visit(node);
  return node;
}

/** prettier's hasComplexTypeAnnotation (print/assignment.js): `A<B, C<D>>`, several type arguments, one generic or conditional. */
export function isComplexAnnotation(type: ts.TypeNode | undefined): boolean {
  if (type === undefined || !ts.isTypeReferenceNode(type)) return false;
  const args = type.typeArguments ?? [];
  return args.length > 1 && args.some((arg) => (ts.isTypeReferenceNode(arg) && (arg.typeArguments ?? []).length > 0) || ts.isConditionalTypeNode(arg));
}

/** The data literal `node` is, written as print-data-prettier.ts writes its source (JSON texts). */
function dataValue(file: ts.SourceFile, node: ts.Expression): DataValue {
  if (ts.isStringLiteral(node)) return jsonString(file, node);
  if (ts.isNumericLiteral(node)) return numberValue(file, node);
  if (ts.isPrefixUnaryExpression(node) && node.operator === ts.SyntaxKind.MinusToken && ts.isNumericLiteral(node.operand)) {
    const value = numberValue(file, node.operand);
    // (JSON writes -0 as 0, prettier keeps `-0`)
    if (value === 0) unsupported("-0");
    return -value;
  }
  if (node.kind === ts.SyntaxKind.TrueKeyword) return true;
  if (node.kind === ts.SyntaxKind.FalseKeyword) return false;
  if (node.kind === ts.SyntaxKind.NullKeyword) return null;
  if (ts.isIdentifier(node)) return reference(identifierText(file, node));
  // `name.member`; longer chains may break between members in prettier
  if (ts.isPropertyAccessExpression(node) && ts.isIdentifier(node.expression) && ts.isIdentifier(node.name) && node.questionDotToken === undefined) {
    return reference(`${identifierText(file, node.expression)}.${identifierText(file, node.name)}`);
  }
  if (ts.isArrayLiteralExpression(node)) {
    return node.elements.map((element) => {
      if (ts.isSpreadElement(element) || ts.isOmittedExpression(element)) unsupported(`array element ${ts.SyntaxKind[element.kind]}`);
      return dataValue(file, element);
    });
  }
  if (ts.isObjectLiteralExpression(node)) return objectValue(file, node);
  return unsupported(`value ${ts.SyntaxKind[node.kind]}`);
}

function objectValue(file: ts.SourceFile, node: ts.ObjectLiteralExpression): DataObject {
  const entries = node.properties.map((property): readonly [DataKey, DataValue] => {
    if (!ts.isPropertyAssignment(property)) unsupported(`object member ${ts.SyntaxKind[property.kind]}`);
    // (a comment print-piece-prettier.ts attached to a member: the code printer writes it)
    if (ts.getSyntheticLeadingComments(property) !== undefined) unsupported("comment before a member");
    return [keyOf(file, property.name), dataValue(file, property.initializer)];
  });
  const first = node.properties[0];
  const expanded = first !== undefined && file.text.slice(node.getStart(file), first.getStart(file)).includes("\n");
  return new DataObject(entries, expanded);
}

/** A key as print-data-prettier.ts writes it: quoted, a numeric literal, or `["__proto__"]` (an own property, not the prototype). */
function keyOf(file: ts.SourceFile, name: ts.PropertyName): DataKey {
  if (ts.isComputedPropertyName(name)) {
    if (ts.isStringLiteral(name.expression) && jsonString(file, name.expression) === "__proto__") return "__proto__";
    return unsupported("computed key");
  }
  let key: DataKey;
  if (ts.isIdentifier(name)) key = identifierText(file, name);
  else if (ts.isStringLiteral(name)) key = jsonString(file, name);
  else if (ts.isNumericLiteral(name)) key = numberValue(file, name);
  else return unsupported(`key ${ts.SyntaxKind[name.kind]}`);
  // (a plain `__proto__` key sets the prototype: print-data-prettier.ts writes the computed key)
  if (key === "__proto__") unsupported("__proto__ key");
  return key;
}

function identifierText(file: ts.SourceFile, node: ts.Identifier): string {
  return asciiIdentifier(node.getText(file));
}

/** A string literal's value, when its source is what JSON.stringify writes for it. */
function jsonString(file: ts.SourceFile, node: ts.StringLiteral): string {
  if (node.getText(file) !== JSON.stringify(node.text)) unsupported("string not written as JSON");
  return node.text;
}

/** A numeric literal's value, when its source is what String(value) writes. */
function numberValue(file: ts.SourceFile, node: ts.NumericLiteral): number {
  const text = node.getText(file);
  const value = Number(text);
  if (String(value) !== text) unsupported(`number ${text}`);
  return value;
}
