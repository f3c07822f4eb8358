// Runtime template of the pet store contract toolchain: copied verbatim into generated/runtime/. Edit it in templates/, never in generated/.
/**
 * Reading the final response of a call into its result.
 */
import type { ClientOperationDescriptor } from "./descriptor.js";
import { RuntimeResult } from "./result.js";
import { readTextCapped, UnexpectedResponseBody } from "./unexpected-body.js";
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
export async function readErrorBody(response: Response, head: boolean): Promise<unknown> {
  const contentType = response.headers.get("content-type");
  if (head)
    return new UnexpectedResponseBody(response.status, response.statusText, contentType, "");
  if (contentType !== null && isJsonMediaType(contentType)) {
    const text = await response.text();
    if (text !== "") {
      try {
        const parsed = JSON.parse(text) as unknown;
        if (parsed) return parsed;
      } catch {
        // e.g. a proxy's HTML error page served with a JSON content type
      }
    }
    return new UnexpectedResponseBody(response.status, response.statusText, contentType, text);
  }
  const text = await readTextCapped(response);
  return new UnexpectedResponseBody(response.status, response.statusText, contentType, text);
}

/**
 * Reads a response into a result: `data` from a 2XX body (JSON parsed, `text/*` as text, else a
 * `Blob`; none for 204, 205 and HEAD), `error` from any other. `operation` gives the result its
 * declared response headers (`headers`) and its `operationId`.
 *
 * @throws SyntaxError when a 2XX body claims JSON but does not parse
 */
export function readResult(
  response: Response,
  head: boolean,
  operation?: ClientOperationDescriptor,
): Promise<RuntimeResult> {
  const status = response.status;
  if (status < 200 || status >= 300) {
    return readErrorBody(response, head).then(
      (error) => new RuntimeResult(undefined, error, response, null, operation),
    );
  }
  if (status === 204 || status === 205 || head) {
    return Promise.resolve(new RuntimeResult(undefined, undefined, response, null, operation));
  }
  const contentType = response.headers.get("content-type");
  if (contentType !== null && isJsonMediaType(contentType)) {
    // `then` rather than `await`: one promise less on every call
    return response
      .text()
      .then(
        (text) =>
          new RuntimeResult(
            text === "" ? undefined : (JSON.parse(text) as unknown),
            undefined,
            response,
            null,
            operation,
          ),
      );
  }
  return readNonJsonBody(response, contentType).then(
    (data) => new RuntimeResult(data, undefined, response, null, operation),
  );
}
