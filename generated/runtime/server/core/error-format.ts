// Runtime template of the pet store contract toolchain: copied verbatim into generated/runtime/. Edit it in templates/, never in generated/.
/**
 * The bodies of the runtime's own error responses (400, 401, 404, 405, 413, 415, 429, 501, ...),
 * chosen in this order:
 *
 * 1. the `formatError` option, when it returns a body;
 * 2. what the operation declares for that status (exact, range, then `default`), when the runtime
 *    can fill it: the generator maps the schema's properties to what the runtime knows
 *    ({@link ErrorShape}: `code`, `message`, `status`, `title`, `type`, nested under e.g. `error`),
 *    and the filled body must pass the declared schema's validator (an enum of codes that lacks
 *    the runtime's code fails it);
 * 3. when the operation does not declare the status, or before routing: the API's usual error
 *    response (the one its operations declare most often for 4xx/5xx), filled the same way;
 * 4. otherwise RFC 9457 problem details: `application/problem+json` with `type: "about:blank"`,
 *    `title` (the status's reason phrase), `status`, `detail` (the message) and the runtime's
 *    `code` as an extension member.
 *
 * A descriptor without `errorFormat` (written by hand, or by an older generator) gets the classic
 * `{ code, message, status }` JSON body for every error, as before (after `formatError`).
 *
 * Every error response of the runtime goes through {@link createErrorFormat}, so helpers that add
 * statuses (403, say) get the same treatment.
 */
import type { ApiDescriptor, ErrorShape, ResponseDescriptor, Validator } from "./descriptor.js";
import { errorBody } from "./errors.js";
import { findResponseDescriptor } from "./runtime-response.js";

/** What the runtime knows about one of its error responses. */
export interface RuntimeErrorInfo {
  readonly status: number;
  /** The runtime's code (`validation_failed`, `not_found`, ...; see errors.ts). */
  readonly code: string;
  readonly message: string;
  /** The operation, once routed. */
  readonly operationId?: string;
}

/**
 * Shapes the runtime's error responses: return the body (serialized as JSON unless it is a
 * string) and its content type (default `application/json`), or undefined for the default.
 */
export type ErrorFormatter = (
  error: RuntimeErrorInfo,
) => { readonly body: unknown; readonly contentType?: string } | undefined;

/** A formatted error body. */
export interface FormattedError {
  readonly contentType: string;
  readonly body: string;
}

export const PROBLEM_JSON = "application/problem+json";

const REASONS: Readonly<Record<number, string>> = {
  400: "Bad Request",
  401: "Unauthorized",
  402: "Payment Required",
  403: "Forbidden",
  404: "Not Found",
  405: "Method Not Allowed",
  406: "Not Acceptable",
  408: "Request Timeout",
  409: "Conflict",
  410: "Gone",
  411: "Length Required",
  412: "Precondition Failed",
  413: "Content Too Large",
  414: "URI Too Long",
  415: "Unsupported Media Type",
  422: "Unprocessable Content",
  428: "Precondition Required",
  429: "Too Many Requests",
  431: "Request Header Fields Too Large",
  500: "Internal Server Error",
  501: "Not Implemented",
  502: "Bad Gateway",
  503: "Service Unavailable",
  504: "Gateway Timeout",
};

/** The reason phrase of a status (RFC 9110 §15), or `Error`. */
export function reasonPhrase(status: number): string {
  return REASONS[status] ?? "Error";
}

/** RFC 9457 problem details for a runtime error. */
export function problemDetails(error: RuntimeErrorInfo): Record<string, unknown> {
  return {
    type: "about:blank",
    title: reasonPhrase(error.status),
    status: error.status,
    detail: error.message,
    code: error.code,
  };
}

function fill(shape: ErrorShape, error: RuntimeErrorInfo): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const name of Object.keys(shape)) {
    const field = shape[name];
    if (typeof field === "object") body[name] = fill(field, error);
    else if (field === "code") body[name] = error.code;
    else if (field === "message") body[name] = error.message;
    else if (field === "status") body[name] = error.status;
    else if (field === "title") body[name] = reasonPhrase(error.status);
    else if (field === "type") body[name] = "about:blank";
    else if (field === "null") body[name] = null;
  }
  return body;
}

/** A declared error response the runtime may fill: its media type, shape and validator. */
interface Fillable {
  readonly mediaType?: string;
  readonly errorShape?: ErrorShape;
  readonly validate?: Validator;
}

/** What an operation needs here (a prepared operation has more). */
export interface ErrorOperation {
  readonly operationId: string;
  readonly responses: Readonly<Record<string, ResponseDescriptor>>;
}

export function createErrorFormat(
  api: Pick<ApiDescriptor, "errorFormat">,
  custom: ErrorFormatter | undefined,
  report: (error: unknown) => void,
): (status: number, code: string, message: string, operation?: ErrorOperation) => FormattedError {
  function tryFill(declared: Fillable, error: RuntimeErrorInfo): FormattedError | undefined {
    const shape = declared.errorShape;
    if (shape === undefined) return undefined;
    const body = fill(shape, error);
    // Checked every time (a code enum, a message's maxLength): a small object, a fast validator.
    if (declared.validate !== undefined && !declared.validate(body)) return undefined;
    return { contentType: declared.mediaType ?? "application/json", body: JSON.stringify(body) };
  }

  return function format(status, code, message, operation) {
    const error: RuntimeErrorInfo =
      operation === undefined
        ? { status, code, message }
        : { status, code, message, operationId: operation.operationId };
    if (custom !== undefined) {
      try {
        const shaped = custom(error);
        if (shaped !== undefined) {
          const body =
            typeof shaped.body === "string" ? shaped.body : (JSON.stringify(shaped.body) ?? "null");
          return { contentType: shaped.contentType ?? "application/json", body };
        }
      } catch (failure) {
        report(failure);
      }
    }
    const usual = api.errorFormat;
    if (usual === undefined) {
      return {
        contentType: "application/json",
        body: JSON.stringify(errorBody(status, code, message)),
      };
    }
    const declared =
      operation === undefined ? undefined : findResponseDescriptor(operation.responses, status);
    const filled = tryFill(declared ?? usual, error);
    return filled ?? { contentType: PROBLEM_JSON, body: JSON.stringify(problemDetails(error)) };
  };
}
