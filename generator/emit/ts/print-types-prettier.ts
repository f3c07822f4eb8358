/**
 * Prints the declarations openapi-typescript's transform returns directly in the layout prettier
 * gives them: the same bytes as `prettier.format(astToString(nodes))` with PRETTIER_OPTIONS and
 * the `babel-ts` parser, without loading prettier or printing the file twice. For each
 * construct it builds the layout document prettier builds for it (layout-doc.ts): members one
 * per line, unions broken into leading `| ` lines when they do not fit in 100 columns,
 * intersections broken after `&`, type arguments broken one per line, JSDoc re-indented, keys
 * and strings quoted as prettier quotes them.
 *
 * It knows only the constructs the transform makes. For any other node, modifier, comment or
 * text it is not certain about it returns `undefined`, and the caller formats with prettier as
 * before: the output never depends on which path was taken. test/generator/print-types-prettier
 * .test.ts compares both paths on the fixtures, test/corpus/check-types-layout.ts on the corpus.
 */
import ts from "typescript";
import { align, concat, group, hardline, ifBreak, indent, indentIfBreak, join, line, printDoc, softline, type Doc } from "./layout-doc.js";
import { assertMeasurable, prettierNumber, prettierString, unquotedKey, UnsupportedLayout } from "./prettier-text.js";

const PRINT_WIDTH = 100;

/** Where a type is written: prettier's layout of unions and its parentheses depend on it. */
type Role =
  | "annotation" // after `key: ` of a property, index signature or mapped type
  | "arrayElement"
  | "unionMember"
  | "intersectionMember"
  | "typeArgument"
  | "soleTupleElement"
  | "tupleElement" // one of several
  | "indexObject"
  | "indexIndex"
  | "typeOperand"
  | "aliasValue"
  | "constraint";

/**
 * The text prettier prints for `astToString(nodes)`, or `undefined` when that is not known for
 * certain. Any failure of this printer (a construct it declines, or a bug) is `undefined` too:
 * the caller's prettier path then prints the file, as it did before this printer existed (the
 * tests expect this printer, not the fallback, on every fixture, so a bug still fails them).
 */
export function printTypesPrettier(nodes: readonly ts.Node[]): string | undefined {
  try {
    const statements = nodes.map(printStatement);
    return printDoc([join(hardline, statements), hardline], PRINT_WIDTH);
  } catch {
    return undefined;
  }
}

/** Why {@link printTypesPrettier} returned `undefined` for `nodes` (for the tests and the corpus script), or `undefined` when it did not. */
export function unsupportedReason(nodes: readonly ts.Node[]): string | undefined {
  try {
    printDoc(nodes.map(printStatement), PRINT_WIDTH);
    return undefined;
  } catch (error) {
    return error instanceof UnsupportedLayout ? error.message : `printer failure: ${error instanceof Error ? error.stack : String(error)}`;
  }
}

function unsupported(what: string): never {
  throw new UnsupportedLayout(what);
}

function kindName(node: ts.Node): string {
  return ts.SyntaxKind[node.kind] ?? String(node.kind);
}

function printStatement(node: ts.Node): Doc {
  if (ts.isInterfaceDeclaration(node)) return withLeadingComments(node, printInterface(node));
  if (ts.isTypeAliasDeclaration(node)) return withLeadingComments(node, printTypeAlias(node));
  return unsupported(`statement ${kindName(node)}`);
}

/** `export ` when the only modifier is `export`; nothing without modifiers. */
function exportKeyword(node: ts.InterfaceDeclaration | ts.TypeAliasDeclaration): string {
  const modifiers = node.modifiers ?? [];
  if (modifiers.length === 0) return "";
  if (modifiers.length === 1 && modifiers[0]!.kind === ts.SyntaxKind.ExportKeyword) return "export ";
  return unsupported("declaration modifiers");
}

/** `interface name {` members one per line `}` (an interface body always breaks). */
function printInterface(node: ts.InterfaceDeclaration): Doc {
  if (node.typeParameters !== undefined || node.heritageClauses !== undefined) unsupported("generic or extending interface");
  const head = `${exportKeyword(node)}interface ${identifierText(node.name)} `;
  if (node.members.length === 0) return [head, "{}"];
  const members = node.members.map((member) => withLeadingComments(member, [printMember(member), ";"]));
  return [head, "{", indent([hardline, join(hardline, members)]), hardline, "}"];
}

