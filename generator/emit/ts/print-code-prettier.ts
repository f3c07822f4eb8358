/**
 * Statements and expressions of the emitters' factory functions and code constants, in prettier's
 * layout, for print-functions-prettier.ts and print-piece-prettier.ts: what the factories of
 * client.ts, raw-client.ts, server.ts, mocks.ts and the entry files hold (`const` declarations,
 * `return`, `if` without `else`, calls), query.ts's `*Keys` objects (arrow functions in objects)
 * and validate.ts's function-typed constant.
 *
 * The documents are prettier's (print/assignment.js, call-arguments.js, member-chain.js,
 * arrow-function.js, object.js, array.js, if-statement.js, return-statement.js):
 * - an assignment's layout is chosen as chooseLayout chooses it: a string or a call chain that
 *   breaks poorly (calls without arguments or with one short argument) moves below `=`, a short
 *   key keeps its value on its line, a complex destructuring breaks its left side first;
 * - call arguments break one per line, but a last object or array argument is hugged (prettier's
 *   conditional group: flat, else the last argument broken, else every argument broken);
 * - an arrow function's call body moves below `=>` when it does not fit;
 * - an object written with a newline after `{` stays broken.
 * It knows identifiers, double-quoted strings, numbers, `true`/`false`/`null`, `a.b`, calls of a
 * name or `a.b` (one call, no test-framework or `require` callee), objects (properties,
 * shorthands, spreads), arrays, `as`, arrow functions with an expression body (as a property's
 * or a constant's value), `!==`-like comparisons in an `if`'s condition and `...(a ? b : c)`;
 * the last two only where they fit on their line ({@link flatOnly}). Anything else throws
 * UnsupportedLayout: the caller leaves the piece to prettier.
 */
import ts from "typescript";
import { breakParent, canBreak, conditionalGroup, flatOnly, group, hardline, hasForcedBreak, ifBreak, indent, join, line, printDoc, softline, type Doc } from "./layout-doc.js";
import { assignmentDoc, type AssignmentLayout } from "./print-data-prettier.js";
import { castType, isComplexAnnotation } from "./print-data-statement.js";
import { asciiIdentifier, doubleQuotedString, prettierNumber, prettierString, textWidth, unquotedKey, UnsupportedLayout } from "./prettier-text.js";
import { annotationTypeDoc, printLeadingComments, typeArgumentsDoc, withLeadingComments } from "./print-types-prettier.js";

const PRINT_WIDTH = 100;
/** prettier's `printWidth / 4`: an argument this short makes a call "poorly breakable". */
const LONE_SHORT_ARGUMENT = PRINT_WIDTH / 4;
/** prettier's `tabWidth + 3`: a key narrower than this keeps its value on its line. */
const SHORT_KEY_WIDTH = 5;
/** Callees prettier lays out by other rules (test frameworks, module definitions). */
const SPECIAL_CALLEES = new Set(["require", "define", "it", "xit", "fit", "test", "xtest", "describe", "xdescribe", "fdescribe", "beforeEach", "afterEach", "beforeAll", "afterAll", "skip", "only"]);

function unsupported(what: string): never {
  throw new UnsupportedLayout(what);
}

/**
 * A top-level `[export] const name[: Type] = <code>;` with its leading comments, as prettier
 * prints it (ending with a newline), or `undefined` when not known for certain.
 */
export function printCodeStatement(statement: ts.VariableStatement): string | undefined {
  try {
    const comments = printLeadingComments(statement);
    if (comments === undefined) return undefined;
    return comments + printDoc([variableStatementDoc(statement, true), hardline], PRINT_WIDTH);
  } catch (error) {
    if (error instanceof UnsupportedLayout) return undefined;
    throw error;
  }
}

/** A function body: each statement on its line, after its own-line comments. */
export function blockDoc(block: ts.Block): Doc {
  if (block.statements.length === 0) return "{}";
  return ["{", indent([hardline, join(hardline, block.statements.map((statement) => withLeadingComments(statement, statementDoc(statement))))]), hardline, "}"];
}

