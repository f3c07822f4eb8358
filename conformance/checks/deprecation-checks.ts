/**
 * Deprecated operations announce it on every response: `Deprecation` (RFC 9745 structured date,
 * `@<epoch seconds>`, equal to `x-deprecated-since` when the spec gives it) and, when the spec
 * gives `x-sunset`, `Sunset` (RFC 8594 HTTP-date) at the start of that day (UTC). Operations that
 * are not deprecated carry no `Deprecation`.
 */
import type { OperationModel } from "../../generator/model/types.js";
import type { ObservedResponse } from "../sender.js";
import { failure, type CheckFailure } from "./check-failure.js";

export function checkDeprecationHeaders(
  operation: OperationModel,
  response: ObservedResponse,
): CheckFailure[] {
  const pointer = `${operation.pointer}/deprecated`;
  const deprecation = response.headers.get("deprecation");
  if (operation.deprecation === undefined) {
    return deprecation === null
      ? []
      : [
          failure(
            "deprecation_headers",
            `${operation.operationId} is not deprecated but answered with Deprecation`,
            "no Deprecation header",
            deprecation,
            pointer,
          ),
        ];
  }
  const failures: CheckFailure[] = [];
  const since = operation.deprecation.since;
  const expectedDeprecation =
    since === undefined ? "@<epoch seconds>" : `@${Date.parse(`${since}T00:00:00Z`) / 1000}`;
  if (
    deprecation === null ||
    !/^@-?[0-9]+$/.test(deprecation.trim()) ||
    (since !== undefined && deprecation.trim() !== expectedDeprecation)
  ) {
    failures.push(
      failure(
        "deprecation_headers",
        `${operation.operationId} is deprecated: Deprecation is missing or wrong`,
        expectedDeprecation,
        deprecation ?? "absent",
        pointer,
      ),
    );
  }
  const sunsetDate = operation.deprecation.sunset;
  if (sunsetDate !== undefined) {
    const sunset = response.headers.get("sunset");
    const expected = new Date(`${sunsetDate}T00:00:00Z`).toUTCString();
    if (
      sunset === null ||
      Date.parse(sunset) !== Date.parse(expected) ||
      !/GMT$/.test(sunset.trim())
    ) {
      failures.push(
        failure(
          "deprecation_headers",
          `${operation.operationId} has x-sunset ${sunsetDate}: Sunset is missing or wrong`,
          expected,
          sunset ?? "absent",
          `${operation.pointer}/x-sunset`,
        ),
      );
    }
  }
  return failures;
}
