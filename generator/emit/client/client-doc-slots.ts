/**
 * The operation doc slots of the client's files (emit/ts/operation-doc-slots.ts) filled: a module
 * of its own, without ts-morph, so that a run whose client files come from the cache fills their
 * docs without loading it.
 */
import type { ApiModel } from "../../model/types.js";
import type { GeneratedFile } from "../file.js";
import { fillOperationDocs } from "../ts/operation-doc-slots.js";

/** A file of `clientTemplates` (client.ts, raw-client.ts) or operations.ts with its slots filled. */
export function fillClientDocs(file: GeneratedFile, model: ApiModel): GeneratedFile {
  // client.ts and operations.ts have one slot per operation, raw-client.ts none
  const slots = file.path === "raw-client.ts" ? 0 : model.operations.length;
  return fillOperationDocs(file, model, slots);
}
