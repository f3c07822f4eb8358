/**
 * Statements in prettier's layout, for print-functions-prettier.ts and print-piece-prettier.ts:
 * what the emitters' factories (client.ts, raw-client.ts, server.ts, mocks.ts, the entry files),
 * query.ts's `*Keys` objects, validate.ts's function-typed constant and the README's TypeScript
 * examples hold. Expressions are print-expressions-prettier.ts's.
 *
 * The documents are prettier's (print/assignment.js, variable-declaration.js, if-statement.js,
 * clause.js, try-statement.js, block.js, return-statement.js, comments):
 * - a declaration's layout is chosen as chooseLayout chooses it: a string or a call chain that
 *   breaks poorly (calls without arguments or with one short argument) moves below `=`, a complex
 *   destructuring breaks its left side first, a number or boolean never moves;
 * - `if (test) statement` moves the statement to the next line when the whole does not fit; a
 *   block stays on the `if` line, `else` follows `}` (or starts a line after a statement);
 * - a comment on its own line before a statement or an object member stays on its own line; a
 *   `//` comment after a statement, on its line, stays there (prettier's line suffix: it counts
 *   for no layout).
 * An `if`'s condition is printed only where it fits on its line. Anything else throws
 * UnsupportedLayout: the caller leaves the piece to prettier.
 */
import ts from "typescript";
import { breakParent, canBreak, flatOnly, group, hardline, indent, join, line, lineSuffix, printDoc, softline, type Doc } from "./layout-doc.js";
import { assignmentDoc, type AssignmentLayout } from "./print-data-prettier.js";
import { isComplexAnnotation } from "./print-data-statement.js";
import { breaksAfterOperator, expressionDoc, identifier, isNumberOrBoolean, objectPatternDoc, unsupported, valueDoc } from "./print-expressions-prettier.js";
import { UnsupportedLayout } from "./prettier-text.js";
import { annotationTypeDoc, leadingCommentsDoc, printLeadingComments } from "./print-types-prettier.js";

const PRINT_WIDTH = 100;

/**
 * A top-level statement (a `[export] const`, an expression, `if`, `try`, `export default`) with its
 * comments, as prettier prints it (ending with a newline), or `undefined` when not known for certain.
 */
export function printCodeStatement(statement: ts.Statement): string | undefined {
  try {
    const comments = printLeadingComments(statement);
    if (comments === undefined) return undefined;
    return comments + printDoc([withTrailingComment(statement, statementDoc(statement, true)), hardline], PRINT_WIDTH);
  } catch (error) {
    if (error instanceof UnsupportedLayout) return undefined;
    throw error;
  }
}

/** A block: each statement on its line, after its own-line comments and before its end-of-line comment. */
export function blockDoc(block: ts.Block): Doc {
  if (block.statements.length === 0) return "{}";
  const statements = block.statements.map((statement) => withComments(statement, statementDoc(statement, false)));
  return ["{", indent([hardline, join(hardline, statements)]), hardline, "}"];
}

/** `doc` after the node's own-line comments, before its end-of-line comment. */
export function withComments(node: ts.Node, doc: Doc): Doc {
  return [...leadingCommentsDoc(node), withTrailingComment(node, doc)];
}

/** `doc` and the `//` comment print-piece-prettier.ts attached after it, as prettier prints a trailing line comment. */
function withTrailingComment(node: ts.Node, doc: Doc): Doc {
  const comments = ts.getSyntheticTrailingComments(node);
  if (comments === undefined || comments.length === 0) return doc;
  const [comment, ...others] = comments;
  if (others.length > 0 || comment!.kind !== ts.SyntaxKind.SingleLineCommentTrivia || !(ts.isStatement(node) && (ts.isBlock(node.parent) || ts.isSourceFile(node.parent)))) unsupported("trailing comment");
  return [doc, lineSuffix(` //${comment!.text}`.trimEnd()), breakParent];
}

function statementDoc(statement: ts.Statement, topLevel: boolean): Doc {
  if (ts.isReturnStatement(statement)) {
    if (statement.expression === undefined) return "return;";
    // (a binary expression returned takes parentheses when it breaks)
    if (ts.isBinaryExpression(statement.expression)) unsupported("binary expression returned");
    return ["return ", expressionDoc(statement.expression), ";"];
  }
  if (ts.isVariableStatement(statement)) return variableStatementDoc(statement, topLevel);
  if (ts.isExpressionStatement(statement)) {
    const expression = statement.expression;
    if (!ts.isCallExpression(expression) && !ts.isAwaitExpression(expression)) unsupported(`expression statement ${ts.SyntaxKind[expression.kind]}`);
    return [expressionDoc(expression), ";"];
  }
  if (ts.isIfStatement(statement)) return ifStatementDoc(statement);
  if (ts.isTryStatement(statement)) return tryStatementDoc(statement);
  if (ts.isExportAssignment(statement) && topLevel && statement.isExportEquals !== true && (statement.modifiers ?? []).length === 0 && ts.isIdentifier(statement.expression)) {
    return ["export default ", identifier(statement.expression), ";"];
  }
  return unsupported(`statement ${ts.SyntaxKind[statement.kind]}`);
}

