/**
 * Path templates the server runtime cannot route apart (two operations answering the same method
 * and path shape with the same literal query, parameters with no text between them, unreadable
 * templates), found by building the runtime's own router over the model: `generate` warns about
 * each, naming the operations, and the generated server still serves every other operation.
 */
import { createRouter } from "../../templates/server/core/router.js";
import type { ApiModel } from "./types.js";

export function routeConflictWarnings(model: ApiModel): string[] {
  const router = createRouter(model.operations);
  return router.conflicts.map((conflict) => `routing: ${conflict.message}`);
}
