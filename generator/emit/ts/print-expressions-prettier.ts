/**
 * Expressions in prettier's layout, for print-code-prettier.ts: what the emitters' factories and
 * the README's examples hold. The documents are prettier's (print/call-arguments.js,
 * member-chain.js, member.js, arrow-function.js, object.js, array.js, property.js, assignment.js):
 * - call arguments break one per line, but a last object or array argument is hugged (prettier's
 *   conditional group: flat, else the last argument broken, else every argument broken);
 * - a call of `a.b.c` or of `f(…).name` is a member chain of two groups, printed as one group;
 * - `a.b.c` as a value may break before each `.` (each lookup its own group);
 * - an object written with a newline after `{` stays broken; its properties take the assignment
 *   layout prettier's chooseLayout picks; methods are printed as prettier prints them;
 * - an arrow function's expression body moves below `=>` when it does not fit.
 * Binary and conditional expressions and templates are printed only where they fit on their line
 * ({@link flatOnly}; their broken layouts are not modelled), with the document breaking where
 * prettier's first can, which is what the groups before them measure. Anything else throws
 * UnsupportedLayout: the caller leaves the piece to prettier.
 */
import ts from "typescript";
import { breakParent, conditionalGroup, flatOnly, group, hasForcedBreak, ifBreak, indent, join, line, softline, type Doc } from "./layout-doc.js";
import { blockDoc, withComments } from "./print-code-prettier.js";
import { assignmentDoc, type AssignmentLayout } from "./print-data-prettier.js";
import { castType } from "./print-data-statement.js";
import { asciiIdentifier, assertMeasurable, doubleQuotedString, prettierNumber, prettierString, textWidth, unquotedKey, UnsupportedLayout } from "./prettier-text.js";
import { annotationTypeDoc, typeArgumentsDoc } from "./print-types-prettier.js";

const PRINT_WIDTH = 100;
/** prettier's `printWidth / 4`: an argument this short makes a call "poorly breakable". */
const LONE_SHORT_ARGUMENT = PRINT_WIDTH / 4;
/** prettier's `tabWidth + 3`: a key narrower than this keeps its value on its line. */
const SHORT_KEY_WIDTH = 5;
/** Callees prettier lays out by other rules (test frameworks, module definitions, React hooks). */
const SPECIAL_CALLEES = new Set(["require", "define", "it", "xit", "fit", "test", "xtest", "describe", "xdescribe", "fdescribe", "beforeEach", "afterEach", "beforeAll", "afterAll", "skip", "only", "each"]);

export function unsupported(what: string): never {
  throw new UnsupportedLayout(what);
}

export function identifier(node: ts.Identifier): string {
  return asciiIdentifier(ts.idText(node));
}