/**
 * The type aliases the transform makes, as prettier lays out an assignment: `type name =
 * Record<…>;` (a type reference may move to the next line, indented, when it does not fit:
 * prettier's "fluid" layout) and the `WithRequired<T, K extends keyof T> = T & { … }` helper
 * (constrained type parameters: the value follows `= `, prettier's "break-lhs" layout). Prettier
 * lays other values (unions, literals) out differently: not printed here.
 */
function printTypeAlias(node: ts.TypeAliasDeclaration): Doc {
  const head = `${exportKeyword(node)}type ${identifierText(node.name)}`;
  const valueType = unparenthesized(node.type);
  if (node.typeParameters === undefined) {
    if (!ts.isTypeReferenceNode(valueType)) unsupported(`type alias of ${kindName(valueType)}`);
    const id = Symbol("assignment");
    return [group([group(head), " =", group(indent(line), { id }), indentIfBreak(printType(valueType, "aliasValue"), id)]), ";"];
  }
  if (!node.typeParameters.some((parameter) => parameter.constraint !== undefined)) unsupported("type parameters without constraints");
  if (!ts.isIntersectionTypeNode(valueType) && !ts.isTypeReferenceNode(valueType)) unsupported(`generic type alias of ${kindName(valueType)}`);
  return [group([head, printTypeParameters(node.typeParameters), " =", " ", group(printType(valueType, "aliasValue"))]), ";"];
}

/** `<T, K extends keyof T>`: broken one per line (with a trailing comma) when too long. */
function printTypeParameters(parameters: readonly ts.TypeParameterDeclaration[]): Doc {
  const printed = parameters.map((parameter) => {
    if ((parameter.modifiers ?? []).length > 0 || parameter.default !== undefined) unsupported("type parameter modifiers or default");
    const name = identifierText(parameter.name);
    if (parameter.constraint === undefined) return group(name);
    const id = Symbol("constraint");
    return group([name, " extends", group(indent(line), { id }), indentIfBreak(printType(parameter.constraint, "constraint"), id)]);
  });
  return group(["<", indent([softline, join([",", line], printed)]), ifBreak(","), softline, ">"]);
}

/** A member of an interface or type literal, without its separator. */
function printMember(member: ts.TypeElement): Doc {
  if (ts.isPropertySignature(member)) return printPropertySignature(member);
  if (ts.isIndexSignatureDeclaration(member)) return printIndexSignature(member);
  return unsupported(`member ${kindName(member)}`);
}

function printPropertySignature(member: ts.PropertySignature): Doc {
  let readonly = "";
  for (const modifier of member.modifiers ?? []) {
    if (modifier.kind !== ts.SyntaxKind.ReadonlyKeyword || readonly !== "") unsupported("property modifiers");
    readonly = "readonly ";
  }
  if (member.type === undefined) unsupported("property without a type");
  return group([readonly, printKey(member.name), member.questionToken === undefined ? "" : "?", ": ", printType(member.type, "annotation")]);
}

/** `[key: string]: type` (one parameter, no modifiers). */
function printIndexSignature(member: ts.IndexSignatureDeclaration): Doc {
  const [parameter, ...others] = member.parameters;
  if (parameter === undefined || others.length > 0 || (member.modifiers ?? []).length > 0) unsupported("index signature shape");
  if (parameter.type === undefined || parameter.questionToken !== undefined || parameter.dotDotDotToken !== undefined || !ts.isIdentifier(parameter.name)) unsupported("index signature parameter");
  const key = group([indent([softline, identifierText(parameter.name), ": ", printType(parameter.type, "annotation")]), softline]);
  return group(["[", key, "]", ": ", printType(member.type, "annotation")]);
}

/** A property name: bare identifiers, numbers as prettier writes them, quoted keys unquoted when prettier would. */
function printKey(name: ts.PropertyName): string {
  assertNoComments(name);
  if (ts.isIdentifier(name)) return identifierText(name);
  if (ts.isNumericLiteral(name)) return prettierNumber(name.text);
  if (ts.isStringLiteral(name)) {
    const raw = prettierString(stringLiteralSource(name));
    assertMeasurable(raw);
    return unquotedKey(raw) ?? raw;
  }
  return unsupported(`key ${kindName(name)}`);
}

