/**
 * The operations of a document, keyed by `METHOD /path` (a changed path or method is a removal
 * plus an addition), with the path-level parameters merged in.
 */
import { deref, isObject } from "./refs.js";
import type { JsonObject } from "./refs.js";
import { stabilityOf } from "./stability.js";
import type { Stability } from "./stability.js";

const METHODS = ["get", "put", "post", "delete", "options", "head", "patch", "trace"] as const;

export interface OperationInfo {
  /** `GET /pets/{petId}` */
  readonly key: string;
  readonly method: string;
  readonly path: string;
  readonly operation: JsonObject;
  /** Path-level then operation-level parameters (unresolved nodes; the operation's win on the same in+name). */
  readonly parameters: readonly unknown[];
  readonly stability: Stability;
}

export function collectOperations(doc: unknown): Map<string, OperationInfo> {
  const result = new Map<string, OperationInfo>();
  const paths = isObject(doc) && isObject(doc.paths) ? doc.paths : {};
  for (const [path, rawItem] of Object.entries(paths)) {
    const item = deref(doc, rawItem).node;
    if (!isObject(item)) continue;
    for (const method of METHODS) {
      const operation = item[method];
      if (!isObject(operation)) continue;
      const key = `${method.toUpperCase()} ${path}`;
      result.set(key, {
        key,
        method,
        path,
        operation,
        parameters: [...asArray(item.parameters), ...asArray(operation.parameters)],
        stability: stabilityOf(operation),
      });
    }
  }
  return result;
}

function asArray(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}
