/**
 * Property-based conformance testing of a running server against an OpenAPI 3.0/3.1 spec
 * (`npm run conformance`), and the same checks for a test suite: {@link checkOperation} runs one
 * operation's checks, {@link runConformance} all of them.
 */
export { CHECK_NAMES, type CheckFailure, type CheckName } from "./checks/check-failure.js";
export { toCurl } from "./curl.js";
export { formatFailure, formatReport } from "./format-report.js";
export { toJUnitXml } from "./junit-report.js";
export { loadApi, type ConformanceApi } from "./load-api.js";
export {
  checkOperation,
  DEFAULT_SPEC,
  planRequests,
  runConformance,
  type ConformanceOptions,
  type ConformanceReport,
  type OperationSummary,
  type PlannedRequest,
} from "./run-conformance.js";
export type { ConformanceFailure, Phase } from "./run-context.js";
export {
  parseReplayFile,
  runReplay,
  toReplayFile,
  type ReplayFile,
  type ReplayOutcome,
} from "./replay.js";
export type { ReplayStep } from "./replay-steps.js";
export { toShellScript } from "./replay-script.js";
export { ConnectionError, RateLimitExhaustedError, type SenderOptions } from "./sender.js";
