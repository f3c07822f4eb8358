/** The JSDoc of an operation, shared by the client methods and the server handlers. */
import type { OperationModel } from "../model/types.js";
import type { DocInput } from "./ts/jsdoc.js";

export function operationDoc(operation: OperationModel, replacementName?: string): DocInput {
  const tags: { name: string; text?: string }[] = [];
  const deprecation = operation.deprecation;
  if (deprecation) {
    const parts = [
      deprecation.sunset
        ? `Sunset ${deprecation.sunset}: the operation is removed after that date.`
        : "The operation will be removed.",
    ];
    if (replacementName) parts.push(`Use \`${replacementName}\` instead.`);
    tags.push({ name: "deprecated", text: parts.join(" ") });
  }
  if (operation.stability) tags.push({ name: operation.stability });
  return {
    summary: operation.summary,
    description: [
      operation.description?.trim(),
      `\`${operation.method.toUpperCase()} ${operation.path}\``,
    ]
      .filter(Boolean)
      .join("\n\n"),
    tags,
  };
}

/** The generated name of the operation a deprecated one points to with `x-replaced-by`. */
export function replacementName(
  operation: OperationModel,
  all: readonly OperationModel[],
): string | undefined {
  const target = operation.deprecation?.replacedBy;
  if (!target) return undefined;
  return all.find((candidate) => candidate.operationId === target)?.name ?? target;
}
