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
import { align, concat, group, hasForcedBreak, hardline, ifBreak, indent, indentIfBreak, join, line, printDoc, softline, type Doc } from "./layout-doc.js";
import { asciiIdentifier, assertMeasurable, prettierNumber, prettierString, textWidth, unquotedKey, UnsupportedLayout } from "./prettier-text.js";

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

/**
 * `interface name<…> extends A, B {` members one per line `}` (an interface body always breaks).
 * The `extends` clause is laid out as prettier's print/interface.js does: after type parameters
 * it follows `> ` on the same line (the type parameters break first, as prettier 3 prints them);
 * without them the name and the clause are one indented group.
 */
function printInterface(node: ts.InterfaceDeclaration): Doc {
  const name = [" ", identifierText(node.name), node.typeParameters === undefined ? "" : printTypeParameters(node.typeParameters)];
  const heritage = node.heritageClauses === undefined ? undefined : printExtends(node.heritageClauses);
  let head: Doc = name;
  if (heritage !== undefined) {
    head = node.typeParameters === undefined ? group(indent([name, line, heritage])) : group([name, indent([" ", heritage])]);
  }
  const modifiers = exportKeyword(node);
  if (node.members.length === 0) return [modifiers, "interface", head, " {}"];
  const members = node.members.map((member) => withLeadingComments(member, [printMember(member), ";"]));
  return group([modifiers, "interface", head, " {", indent([hardline, join(hardline, members)]), hardline, "}"]);
}

/** `extends A, B<T>` (names with type arguments). */
function printExtends(clauses: readonly ts.HeritageClause[]): Doc {
  const [clause, ...others] = clauses;
  if (clause === undefined || others.length > 0 || clause.token !== ts.SyntaxKind.ExtendsKeyword) return unsupported("heritage clauses");
  const types = clause.types.map((type) => {
    if (!ts.isIdentifier(type.expression)) unsupported("extending a qualified name");
    return concat([identifierText(type.expression), type.typeArguments === undefined ? "" : printTypeArguments(type.typeArguments)]);
  });
  const joined = join([",", line], types);
  return ["extends ", types.length === 1 ? joined : indent(joined)];
}

/**
 * Type aliases, as prettier lays out an assignment (print/assignment.js): `type name =
 * Record<…>;` or an indexed access type (may move to the next line, indented, when it does not
 * fit: prettier's "fluid" layout); a union or an object type after `= ` (the union breaks into
 * leading `| ` lines, the object after its `{`); and with several type parameters one of which is
 * constrained or has a default (`WithRequired<T, K extends keyof T> = T & { … }`), the value
 * after `= ` ("break-lhs"). Other values are not printed here.
 */
function printTypeAlias(node: ts.TypeAliasDeclaration): Doc {
  const parameters = node.typeParameters;
  const valueType = unparenthesized(node.type);
  // prettier's "break-lhs" layout: several type parameters, one with a constraint or default
  if (parameters !== undefined && parameters.length > 1 && parameters.some((parameter) => parameter.constraint !== undefined || parameter.default !== undefined)) {
    if (!ts.isIntersectionTypeNode(valueType) && !ts.isTypeReferenceNode(valueType)) unsupported(`generic type alias of ${kindName(valueType)}`);
    return [group([`${exportKeyword(node)}type ${identifierText(node.name)}`, printTypeParameters(parameters), " =", " ", group(printType(valueType, "aliasValue"))]), ";"];
  }
  const head = [`${exportKeyword(node)}type ${identifierText(node.name)}`, parameters === undefined ? "" : printTypeParameters(parameters)];
  // a union breaks before its first `|` (prettier's union layout under a type alias), an object type after its `{`
  if (ts.isUnionTypeNode(valueType) || ts.isTypeLiteralNode(valueType)) return [group([group(head), " = ", printType(valueType, "aliasValue")]), ";"];
  // a literal (`type Plan = "free";`) on one line; prettier's layout when it does not fit is not printed here
  if (ts.isLiteralTypeNode(valueType) && parameters === undefined) {
    const flat = `${exportKeyword(node)}type ${identifierText(node.name)} = ${printLiteral(valueType.literal)};`;
    return textWidth(flat) <= PRINT_WIDTH ? flat : unsupported("long literal type alias");
  }
  if (!ts.isTypeReferenceNode(valueType) && !ts.isIndexedAccessTypeNode(valueType) && !KEYWORDS.has(valueType.kind)) unsupported(`type alias of ${kindName(valueType)}`);
  const id = Symbol("assignment");
  return [group([group(head), " =", group(indent(line), { id }), indentIfBreak(printType(valueType, "aliasValue"), id)]), ";"];
}

