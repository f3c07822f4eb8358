/**
 * The docs of query.ts's option factories, as slots (emit/ts/operation-doc-slots.ts): the
 * operation's own doc under a summary that names the factory and quotes the operation's summary.
 * A module without ts-morph, so that a run whose query.ts comes from the cache fills its docs
 * without loading it.
 */
import type { ApiModel } from "../../model/types.js";
import type { GeneratedFile } from "../file.js";
import { fillDocSlotsOf, OPERATION_DOC, type DocRecipe } from "../ts/operation-doc-slots.js";
import { isQuery } from "./resources.js";

/** An option factory's doc: query options for a GET operation, mutation options for the others. */
export const FACTORY_DOC: DocRecipe = (operation, operations) => {
  const summary = operation.summary ? ` (${operation.summary})` : "";
  return {
    ...OPERATION_DOC(operation, operations),
    summary: isQuery(operation)
      ? `Query options for \`${operation.name}\`${summary}: key, query function on the typed client, \`retry: false\`.`
      : `Mutation options for \`${operation.name}\`${summary}: on success, invalidates \`INVALIDATES.${operation.name}\`.`,
  };
};

/** query.ts with its slots (one factory per operation) filled. */
export function fillQueryDocs(file: GeneratedFile, model: ApiModel): GeneratedFile {
  return fillDocSlotsOf(file, model, model.operations.length, { factory: FACTORY_DOC });
}
