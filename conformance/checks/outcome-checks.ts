/**
 * Checks of what the server decided, given what was sent: invalid data is rejected with a 4xx,
 * a request without credentials to a secured operation gets 401, a method the path does not
 * declare gets 405 (with `Allow`) or 404.
 */
import { escapePointer } from "../../generator/model/resolve-ref.js";
import type { OperationModel } from "../../generator/model/types.js";
import type { ObservedResponse } from "../sender.js";
import { failure, type CheckFailure } from "./check-failure.js";

export function checkNegativeRejected(operation: OperationModel, mutation: string, response: ObservedResponse): CheckFailure[] {
  if (response.status >= 400 && response.status < 500) return [];
  if (response.status >= 500) return []; // reported by not_a_server_error
  return [failure("negative_data_rejection", `${operation.operationId} accepted an invalid request (${mutation})`, "a 4xx rejection", String(response.status), `${operation.pointer}`)];
}

/** Whether every alternative of the operation's security needs credentials. */
export function requiresCredentials(operation: OperationModel): boolean {
  return operation.security.length > 0 && operation.security.every((alternative) => alternative.length > 0);
}

export function checkMissingAuth(operation: OperationModel, response: ObservedResponse): CheckFailure[] {
  if (response.status === 401) return [];
  return [failure("missing_auth", `${operation.operationId} requires credentials but answered ${response.status} without them`, "401", String(response.status), `${operation.pointer}/security`)];
}

export function checkUnsupportedMethod(path: string, method: string, allowed: readonly string[], response: ObservedResponse): CheckFailure[] {
  const pointer = `#/paths/${escapePointer(path)}`;
  if (response.status === 404) return [];
  if (response.status !== 405) {
    return [failure("unsupported_method", `${method} ${path} is not declared but answered ${response.status}`, "405 (or 404)", String(response.status), pointer)];
  }
  const allow = response.headers.get("allow");
  if (allow === null) return [failure("unsupported_method", `405 for ${method} ${path} without an Allow header`, `Allow: ${allowed.join(", ")}`, "absent", pointer)];
  return [];
}
