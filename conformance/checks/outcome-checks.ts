/**
 * Checks of what the server decided, given what was sent: invalid data is rejected with a 4xx,
 * a request without credentials to a secured operation gets 401, a method the path does not
 * declare gets 405 (with `Allow`) or 404.
 */
import { escapePointer } from "../../generator/schema/json-pointer.js";
import type { OperationModel } from "../../generator/model/types.js";
import { FETCH_FORBIDDEN_METHODS } from "../raw-http.js";
import type { ObservedResponse } from "../sender.js";
import { failure, type CheckFailure } from "./check-failure.js";

export function checkNegativeRejected(
  operation: OperationModel,
  mutation: string,
  response: ObservedResponse,
): CheckFailure[] {
  if (response.status >= 400 && response.status < 500) return [];
  if (response.status >= 500) return []; // reported by not_a_server_error
  return [
    failure(
      "negative_data_rejection",
      `${operation.operationId} accepted an invalid request (${mutation})`,
      "a 4xx rejection",
      String(response.status),
      `${operation.pointer}`,
    ),
  ];
}

/** Whether every alternative of the operation's security needs credentials. */
export function requiresCredentials(operation: OperationModel): boolean {
  return (
    operation.security.length > 0 &&
    operation.security.every((alternative) => alternative.length > 0)
  );
}

export function checkMissingAuth(
  operation: OperationModel,
  response: ObservedResponse,
): CheckFailure[] {
  return expectUnauthorized(
    "missing_auth",
    operation,
    response,
    `${operation.operationId} requires credentials but answered ${response.status} without them`,
  );
}

/**
 * The method probes: `OPTIONS` may answer 2xx (with `Allow` or CORS headers), `HEAD` must be
 * answered wherever `GET` is (RFC 9110 §9.3.2: not 405, 501 or 5xx); any other method the path
 * does not declare, `TRACE` included, as {@link checkUnsupportedMethod}.
 */
export function checkMethodProbe(
  path: string,
  method: string,
  declared: readonly string[],
  response: ObservedResponse,
): CheckFailure[] {
  const pointer = `#/paths/${escapePointer(path)}`;
  if (method === "OPTIONS" && response.status >= 200 && response.status < 300) {
    if (response.headers.has("allow") || response.headers.has("access-control-allow-methods"))
      return [];
    return [
      failure(
        "unsupported_method",
        `OPTIONS ${path} answered ${response.status} without Allow (or Access-Control-Allow-Methods)`,
        `Allow: ${declared.join(", ")}`,
        "absent",
        pointer,
      ),
    ];
  }
  if (method === "HEAD" && declared.includes("GET")) {
    if (response.status < 500 && response.status !== 405 && response.status !== 501) return [];
    return [
      failure(
        "unsupported_method",
        `HEAD ${path} answered ${response.status} where GET is declared (HEAD must be answered like GET)`,
        "the status GET would answer",
        String(response.status),
        pointer,
      ),
    ];
  }
  return checkUnsupportedMethod(path, method, declared, response);
}

export function checkInvalidAuth(
  operation: OperationModel,
  response: ObservedResponse,
): CheckFailure[] {
  return expectUnauthorized(
    "ignored_auth",
    operation,
    response,
    `${operation.operationId} answered ${response.status} to credentials no server issued`,
  );
}

/** A 401 passes; any other status is a failure of `code`, pointing at the operation's security. */
function expectUnauthorized(
  code: "missing_auth" | "ignored_auth",
  operation: OperationModel,
  response: ObservedResponse,
  message: string,
): CheckFailure[] {
  if (response.status === 401) return [];
  return [failure(code, message, "401", String(response.status), `${operation.pointer}/security`)];
}

export function checkUnsupportedMethod(
  path: string,
  method: string,
  allowed: readonly string[],
  response: ObservedResponse,
): CheckFailure[] {
  const pointer = `#/paths/${escapePointer(path)}`;
  if (response.status === 404) return [];
  // a web-standard server cannot implement TRACE/TRACK for any resource (Fetch forbids them in a
  // Request): 501 is then the right answer (RFC 9110 §15.6.2), as the server runtime gives
  if (response.status === 501 && FETCH_FORBIDDEN_METHODS.has(method)) return [];
  if (response.status !== 405) {
    return [
      failure(
        "unsupported_method",
        `${method} ${path} is not declared but answered ${response.status}`,
        "405 (or 404)",
        String(response.status),
        pointer,
      ),
    ];
  }
  const allow = response.headers.get("allow");
  if (allow === null)
    return [
      failure(
        "unsupported_method",
        `405 for ${method} ${path} without an Allow header`,
        `Allow: ${allowed.join(", ")}`,
        "absent",
        pointer,
      ),
    ];
  return [];
}