function statementDoc(statement: ts.Statement): Doc {
  if (ts.isReturnStatement(statement)) {
    if (statement.expression === undefined) return "return;";
    // (a binary expression returned takes parentheses when it breaks)
    if (ts.isBinaryExpression(statement.expression)) unsupported("binary expression returned");
    return ["return ", expressionDoc(statement.expression), ";"];
  }
  if (ts.isVariableStatement(statement)) return variableStatementDoc(statement, false);
  if (ts.isExpressionStatement(statement) && ts.isCallExpression(statement.expression)) return [expressionDoc(statement.expression), ";"];
  if (ts.isIfStatement(statement)) return ifStatementDoc(statement);
  return unsupported(`statement ${ts.SyntaxKind[statement.kind]}`);
}

/** `if (test) statement` (no `else`, no block): the statement moves to the next line when the whole does not fit. */
function ifStatementDoc(statement: ts.IfStatement): Doc {
  if (statement.elseStatement !== undefined || ts.isBlock(statement.thenStatement)) unsupported("if with a block or an else");
  const test = statement.expression;
  let testDoc: Doc;
  if (ts.isBinaryExpression(test) && COMPARISONS.has(test.operatorToken.kind) && !ts.isBinaryExpression(test.left) && !ts.isBinaryExpression(test.right)) {
    testDoc = [expressionDoc(test.left), " ", group([COMPARISONS.get(test.operatorToken.kind)!, line, expressionDoc(test.right)])];
  } else testDoc = expressionDoc(test);
  return group(["if (", flatOnly(group([indent([softline, testDoc]), softline])), ")", indent([line, statementDoc(statement.thenStatement)])]);
}

const COMPARISONS: ReadonlyMap<ts.SyntaxKind, string> = new Map([
  [ts.SyntaxKind.EqualsEqualsEqualsToken, "==="],
  [ts.SyntaxKind.ExclamationEqualsEqualsToken, "!=="],
]);

function variableStatementDoc(statement: ts.VariableStatement, topLevel: boolean): Doc {
  const kinds = (statement.modifiers ?? []).map((modifier) => modifier.kind);
  const exported = kinds.length === 1 && kinds[0] === ts.SyntaxKind.ExportKeyword;
  if (kinds.length !== Number(exported) || (exported && !topLevel)) unsupported("modifiers");
  const list = statement.declarationList;
  const kind = (list.flags & ts.NodeFlags.BlockScoped) === ts.NodeFlags.Const ? "const" : (list.flags & ts.NodeFlags.BlockScoped) === ts.NodeFlags.Let ? "let" : unsupported("var");
  const [declaration, ...others] = list.declarations;
  if (declaration === undefined || others.length > 0 || declaration.initializer === undefined || declaration.exclamationToken !== undefined) unsupported("declaration shape");
  const left: Doc = [bindingDoc(declaration.name), declaration.type === undefined ? "" : [": ", annotationTypeDoc(declaration.type)]];
  const layout = declarationLayout(declaration, left);
  return [exported ? "export " : "", group([kind, " ", assignmentDoc(left, " =", valueDoc(declaration.initializer), layout), ";"])];
}

/** A name, or `{ a, b: c, ...rest }` (no defaults, no nesting). */
function bindingDoc(name: ts.BindingName): Doc {
  if (ts.isIdentifier(name)) return identifier(name);
  if (!ts.isObjectBindingPattern(name) || name.elements.length === 0) return unsupported("binding pattern");
  const elements = name.elements.map((element) => {
    if (element.initializer !== undefined || !ts.isIdentifier(element.name)) unsupported("binding element");
    if (element.dotDotDotToken !== undefined) return ["...", identifier(element.name)];
    if (element.propertyName === undefined) return identifier(element.name);
    if (!ts.isIdentifier(element.propertyName)) unsupported("binding key");
    return [identifier(element.propertyName), ": ", identifier(element.name)];
  });
  const rest = name.elements[name.elements.length - 1]!.dotDotDotToken !== undefined;
  // (an object pattern declared is not grouped: the assignment's group breaks it)
  return ["{", indent([line, join([",", line], elements)]), rest ? "" : ifBreak(","), line, "}"];
}

