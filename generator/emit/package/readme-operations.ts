/**
 * The README's operations table, the one part of it that shows the operations' summaries: apart
 * from emit-readme.ts (which loads ts-morph for its code examples), so that the cache can keep
 * the README with a slot in the table's place and fill it on each run (cache/cached-emitters.ts):
 * an edit of a summary then renders no code example.
 */
import type { ApiModel, OperationModel } from "../../model/types.js";
import { replacementName } from "../operation-docs.js";
import { code, list, table, text } from "./readme-markdown.js";

/** The operations section's blocks. */
export function operationsSection(model: ApiModel, packageName: string): string[] {
  if (model.operations.length === 0) return ["## Operations", "The spec declares no operations."];
  const rows = model.operations.map((operation) => [
    operation.name === operation.operationId
      ? code(operation.name)
      : `${code(operation.name)} (operationId ${code(operation.operationId)})`,
    code(`${operation.method.toUpperCase()} ${operation.path}`),
    operation.summary ? text(operation.summary) : "",
    stabilityCell(operation, packageName),
    deprecationCell(operation, model),
  ]);
  return [
    "## Operations",
    table(["Method", "Request", "Summary", "Stability", "Deprecation"], rows),
    list([
      "**stable**: only backward-compatible changes within the major version; removed only after deprecation and sunset.",
      "**beta**: supported, but parameters, ordering or response shape may still change; tagged `@beta` in the client and server types.",
      `**experimental**: for evaluation only; only in ${code(`${packageName}/experimental`)}, tagged \`@experimental\`.`,
      "**deprecated**: works unchanged until the sunset date (responses carry `Deprecation` and `Sunset` headers), then answers 410 `gone` (and may later be removed); move to the replacement.",
    ]),
  ];
}

function stabilityCell(operation: OperationModel, packageName: string): string {
  if (operation.stability === "experimental")
    return `**experimental** (${code(`${packageName}/experimental`)})`;
  if (operation.stability === "beta") return "**beta**";
  return "stable";
}

function deprecationCell(operation: OperationModel, model: ApiModel): string {
  const deprecation = operation.deprecation;
  if (!deprecation) return "";
  const parts = [deprecation.since ? `deprecated since ${text(deprecation.since)}` : "deprecated"];
  if (deprecation.sunset) parts.push(`sunset ${text(deprecation.sunset)}`);
  const replacement = replacementName(operation, model.operations);
  if (replacement) parts.push(`use ${code(replacement)}`);
  return parts.join(", ");
}

/** A block that renders as itself: the README is made with it in the operations section's place. */
export const README_OPERATIONS_SLOT = "\uE012the operations\uE013";

/**
 * `template` (a README rendered with {@link README_OPERATIONS_SLOT} for its operations section)
 * with the section `model` renders in the slot's place; undefined when the slot is not exactly
 * one block of it (spec text holding it: render the README whole instead).
 */
export function fillReadmeOperations(
  template: string,
  model: ApiModel,
  packageName: string,
): string | undefined {
  const slot = `\n\n${README_OPERATIONS_SLOT}\n\n`;
  const at = template.indexOf(slot);
  if (at < 0 || template.indexOf(README_OPERATIONS_SLOT, at + slot.length) >= 0) return undefined;
  if (template.lastIndexOf(README_OPERATIONS_SLOT, at) >= 0) return undefined;
  const section = operationsSection(model, packageName).join("\n\n");
  return `${template.slice(0, at)}\n\n${section}\n\n${template.slice(at + slot.length)}`;
}
