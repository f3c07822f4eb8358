/**
 * Rate-limit headers as the spec declares them: with the root `x-rate-limits` extension every
 * response carries `X-RateLimit-Limit`, `-Remaining` and `-Reset` (non-negative integers,
 * remaining ≤ limit); every 429 carries a usable `Retry-After` (delta-seconds ≥ 1, or an
 * HTTP-date) when the spec has `x-rate-limits` or the operation's 429 declares it.
 */
import type { ApiModel, OperationModel } from "../../generator/model/types.js";
import type { ObservedResponse } from "../sender.js";
import { failure, type CheckFailure } from "./check-failure.js";
import { declaredResponse } from "./response-checks.js";

const HEADERS = ["X-RateLimit-Limit", "X-RateLimit-Remaining", "X-RateLimit-Reset"] as const;

export function checkRateLimitHeaders(
  model: ApiModel,
  operation: OperationModel | undefined,
  response: ObservedResponse,
): CheckFailure[] {
  const failures: CheckFailure[] = [];
  const where = operation === undefined ? "#/x-rate-limits" : `${operation.pointer}/responses`;
  if (model.rateLimits !== undefined) {
    const values = new Map<string, number>();
    for (const name of HEADERS) {
      const raw = response.headers.get(name);
      if (raw === null) {
        failures.push(
          failure(
            "rate_limit_headers",
            `${name} is missing (the spec's x-rate-limits puts it on every response)`,
            `${name}: <integer>`,
            "absent",
            "#/x-rate-limits",
          ),
        );
      } else if (!/^[0-9]+$/.test(raw.trim())) {
        failures.push(
          failure(
            "rate_limit_headers",
            `${name} is not a non-negative integer`,
            "a non-negative integer",
            JSON.stringify(raw),
            "#/x-rate-limits",
          ),
        );
      } else values.set(name, Number(raw));
    }
    const limit = values.get("X-RateLimit-Limit");
    const remaining = values.get("X-RateLimit-Remaining");
    if (limit !== undefined && remaining !== undefined && remaining > limit) {
      failures.push(
        failure(
          "rate_limit_headers",
          "X-RateLimit-Remaining is above X-RateLimit-Limit",
          `at most ${limit}`,
          String(remaining),
          "#/x-rate-limits",
        ),
      );
    }
  }
  if (response.status === 429) {
    const declared = operation === undefined ? undefined : declaredResponse(operation, 429);
    const wanted =
      model.rateLimits !== undefined ||
      declared?.headers.some((header) => header.name.toLowerCase() === "retry-after") === true;
    const raw = response.headers.get("retry-after");
    if (
      wanted &&
      (raw === null ||
        !(/^[0-9]+$/.test(raw.trim()) ? Number(raw) >= 1 : !Number.isNaN(Date.parse(raw))))
    ) {
      failures.push(
        failure(
          "rate_limit_headers",
          "a 429 without a usable Retry-After",
          "Retry-After: <seconds ≥ 1> or an HTTP-date",
          raw ?? "absent",
          where,
        ),
      );
    }
  }
  return failures;
}