/** prettier's chooseLayout for a variable declarator. */
function declarationLayout(declaration: ts.VariableDeclaration, left: Doc): AssignmentLayout {
  const value = declaration.initializer!;
  if (isComplexDestructuring(declaration.name) || isComplexAnnotation(declaration.type) || (ts.isArrowFunction(value) && canBreak(left))) return "break-lhs";
  if (breaksAfterOperator(value, false)) return "break-after-operator";
  if (!canBreak(left) && isNumberOrBoolean(value)) return "never-break-after-operator";
  return "fluid";
}

/** prettier's chooseLayout for `key: value` in an object. */
function propertyLayout(key: string, value: ts.Expression): AssignmentLayout {
  const shortKey = textWidth(key) < SHORT_KEY_WIDTH;
  if (breaksAfterOperator(value, shortKey)) return "break-after-operator";
  if (shortKey || isNumberOrBoolean(value)) return "never-break-after-operator";
  return "fluid";
}

function isNumberOrBoolean(node: ts.Expression): boolean {
  return ts.isNumericLiteral(node) || node.kind === ts.SyntaxKind.TrueKeyword || node.kind === ts.SyntaxKind.FalseKeyword;
}

/** An object pattern of more than two elements, one of them renamed. */
function isComplexDestructuring(name: ts.BindingName): boolean {
  return ts.isObjectBindingPattern(name) && name.elements.length > 2 && name.elements.some((element) => element.dotDotDotToken === undefined && element.propertyName !== undefined);
}

/** prettier's shouldBreakAfterOperator for the values printed here. */
function breaksAfterOperator(value: ts.Expression, shortKey: boolean): boolean {
  if (shortKey) return false;
  let node = value;
  while (ts.isPrefixUnaryExpression(node) || ts.isNonNullExpression(node)) node = ts.isPrefixUnaryExpression(node) ? node.operand : node.expression;
  return ts.isStringLiteral(node) || isPoorlyBreakableChain(node, false);
}

/** A name, `a.b`, or a call of one with no argument or one short argument (prettier's isPoorlyBreakableMemberOrCallChain). */
function isPoorlyBreakableChain(node: ts.Expression, deep: boolean): boolean {
  if (ts.isCallExpression(node)) {
    const args = node.arguments;
    if (!(args.length === 0 || (args.length === 1 && isLoneShortArgument(args[0]!)))) return false;
    const typeArgs = node.typeArguments ?? [];
    if (typeArgs.length > 1) return false;
    if (typeArgs.length === 1) {
      const only = typeArgs[0]!;
      if (ts.isUnionTypeNode(only) || ts.isIntersectionTypeNode(only) || ts.isTypeLiteralNode(only) || hasForcedBreak(typeArgumentsDoc(typeArgs))) return false;
    }
    return isPoorlyBreakableChain(node.expression, true);
  }
  if (ts.isPropertyAccessExpression(node)) return isPoorlyBreakableChain(node.expression, true);
  return deep && (ts.isIdentifier(node) || node.kind === ts.SyntaxKind.ThisKeyword);
}

/** prettier's isLoneShortArgument. */
function isLoneShortArgument(node: ts.Expression): boolean {
  if (node.kind === ts.SyntaxKind.ThisKeyword) return true;
  if (ts.isIdentifier(node)) return node.text.length <= LONE_SHORT_ARGUMENT;
  if (ts.isPrefixUnaryExpression(node)) return ts.isNumericLiteral(node.operand) || isLoneShortArgument(node.operand);
  if (ts.isStringLiteral(node)) return prettierString(node.getText()).length <= LONE_SHORT_ARGUMENT;
  if (ts.isNoSubstitutionTemplateLiteral(node)) return node.text.length <= LONE_SHORT_ARGUMENT && !node.getText().includes("\n");
  if (ts.isCallExpression(node) && node.arguments.length === 0 && ts.isIdentifier(node.expression)) return node.expression.text.length <= LONE_SHORT_ARGUMENT - 2;
  return ts.isNumericLiteral(node) || ts.isBigIntLiteral(node) || ts.isRegularExpressionLiteral(node) || [ts.SyntaxKind.TrueKeyword, ts.SyntaxKind.FalseKeyword, ts.SyntaxKind.NullKeyword].includes(node.kind);
}

