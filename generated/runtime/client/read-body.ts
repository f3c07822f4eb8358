// Runtime template of the pet store contract toolchain: copied verbatim into generated/runtime/. Edit it in templates/, never in generated/.
/**
 * Reading the final response of a call into its result.
 */
import type { JsonCodec } from "./build-request.js";
import type { ClientOperationDescriptor } from "./descriptor.js";
import { RuntimeResult } from "./result.js";
import { declaredSuccessMedia, isDeclaredMedia } from "./media-type.js";
import {
  readTextCapped,
  UNEXPECTED_BODY_MAX_TEXT,
  UnexpectedResponseBody,
  type UnexpectedSuccess,
} from "./unexpected-body.js";
import { isJsonMediaType } from "./url.js";

/**
 * Reads a non-JSON success body: `text/*` (or no content type) as text, anything else as a
 * `Blob`; an empty text body or `Content-Length: 0` gives `undefined`.
 */
export async function readNonJsonBody(
  response: Response,
  contentType: string | null,
): Promise<unknown> {
  if (contentType === null || contentType.startsWith("text/")) {
    const text = await response.text();
    return text === "" ? undefined : text;
  }
  if (response.headers.get("content-length") === "0") return undefined;
  return response.blob();
}

/**
 * The `error` of a non-2XX response: its JSON value when it is JSON and parses to a truthy value
 * (so `if (result.error)` always works), else an {@link UnexpectedResponseBody}.
 */
export async function readErrorBody(
  response: Response,
  head: boolean,
  json?: JsonCodec,
): Promise<unknown> {
  const contentType = response.headers.get("content-type");
  let text = ""; // a HEAD response has no body to read
  if (!head && contentType !== null && isJsonMediaType(contentType)) {
    text = await response.text();
    if (text !== "") {
      try {
        const parsed = json === undefined ? JSON.parse(text) : json.parse(text, response.status);
        if (parsed) return parsed;
      } catch {
        // e.g. a proxy's HTML error page served with a JSON content type
      }
    }
  } else if (!head) {
    text = await readTextCapped(response);
  }
  return new UnexpectedResponseBody(response.status, response.statusText, contentType, text);
}

/** A 2XX that is not the declared success: a failure result with an `UnexpectedResponseBody`. */
function unexpectedSuccess(
  response: Response,
  operation: ClientOperationDescriptor,
  contentType: string | null,
  text: string,
  reason: UnexpectedSuccess["reason"],
  detail: string,
): RuntimeResult {
  const error = new UnexpectedResponseBody(
    response.status,
    response.statusText,
    contentType,
    text,
    {
      operationId: operation.operationId,
      reason,
      detail,
    },
  );
  return new RuntimeResult(undefined, error, response, null, operation, false);
}

/**
 * A 2XX whose Content-Type the spec does not declare for its status (a proxy's `200 text/html`
 * maintenance page): a failure, unless it has no Content-Type and no body (`data: undefined`).
 */
async function readUndeclaredSuccess(
  response: Response,
  operation: ClientOperationDescriptor,
  contentType: string | null,
  declared: readonly string[],
): Promise<RuntimeResult> {
  const text = await readTextCapped(response);
  if (contentType === null && text === "")
    return new RuntimeResult(undefined, undefined, response, null, operation);
  const detail = `the spec declares ${declared.join(", ")}`;
  return unexpectedSuccess(
    response,
    operation,
    contentType,
    text,
    "undeclared content type",
    detail,
  );
}

/** The result of a 2XX JSON body: its value, or a failure when it does not parse. */
function jsonResult(
  response: Response,
  text: string,
  contentType: string,
  operation: ClientOperationDescriptor | undefined,
  json: JsonCodec | undefined,
): RuntimeResult {
  if (text === "") return new RuntimeResult(undefined, undefined, response, null, operation);
  let data: unknown;
  try {
    data = json === undefined ? JSON.parse(text) : json.parse(text, response.status);
  } catch (error) {
    if (operation === undefined) throw error;
    const detail = error instanceof Error ? error.message : String(error);
    const capped = text.slice(0, UNEXPECTED_BODY_MAX_TEXT);
    return unexpectedSuccess(response, operation, contentType, capped, "invalid JSON", detail);
  }
  return new RuntimeResult(data, undefined, response, null, operation);
}

/**
 * Reads a response into a result: `data` from a 2XX body (JSON parsed, `text/*` as text, else a
 * `Blob`; none for 204, 205 and HEAD), `error` from any other. `operation` gives the result its
 * declared response headers (`headers`) and its `operationId`, and says which media types each
 * 2XX declares: a 2XX with another Content-Type, or whose JSON does not parse, is a failure
 * (`ok: false`, `error` an `UnexpectedResponseBody` naming the operation).
 *
 * `json` reads JSON bodies when the transforms are on (`JSON.parse` otherwise).
 *
 * @throws SyntaxError when a 2XX body claims JSON but does not parse and no `operation` is given
 */
export function readResult(
  response: Response,
  head: boolean,
  operation?: ClientOperationDescriptor,
  json?: JsonCodec,
): Promise<RuntimeResult> {
  const status = response.status;
  // an XML body the spec declares: read by the codec its table gives (runtime/xml/xml-client.ts)
  const xml = head ? undefined : operation?.xml?.codec.readResult(response, operation);
  if (xml !== undefined) return xml;
  if (status < 200 || status >= 300) {
    return readErrorBody(response, head, json).then(
      (error) => new RuntimeResult(undefined, error, response, null, operation),
    );
  }
  if (status === 204 || status === 205 || head) {
    return Promise.resolve(new RuntimeResult(undefined, undefined, response, null, operation));
  }
  const contentType = response.headers.get("content-type");
  const byKey = operation?.successMedia;
  if (byKey !== undefined) {
    const declared = declaredSuccessMedia(byKey, status);
    if (declared.length > 0 && (contentType === null || !isDeclaredMedia(contentType, declared)))
      return readUndeclaredSuccess(response, operation!, contentType, declared);
  }
  if (contentType !== null && isJsonMediaType(contentType)) {
    // `then` rather than `await`: one promise less on every call
    return response.text().then((text) => jsonResult(response, text, contentType, operation, json));
  }
  return readNonJsonBody(response, contentType).then(
    (data) => new RuntimeResult(data, undefined, response, null, operation),
  );
}