export function expressionDoc(node: ts.Expression): Doc {
  if (ts.isIdentifier(node)) return identifier(node);
  if (ts.isStringLiteral(node)) return doubleQuotedString(node.getText());
  if (ts.isNumericLiteral(node)) return numberText(node.getText());
  const keyword = KEYWORDS.get(node.kind);
  if (keyword !== undefined) return keyword;
  if (ts.isPropertyAccessExpression(node) || ts.isElementAccessExpression(node)) return memberDoc(node);
  if (ts.isCallExpression(node)) return callDoc(node);
  if (ts.isNewExpression(node)) return newDoc(node);
  if (ts.isObjectLiteralExpression(node)) return objectDoc(node);
  if (ts.isArrayLiteralExpression(node)) return arrayDoc(node);
  if (ts.isAwaitExpression(node)) return awaitDoc(node);
  if (ts.isPrefixUnaryExpression(node) && (node.operator === ts.SyntaxKind.ExclamationToken || node.operator === ts.SyntaxKind.MinusToken)) {
    if (!ts.isIdentifier(node.operand) && !ts.isPropertyAccessExpression(node.operand) && !ts.isNumericLiteral(node.operand)) unsupported("unary operand");
    return [node.operator === ts.SyntaxKind.ExclamationToken ? "!" : "-", expressionDoc(node.operand)];
  }
  if (ts.isBinaryExpression(node)) return flatOnly(group(binaryParts(node)));
  if (ts.isConditionalExpression(node)) return conditionalDoc(node);
  if (ts.isNoSubstitutionTemplateLiteral(node) || ts.isTemplateExpression(node)) return templateText(node);
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

/** A number as prettier prints it, numeric separators kept (`10_000`). */
function numberText(text: string): string {
  return /^[1-9]\d{0,2}(_\d{3})+$/.test(text) ? text : prettierNumber(text);
}

/** An assigned value: an expression, or an arrow function. */
export function valueDoc(node: ts.Expression): Doc {
  return ts.isArrowFunction(node) ? arrowDoc(node) : expressionDoc(node);
}

/**
 * `a.b`, `a.b.c`, `a["key"]`, `(await x).data` as values (prettier's printMemberExpression): the
 * lookup of `name.name` prints inline; another breaks before its `.` in a group of its own.
 */
function memberDoc(node: ts.PropertyAccessExpression | ts.ElementAccessExpression): Doc {
  if (node.questionDotToken !== undefined) unsupported("optional chain");
  const object = node.expression;
  let objectDoc: Doc;
  if (ts.isIdentifier(object) || object.kind === ts.SyntaxKind.ThisKeyword) objectDoc = expressionDoc(object);
  else if (ts.isPropertyAccessExpression(object) || ts.isElementAccessExpression(object)) objectDoc = memberDoc(object);
  else if (ts.isParenthesizedExpression(object) && ts.isAwaitExpression(object.expression)) objectDoc = ["(", awaitDoc(object.expression), ")"];
  else return unsupported("member object");
  const lookup = lookupDoc(node);
  const inline = ts.isElementAccessExpression(node) || (ts.isIdentifier(object) && !ts.isPropertyAccessExpression(node.parent) && !ts.isElementAccessExpression(node.parent));
  return [objectDoc, inline ? lookup : group(indent([softline, lookup]))];
}

/** `.name`, `[0]`, or `["key"]` (a string index may break inside its brackets). */
function lookupDoc(node: ts.PropertyAccessExpression | ts.ElementAccessExpression): Doc {
  if (ts.isPropertyAccessExpression(node)) {
    if (!ts.isIdentifier(node.name)) unsupported("private name");
    return [".", identifier(node.name)];
  }
  const index = node.argumentExpression;
  if (ts.isNumericLiteral(index)) return ["[", numberText(index.getText()), "]"];
  if (!ts.isStringLiteral(index)) unsupported("computed index");
  return group(["[", indent([softline, doubleQuotedString(index.getText())]), softline, "]"]);
}

/** `await x`: grouped and indented where it is accessed or called (prettier's printAwaitExpression). */
function awaitDoc(node: ts.AwaitExpression): Doc {
  const parts = ["await ", expressionDoc(node.expression)];
  const wrapper = node.parent;
  if (!ts.isParenthesizedExpression(wrapper)) return parts;
  const user = wrapper.parent;
  if (!((ts.isPropertyAccessExpression(user) || ts.isElementAccessExpression(user) || ts.isCallExpression(user)) && (user.expression as ts.Node) === wrapper)) unsupported("parenthesized await");
  // (inside another `await`, prettier may leave it ungrouped: not printed here)
  const enclosing = ts.findAncestor(user, (ancestor) => ts.isAwaitExpression(ancestor) || ts.isBlock(ancestor) || ts.isSourceFile(ancestor));
  if (enclosing !== undefined && ts.isAwaitExpression(enclosing)) unsupported("await inside await");
  return group([indent([softline, ...parts]), softline]);
}

/**
 * `f<T>(args)`, `a.b.c(args)`, `f(x).name(args)`: a member callee is a member chain of at most
 * two groups, which prettier prints as one group; a call of a name is not grouped.
 */
function callDoc(node: ts.CallExpression): Doc {
  if (node.questionDotToken !== undefined) unsupported("optional call");
  const callee = node.expression;
  const typeArguments = node.typeArguments === undefined ? "" : typeArgumentsDoc(node.typeArguments);
  if (ts.isIdentifier(callee)) {
    if (SPECIAL_CALLEES.has(callee.text)) unsupported("special callee");
    return [identifier(callee), typeArguments, argumentsDoc(node.arguments)];
  }
  if (!ts.isPropertyAccessExpression(callee) || callee.questionDotToken !== undefined || !ts.isIdentifier(callee.name) || SPECIAL_CALLEES.has(callee.name.text)) return unsupported("callee");
  const names: string[] = [identifier(callee.name)];
  let object = callee.expression;
  while (ts.isPropertyAccessExpression(object) && object.questionDotToken === undefined && ts.isIdentifier(object.name)) {
    names.unshift(identifier(object.name));
    object = object.expression;
  }
  let head: Doc;
  if (ts.isIdentifier(object) || object.kind === ts.SyntaxKind.ThisKeyword) {
    if (ts.isIdentifier(object) && SPECIAL_CALLEES.has(object.text)) unsupported("special callee");
    head = expressionDoc(object);
  } else if (names.length === 1 && ts.isCallExpression(object) && ts.isIdentifier(object.expression) && object.questionDotToken === undefined) {
    // `f(x).name(args)`: the first group is the inner call
    head = callDoc(object);
  } else return unsupported("member chain");
  return group([head, names.map((name) => `.${name}`), typeArguments, argumentsDoc(node.arguments)]);
}

/** `new C<T>(args)`. */
function newDoc(node: ts.NewExpression): Doc {
  if (!ts.isIdentifier(node.expression)) unsupported("new callee");
  return ["new ", identifier(node.expression), node.typeArguments === undefined ? "" : typeArgumentsDoc(node.typeArguments), argumentsDoc(node.arguments ?? ts.factory.createNodeArray())];
}

/** prettier's printCallArguments for arguments that are not functions. */
function argumentsDoc(args: ts.NodeArray<ts.Expression>): Doc {
  if (args.length === 0) return "()";
  if (args.some((arg) => ts.isArrowFunction(arg) || ts.isFunctionExpression(arg))) unsupported("function argument");
  const printed = args.map((arg) => (ts.isSpreadElement(arg) ? ["...", expressionDoc(arg.expression)] : expressionDoc(arg)));
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
  if (args.length > 1 && ts.isArrayLiteralExpression(last) && last.elements.every((element) => ts.isNumericLiteral(element) || ts.isPrefixUnaryExpression(element))) unsupported("number array argument");
  return true;
}

/** `{ a: 1, b, ...c, m() {} }`: broken when written with a newline after `{` or when it does not fit. */
function objectDoc(node: ts.ObjectLiteralExpression): Doc {
  if (node.properties.length === 0) return "{}";
  const properties = node.properties.map((property) => withComments(property, propertyDoc(property)));
  const file = node.getSourceFile();
  const expanded = file.text.slice(node.getStart(file), node.properties[0]!.getStart(file)).includes("\n");
  return group(["{", indent([line, join([",", line], properties)]), ifBreak(","), line, "}"], { shouldBreak: expanded });
}

function propertyDoc(property: ts.ObjectLiteralElementLike): Doc {
  if (ts.isShorthandPropertyAssignment(property)) {
    if (property.objectAssignmentInitializer !== undefined) unsupported("shorthand initializer");
    return identifier(property.name);
  }
  if (ts.isSpreadAssignment(property)) return ["...", spreadArgumentDoc(property.expression)];
  if (ts.isMethodDeclaration(property)) return methodDoc(property);
  if (!ts.isPropertyAssignment(property)) return unsupported(`object member ${ts.SyntaxKind[property.kind]}`);
  const key = keyText(property.name);
  return assignmentDoc(key, ":", valueDoc(property.initializer), propertyLayout(key, property.initializer));
}

/** `name(params) { … }` in an object (prettier's printMethod): a sole object pattern parameter hugged. */
function methodDoc(node: ts.MethodDeclaration): Doc {
  if ((node.modifiers ?? []).length > 0 || node.asteriskToken !== undefined || node.questionToken !== undefined || node.typeParameters !== undefined || node.type !== undefined || node.body === undefined) unsupported("method shape");
  const parameters = node.parameters;
  let list: Doc;
  if (parameters.length === 0) list = "()";
  else if (parameters.length === 1 && ts.isObjectBindingPattern(parameters[0]!.name) && parameters[0]!.type === undefined && parameters[0]!.initializer === undefined) {
    list = ["(", objectPatternDoc(parameters[0]!.name), ")"];
  } else return unsupported("method parameters");
  return [keyText(node.name), group(list), " ", blockDoc(node.body)];
}

/** `{ a, b: c, ...rest }` (no defaults, no nesting), as prettier prints an object pattern it does not group. */
export function objectPatternDoc(pattern: ts.ObjectBindingPattern): Doc {
  if (pattern.elements.length === 0) return "{}";
  const elements = pattern.elements.map((element) => {
    if (element.initializer !== undefined || !ts.isIdentifier(element.name)) unsupported("binding element");
    if (element.dotDotDotToken !== undefined) return ["...", identifier(element.name)];
    if (element.propertyName === undefined) return identifier(element.name);
    if (!ts.isIdentifier(element.propertyName)) unsupported("binding key");
    return [identifier(element.propertyName), ": ", identifier(element.name)];
  });
  const rest = pattern.elements[pattern.elements.length - 1]!.dotDotDotToken !== undefined;
  return ["{", indent([line, join([",", line], elements)]), rest ? "" : ifBreak(","), line, "}"];
}

/** What a spread spreads: an expression, or `(test ? a : b)`. */
function spreadArgumentDoc(node: ts.Expression): Doc {
  if (ts.isParenthesizedExpression(node) && ts.isConditionalExpression(node.expression)) return ["(", conditionalDoc(node.expression), ")"];
  return expressionDoc(node);
}

/**
 * `test ? a : b` where it fits (prettier's ternary: a break after the test first, where the
 * groups before it measure up to).
 */
function conditionalDoc(node: ts.ConditionalExpression): Doc {
  const { condition, whenTrue, whenFalse } = node;
  if ([condition, whenTrue, whenFalse].some((part) => ts.isConditionalExpression(part)) || [whenTrue, whenFalse].some((part) => ts.isBinaryExpression(part))) unsupported("nested conditional");
  return flatOnly(group([expressionDoc(condition), indent([line, "? ", expressionDoc(whenTrue), line, ": ", expressionDoc(whenFalse)])]));
}

/** The operators whose chains prettier flattens when they repeat (`a && b && c`, `24 * 60 * 60`). */
const FLATTENED = new Set([ts.SyntaxKind.AmpersandAmpersandToken, ts.SyntaxKind.BarBarToken, ts.SyntaxKind.PlusToken, ts.SyntaxKind.AsteriskToken]);
/** Operators never parenthesized as an operand of `&&` and `||`. */
const COMPARISONS = new Set([
  ts.SyntaxKind.EqualsEqualsEqualsToken,
  ts.SyntaxKind.ExclamationEqualsEqualsToken,
  ts.SyntaxKind.LessThanToken,
  ts.SyntaxKind.GreaterThanToken,
  ts.SyntaxKind.LessThanEqualsToken,
  ts.SyntaxKind.GreaterThanEqualsToken,
  ts.SyntaxKind.InstanceOfKeyword,
]);
const LOGICAL = new Set([ts.SyntaxKind.AmpersandAmpersandToken, ts.SyntaxKind.BarBarToken]);

/**
 * prettier's printBinaryishExpressions: a chain of one operator flattened, an operand of another
 * precedence grouped; a line after each operator. Only operands prettier never parenthesizes are
 * printed: a comparison inside `&&`/`||`, and plain operands.
 */
function binaryParts(node: ts.BinaryExpression): Doc[] {
  const operator = node.operatorToken.kind;
  if (!FLATTENED.has(operator) && !COMPARISONS.has(operator)) unsupported(`operator ${ts.SyntaxKind[operator]}`);
  const operand = (side: ts.Expression): Doc => {
    if (!ts.isBinaryExpression(side)) return expressionDoc(side);
    if (!LOGICAL.has(operator) || !COMPARISONS.has(side.operatorToken.kind)) unsupported("nested binary expression");
    return group(binaryParts(side));
  };
  const left = ts.isBinaryExpression(node.left) && node.left.operatorToken.kind === operator && FLATTENED.has(operator) ? binaryParts(node.left) : [operand(node.left)];
  // (a logical expression whose right side is a non-empty object or array is printed inline)
  if (LOGICAL.has(operator) && (ts.isObjectLiteralExpression(node.right) || ts.isArrayLiteralExpression(node.right))) unsupported("inline logical expression");
  return [...left, " ", [ts.tokenToString(operator)!, line, operand(node.right)]];
}

/** A template on one line whose `${}` hold names or `a.b` (prettier prints such a template as written). */
function templateText(node: ts.NoSubstitutionTemplateLiteral | ts.TemplateExpression): string {
  const raw = (part: ts.TemplateLiteralLikeNode): string => {
    if (part.rawText === undefined) return unsupported("template text");
    return part.rawText;
  };
  let text: string;
  if (ts.isNoSubstitutionTemplateLiteral(node)) text = `\`${raw(node)}\``;
  else {
    text = `\`${raw(node.head)}`;
    for (const span of node.templateSpans) {
      let name = span.expression;
      const names: string[] = [];
      while (ts.isPropertyAccessExpression(name) && ts.isIdentifier(name.name) && name.questionDotToken === undefined) {
        names.unshift(identifier(name.name));
        name = name.expression;
      }
      if (!ts.isIdentifier(name)) unsupported("template expression");
      names.unshift(identifier(name));
      text += `\${${names.join(".")}}${raw(span.literal)}`;
    }
    text += "`";
  }
  if (/[\r\n\u2028\u2029]/.test(text)) unsupported("template over lines");
  assertMeasurable(text);
  return text;
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

/** prettier's chooseLayout for `key: value` in an object. */
function propertyLayout(key: string, value: ts.Expression): AssignmentLayout {
  const shortKey = textWidth(key) < SHORT_KEY_WIDTH;
  if (breaksAfterOperator(value, shortKey)) return "break-after-operator";
  if (shortKey || isNumberOrBoolean(value)) return "never-break-after-operator";
  return "fluid";
}

export function isNumberOrBoolean(node: ts.Expression): boolean {
  return ts.isNumericLiteral(node) || node.kind === ts.SyntaxKind.TrueKeyword || node.kind === ts.SyntaxKind.FalseKeyword;
}

/** prettier's shouldBreakAfterOperator for the values printed here. */
export function breaksAfterOperator(value: ts.Expression, shortKey: boolean): boolean {
  // (a binary expression other than `a && { … }`)
  if (ts.isBinaryExpression(value)) return true;
  if (ts.isConditionalExpression(value)) return ts.isBinaryExpression(value.condition);
  if (shortKey) return false;
  let node = value;
  while (ts.isPrefixUnaryExpression(node) || ts.isNonNullExpression(node) || ts.isAwaitExpression(node)) node = ts.isPrefixUnaryExpression(node) ? node.operand : node.expression;
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