/**
 * A type written where prettier gives it no parentheses and lays it out as under a property's
 * `key:` (a variable's annotation, after `as` or `satisfies`): for print-data-statement.ts.
 */
export function printTypeDoc(node: ts.TypeNode): Doc {
  return printType(node, "annotation");
}

/** A type in its role, with the parentheses prettier writes there. */
function printType(node: ts.TypeNode, role: Role): Doc {
  const type = unparenthesized(node);
  // TypeScript writes `-1[]`, which prettier's Babel parser refuses (its TypeScript parser formats it)
  if (ts.isLiteralTypeNode(type) && ts.isPrefixUnaryExpression(type.literal) && (role === "arrayElement" || role === "indexObject" || role === "typeOperand")) unsupported(`negative number as ${role}`);
  if (ts.isUnionTypeNode(type)) return printUnion(type, role);
  if (ts.isIntersectionTypeNode(type)) return parenthesized(printIntersection(type), needsParentheses(type, role));
  if (ts.isTypeOperatorNode(type)) return parenthesized(printTypeOperator(type), needsParentheses(type, role));
  return printPlainType(type);
}

/** Types that never take parentheses in the roles the transform puts them in. */
function printPlainType(type: ts.Node): Doc {
  const keyword = KEYWORDS.get(type.kind);
  if (keyword !== undefined) return keyword;
  if (ts.isLiteralTypeNode(type)) return printLiteral(type.literal);
  // openapi-typescript writes string constants as identifiers holding JSON text
  if (ts.isIdentifier(type)) return printJsonStringIdentifier(type);
  if (ts.isTypeReferenceNode(type)) {
    if (!ts.isIdentifier(type.typeName)) unsupported("qualified type name");
    return concat([identifierText(type.typeName), type.typeArguments === undefined ? "" : printTypeArguments(type.typeArguments)]);
  }
  if (ts.isIndexedAccessTypeNode(type)) return concat([printType(type.objectType, "indexObject"), "[", printType(type.indexType, "indexIndex"), "]"]);
  if (ts.isArrayTypeNode(type)) return concat([printType(type.elementType, "arrayElement"), "[]"]);
  if (ts.isTypeLiteralNode(type)) return printTypeLiteral(type);
  if (ts.isTupleTypeNode(type)) return printTuple(type);
  if (ts.isMappedTypeNode(type)) return printMappedType(type);
  return unsupported(`type ${kindName(type)}`);
}

const KEYWORDS: ReadonlyMap<ts.SyntaxKind, string> = new Map([
  [ts.SyntaxKind.StringKeyword, "string"],
  [ts.SyntaxKind.NumberKeyword, "number"],
  [ts.SyntaxKind.BooleanKeyword, "boolean"],
  [ts.SyntaxKind.BigIntKeyword, "bigint"],
  [ts.SyntaxKind.UnknownKeyword, "unknown"],
  [ts.SyntaxKind.NeverKeyword, "never"],
  [ts.SyntaxKind.UndefinedKeyword, "undefined"],
  [ts.SyntaxKind.AnyKeyword, "any"],
  [ts.SyntaxKind.ObjectKeyword, "object"],
  [ts.SyntaxKind.VoidKeyword, "void"],
  [ts.SyntaxKind.NullKeyword, "null"],
]);

function printLiteral(literal: ts.LiteralTypeNode["literal"]): string {
  assertNoComments(literal);
  if (ts.isStringLiteral(literal)) {
    const text = prettierString(stringLiteralSource(literal));
    assertMeasurable(text);
    return text;
  }
  if (ts.isNumericLiteral(literal)) return prettierNumber(literal.text);
  if (ts.isPrefixUnaryExpression(literal) && literal.operator === ts.SyntaxKind.MinusToken && ts.isNumericLiteral(literal.operand)) return `-${prettierNumber(literal.operand.text)}`;
  const keyword = LITERAL_KEYWORDS.get(literal.kind);
  return keyword ?? unsupported(`literal ${kindName(literal)}`);
}

