/**
 * Function declarations in the fixed layout: a function of two parameters or more has one
 * parameter per line (with a trailing comma, except after a rest parameter), so that a parameter added or changed is a one-line
 * change and a long signature is broken by rule, not by width; one parameter stays on the
 * declaration's line. ts-morph writes a parameter's name as given, so the parameters are handed
 * to it as one already laid out; a parameter it would print otherwise (decorators, modifiers, a
 * type or default written by a writer function) leaves the function to ts-morph as it is.
 */
import type {
  FunctionDeclarationStructure,
  OptionalKind,
  ParameterDeclarationStructure,
  StatementStructures,
} from "ts-morph";
import { StructureKind } from "./ts-morph-values.js";

export function laidOutSignature(
  statement: string | StatementStructures,
): string | StatementStructures {
  if (typeof statement === "string" || statement.kind !== StructureKind.Function) return statement;
  const parameters = parameterLines(statement);
  return parameters === undefined
    ? statement
    : { ...statement, parameters: [{ name: `\n${parameters.join("\n")}\n` }] };
}

function parameterLines(
  structure: OptionalKind<FunctionDeclarationStructure>,
): string[] | undefined {
  const parameters = structure.parameters ?? [];
  if (parameters.length < 2) return undefined;
  const lines: string[] = [];
  for (const parameter of parameters) {
    const text = parameterText(parameter);
    if (text === undefined) return undefined;
    // a rest parameter (always the last) takes no trailing comma
    lines.push(`  ${text}${text.startsWith("...") ? "" : ","}`);
  }
  return lines;
}

function parameterText(parameter: OptionalKind<ParameterDeclarationStructure>): string | undefined {
  const { name, type, initializer } = parameter;
  if ((parameter.decorators?.length ?? 0) > 0 || parameter.scope !== undefined) return undefined;
  if (parameter.isReadonly === true || parameter.hasOverrideKeyword === true) return undefined;
  if (
    (type !== undefined && typeof type !== "string") ||
    (initializer !== undefined && typeof initializer !== "string")
  )
    return undefined;
  if (name.includes("\n")) return undefined;
  const rest = parameter.isRestParameter === true ? "..." : "";
  const optional = parameter.hasQuestionToken === true ? "?" : "";
  return `${rest}${name}${optional}${type === undefined ? "" : `: ${type}`}${initializer === undefined ? "" : ` = ${initializer}`}`;
}