/**
 * prettier's printIfStatement: `if (test)` then a block after a space, or another statement on
 * the next line when the whole does not fit; `else` after `}` or on the line after a statement,
 * `else if` chained.
 */
function ifStatementDoc(statement: ts.IfStatement): Doc {
  const opening = group(["if (", conditionDoc(statement.expression), ")", clauseDoc(statement.thenStatement)]);
  const alternate = statement.elseStatement;
  if (alternate === undefined) return opening;
  const afterBlock = ts.isBlock(statement.thenStatement);
  const alternateDoc = ts.isIfStatement(alternate) ? [" ", ifStatementDoc(alternate)] : clauseDoc(alternate);
  return [opening, afterBlock ? " " : hardline, "else", group(alternateDoc)];
}

/** A statement after `if (…)`, `else`: a block after a space, anything else indented on the next line when it does not fit. */
function clauseDoc(statement: ts.Statement): Doc {
  if (ts.isBlock(statement)) return [" ", blockDoc(statement)];
  if (ts.getSyntheticLeadingComments(statement) !== undefined) unsupported("comment before a clause");
  return indent([line, statementDoc(statement, false)]);
}

/** An `if`'s condition where it fits on its line (broken, prettier breaks its operators: not modelled). */
function conditionDoc(test: ts.Expression): Doc {
  if (ts.isObjectLiteralExpression(test) || ts.isArrayLiteralExpression(test)) unsupported("inline condition");
  return flatOnly(group([indent([softline, expressionDoc(test)]), softline]));
}

/** `try { … } catch (error) { … } [finally { … }]`. */
function tryStatementDoc(statement: ts.TryStatement): Doc {
  const parts: Doc[] = ["try ", blockDoc(statement.tryBlock)];
  const handler = statement.catchClause;
  if (handler !== undefined) {
    const variable = handler.variableDeclaration;
    if (variable !== undefined && (!ts.isIdentifier(variable.name) || variable.type !== undefined)) unsupported("catch binding");
    parts.push(" catch ", variable === undefined ? "" : ["(", identifier(variable.name as ts.Identifier), ") "], blockDoc(handler.block));
  }
  if (statement.finallyBlock !== undefined) parts.push(" finally ", blockDoc(statement.finallyBlock));
  return parts;
}

function variableStatementDoc(statement: ts.VariableStatement, topLevel: boolean): Doc {
  const kinds = (statement.modifiers ?? []).map((modifier) => modifier.kind);
  const exported = kinds.length === 1 && kinds[0] === ts.SyntaxKind.ExportKeyword;
  if (kinds.length !== Number(exported) || (exported && !topLevel)) unsupported("modifiers");
  const list = statement.declarationList;
  const scope = list.flags & ts.NodeFlags.BlockScoped;
  const kind = scope === ts.NodeFlags.Const ? "const" : scope === ts.NodeFlags.Let ? "let" : unsupported("var");
  const [declaration, ...others] = list.declarations;
  if (declaration === undefined || others.length > 0 || declaration.initializer === undefined || declaration.exclamationToken !== undefined) unsupported("declaration shape");
  const left: Doc = [bindingDoc(declaration.name), declaration.type === undefined ? "" : [": ", annotationTypeDoc(declaration.type)]];
  const layout = declarationLayout(declaration, left);
  return [exported ? "export " : "", group([kind, " ", assignmentDoc(left, " =", valueDoc(declaration.initializer), layout), ";"])];
}

/** A name, or an object pattern (not grouped when declared: the assignment's group breaks it). */
function bindingDoc(name: ts.BindingName): Doc {
  if (ts.isIdentifier(name)) return identifier(name);
  if (!ts.isObjectBindingPattern(name) || name.elements.length === 0) return unsupported("binding pattern");
  return objectPatternDoc(name);
}

/** prettier's chooseLayout for a variable declarator. */
function declarationLayout(declaration: ts.VariableDeclaration, left: Doc): AssignmentLayout {
  const value = declaration.initializer!;
  if (isComplexDestructuring(declaration.name) || isComplexAnnotation(declaration.type) || (ts.isArrowFunction(value) && canBreak(left))) return "break-lhs";
  if (breaksAfterOperator(value, false)) return "break-after-operator";
  if (!canBreak(left) && isNumberOrBoolean(value)) return "never-break-after-operator";
  return "fluid";
}

/** An object pattern of more than two elements, one of them renamed. */
function isComplexDestructuring(name: ts.BindingName): boolean {
  return ts.isObjectBindingPattern(name) && name.elements.length > 2 && name.elements.some((element) => element.dotDotDotToken === undefined && element.propertyName !== undefined);
}
