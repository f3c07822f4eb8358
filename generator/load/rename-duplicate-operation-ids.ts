/**
 * `--allow-duplicate-operation-ids`: a spec that repeats an operationId is invalid OpenAPI (each
 * MUST be unique) and is refused by default. With the option, the first operation (in path order,
 * then method order) keeps the id and each later one gets an id derived from its method and path
 * (`GET /pets/{id}` → `getPetsById`, made unique with 2, 3, ...), with a warning naming both
 * places. Every stage after this one sees unique ids, so the types, the client and the server
 * agree on the names.
 */
import { METHODS } from "../model/build-model.js";
import { deriveOperationName } from "../model/names.js";
import { escapePointer, isObject, resolveObject } from "../model/resolve-ref.js";

function pointerOf(path: string, method: string): string {
  return `#/paths/${escapePointer(path)}/${method}`;
}

export function renameDuplicateOperationIds(
  document: Record<string, unknown>,
  warnings: string[],
): void {
  const paths = isObject(document.paths) ? document.paths : {};
  const operations: { path: string; method: string; operation: Record<string, unknown> }[] = [];
  for (const [path, rawItem] of Object.entries(paths)) {
    const item = resolveObject(document, rawItem);
    for (const method of METHODS) {
      const operation = item ? resolveObject(document, item[method]) : undefined;
      if (operation) operations.push({ path, method, operation });
    }
  }
  const taken = new Set(
    operations.map(({ operation }) => operation.operationId).filter((id) => typeof id === "string"),
  );
  const firstAt = new Map<string, string>();
  for (const { path, method, operation } of operations) {
    const id = operation.operationId;
    if (typeof id !== "string") continue;
    const first = firstAt.get(id);
    if (first === undefined) {
      firstAt.set(id, pointerOf(path, method));
      continue;
    }
    const base = deriveOperationName(method, path);
    let renamed = base;
    for (let n = 2; taken.has(renamed); n += 1) renamed = `${base}${n}`;
    taken.add(renamed);
    operation.operationId = renamed;
    warnings.push(
      `${pointerOf(path, method)}: operationId ${JSON.stringify(id)} is already used by ${first}: read as ${JSON.stringify(renamed)}`,
    );
  }
}
