// Runtime template of the pet store contract toolchain: copied verbatim into generated/runtime/. Edit it in templates/, never in generated/.
/**
 * XML bodies in the client (docs/xml.md): what the generated client's operation table gives the
 * runtime as the `codec` of an operation's XML bodies (`ClientXmlDescriptor`), imported only
 * when the spec has XML bodies, so a client without XML never loads an XML library.
 *
 * - A request body sent as one of its XML media types is written from the typed value as the
 *   schema's `xml` objects say; bytes, a `Blob` or a stream is sent as it is (XML you wrote
 *   yourself), and so is a string where the schema wants an object or a list.
 * - A response of an XML media type the spec declares for its status is read into the value its
 *   schema describes: `data` for a 2XX (a document that cannot be read is a failure result with
 *   `reason: "invalid XML"`, as JSON that does not parse is), `error` for any other status.
 */
import type { ClientOperationDescriptor } from "../client/descriptor.js";
import { pickResponse } from "../client/response-key.js";
import { RuntimeResult } from "../client/result.js";
import { UNEXPECTED_BODY_MAX_TEXT, UnexpectedResponseBody } from "../client/unexpected-body.js";
import { readXml, writeXml } from "./xml-codec.js";
import { xmlNodeFor } from "./xml-negotiate.js";
import type { XmlNode } from "./xml-shape.js";

/**
 * A body sent as it is: bytes, a `Blob` or a stream, and a string where the schema wants an
 * object or a list (it can only be XML written by the caller; elsewhere a string is a value).
 */
function isRaw(body: unknown, node: XmlNode): boolean {
  if (typeof body === "string") return node.type === "object" || node.type === "array";
  return (
    body instanceof Blob ||
    body instanceof ArrayBuffer ||
    ArrayBuffer.isView(body) ||
    body instanceof ReadableStream
  );
}

/** The encoder of a request body sent as `mediaType`, when the operation declares it as XML. */
function encoder(
  op: ClientOperationDescriptor,
  mediaType: string,
): ((body: unknown) => BodyInit) | undefined {
  const shapes = op.xml?.body;
  const node = shapes === undefined ? undefined : xmlNodeFor(shapes, mediaType);
  if (node === undefined) return undefined;
  return (body) => (isRaw(body, node) ? (body as BodyInit) : writeXml(body, node));
}

/**
 * The result of a response whose status declares its Content-Type as XML; `undefined` for any
 * other response (read as usual).
 */
function readResult(
  response: Response,
  op: ClientOperationDescriptor,
): Promise<RuntimeResult> | undefined {
  const contentType = response.headers.get("content-type");
  const byKey = op.xml?.responses;
  if (byKey === undefined || contentType === null) return undefined;
  const shapes = pickResponse(byKey, response.status);
  const node = shapes === undefined ? undefined : xmlNodeFor(shapes, contentType);
  if (node === undefined) return undefined;
  return response.text().then((text) => {
    const { status, statusText } = response;
    const ok = status >= 200 && status < 300;
    let value: unknown;
    try {
      value = text.trim() === "" ? undefined : readXml(text, node);
    } catch (error) {
      const detail = error instanceof Error ? error.message : String(error);
      const capped = text.slice(0, UNEXPECTED_BODY_MAX_TEXT);
      const success = ok
        ? { operationId: op.operationId, reason: "invalid XML" as const, detail }
        : undefined;
      const failure = new UnexpectedResponseBody(status, statusText, contentType, capped, success);
      return new RuntimeResult(undefined, failure, response, null, op, false);
    }
    if (ok) return new RuntimeResult(value, undefined, response, null, op);
    // like a JSON error body: the value when there is one, else the text
    const error = value || new UnexpectedResponseBody(status, statusText, contentType, text);
    return new RuntimeResult(undefined, error, response, null, op);
  });
}

/** What the client's operation table references as the codec of an operation's XML bodies. */
export const XML_CLIENT = { encoder, readResult } as const;