const LITERAL_KEYWORDS: ReadonlyMap<ts.SyntaxKind, string> = new Map([
  [ts.SyntaxKind.TrueKeyword, "true"],
  [ts.SyntaxKind.FalseKeyword, "false"],
  [ts.SyntaxKind.NullKeyword, "null"],
]);

/** An identifier whose text is a JSON string (`"value"`): TypeScript writes it verbatim, prettier reads a string literal. */
function printJsonStringIdentifier(node: ts.Identifier): string {
  const text = ts.idText(node);
  if (!/^"(?:[^"\\\n\r\u2028\u2029]|\\(?:["\\/bfnrt]|u[0-9a-fA-F]{4}))*"$/.test(text)) return unsupported(`identifier type ${text}`);
  const printed = prettierString(text);
  assertMeasurable(printed);
  return printed;
}

/**
 * `A | B`: flat when it fits, else one `| member` per line, indented under a property (the
 * union moves below `key:`), inside the parentheses of an array or intersection, and with its
 * own parentheses as one of several tuple elements. `{ … } | null` (one object-like member, the
 * rest `null`/`void`) hugs: ` | ` between members, never broken.
 */
function printUnion(node: ts.UnionTypeNode, role: Role): Doc {
  if (node.types.length < 2) unsupported("empty union");
  const parentheses = needsParentheses(node, role);
  if (huggable(node)) return parenthesized(join(" | ", node.types.map((type) => printType(type, "unionMember"))), parentheses);
  const members = group(node.types.map((type, index) => [index === 0 ? ifBreak("| ") : [line, "| "], align(2, printType(type, "unionMember"))]));
  if (parentheses) return ["(", group([indent([softline, members]), softline]), ")"];
  switch (role) {
    case "tupleElement":
      return group([indent([ifBreak(["(", softline]), members]), softline, ifBreak(")")]);
    case "typeArgument":
    case "soleTupleElement":
      return members;
    case "annotation":
    case "constraint":
      return group(indent([softline, members]));
    default:
      return unsupported(`union as ${role}`);
  }
}

/** Prettier's "hug" test for a union: exactly one object-like member, every other one `null` or `void`. */
function huggable(node: ts.UnionTypeNode): boolean {
  const types = node.types.map(unparenthesized);
  const objects = types.filter((type) => ts.isTypeLiteralNode(type) || ts.isTypeReferenceNode(type));
  if (objects.length !== 1) return false;
  return types.every((type) => type === objects[0] || isNullOrVoid(type));
}

function isNullOrVoid(type: ts.Node): boolean {
  return type.kind === ts.SyntaxKind.VoidKeyword || (ts.isLiteralTypeNode(type) && type.literal.kind === ts.SyntaxKind.NullKeyword) || type.kind === ts.SyntaxKind.NullKeyword;
}

/**
 * The type prettier sees: without parentheses (it drops them, and writes back those it needs),
 * and a union or intersection of one type as that type (TypeScript prints just the type).
 */
function unparenthesized(node: ts.TypeNode): ts.TypeNode {
  let type = node;
  for (;;) {
    assertNoComments(type);
    if (ts.isParenthesizedTypeNode(type)) type = type.type;
    else if ((ts.isUnionTypeNode(type) || ts.isIntersectionTypeNode(type)) && type.types.length === 1) type = type.types[0]!;
    else return type;
  }
}

/** Whether prettier writes parentheses around this union, intersection or type operator in `role`. */
function needsParentheses(node: ts.TypeNode, role: Role): boolean {
  const composite = ts.isUnionTypeNode(node) || ts.isIntersectionTypeNode(node);
  if (composite && (role === "unionMember" || role === "intersectionMember")) return true;
  if (role === "arrayElement" || role === "indexObject" || role === "typeOperand") return true;
  if (role === "indexIndex" && composite) unsupported("composite index type");
  return false;
}

function parenthesized(doc: Doc, parentheses: boolean): Doc {
  return parentheses ? ["(", doc, ")"] : doc;
}

/**
 * `A & B`: between two object types ` & ` with the second one hugging; between an object type
 * and another type ` & ` too (indented from the third member on); between two other types a
 * break after ` &` when the whole does not fit.
 */
function printIntersection(node: ts.IntersectionTypeNode): Doc {
  if (node.types.length < 2) unsupported("empty intersection");
  let wasIndented = false;
  const types = node.types.map(unparenthesized);
  return group(
    node.types.map((type, index) => {
      const doc = printType(type, "intersectionMember");
      if (index === 0) return doc;
      const current = isObjectType(types[index]!);
      const previous = isObjectType(types[index - 1]!);
      if (previous && current) return [" & ", wasIndented ? indent(doc) : doc];
      if (!previous && !current) return indent([" &", line, doc]);
      if (index > 1) wasIndented = true;
      return [" & ", index > 1 ? indent(doc) : doc];
    }),
  );
}

function isObjectType(type: ts.Node): boolean {
  return ts.isTypeLiteralNode(type) || ts.isMappedTypeNode(type);
}

function printTypeOperator(node: ts.TypeOperatorNode): Doc {
  const operator = TYPE_OPERATORS.get(node.operator) ?? unsupported("type operator");
  return [operator, printType(node.type, "typeOperand")];
}

const TYPE_OPERATORS: ReadonlyMap<ts.SyntaxKind, string> = new Map([
  [ts.SyntaxKind.KeyOfKeyword, "keyof "],
  [ts.SyntaxKind.ReadonlyKeyword, "readonly "],
]);

/**
 * `<A, B>`: one argument that hugs (a keyword, literal, plain reference, object type or hugging
 * union) stays inline; otherwise the arguments break one per line (no trailing comma).
 */
function printTypeArguments(args: readonly ts.TypeNode[]): Doc {
  const printed = args.map((arg) => printType(arg, "typeArgument"));
  if (args.length === 1 && huggingArgument(unparenthesized(args[0]!))) return ["<", printed[0]!, ">"];
  return group(["<", indent([softline, join([",", line], printed)]), softline, ">"]);
}

function huggingArgument(type: ts.TypeNode): boolean {
  if (KEYWORDS.has(type.kind) || ts.isLiteralTypeNode(type) || ts.isIdentifier(type)) return true;
  if (ts.isTypeReferenceNode(type)) return type.typeArguments === undefined;
  if (isObjectType(type)) return true;
  return ts.isUnionTypeNode(type) && huggable(type);
}

/**
 * `{ members }`: TypeScript's printer writes every member on its own line, so prettier keeps the
 * object expanded (`;` after each member); `{}` when empty.
 */
function printTypeLiteral(node: ts.TypeLiteralNode): Doc {
  assertMultiLine(node);
  if (node.members.length === 0) return "{}";
  const last = node.members.length - 1;
  const members = node.members.map((member, index) => withLeadingComments(member, [printMember(member), index === last ? ifBreak(";") : ";"]));
  return group(["{", indent([line, join(line, members)]), line, "}"], { shouldBreak: true });
}

/** `[A, B]`: elements broken one per line with a trailing comma when too long. */
function printTuple(node: ts.TupleTypeNode): Doc {
  if (node.elements.length === 0) return "[]";
  const role: Role = node.elements.length > 1 ? "tupleElement" : "soleTupleElement";
  const elements = node.elements.map((element) => {
    if (ts.isNamedTupleMember(element) || ts.isRestTypeNode(element) || ts.isOptionalTypeNode(element)) unsupported(`tuple element ${kindName(element)}`);
    return group(printType(element, role));
  });
  return group(["[", indent([softline, join([",", line], elements)]), ifBreak(","), softline, "]"]);
}

/** `{ [K in T]?: V }` as TypeScript writes it, expanded over lines (prettier keeps it so). */
function printMappedType(node: ts.MappedTypeNode): Doc {
  assertMultiLine(node);
  if (node.readonlyToken !== undefined) unsupported("readonly mapped type");
  if (node.nameType !== undefined) unsupported("mapped type with `as`");
  if (node.members !== undefined && node.members.length > 0) unsupported("mapped type with members");
  const parameter = node.typeParameter;
  if (parameter.constraint === undefined || parameter.default !== undefined) unsupported("mapped type parameter");
  if (node.type === undefined) unsupported("mapped type without a type");
  const key = group(["[", indent([softline, identifierText(parameter.name), " in ", printType(parameter.constraint, "constraint")]), softline, "]"]);
  const question = node.questionToken === undefined ? "" : QUESTION_TOKENS.get(node.questionToken.kind) ?? unsupported("mapped type token");
  return group(["{", indent([line, group([key, question, ": ", printType(node.type, "annotation")]), ifBreak(";")]), line, "}"], { shouldBreak: true });
}

const QUESTION_TOKENS: ReadonlyMap<ts.SyntaxKind, string> = new Map([
  [ts.SyntaxKind.QuestionToken, "?"],
  [ts.SyntaxKind.MinusToken, "-?"],
  [ts.SyntaxKind.PlusToken, "+?"],
]);

function identifierText(node: ts.Identifier): string {
  assertNoComments(node);
  const text = ts.idText(node);
  if (!/^[A-Za-z_$][A-Za-z0-9_$]*$/.test(text)) unsupported(`identifier ${text}`);
  return text;
}

/** The source text TypeScript's printer writes for a string literal made by the factory (cached per text: they repeat a lot). */
function stringLiteralSource(node: ts.StringLiteral): string {
  if ((node as { singleQuote?: boolean }).singleQuote === true) unsupported("single-quoted literal");
  let text = STRING_SOURCES.get(node.text);
  if (text === undefined) {
    text = literalPrinter.printNode(ts.EmitHint.Unspecified, ts.factory.createStringLiteral(node.text), literalFile);
    STRING_SOURCES.set(node.text, text);
  }
  return text;
}

const STRING_SOURCES = new Map<string, string>();
const literalPrinter = ts.createPrinter({ newLine: ts.NewLineKind.LineFeed, removeComments: false });
const literalFile = ts.createSourceFile("literal.ts", "", ts.ScriptTarget.ESNext, false, ts.ScriptKind.TS);

/** Throws when TypeScript would print the object type on one line (prettier would then keep it flat when it fits). */
function assertMultiLine(node: ts.TypeLiteralNode | ts.MappedTypeNode): void {
  // (`ts.setEmitFlags` stores them on the node's emit node; TypeScript's reader is internal)
  const flags = (node as { readonly emitNode?: { readonly flags?: number } }).emitNode?.flags ?? 0;
  if ((flags & ts.EmitFlags.SingleLine) !== 0) unsupported("single-line object type");
}

/** Throws when `node` carries a comment (only members and statements are printed with theirs). */
function assertNoComments(node: ts.Node): void {
  if (ts.getSyntheticLeadingComments(node) !== undefined || ts.getSyntheticTrailingComments(node) !== undefined) unsupported(`comment on ${kindName(node)}`);
}

/** `doc` after the synthetic leading comments openapi-typescript attached to `node`, each on its own line. */
function withLeadingComments(node: ts.Node, doc: Doc): Doc {
  if (ts.getSyntheticTrailingComments(node) !== undefined) unsupported("trailing comment");
  const comments = ts.getSyntheticLeadingComments(node);
  if (comments === undefined || comments.length === 0) return doc;
  return [...comments.map((comment) => [printComment(comment), hardline]), doc];
}

/**
 * A comment as prettier prints it: `// text` with trailing spaces trimmed; a block comment whose
 * every line starts with `*` (JSDoc) re-indented to ` *` under the code; a one-line block comment
 * as it is. TypeScript's printer has trimmed each line of a multi-line comment already, so no
 * line keeps trailing spaces (not even markdown's two-space line break, which prettier would keep).
 */
export function printComment(comment: ts.SynthesizedComment): Doc {
  if (!comment.hasTrailingNewLine || /[\r\u2028\u2029]/.test(comment.text)) unsupported("comment layout");
  if (comment.kind === ts.SyntaxKind.SingleLineCommentTrivia) {
    if (comment.text.includes("\n")) unsupported("line comment over lines");
    return `//${comment.text}`.trimEnd();
  }
  if (comment.kind !== ts.SyntaxKind.MultiLineCommentTrivia) return unsupported("comment kind");
  // (openapi-typescript escapes `*/`; a comment that ends early is not this printer's business)
  if (comment.text.includes("*/")) unsupported("comment that ends early");
  if (!comment.text.includes("\n")) return `/*${comment.text}*/`;
  const lines = `*${comment.text}*`.split("\n").map((text) => text.trim());
  if (!lines.every((text) => text.startsWith("*"))) unsupported("block comment without stars");
  return ["/", join(hardline, lines.map((text, index) => (index === 0 ? text : ` ${text}`))), "/"];
}