/** `<T, K extends keyof T>`: broken one per line (with a trailing comma) when too long. */
function printTypeParameters(parameters: readonly ts.TypeParameterDeclaration[]): Doc {
  const printed = parameters.map((parameter) => {
    if ((parameter.modifiers ?? []).length > 0) unsupported("type parameter modifiers");
    const name = identifierText(parameter.name);
    // a default that is a keyword or a plain name (`C = unknown`): longer ones are not laid out here
    const fallback = parameter.default === undefined ? "" : [" = ", plainDefault(parameter.default)];
    if (parameter.constraint === undefined) return group([name, fallback]);
    const id = Symbol("constraint");
    return group([name, " extends", group(indent(line), { id }), indentIfBreak(printType(parameter.constraint, "constraint"), id), fallback]);
  });
  return group(["<", indent([softline, join([",", line], printed)]), ifBreak(","), softline, ">"]);
}

function plainDefault(type: ts.TypeNode): Doc {
  const keyword = KEYWORDS.get(type.kind);
  if (keyword !== undefined) return keyword;
  if (ts.isTypeReferenceNode(type) && ts.isIdentifier(type.typeName) && type.typeArguments === undefined) return identifierText(type.typeName);
  if (ts.isLiteralTypeNode(type) && (type.literal.kind === ts.SyntaxKind.TrueKeyword || type.literal.kind === ts.SyntaxKind.FalseKeyword)) return printLiteral(type.literal);
  return unsupported(`type parameter default ${kindName(type)}`);
}

/** A member of an interface or type literal, without its separator. */
function printMember(member: ts.TypeElement): Doc {
  if (ts.isPropertySignature(member)) return printPropertySignature(member);
  if (ts.isIndexSignatureDeclaration(member)) return printIndexSignature(member);
  if (ts.isMethodSignature(member)) return printMethodSignature(member);
  return unsupported(`member ${kindName(member)}`);
}

/**
 * `name(a: A, b?: B): R` as prettier prints a method signature (print/type-annotation.js,
 * function-parameters.js): the parameters break one per line (with a trailing comma) when the
 * signature does not fit, then the return type breaks on its own. Prettier groups the parameters
 * apart only for one parameter with an object return type, and hugs a sole object parameter:
 * neither is printed here.
 */
function printMethodSignature(member: ts.MethodSignature): Doc {
  if ((member.modifiers ?? []).length > 0 || member.typeParameters !== undefined || member.type === undefined) unsupported("method signature shape");
  const returnType = unparenthesized(member.type);
  if (member.parameters.length === 1 && isObjectType(returnType)) unsupported("grouped method parameters");
  return group([printKey(member.name), member.questionToken === undefined ? "" : "?", printSignatureParameters(member.parameters), group([": ", printType(member.type, "annotation")])]);
}

/**
 * `(a: A, b?: B) => R` (print/function-type.js): the parameters break one per line when the type
 * does not fit; one parameter is grouped apart when the return type is an object type.
 */
