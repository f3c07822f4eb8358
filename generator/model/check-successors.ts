/**
 * `x-replaced-by` names the operationId of an operation of the same spec: the client's
 * `@deprecated` text, the README and the server's `Link` header point at it, so a successor that
 * does not exist is refused (as lint's house/replaced-by-exists refuses it), with a "did you mean".
 */
import { nearestName } from "../../lint/nearest-name.js";
import { GeneratorError } from "../errors.js";
import type { OperationModel } from "./types.js";

export function checkSuccessors(operations: readonly OperationModel[]): void {
  const ids = operations.map((operation) => operation.operationId);
  for (const operation of operations) {
    const successor = operation.deprecation?.replacedBy;
    if (successor === undefined || ids.includes(successor)) continue;
    const near = nearestName(successor, ids);
    throw new GeneratorError(
      "invalidSpec",
      `x-replaced-by ${JSON.stringify(successor)} names no operation of this spec`,
      {
        where: `${operation.pointer}/x-replaced-by`,
        hint: near
          ? `Did you mean ${JSON.stringify(near)}? Set x-replaced-by to the successor's operationId.`
          : "Set x-replaced-by to the operationId of the successor, or remove it.",
      },
    );
  }
}