function expressionDoc(node: ts.Expression): Doc {
  if (ts.isIdentifier(node)) return identifier(node);
  if (ts.isStringLiteral(node)) return doubleQuotedString(node.getText());
  if (ts.isNumericLiteral(node)) return prettierNumber(node.getText());
  const keyword = KEYWORDS.get(node.kind);
  if (keyword !== undefined) return keyword;
  if (ts.isPropertyAccessExpression(node)) {
    // `a.b` prints inline; longer chains may break before a `.`
    if (!ts.isIdentifier(node.expression) || node.questionDotToken !== undefined || !ts.isIdentifier(node.name)) unsupported("member chain");
    return [identifier(node.expression), ".", identifier(node.name)];
  }
  if (ts.isElementAccessExpression(node)) {
    // `a["key"]` (prettier's printMemberLookup: a string index may break inside its brackets), `a[0]`
    if (!ts.isIdentifier(node.expression) || node.questionDotToken !== undefined) unsupported("element access");
    const index = node.argumentExpression;
    if (ts.isNumericLiteral(index)) return [identifier(node.expression), "[", prettierNumber(index.getText()), "]"];
    if (!ts.isStringLiteral(index)) unsupported("computed index");
    return [identifier(node.expression), group(["[", indent([softline, doubleQuotedString(index.getText())]), softline, "]"])];
  }
  if (ts.isCallExpression(node)) return callDoc(node);
  if (ts.isObjectLiteralExpression(node)) return objectDoc(node);
  if (ts.isArrayLiteralExpression(node)) return arrayDoc(node);
  // (a cast called or accessed is grouped and indented)
  if (ts.isAsExpression(node) && !(ts.isCallExpression(node.parent) && (node.parent.expression as ts.Node) === node) && !ts.isPropertyAccessExpression(node.parent) && !ts.isElementAccessExpression(node.parent)) {
    return [expressionDoc(node.expression), " as ", castType(node.type)];
  }
  return unsupported(`expression ${ts.SyntaxKind[node.kind]}`);
}

const KEYWORDS: ReadonlyMap<ts.SyntaxKind, string> = new Map([
  [ts.SyntaxKind.TrueKeyword, "true"],
  [ts.SyntaxKind.FalseKeyword, "false"],
  [ts.SyntaxKind.NullKeyword, "null"],
  [ts.SyntaxKind.ThisKeyword, "this"],
]);

/** `f<T>(args)` or `a.b(args)`: a member callee is grouped with its arguments (a member chain of one call). */
function callDoc(node: ts.CallExpression): Doc {
  if (node.questionDotToken !== undefined) unsupported("optional call");
  const callee = node.expression;
  let calleeDoc: Doc;
  let root: ts.Identifier;
  if (ts.isIdentifier(callee)) {
    calleeDoc = identifier(callee);
    root = callee;
  } else if (ts.isPropertyAccessExpression(callee) && ts.isIdentifier(callee.expression) && ts.isIdentifier(callee.name) && callee.questionDotToken === undefined) {
    calleeDoc = [identifier(callee.expression), ".", identifier(callee.name)];
    root = callee.expression;
  } else return unsupported("callee");
  if (SPECIAL_CALLEES.has(root.text) || (ts.isPropertyAccessExpression(callee) && SPECIAL_CALLEES.has(callee.name.text))) unsupported("special callee");
  const doc = [calleeDoc, node.typeArguments === undefined ? "" : typeArgumentsDoc(node.typeArguments), argumentsDoc(node.arguments)];
  return ts.isIdentifier(callee) ? doc : group(doc);
}

