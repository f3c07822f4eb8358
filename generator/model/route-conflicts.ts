/**
 * Path templates the server runtime cannot route apart (two operations answering the same method
 * and path shape with the same literal query, parameters with no text between them, unreadable
 * templates), found by building the runtime's own router over the model: `generate` warns about
 * each, naming the operations, and the generated server still serves every other operation.
 */
import { routeKeys } from "../../templates/server/core/route-keys.js";
import { createRouter, type Router } from "../../templates/server/core/router.js";
import type { ApiModel, OperationModel } from "./types.js";

/** The runtime's router over the model (a fragment's keys read from declared headers as served). */
export function modelRouter(model: ApiModel): Router<OperationModel> {
  return createRouter(
    model.operations,
    (operation, name) =>
      operation.parameters.header.some(
        (parameter) => parameter.name.toLowerCase() === name.toLowerCase(),
      ),
    routeKeys,
  );
}

export function routeConflictWarnings(model: ApiModel): string[] {
  const router = modelRouter(model);
  return router.conflicts.map((conflict) => `routing: ${conflict.message}`);
}
