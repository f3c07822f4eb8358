/**
 * Function declarations in prettier's layout, for print-piece-prettier.ts: the factories of
 * query.ts, client.ts, raw-client.ts, server.ts, mocks.ts and the entry files, e.g.
 *
 *   export function createRequestHandler<C = unknown>(
 *     handlers: PetStoreHandlers<C>,
 *     options: ServerOptions<C> = {},
 *   ): (request: Request) => Promise<Response> {
 *     return createRuntimeRequestHandler(API, handlers as unknown as HandlerMap<C>, options);
 *   }
 *
 * The layout is prettier's (print/function.js, function-parameters.js, type-parameters.js): the
 * type parameters, then the parameters, which break one per line (a trailing comma unless the
 * last is a rest parameter) when the signature does not fit; one parameter is grouped apart when
 * the return type is an object type. The body's statements are print-code-prettier.ts's. It
 * knows parameters that are names (with a type, and `= {}`) or a rest `...[name]`; a sole
 * parameter prettier hugs (a pattern, or a name typed with an object type), generators, `async`
 * and anything else return `undefined`.
 */
import ts from "typescript";
import { group, hardline, hasForcedBreak, ifBreak, indent, join, line, printDoc, softline, type Doc } from "./layout-doc.js";
import { blockDoc } from "./print-code-prettier.js";
import { asciiIdentifier, UnsupportedLayout } from "./prettier-text.js";
import { annotationTypeDoc, typeParametersDoc } from "./print-types-prettier.js";

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
  if (node.asteriskToken !== undefined || node.name === undefined || node.body === undefined) unsupported("function shape");
  if (node.parameters.length === 1 && huggedParameter(node.parameters[0]!)) unsupported("a sole parameter prettier hugs");
  const rest = node.parameters[node.parameters.length - 1]?.dotDotDotToken !== undefined;
  const parameters = node.parameters.length === 0 ? "()" : ["(", indent([softline, join([",", line], node.parameters.map(parameterDoc))]), rest ? "" : ifBreak(","), softline, ")"];
  const returnType = node.type === undefined ? "" : [": ", annotationTypeDoc(node.type)];
  const typeParameters = node.typeParameters === undefined ? "" : typeParametersDoc(node.typeParameters);
  return [modifiers.length === 1 ? "export " : "", "function ", name(node.name), typeParameters, group([groupsParameters(node, returnType) ? group(parameters) : parameters, returnType]), " ", blockDoc(node.body)];
}

/** prettier's shouldHugTheOnlyFunctionParameter: a pattern, or a name typed with an object type. */
function huggedParameter(parameter: ts.ParameterDeclaration): boolean {
  if (!ts.isIdentifier(parameter.name)) return true;
  const type = parameter.type;
  return parameter.initializer === undefined && type !== undefined && (ts.isTypeLiteralNode(type) || ts.isMappedTypeNode(type));
}

/** prettier's shouldGroupFunctionParameters: one parameter, an object (or breaking) return type, no constrained type parameter. */
function groupsParameters(node: ts.FunctionDeclaration, returnType: Doc): boolean {
  if (node.type === undefined || node.parameters.length !== 1) return false;
  const typeParameters = node.typeParameters ?? [];
  if (typeParameters.length > 1 || typeParameters.some((parameter) => parameter.constraint !== undefined || parameter.default !== undefined)) return false;
  return ts.isTypeLiteralNode(node.type) || ts.isMappedTypeNode(node.type) || hasForcedBreak(returnType);
}

function parameterDoc(parameter: ts.ParameterDeclaration): Doc {
  if ((parameter.modifiers ?? []).length > 0 || parameter.type === undefined) unsupported("parameter shape");
  let binding: Doc;
  if (ts.isIdentifier(parameter.name)) binding = name(parameter.name);
  else if (ts.isArrayBindingPattern(parameter.name) && parameter.name.elements.length === 1) {
    const element = parameter.name.elements[0]!;
    if (!ts.isBindingElement(element) || element.dotDotDotToken !== undefined || element.initializer !== undefined || !ts.isIdentifier(element.name)) return unsupported("binding pattern");
    // an array pattern breaks like an array literal
    binding = group(["[", indent([softline, name(element.name)]), ifBreak(","), softline, "]"]);
  } else return unsupported("binding pattern");
  const typed = group([parameter.dotDotDotToken === undefined ? "" : "...", binding, parameter.questionToken === undefined ? "" : "?", ": ", annotationTypeDoc(parameter.type)]);
  // `name: Type = {}` (an assignment pattern: ` = ` and the value, never broken)
  if (parameter.initializer === undefined) return typed;
  if (!ts.isObjectLiteralExpression(parameter.initializer) || parameter.initializer.properties.length > 0) unsupported("parameter default");
  return [typed, " = {}"];
}

function name(node: ts.Identifier): string {
  return asciiIdentifier(ts.idText(node));
}
