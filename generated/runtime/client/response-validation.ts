// Runtime template of the pet store contract toolchain: copied verbatim into generated/runtime/. Edit it in templates/, never in generated/.
/**
 * Opt-in response validation for the client: a `validateResponse` hook that checks each final
 * response's status, media type, body and declared headers against the spec with the precompiled
 * (Ajv standalone) validators, and throws a {@link ResponseValidationError} on the first mismatch,
 * so the call rejects. Only the package's `./validate` entry imports this module: a client that
 * does not validate does not carry it (nor the validators).
 */
import { matchesMediaType } from "./media-type.js";
import { pickResponse } from "./response-key.js";
import { UnexpectedResponseBody } from "./unexpected-body.js";
import { isJsonMediaType } from "./url.js";
import { isXmlMediaType } from "../xml/xml-media.js";

/** One error of a precompiled validator (the part of Ajv's `ErrorObject` read here). */
export interface ResponseValidationIssue {
  /** JSON pointer into the validated value: the body, or the object of lower-case header names. */
  readonly instancePath: string;
  /** The schema rule that failed, e.g. `required`, `type`, `enum`. */
  readonly keyword: string;
  readonly message?: string;
}

/** A precompiled validator (Ajv standalone); header validators coerce their strings in place. */
export interface ResponseValidator {
  (data: unknown): boolean;
  errors?: readonly ResponseValidationIssue[] | null;
}

/** What the generator compiles for one declared response (`"200"`, `"4XX"`, `"default"`). */
export interface DeclaredResponseValidators {
  /** The media types the response declares (none: it has no body). */
  readonly mediaTypes: readonly string[];
  /** Validates the parsed body, when the response declares a JSON body with a schema. */
  readonly body?: ResponseValidator;
  /** Validates `{ "<lower-case name>": value }` of the declared headers, when it declares some. */
  readonly headers?: ResponseValidator;
  /** Lower-case names of the declared headers whose schema is an array (comma-separated values). */
  readonly arrayHeaders?: readonly string[];
}

/** Per operationId, per response key. */
export type ResponseValidatorTable = Readonly<
  Record<string, Readonly<Record<string, DeclaredResponseValidators>>>
>;

/** What the client's `validateResponse` hook is given. */
export interface ResponseValidationContext {
  readonly operationId: string;
  readonly status: number;
  /** The parsed body: `data` for a 2XX, `error` otherwise. */
  readonly body: unknown;
  readonly response: Response;
}

/** What part of the response broke the spec. */
export type ResponseValidationTarget = "status" | "content-type" | "body" | "header";

/** A response that does not match the spec: the call rejects with it. */
export class ResponseValidationError extends Error {
  override readonly name = "ResponseValidationError";
  /** The operation called. */
  declare readonly operationId: string;
  /** The response's HTTP status. */
  declare readonly status: number;
  /** What broke the spec. */
  declare readonly target: ResponseValidationTarget;
  /**
   * JSON pointer (Ajv's `instancePath`) to the offending value: into the body for `body`, to the
   * lower-case header name for `header` (`/x-total-count`); `""` for the whole body, the status or
   * the content type.
   */
  declare readonly pointer: string;
  /** The schema rule that failed (`required`, `type`, …; `status`, `content-type`, `json`, `xml`). */
  declare readonly keyword: string;
  /** The response (its body has been read). */
  declare readonly response: Response;

  constructor(
    context: ResponseValidationContext,
    target: ResponseValidationTarget,
    pointer: string,
    keyword: string,
    detail: string,
  ) {
    const where = pointer === "" ? "" : ` at ${pointer}`;
    super(
      `Response of ${context.operationId} (HTTP ${context.status}) does not match the spec: ${target}${where} ${detail}`,
    );
    this.operationId = context.operationId;
    this.status = context.status;
    this.target = target;
    this.pointer = pointer;
    this.keyword = keyword;
    this.response = context.response;
  }
}

/** The declared headers as the header validator reads them: lower-case names, arrays split. */
function headerObject(
  headers: Headers,
  arrays: readonly string[] | undefined,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  headers.forEach((value, name) => {
    out[name] =
      arrays !== undefined && arrays.includes(name)
        ? value.split(",").map((item) => item.trim())
        : value;
  });
  return out;
}

function firstIssue(
  context: ResponseValidationContext,
  target: ResponseValidationTarget,
  validator: ResponseValidator,
): ResponseValidationError {
  const issue = validator.errors?.[0];
  return new ResponseValidationError(
    context,
    target,
    issue?.instancePath ?? "",
    issue?.keyword ?? "schema",
    issue?.message ?? "does not match its schema",
  );
}

/**
 * Checks one response against the spec.
 *
 * @throws ResponseValidationError naming the operation, the status and the JSON pointer when the
 *   status is not declared (and no `default` covers it), the content type is not one the response
 *   declares, the body does not match its schema (or is not JSON where JSON is declared), or a
 *   declared header does not match its schema (a required one missing included)
 */
export function validateResponseAgainst(
  table: ResponseValidatorTable,
  context: ResponseValidationContext,
): void {
  const responses = table[context.operationId];
  if (responses === undefined) {
    throw new ResponseValidationError(
      context,
      "status",
      "",
      "operation",
      `comes from an operation the validators do not know: were they generated from the same spec as the client?`,
    );
  }
  const declared = pickResponse(responses, context.status);
  if (declared === undefined) {
    const known = Object.keys(responses).join(", ");
    throw new ResponseValidationError(
      context,
      "status",
      "",
      "status",
      `is not declared (the spec declares ${known})`,
    );
  }
  const { body } = context;
  const contentType = context.response.headers.get("content-type");
  if (declared.mediaTypes.length > 0 && contentType !== null) {
    if (!declared.mediaTypes.some((media) => matchesMediaType(contentType, media))) {
      throw new ResponseValidationError(
        context,
        "content-type",
        "",
        "content-type",
        `${contentType} is not declared (the spec declares ${declared.mediaTypes.join(", ")})`,
      );
    }
  }
  const bodyValidator = declared.body;
  // XML is read into the value its schema describes (runtime/xml), then checked alike
  const xml = contentType !== null && isXmlMediaType(contentType);
  if (
    bodyValidator !== undefined &&
    (contentType === null || isJsonMediaType(contentType) || xml)
  ) {
    if (body instanceof UnexpectedResponseBody) {
      throw new ResponseValidationError(
        context,
        "body",
        "",
        xml ? "xml" : "json",
        `is not the ${xml ? "XML" : "JSON"} the spec declares: ${body.message}`,
      );
    }
    if (!bodyValidator(body)) throw firstIssue(context, "body", bodyValidator);
  }
  const headerValidator = declared.headers;
  if (headerValidator !== undefined) {
    const headers = headerObject(context.response.headers, declared.arrayHeaders);
    if (!headerValidator(headers)) throw firstIssue(context, "header", headerValidator);
  }
}

/**
 * The client's `validateResponse` hook for a table of validators.
 *
 * @param table the generated validators, per operationId and response key
 */
export function createResponseValidator(
  table: ResponseValidatorTable,
): (context: ResponseValidationContext) => void {
  return (context) => validateResponseAgainst(table, context);
}
