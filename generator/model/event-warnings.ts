/**
 * What the API sends on its own is not generated: an operation's `callbacks` and the document's
 * `webhooks` get no client or server code. Say so rather than drop them silently (the server must
 * send them itself; spec:diff still reviews their changes). The model reads them from the document
 * ({@link readEvents}); the warnings are worked out from the model.
 */
import type { ApiModel, EventsModel } from "./types.js";
import { isObject } from "./resolve-ref.js";

const METHODS = ["get", "put", "post", "delete", "options", "head", "patch", "trace"];

/** The operations' callbacks and the webhooks of `document`, for {@link eventWarnings}. */
export function readEvents(document: Record<string, unknown>): EventsModel {
  const callbacks: { operation: string; names: string[] }[] = [];
  const paths = isObject(document.paths) ? document.paths : {};
  for (const [path, item] of Object.entries(paths)) {
    if (!isObject(item)) continue;
    for (const method of METHODS) {
      const operation = item[method];
      if (!isObject(operation) || !isObject(operation.callbacks)) continue;
      const names = Object.keys(operation.callbacks);
      if (names.length === 0) continue;
      const id =
        typeof operation.operationId === "string"
          ? operation.operationId
          : `${method.toUpperCase()} ${path}`;
      callbacks.push({ operation: id, names });
    }
  }
  const webhooks = isObject(document.webhooks) ? Object.keys(document.webhooks) : [];
  return { callbacks, webhooks };
}

export function eventWarnings(model: ApiModel): string[] {
  const warnings = model.events.callbacks.map(
    ({ operation, names }) =>
      `${operation} declares callback${names.length === 1 ? "" : "s"} ${names.join(", ")}: the generated client and server leave callbacks out (the server sends them itself)`,
  );
  const webhooks = model.events.webhooks;
  if (webhooks.length > 0) {
    warnings.push(
      `the spec declares webhook${webhooks.length === 1 ? "" : "s"} ${webhooks.join(", ")}: the generated package leaves webhooks out (the server sends them itself)`,
    );
  }
  return warnings;
}