/** prettier's printCallArguments for arguments that are not functions. */
function argumentsDoc(args: ts.NodeArray<ts.Expression>): Doc {
  if (args.length === 0) return "()";
  if (args.some((arg) => ts.isArrowFunction(arg) || ts.isFunctionExpression(arg) || ts.isSpreadElement(arg))) unsupported("function or spread argument");
  const printed = args.map((arg) => expressionDoc(arg));
  const parts = printed.map((doc, index) => (index < printed.length - 1 ? [doc, ",", line] : doc));
  const allBrokenOut = (): Doc => group(["(", indent([line, ...parts]), ifBreak(","), line, ")"], { shouldBreak: true });
  if (shouldHugLastArgument(args)) {
    const head = parts.slice(0, -1);
    if (head.some(hasForcedBreak)) return allBrokenOut();
    const last = printed[printed.length - 1]!;
    if (hasForcedBreak(last)) return [breakParent, conditionalGroup([["(", ...head, group(last, { shouldBreak: true }), ")"], allBrokenOut()])];
    return conditionalGroup([["(", ...head, last, ")"], ["(", ...head, group(last, { shouldBreak: true }), ")"], allBrokenOut()]);
  }
  return group(["(", indent([softline, ...parts]), ifBreak(","), softline, ")"], { shouldBreak: printed.some(hasForcedBreak) });
}

/** prettier's shouldExpandLastArg for arguments that are not functions: a last non-empty object or array, after an argument of another kind. */
function shouldHugLastArgument(args: readonly ts.Expression[]): boolean {
  const last = args[args.length - 1]!;
  const penultimate = args[args.length - 2];
  let inner = last;
  while (ts.isAsExpression(inner) || ts.isSatisfiesExpression(inner)) inner = inner.expression;
  const expandable = (ts.isObjectLiteralExpression(inner) && inner.properties.length > 0) || (ts.isArrayLiteralExpression(inner) && inner.elements.length > 0);
  if (!expandable || (penultimate !== undefined && penultimate.kind === last.kind)) return false;
  // an array of numbers after other arguments is printed concisely (not modelled here)
  if (args.length > 1 && ts.isArrayLiteralExpression(last) && last.elements.every((element) => ts.isNumericLiteral(element) || (ts.isPrefixUnaryExpression(element) && ts.isNumericLiteral(element.operand)))) unsupported("number array argument");
  return true;
}

/** `{ a: 1, b, ...c }`: broken when written with a newline after `{` or when it does not fit. */
function objectDoc(node: ts.ObjectLiteralExpression): Doc {
  if (node.properties.length === 0) return "{}";
  const properties = node.properties.map((property): Doc => {
    if (ts.isShorthandPropertyAssignment(property)) {
      if (property.objectAssignmentInitializer !== undefined) unsupported("shorthand initializer");
      return identifier(property.name);
    }
    if (ts.isSpreadAssignment(property)) return ["...", spreadArgumentDoc(property.expression)];
    if (!ts.isPropertyAssignment(property)) return unsupported(`object member ${ts.SyntaxKind[property.kind]}`);
    const key = keyText(property.name);
    return assignmentDoc(key, ":", valueDoc(property.initializer), propertyLayout(key, property.initializer));
  });
  const file = node.getSourceFile();
  const expanded = file.text.slice(node.getStart(file), node.properties[0]!.getStart(file)).includes("\n");
  return group(["{", indent([line, join([",", line], properties)]), ifBreak(","), line, "}"], { shouldBreak: expanded });
}

/** What a spread spreads: an expression, or `(test ? a : b)` where it fits on its line. */
function spreadArgumentDoc(node: ts.Expression): Doc {
  if (ts.isParenthesizedExpression(node) && ts.isConditionalExpression(node.expression)) {
    const { condition, whenTrue, whenFalse } = node.expression;
    if ([condition, whenTrue, whenFalse].some((part) => ts.isConditionalExpression(part) || ts.isBinaryExpression(part))) unsupported("nested conditional");
    return ["(", flatOnly(group([expressionDoc(condition), indent([line, "? ", expressionDoc(whenTrue), line, ": ", expressionDoc(whenFalse)])])), ")"];
  }
  return expressionDoc(node);
}

