/**
 * Function declarations whose body returns calls, in prettier's layout, for
 * print-piece-prettier.ts: the TanStack Query factories of query.ts, e.g.
 *
 *   export function listPetsOptions(
 *     client: ClientWith<"listPets", ListPetsOperation>,
 *     ...[params]: QueryArgs<ListPetsOperation>
 *   ): OperationQueryOptions<ListPetsOperation> {
 *     return operationQueryOptions<ListPetsOperation>(client, "listPets", ["PetStore", "pets", "listPets"], params);
 *   }
 *
 * The layout is prettier's (print/function.js, function-parameters.js, call-arguments.js): the
 * parameters break one per line (a trailing comma unless the last is a rest parameter) when the
 * signature does not fit; the arguments of a call likewise; an array argument breaks on its own.
 * It knows parameters that are names or a rest `...[name]`, and calls of a name whose arguments
 * are names, strings, numbers, arrays of those and `name["key"]` or `name.key`. A call whose last
 * argument is an object, array or function (prettier may hug it), a sole parameter (prettier may
 * group or hug it), type parameters and anything else return `undefined`.
 */
import ts from "typescript";
import { group, hardline, ifBreak, indent, join, line, printDoc, softline, type Doc } from "./layout-doc.js";
import { asciiIdentifier, doubleQuotedString, prettierNumber, UnsupportedLayout } from "./prettier-text.js";
import { annotationTypeDoc, typeArgumentsDoc } from "./print-types-prettier.js";

const PRINT_WIDTH = 100;

/** The declaration in prettier's layout (ending with a newline, without its comments), or `undefined` when not known for certain. */
export function printFunctionDeclaration(node: ts.FunctionDeclaration): string | undefined {
  try {
    return printDoc([functionDoc(node), hardline], PRINT_WIDTH);
  } catch (error) {
    if (error instanceof UnsupportedLayout) return undefined;
    throw error;
  }
}

function unsupported(what: string): never {
  throw new UnsupportedLayout(what);
}

function functionDoc(node: ts.FunctionDeclaration): Doc {
  const modifiers = node.modifiers ?? [];
  if (modifiers.length > 1 || (modifiers.length === 1 && modifiers[0]!.kind !== ts.SyntaxKind.ExportKeyword)) unsupported("function modifiers");
  if (node.asteriskToken !== undefined || node.typeParameters !== undefined || node.name === undefined || node.body === undefined) unsupported("function shape");
  if (node.parameters.length < 2) unsupported("fewer than two parameters");
  const rest = node.parameters[node.parameters.length - 1]!.dotDotDotToken !== undefined;
  const parameters = ["(", indent([softline, join([",", line], node.parameters.map(parameterDoc))]), rest ? "" : ifBreak(","), softline, ")"];
  const returnType = node.type === undefined ? "" : [": ", annotationTypeDoc(node.type)];
  return [modifiers.length === 1 ? "export " : "", "function ", name(node.name), group([parameters, returnType]), " ", blockDoc(node.body)];
}

function parameterDoc(parameter: ts.ParameterDeclaration): Doc {
  if ((parameter.modifiers ?? []).length > 0 || parameter.initializer !== undefined || parameter.type === undefined) unsupported("parameter shape");
  let binding: Doc;
  if (ts.isIdentifier(parameter.name)) binding = name(parameter.name);
  else if (ts.isArrayBindingPattern(parameter.name) && parameter.name.elements.length === 1) {
    const element = parameter.name.elements[0]!;
    if (!ts.isBindingElement(element) || element.dotDotDotToken !== undefined || element.initializer !== undefined || !ts.isIdentifier(element.name)) return unsupported("binding pattern");
    // an array pattern breaks like an array literal
    binding = group(["[", indent([softline, name(element.name)]), ifBreak(","), softline, "]"]);
  } else return unsupported("binding pattern");
  return group([parameter.dotDotDotToken === undefined ? "" : "...", binding, parameter.questionToken === undefined ? "" : "?", ": ", annotationTypeDoc(parameter.type)]);
}

function blockDoc(block: ts.Block): Doc {
  if (block.statements.length === 0) return "{}";
  return ["{", indent([hardline, join(hardline, block.statements.map(statementDoc))]), hardline, "}"];
}

function statementDoc(statement: ts.Statement): Doc {
  if (!ts.isReturnStatement(statement) || statement.expression === undefined || !ts.isCallExpression(statement.expression)) return unsupported("statement other than `return call(...)`");
  return ["return ", callDoc(statement.expression), ";"];
}

function callDoc(call: ts.CallExpression): Doc {
  if (!ts.isIdentifier(call.expression) || call.questionDotToken !== undefined) unsupported("callee");
  const args = call.arguments;
  const last = args[args.length - 1];
  if (last !== undefined && (ts.isArrayLiteralExpression(last) || ts.isObjectLiteralExpression(last) || ts.isFunctionLike(last))) unsupported("a last argument prettier may hug");
  const typeArguments = call.typeArguments === undefined ? "" : typeArgumentsDoc(call.typeArguments);
  const list = args.length === 0 ? "()" : group(["(", indent([softline, join([",", line], args.map(expressionDoc))]), ifBreak(","), softline, ")"]);
  return [name(call.expression), typeArguments, list];
}

function expressionDoc(expression: ts.Expression): Doc {
  if (ts.isIdentifier(expression)) return name(expression);
  if (ts.isStringLiteral(expression)) return stringDoc(expression);
  if (ts.isNumericLiteral(expression)) return prettierNumber(expression.text);
  if (ts.isArrayLiteralExpression(expression)) {
    if (expression.elements.length === 0) return "[]";
    if (expression.elements.some((element) => !ts.isStringLiteral(element) && !ts.isIdentifier(element))) unsupported("array element");
    return group(["[", indent([softline, join([",", line], expression.elements.map(expressionDoc))]), ifBreak(","), softline, "]"]);
  }
  if (ts.isElementAccessExpression(expression) && ts.isIdentifier(expression.expression) && ts.isStringLiteral(expression.argumentExpression) && expression.questionDotToken === undefined) {
    return [name(expression.expression), "[", stringDoc(expression.argumentExpression), "]"];
  }
  if (ts.isPropertyAccessExpression(expression) && ts.isIdentifier(expression.expression) && ts.isIdentifier(expression.name) && expression.questionDotToken === undefined) {
    return [name(expression.expression), ".", name(expression.name)];
  }
  return unsupported(`expression ${ts.SyntaxKind[expression.kind]}`);
}

function stringDoc(literal: ts.StringLiteral): string {
  return doubleQuotedString(literal.getText());
}

function name(node: ts.Identifier): string {
  return asciiIdentifier(ts.idText(node));
}
