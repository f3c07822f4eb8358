/** What a check reports, and the names of the checks (Schemathesis's names where it has one). */

export const CHECK_NAMES = [
  "not_a_server_error",
  "status_code_conformance",
  "content_type_conformance",
  "response_headers_conformance",
  "response_schema_conformance",
  "negative_data_rejection",
  "unsupported_method",
  "missing_auth",
  "ignored_auth",
  "rate_limit_headers",
  "deprecation_headers",
  "ensure_resource_availability",
  "use_after_free",
  "positive_data_acceptance",
  "example_conformance",
  "pagination_walk",
] as const;

export type CheckName = (typeof CHECK_NAMES)[number];

export interface CheckFailure {
  readonly check: CheckName;
  /** One line: what is wrong. */
  readonly message: string;
  readonly expected: string;
  readonly actual: string;
  /**
   * JSON pointer: into the response body for schema failures (`/0/name`), else to the spec
   * declaration the response broke (`#/paths/~1pets/get/responses/200/headers/X-Total-Count`).
   */
  readonly pointer: string;
}

export function failure(
  check: CheckName,
  message: string,
  expected: string,
  actual: string,
  pointer: string,
): CheckFailure {
  return { check, message, expected, actual, pointer };
}