/** A key as prettier writes it (quoteProps "as-needed": unquoted when it is an identifier name). */
function keyText(name: ts.PropertyName): string {
  if (ts.isIdentifier(name)) return identifier(name);
  if (ts.isStringLiteral(name)) {
    const raw = name.getText();
    const printed = prettierString(raw);
    // (a key whose text changes when printed keeps its quotes)
    if (printed.slice(1, -1) === name.text) {
      const bare = unquotedKey(printed);
      if (bare !== undefined) return bare;
    }
    return doubleQuotedString(raw);
  }
  if (ts.isNumericLiteral(name)) return prettierNumber(name.getText());
  return unsupported("computed key");
}

/** `[a, b]`: each element grouped; broken when it does not fit (or, as prettier does, when it holds several objects or arrays of several entries). */
function arrayDoc(node: ts.ArrayLiteralExpression): Doc {
  if (node.elements.length === 0) return "[]";
  const elements = node.elements;
  if (elements.some((element) => ts.isSpreadElement(element) || ts.isOmittedExpression(element))) unsupported("array element");
  if (elements.length > 1 && elements.every((element) => ts.isNumericLiteral(element) || ts.isPrefixUnaryExpression(element))) unsupported("number array (printed concisely)");
  const entries = (element: ts.Expression): number | undefined => (ts.isObjectLiteralExpression(element) ? element.properties.length : ts.isArrayLiteralExpression(element) ? element.elements.length : undefined);
  const shouldBreak = elements.length > 1 && elements.every((element, index) => (entries(element) ?? 0) > 1 && (index === elements.length - 1 || elements[index + 1]!.kind === element.kind));
  return group(["[", indent([softline, join([",", line], elements.map((element) => group(expressionDoc(element))))]), ifBreak(","), softline, "]"], { shouldBreak });
}

/** An assigned value: an expression, or an arrow function. */
function valueDoc(node: ts.Expression): Doc {
  return ts.isArrowFunction(node) ? arrowDoc(node) : expressionDoc(node);
}

/**
 * `(a?: A) => body` with an expression body (prettier's printArrowFunction, not a chain): an
 * object or array body stays after `=>`, another body moves below it when it does not fit.
 */
function arrowDoc(node: ts.ArrowFunction): Doc {
  if ((node.modifiers ?? []).length > 0 || node.typeParameters !== undefined || node.type !== undefined) unsupported("arrow function shape");
  const body = node.body;
  if (ts.isBlock(body) || ts.isArrowFunction(body) || ts.isConditionalExpression(body) || ts.isParenthesizedExpression(body)) unsupported("arrow function body");
  const parameters = node.parameters.map((parameter) => {
    if ((parameter.modifiers ?? []).length > 0 || parameter.dotDotDotToken !== undefined || parameter.initializer !== undefined || !ts.isIdentifier(parameter.name)) unsupported("arrow parameter shape");
    if (parameter.type !== undefined && node.parameters.length === 1 && (ts.isTypeLiteralNode(parameter.type) || ts.isMappedTypeNode(parameter.type))) unsupported("hugged object parameter");
    return [identifier(parameter.name), parameter.questionToken === undefined ? "" : "?", parameter.type === undefined ? "" : [": ", annotationTypeDoc(parameter.type)]];
  });
  const signature = parameters.length === 0 ? "()" : group(["(", indent([softline, join([",", line], parameters)]), ifBreak(","), softline, ")"]);
  const bodyDoc = expressionDoc(body);
  const sameLine = ts.isObjectLiteralExpression(body) || ts.isArrayLiteralExpression(body);
  return group([group(signature), " =>", group(sameLine ? [" ", bodyDoc] : indent([line, bodyDoc]))]);
}

function identifier(node: ts.Identifier): string {
  return asciiIdentifier(ts.idText(node));
}