function printFunctionType(node: ts.FunctionTypeNode): Doc {
  if (node.typeParameters !== undefined) unsupported("generic function type");
  const returnType = unparenthesized(node.type);
  // (a union or intersection returned is laid out by rules not modelled here)
  if (ts.isUnionTypeNode(returnType) || ts.isIntersectionTypeNode(returnType) || ts.isFunctionTypeNode(returnType)) unsupported("composite return type");
  const returnDoc = printType(node.type, "annotation");
  const list = printSignatureParameters(node.parameters);
  return group([node.parameters.length === 1 && (isObjectType(returnType) || hasForcedBreak(returnDoc)) ? group(list) : list, " => ", returnDoc]);
}

/** A signature's `(a: A, b?: B)`: named, typed parameters, no sole object type (prettier hugs it). */
function printSignatureParameters(parameters: readonly ts.ParameterDeclaration[]): Doc {
  const printed = parameters.map((parameter) => {
    if ((parameter.modifiers ?? []).length > 0 || parameter.dotDotDotToken !== undefined || parameter.initializer !== undefined || !ts.isIdentifier(parameter.name)) unsupported("parameter shape");
    if (parameter.type === undefined) unsupported("parameter without a type");
    const type = unparenthesized(parameter.type);
    if (parameters.length === 1 && (isObjectType(type) || ts.isTypeLiteralNode(type))) unsupported("hugged object parameter");
    return group([identifierText(parameter.name), parameter.questionToken === undefined ? "" : "?", ": ", printType(parameter.type, "annotation")]);
  });
  return printed.length === 0 ? "()" : ["(", indent([softline, join([",", line], printed)]), ifBreak(","), softline, ")"];
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

/** A type in its role, with the parentheses prettier writes there. */
function printType(node: ts.TypeNode, role: Role): Doc {
  const type = unparenthesized(node);
  // TypeScript writes `-1[]`, which prettier's Babel parser refuses (its TypeScript parser formats it)
  if (ts.isLiteralTypeNode(type) && ts.isPrefixUnaryExpression(type.literal) && (role === "arrayElement" || role === "indexObject" || role === "typeOperand")) unsupported(`negative number as ${role}`);
  if (ts.isUnionTypeNode(type)) return printUnion(type, role);
  if (ts.isIntersectionTypeNode(type)) return parenthesized(printIntersection(type), needsParentheses(type, role));
  if (ts.isTypeOperatorNode(type)) return parenthesized(printTypeOperator(type), needsParentheses(type, role));
  if (ts.isTypeQueryNode(type)) return parenthesized(printTypeQuery(type), role === "indexObject" || role === "arrayElement");
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
    case "aliasValue":
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

/** `typeof name` (of a plain name, without type arguments). */
function printTypeQuery(node: ts.TypeQueryNode): Doc {
  if (!ts.isIdentifier(node.exprName) || node.typeArguments !== undefined) unsupported("type query shape");
  return ["typeof ", identifierText(node.exprName)];
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
 * `{ members }`: kept expanded (`;` after each member) when written over lines (TypeScript's
 * printer writes openapi-typescript's objects so; prettier keeps an object broken when its source
 * has a newline after `{`), else flat when it fits (`{ a: A; b: B }`); `{}` when empty.
 */
function printTypeLiteral(node: ts.TypeLiteralNode): Doc {
  if (node.members.length === 0) return "{}";
  const last = node.members.length - 1;
  const members = node.members.map((member, index) => withLeadingComments(member, [printMember(member), index === last ? ifBreak(";") : ";"]));
  return group(["{", indent([line, join(line, members)]), line, "}"], { shouldBreak: writtenExpanded(node) });
}

/**
 * Whether an object type is written over lines: for a node parsed from text (print-piece-prettier.ts),
 * a newline between its `{` and its first member; for one the factory made, no single-line flag.
 */
function writtenExpanded(node: ts.TypeLiteralNode): boolean {
  const first = node.members[0];
  if (node.pos < 0 || first === undefined) return !isSingleLine(node);
  const text = node.getSourceFile().text;
  return text.slice(node.getStart(), first.getStart()).includes("\n");
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
  return asciiIdentifier(ts.idText(node));
}

/** The source text of a string literal: as parsed, or as TypeScript's printer writes one the factory made (cached per text: they repeat a lot). */
function stringLiteralSource(node: ts.StringLiteral): string {
  if ((node as { singleQuote?: boolean }).singleQuote === true) unsupported("single-quoted literal");
  // a literal parsed from text (print-piece-prettier.ts): prettier reads that text
  if (node.pos >= 0 && node.parent !== undefined) return node.getText();
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

/** Whether TypeScript prints a node the factory made on one line (its single-line emit flag). */
function isSingleLine(node: ts.Node): boolean {
  // (`ts.setEmitFlags` stores them on the node's emit node; TypeScript's reader is internal)
  const flags = (node as { readonly emitNode?: { readonly flags?: number } }).emitNode?.flags ?? 0;
  return (flags & ts.EmitFlags.SingleLine) !== 0;
}

/** Throws when TypeScript would print the object type on one line (prettier would then keep it flat when it fits). */
function assertMultiLine(node: ts.MappedTypeNode): void {
  if (isSingleLine(node)) unsupported("single-line object type");
}

/** Throws when `node` carries a comment (only members and statements are printed with theirs). */
function assertNoComments(node: ts.Node): void {
  if (ts.getSyntheticLeadingComments(node) !== undefined || ts.getSyntheticTrailingComments(node) !== undefined) unsupported(`comment on ${kindName(node)}`);
}

/**
 * The layout documents of a type written after `name: ` (a parameter's or a return type, a
 * variable's annotation) and of type arguments (`<A, B>`), for print-functions-prettier.ts and
 * print-data-statement.ts; they throw UnsupportedLayout for
 * what this printer does not know.
 */
export function annotationTypeDoc(node: ts.TypeNode): Doc {
  const type = unparenthesized(node);
  return ts.isFunctionTypeNode(type) ? printFunctionType(type) : printType(node, "annotation");
}

/** A function's or an arrow's `<T, C = unknown>`, broken one per line when too long. */
export function typeParametersDoc(parameters: readonly ts.TypeParameterDeclaration[]): Doc {
  return printTypeParameters(parameters);
}

export function typeArgumentsDoc(args: readonly ts.TypeNode[]): Doc {
  return printTypeArguments(args);
}

/** `doc` after the synthetic leading comments openapi-typescript attached to `node`, each on its own line. */
function withLeadingComments(node: ts.Node, doc: Doc): Doc {
  if (ts.getSyntheticTrailingComments(node) !== undefined) unsupported("trailing comment");
  return [...leadingCommentsDoc(node), doc];
}

/** The synthetic leading comments of `node`, each on its own line (its trailing comments are the caller's). */
export function leadingCommentsDoc(node: ts.Node): Doc[] {
  return (ts.getSyntheticLeadingComments(node) ?? []).map((comment) => [printComment(comment), hardline]);
}

/**
 * The synthetic leading comments of a statement as prettier prints them above it (each line
 * ending with a newline; `""` when there are none), or `undefined` when not known for certain.
 */
export function printLeadingComments(node: ts.Node): string | undefined {
  try {
    return printDoc((ts.getSyntheticLeadingComments(node) ?? []).map((comment) => [printComment(comment), hardline]), PRINT_WIDTH);
  } catch {
    return undefined;
  }
}

/**
 * A comment as prettier prints it: `// text` with trailing spaces trimmed; a block comment whose
 * every line starts with `*` (JSDoc) re-indented to ` *` under the code; a one-line block comment
 * as it is. TypeScript's printer has trimmed each line of a multi-line comment already, so no
 * line keeps trailing spaces (not even markdown's two-space line break, which prettier would keep).
 */
function printComment(comment: ts.SynthesizedComment): Doc {
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
